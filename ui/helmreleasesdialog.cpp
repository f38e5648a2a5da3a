#include "ui/helmreleasesdialog.h"

#include "models/clusterconnection.h"
#include "models/helmreleasereader.h"
#include "models/qtstring.h"
#include "widgets/yamlhighlighter.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cubedesk::ui {

namespace {

enum Column {
    ClusterColumn,
    NamespaceColumn,
    NameColumn,
    RevisionColumn,
    UpdatedColumn,
    StatusColumn,
    ChartColumn,
    AppVersionColumn
};

QPlainTextEdit *textView(QWidget *parent, const QString &name, bool yaml) {
    auto *text = new QPlainTextEdit(parent);
    text->setObjectName(name);
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    if (yaml)
        new widgets::YamlHighlighter(text->document(),
                                     parent->palette().color(QPalette::Base).lightness() < 128);
    return text;
}

} // namespace

HelmReleasesDialog::HelmReleasesDialog(const QList<models::ClusterConnection *> &clusters,
                                       QWidget *parent)
    : QDialog(parent)
    , m_filter(new QLineEdit(this))
    , m_releases(new QTreeWidget(this))
    , m_tabs(new QTabWidget(this))
    , m_history(new QTreeWidget(this))
    , m_computed(new QCheckBox(tr("Computed (with the chart's defaults)"), this))
    , m_values(textView(this, QStringLiteral("helmValues"), true))
    , m_manifest(textView(this, QStringLiteral("helmManifest"), true))
    , m_notes(textView(this, QStringLiteral("helmNotes"), false))
    , m_status(new QLabel(this)) {
    for (auto *c : clusters)
        m_clusters << c;
    setObjectName(QStringLiteral("helmReleasesDialog"));
    setWindowTitle(tr("Helm releases"));
    resize(1300, 820);
    m_filter->setPlaceholderText(tr("Filter by namespace, name or chart"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setObjectName(QStringLiteral("helmFilter"));
    auto *refreshButton = new QPushButton(tr("Refresh"), this);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(refreshButton);

    m_releases->setObjectName(QStringLiteral("helmReleases"));
    m_releases->setRootIsDecorated(false);
    m_releases->setSortingEnabled(true);
    m_releases->setHeaderLabels({tr("Cluster"), tr("Namespace"), tr("Name"), tr("Revision"),
                                 tr("Updated"), tr("Status"), tr("Chart"), tr("App version")});
    m_history->setObjectName(QStringLiteral("helmHistory"));
    m_history->setRootIsDecorated(false);
    m_history->setHeaderLabels({tr("Revision"), tr("Updated"), tr("Status"), tr("Chart"),
                                tr("App version"), tr("Description")});
    auto *valuesPage = new QWidget(this);
    auto *valuesLayout = new QVBoxLayout(valuesPage);
    valuesLayout->setContentsMargins(0, 0, 0, 0);
    m_computed->setObjectName(QStringLiteral("helmComputed"));
    valuesLayout->addWidget(m_computed);
    valuesLayout->addWidget(m_values, 1);
    m_tabs->setObjectName(QStringLiteral("helmTabs"));
    m_tabs->addTab(m_history, tr("History"));
    m_tabs->addTab(valuesPage, tr("Values"));
    m_tabs->addTab(m_manifest, tr("Manifest"));
    m_tabs->addTab(m_notes, tr("Notes"));

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_releases);
    split->addWidget(m_tabs);
    split->setSizes({350, 450});
    m_status->setObjectName(QStringLiteral("helmStatus"));
    m_status->setWordWrap(true);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    layout->addWidget(box);

    connect(refreshButton, &QPushButton::clicked, this, &HelmReleasesDialog::refresh);
    connect(m_filter, &QLineEdit::textChanged, this, &HelmReleasesDialog::fillReleases);
    connect(m_releases, &QTreeWidget::currentItemChanged, this, &HelmReleasesDialog::showSelected);
    connect(m_computed, &QCheckBox::toggled, this, &HelmReleasesDialog::showSelected);
    refresh();
}

QString HelmReleasesDialog::statusText() const {
    return m_status->text();
}

void HelmReleasesDialog::refresh() {
    m_byCluster.clear();
    m_problems.clear();
    m_pending = 0;
    for (const auto &cluster : m_clusters) {
        if (!cluster)
            continue;
        ++m_pending;
        models::HelmReleaseReader::read(
            cluster, {}, this, [this](models::HelmReleaseReader::Releases releases) {
                --m_pending;
                if (!releases.error.isEmpty())
                    m_problems << tr("%1: %2").arg(releases.cluster, releases.error);
                if (releases.history) {
                    for (const auto &e : releases.history->errors())
                        m_problems
                            << tr("%1: Secret %2/%3 is not a release Helm can read: %4")
                                   .arg(releases.cluster, models::toQString(e.secretNamespace),
                                        models::toQString(e.secretName),
                                        models::toQString(e.reason));
                    m_byCluster.insert_or_assign(releases.cluster, std::move(*releases.history));
                }
                fillReleases();
            });
    }
    m_status->setText(tr("Reading the release Secrets…"));
}

void HelmReleasesDialog::fillReleases() {
    const QString filter = m_filter->text().trimmed().toLower();
    QString selected;
    if (const QTreeWidgetItem *current = m_releases->currentItem())
        selected = current->text(ClusterColumn) + QLatin1Char('/') +
                   current->text(NamespaceColumn) + QLatin1Char('/') + current->text(NameColumn);
    m_releases->setSortingEnabled(false);
    m_releases->clear();
    int shown = 0;
    int total = 0;
    for (const auto &[cluster, history] : m_byCluster) {
        for (const auto &row : history.listRows()) {
            ++total;
            const QStringList cells = {cluster,
                                       models::toQString(row.ns),
                                       models::toQString(row.name),
                                       models::toQString(row.revision),
                                       models::toQString(row.updated),
                                       models::toQString(row.status),
                                       models::toQString(row.chart),
                                       models::toQString(row.appVersion)};
            if (!filter.isEmpty() && !cells[NamespaceColumn].toLower().contains(filter) &&
                !cells[NameColumn].toLower().contains(filter) &&
                !cells[ChartColumn].toLower().contains(filter))
                continue;
            // The tree owns its items.
            // NOLINTNEXTLINE(clang-analyzer-cplusplus.NewDeleteLeaks)
            auto *item = new QTreeWidgetItem(m_releases, cells);
            if (row.status == "failed")
                item->setForeground(StatusColumn, QColor(0xc6, 0x28, 0x28));
            ++shown;
            if (cluster + QLatin1Char('/') + cells[NamespaceColumn] + QLatin1Char('/') +
                    cells[NameColumn] ==
                selected)
                m_releases->setCurrentItem(item);
        }
    }
    m_releases->setSortingEnabled(true);
    m_releases->sortByColumn(NamespaceColumn, Qt::AscendingOrder);
    for (int c = 0; c < m_releases->columnCount(); ++c)
        m_releases->resizeColumnToContents(c);
    QString text = m_pending > 0 ? tr("Reading the release Secrets…")
                                 : tr("%1 of %n release(s)", nullptr, total).arg(shown);
    if (!m_problems.isEmpty())
        text += QLatin1Char('\n') + m_problems.join(QLatin1Char('\n'));
    m_status->setText(text);
    if (!m_releases->currentItem() && m_releases->topLevelItemCount() > 0)
        m_releases->setCurrentItem(m_releases->topLevelItem(0));
}

bool HelmReleasesDialog::selectRelease(const QString &cluster, const QString &ns,
                                       const QString &name) {
    for (int i = 0; i < m_releases->topLevelItemCount(); ++i) {
        QTreeWidgetItem *item = m_releases->topLevelItem(i);
        if (item->text(ClusterColumn) == cluster && item->text(NamespaceColumn) == ns &&
            item->text(NameColumn) == name) {
            m_releases->setCurrentItem(item);
            return true;
        }
    }
    return false;
}

void HelmReleasesDialog::showSelected() {
    m_history->clear();
    m_values->clear();
    m_manifest->clear();
    m_notes->clear();
    const QTreeWidgetItem *current = m_releases->currentItem();
    if (!current)
        return;
    const auto it = m_byCluster.find(current->text(ClusterColumn));
    if (it == m_byCluster.end())
        return;
    const std::string ns = current->text(NamespaceColumn).toStdString();
    const std::string name = current->text(NameColumn).toStdString();
    for (const auto &row : it->second.historyRows(ns, name)) {
        auto *item = new QTreeWidgetItem(
            m_history, {models::toQString(row.revision), models::toQString(row.updated),
                        models::toQString(row.status), models::toQString(row.chart),
                        models::toQString(row.appVersion), models::toQString(row.description)});
        item->setToolTip(5, item->text(5));
    }
    for (int c = 0; c < m_history->columnCount() - 1; ++c)
        m_history->resizeColumnToContents(c);
    const auto &revisions = it->second.revisions(ns, name);
    if (revisions.empty())
        return;
    // The revision the list shows (the latest).
    const k8s::HelmRelease *latest = &revisions.front();
    for (const auto &r : revisions)
        if (r.revision > latest->revision)
            latest = &r;
    m_values->setPlainText(models::toQString(m_computed->isChecked() ? latest->computedValuesYaml
                                                                     : latest->userValuesYaml));
    m_manifest->setPlainText(models::toQString(latest->manifest));
    m_notes->setPlainText(models::toQString(latest->notes));
}

} // namespace cubedesk::ui
