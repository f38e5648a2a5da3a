#include "ui/corednsdialog.h"

#include "models/clusterconnection.h"
#include "models/corednseditor.h"
#include "models/qtstring.h"
#include "ui/resourceactionmenu.h"
#include "widgets/diffview.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cubedesk::ui {

namespace {

using Problem = k8s::CoreDnsProblem;

QTableWidget *table(QWidget *parent, const QString &name, const QStringList &headers) {
    auto *t = new QTableWidget(0, int(headers.size()), parent);
    t->setObjectName(name);
    t->setHorizontalHeaderLabels(headers);
    t->horizontalHeader()->setStretchLastSection(true);
    t->verticalHeader()->hide();
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    return t;
}

QString cell(const QTableWidget *t, int row, int column) {
    const QTableWidgetItem *item = t->item(row, column);
    return item ? item->text().trimmed() : QString();
}

} // namespace

CoreDnsDialog::CoreDnsDialog(models::ClusterConnection *cluster,
                             models::ObjectActionController *actions, QWidget *parent)
    : QDialog(parent)
    , m_cluster(cluster)
    , m_editor(new models::CoreDnsEditor(cluster, actions, this))
    , m_actions(new ResourceActionMenu(actions, this))
    , m_root(new QLabel(this))
    , m_problems(new QLabel(this))
    , m_preview(new widgets::DiffView(this))
    , m_save(new QPushButton(tr("Save"), this))
    , m_restart(new QPushButton(tr("Restart CoreDNS…"), this))
    , m_status(new QLabel(this)) {
    setObjectName(QStringLiteral("coreDnsDialog"));
    setWindowTitle(tr("Intranet DNS of %1 (CoreDNS)").arg(cluster->name()));
    resize(1200, 760);
    m_hosts = table(this, QStringLiteral("coreDnsHosts"), {tr("Address"), tr("Host name")});
    m_forwarders = table(this, QStringLiteral("coreDnsForwarders"),
                         {tr("Domain"), tr("Upstream DNS servers (space-separated)")});
    auto *intro = new QLabel(
        tr("Host names the cluster's pods resolve to internal addresses (image registries, "
           "package mirrors, model hubs), and domains whose names an internal DNS server "
           "answers. Kept in the Corefile of the ConfigMap kube-system/coredns; only the lines "
           "you change are rewritten."),
        this);
    intro->setWordWrap(true);

    const auto buttons = [this](QTableWidget *t, const QString &what) {
        auto *row = new QHBoxLayout;
        auto *add = new QPushButton(tr("Add %1").arg(what), this);
        auto *remove = new QPushButton(tr("Remove"), this);
        add->setObjectName(t->objectName() + QStringLiteral("Add"));
        remove->setObjectName(t->objectName() + QStringLiteral("Remove"));
        connect(add, &QPushButton::clicked, this, [this, t] {
            const int r = t->rowCount();
            t->insertRow(r);
            t->setCurrentCell(r, 0);
            t->editItem(t->item(r, 0) ? t->item(r, 0) : new QTableWidgetItem);
            edited();
        });
        connect(remove, &QPushButton::clicked, this, [this, t] {
            QList<int> rows;
            for (const auto &range : t->selectedRanges())
                for (int r = range.topRow(); r <= range.bottomRow(); ++r)
                    rows << r;
            std::sort(rows.begin(), rows.end(), std::greater<>());
            for (int r : rows)
                t->removeRow(r);
            edited();
        });
        row->addStretch(1);
        row->addWidget(add);
        row->addWidget(remove);
        return row;
    };
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(new QLabel(tr("<b>Hosts</b>"), left));
    leftLayout->addWidget(m_hosts, 3);
    leftLayout->addLayout(buttons(m_hosts, tr("host")));
    leftLayout->addWidget(new QLabel(tr("<b>Domain forwarders</b>"), left));
    leftLayout->addWidget(m_forwarders, 1);
    leftLayout->addLayout(buttons(m_forwarders, tr("domain")));
    m_root->setObjectName(QStringLiteral("coreDnsRoot"));
    m_root->setWordWrap(true);
    leftLayout->addWidget(m_root);
    m_problems->setObjectName(QStringLiteral("coreDnsProblems"));
    m_problems->setWordWrap(true);
    m_problems->setStyleSheet(QStringLiteral("color: #c62828;"));
    leftLayout->addWidget(m_problems);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(new QLabel(tr("<b>The Corefile change</b>"), right));
    m_preview->setObjectName(QStringLiteral("coreDnsPreview"));
    m_preview->setEmptyText(tr("No changes."));
    rightLayout->addWidget(m_preview, 1);

    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(right);
    split->setSizes({600, 600});

    m_save->setObjectName(QStringLiteral("coreDnsSave"));
    m_save->setToolTip(tr("Check the change with a dry run, then write it (only if nobody "
                          "changed the ConfigMap since it was read)"));
    m_restart->setObjectName(QStringLiteral("coreDnsRestart"));
    m_restart->setToolTip(tr("A rollout restart of the Deployment kube-system/coredns, so the "
                             "new Corefile is used at once"));
    m_status->setObjectName(QStringLiteral("coreDnsStatus"));
    m_status->setWordWrap(true);
    auto *box = new QDialogButtonBox(QDialogButtonBox::Close, this);
    box->addButton(m_restart, QDialogButtonBox::ActionRole);
    box->addButton(m_save, QDialogButtonBox::ApplyRole);
    connect(box, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    layout->addWidget(box);

    connect(m_hosts, &QTableWidget::itemChanged, this, &CoreDnsDialog::edited);
    connect(m_forwarders, &QTableWidget::itemChanged, this, &CoreDnsDialog::edited);
    connect(m_save, &QPushButton::clicked, this, [this] {
        setStatus(tr("Saving…"), false);
        m_save->setEnabled(false);
        const auto [hosts, forwarders] = tables();
        m_editor->save(hosts, forwarders);
    });
    connect(m_restart, &QPushButton::clicked, this, [this] {
        ResourceActionMenu::Subject subject;
        subject.cluster = m_cluster;
        subject.target = models::CoreDnsEditor::deployment();
        m_actions->trigger(models::ObjectActionController::Action::Restart, subject);
    });
    connect(m_editor, &models::CoreDnsEditor::loaded, this, &CoreDnsDialog::fill);
    connect(m_editor, &models::CoreDnsEditor::failed, this,
            [this](const QString &message) { setStatus(message, true); });
    connect(m_editor, &models::CoreDnsEditor::saved, this, [this](bool ok, const QString &text) {
        setStatus(text, !ok);
        edited();
    });
    m_save->setEnabled(false);
    setStatus(tr("Reading kube-system/coredns…"), false);
    m_editor->load();
}

std::pair<std::vector<k8s::CoreDnsHostEntry>, std::vector<k8s::CoreDnsForwarder>>
CoreDnsDialog::tables() const {
    std::vector<k8s::CoreDnsHostEntry> hosts;
    hosts.reserve(std::size_t(m_hosts->rowCount()));
    for (int r = 0; r < m_hosts->rowCount(); ++r)
        hosts.emplace_back(cell(m_hosts, r, 0).toStdString(), cell(m_hosts, r, 1).toStdString());
    std::vector<k8s::CoreDnsForwarder> forwarders;
    forwarders.reserve(std::size_t(m_forwarders->rowCount()));
    for (int r = 0; r < m_forwarders->rowCount(); ++r) {
        std::vector<std::string> upstreams;
        for (const QString &u :
             cell(m_forwarders, r, 1).split(QLatin1Char(' '), Qt::SkipEmptyParts))
            upstreams.push_back(u.toStdString());
        forwarders.emplace_back(cell(m_forwarders, r, 0).toStdString(), upstreams);
    }
    return {std::move(hosts), std::move(forwarders)};
}

QString CoreDnsDialog::problemsText() const {
    return m_problems->text();
}

QString CoreDnsDialog::statusText() const {
    return m_status->text();
}

void CoreDnsDialog::setStatus(const QString &text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
}

void CoreDnsDialog::fill() {
    m_filling = true;
    m_hosts->setRowCount(0);
    for (const auto &h : m_editor->hosts()) {
        const int r = m_hosts->rowCount();
        m_hosts->insertRow(r);
        m_hosts->setItem(r, 0, new QTableWidgetItem(models::toQString(h.address)));
        m_hosts->setItem(r, 1, new QTableWidgetItem(models::toQString(h.hostname)));
    }
    m_forwarders->setRowCount(0);
    for (const auto &f : m_editor->forwarders()) {
        const int r = m_forwarders->rowCount();
        m_forwarders->insertRow(r);
        QStringList upstreams;
        for (const auto &u : f.upstreams)
            upstreams << models::toQString(u);
        m_forwarders->setItem(r, 0, new QTableWidgetItem(models::toQString(f.domain)));
        m_forwarders->setItem(r, 1, new QTableWidgetItem(upstreams.join(QLatin1Char(' '))));
    }
    m_hosts->resizeColumnToContents(0);
    m_forwarders->resizeColumnToContents(0);
    QStringList root;
    for (const auto &u : m_editor->rootUpstreams())
        root << models::toQString(u);
    m_root->setText(
        root.isEmpty()
            ? QString()
            : tr("Every other name is resolved through: %1").arg(root.join(QStringLiteral(", "))));
    m_filling = false;
    setStatus({}, false);
    edited();
}

void CoreDnsDialog::edited() {
    if (m_filling || !m_editor->isLoaded())
        return;
    const auto [hosts, forwarders] = tables();
    // Mark the cells the check finds wrong, with the reason as their tooltip.
    m_filling = true;
    for (QTableWidget *t : {m_hosts, m_forwarders})
        for (int r = 0; r < t->rowCount(); ++r)
            for (int c = 0; c < t->columnCount(); ++c) {
                if (!t->item(r, c))
                    t->setItem(r, c, new QTableWidgetItem);
                t->item(r, c)->setBackground(QBrush());
                t->item(r, c)->setToolTip({});
            }
    QStringList lines;
    const auto problems = models::CoreDnsEditor::check(hosts, forwarders);
    for (const Problem &p : problems) {
        QTableWidget *t = p.table == Problem::Table::Hosts ? m_hosts : m_forwarders;
        const int column =
            p.field == Problem::Field::Address || p.field == Problem::Field::Domain ? 0 : 1;
        const QString message = models::toQString(p.message);
        if (QTableWidgetItem *item = t->item(p.row, column)) {
            item->setBackground(QColor(0xf4, 0xb4, 0xb4));
            item->setToolTip(message);
        }
        lines << (p.table == Problem::Table::Hosts ? tr("Hosts, row %1: %2")
                                                   : tr("Forwarders, row %1: %2"))
                     .arg(p.row + 1)
                     .arg(message);
    }
    m_filling = false;
    m_problems->setText(lines.join(QLatin1Char('\n')));
    const auto preview = m_editor->preview(hosts, forwarders);
    if (preview.ok)
        m_preview->setDiff(preview.diff);
    else
        m_preview->setPlainText(preview.error);
    m_save->setEnabled(problems.empty() && preview.ok && !preview.diff.empty() &&
                       !m_editor->busy());
}

} // namespace cubedesk::ui
