#include "ui/resourcebrowserpane.h"

#include "k8s/api/labelselector.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/objecteditsession.h"
#include "models/qtstring.h"
#include "models/resourcecatalogmodel.h"
#include "models/resourcetablemodel.h"
#include "models/sortfilterindex.h"
#include "ui/corednsdialog.h"
#include "ui/filterfield.h"
#include "ui/helmreleasesdialog.h"
#include "ui/resourcedetailpanel.h"
#include "ui/tableviews.h"
#include "ui/yamleditordialog.h"
#include "widgets/emptystateoverlay.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSet>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>

namespace cubedesk::ui {

ResourceBrowserPane::ResourceBrowserPane(models::ClusterHub *hub, QWidget *parent)
    : QWidget(parent)
    , m_hub(hub)
    , m_catalog(new models::ResourceCatalogModel(hub, this))
    , m_typeProxy(new QSortFilterProxyModel(this))
    , m_model(new models::ResourceTableModel(this))
    , m_proxy(new models::SortFilterIndex(this))
    , m_typeFilter(new QLineEdit(this))
    , m_types(new QTreeView(this))
    , m_title(new QLabel(this))
    , m_namespace(new QComboBox(this))
    , m_selector(new QLineEdit(this))
    , m_filter(new QLineEdit(this))
    , m_wide(new QCheckBox(tr("Wide"), this))
    , m_status(new QLabel(this))
    , m_view(new QTableView(this))
    , m_detail(new ResourceDetailPanel(this))
    , m_create(new QPushButton(tr("Create from YAML…"), this))
    , m_helm(new QPushButton(tr("Helm releases…"), this))
    , m_idleStop(new QTimer(this))
    , m_fit(new QTimer(this)) {
    // The navigator.
    m_typeProxy->setSourceModel(m_catalog);
    m_typeProxy->setRecursiveFilteringEnabled(true);
    m_typeProxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_typeProxy->setFilterRole(Qt::DisplayRole);
    m_typeFilter->setPlaceholderText(tr("Find a type"));
    m_typeFilter->setClearButtonEnabled(true);
    m_typeFilter->setObjectName(QStringLiteral("resourceTypeFilter"));
    m_typeFilter->setAccessibleName(tr("Find a type"));
    m_types->setObjectName(QStringLiteral("resourceTypes"));
    m_types->setModel(m_typeProxy);
    m_types->setHeaderHidden(true);
    m_types->setUniformRowHeights(true);
    m_types->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_types->setAccessibleName(tr("Resource types"));
    connect(m_typeFilter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_typeProxy->setFilterFixedString(text);
        m_types->expandAll();
    });
    connect(m_catalog, &models::ResourceCatalogModel::rebuilt, this, [this] {
        m_types->expandAll();
        const QModelIndex at = m_catalog->indexOf(m_typeKey);
        if (at.isValid())
            m_types->setCurrentIndex(m_typeProxy->mapFromSource(at));
    });
    connect(m_types->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                const auto type = m_catalog->typeAt(m_typeProxy->mapToSource(current));
                if (type && models::toQString(type->key()) != m_typeKey)
                    openType(models::toQString(type->key()));
            });
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_typeFilter);
    leftLayout->addWidget(m_types, 1);

    // The table's controls.
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_namespace->setEditable(true);
    m_namespace->setObjectName(QStringLiteral("resourceNamespace"));
    m_namespace->setAccessibleName(tr("Namespace"));
    m_namespace->setMinimumContentsLength(16);
    m_namespace->lineEdit()->setPlaceholderText(tr("All namespaces"));
    m_namespace->setToolTip(tr("Only this namespace (asked of the servers); empty: all"));
    m_selector->setPlaceholderText(tr("Label selector, e.g. app=web,tier!=cache"));
    m_selector->setObjectName(QStringLiteral("resourceSelector"));
    m_selector->setAccessibleName(tr("Label selector"));
    m_selector->setClearButtonEnabled(true);
    FilterField::watch(m_selector);
    m_filter->setPlaceholderText(tr("Filter rows"));
    m_filter->setObjectName(QStringLiteral("resourceFilter"));
    m_filter->setAccessibleName(tr("Filter rows"));
    m_filter->setClearButtonEnabled(true);
    m_wide->setToolTip(tr("Show the columns kubectl shows with -o wide"));
    m_status->setObjectName(QStringLiteral("resourceStatus"));
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_title);
    bar->addSpacing(12);
    bar->addWidget(new QLabel(tr("Namespace:"), this));
    bar->addWidget(m_namespace);
    bar->addWidget(m_selector, 2);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_wide);
    bar->addWidget(m_create);
    m_create->setObjectName(QStringLiteral("createFromYamlButton"));
    m_create->setToolTip(tr("Write new objects as YAML, dry-run them, then create them"));
    m_create->setEnabled(false);
    connect(m_create, &QPushButton::clicked, this, &ResourceBrowserPane::openCreator);
    bar->addWidget(m_helm);
    m_helm->setObjectName(QStringLiteral("helmReleasesButton"));
    m_helm->setToolTip(tr("The Helm releases of the clusters in scope (read-only)"));
    connect(m_helm, &QPushButton::clicked, this, &ResourceBrowserPane::openHelmReleases);
    connect(m_namespace->lineEdit(), &QLineEdit::editingFinished, this,
            &ResourceBrowserPane::reopen);
    connect(m_namespace, &QComboBox::activated, this, &ResourceBrowserPane::reopen);
    connect(m_selector, &QLineEdit::editingFinished, this, [this] {
        const QString text = m_selector->text().trimmed();
        const auto parsed = k8s::LabelSelector::parse(text.toStdString());
        FilterField::setError(m_selector, parsed ? QString() : models::toQString(parsed.error()));
        if (parsed && text != m_model->labelSelector())
            reopen();
    });
    connect(m_filter, &QLineEdit::textChanged, this, &ResourceBrowserPane::applyFilter);
    connect(m_wide, &QCheckBox::toggled, m_model, &models::ResourceTableModel::setWide);

    // The table.
    m_proxy->setSourceModel(m_model);
    m_view->setModel(m_proxy);
    m_empty = new widgets::EmptyStateOverlay(m_view);
    TableViews::configure(m_view, QStringLiteral("resourceView"), {}, 24);
    m_view->setAccessibleName(tr("Objects"));
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this,
            &ResourceBrowserPane::showContextMenu);
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        // New columns: the name column first in the order, then by name.
        const int name = m_model->nameColumn();
        if (name >= 0 && m_proxy->sortColumn() < 0)
            m_view->sortByColumn(name, Qt::AscendingOrder);
        m_view->horizontalHeader()->resizeSections(QHeaderView::Interactive);
    });
    connect(m_model, &models::ResourceTableModel::statusChanged, this,
            &ResourceBrowserPane::updateStatus);
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this,
            &ResourceBrowserPane::trySelectPending);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!current.isValid())
                    return m_detail->clear();
                const int source = m_proxy->mapToSource(current).row();
                const auto &row = m_model->row(source);
                const auto type = m_model->type();
                m_detail->showObject(row.cluster, m_model->resourceOf(source),
                                     type ? models::toQString(type->kind) : QString(), row.object);
            });
    connect(m_detail, &ResourceDetailPanel::objectRequested, this,
            &ResourceBrowserPane::showObject);
    connect(m_detail, &ResourceDetailPanel::nodeRequested, this,
            &ResourceBrowserPane::nodeRequested);
    connect(m_detail, &ResourceDetailPanel::logsRequested, this,
            &ResourceBrowserPane::logsRequested);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addLayout(bar);
    auto *vertical = new QSplitter(Qt::Vertical, right);
    vertical->setObjectName(QStringLiteral("resourceSplitter"));
    vertical->addWidget(m_view);
    vertical->addWidget(m_detail);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    rightLayout->addWidget(vertical, 1);
    rightLayout->addWidget(m_status);

    auto *horizontal = new QSplitter(Qt::Horizontal, this);
    horizontal->setObjectName(QStringLiteral("resourceBrowserSplitter"));
    horizontal->addWidget(left);
    horizontal->addWidget(right);
    horizontal->setStretchFactor(0, 1);
    horizontal->setStretchFactor(1, 5);
    horizontal->setSizes({240, 1200});
    left->setMinimumWidth(180);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(horizontal);

    m_fit->setSingleShot(true);
    m_fit->setInterval(0);
    connect(m_fit, &QTimer::timeout, this, [this] {
        m_view->resizeColumnsToContents();
        for (int c = 0; c + 1 < m_model->columnCount(); ++c)
            m_view->setColumnWidth(c, std::min(m_view->columnWidth(c), 420));
    });
    // A hidden pane stops its watches after a minute (tab switches in between keep them).
    m_idleStop->setSingleShot(true);
    m_idleStop->setInterval(std::chrono::minutes(1));
    connect(m_idleStop, &QTimer::timeout, this, [this] {
        m_detail->clear();
        m_model->close();
        updateStatus();
    });
    m_types->expandAll();
    updateStatus();
}

QList<models::ClusterConnection *> ResourceBrowserPane::clustersInScope() const {
    QList<models::ClusterConnection *> out;
    for (models::ClusterConnection *c : m_hub->clusters())
        if (!m_scoped || m_scope.contains(c->name()))
            out.push_back(c);
    return out;
}

void ResourceBrowserPane::setActions(models::ObjectActionController *controller) {
    delete m_actions;
    m_controller = controller;
    m_actions = controller ? new ResourceActionMenu(controller, this) : nullptr;
    m_create->setEnabled(controller != nullptr);
    if (m_actions) {
        connect(m_actions, &ResourceActionMenu::editRequested, this,
                &ResourceBrowserPane::openEditor);
        connect(m_actions, &ResourceActionMenu::coreDnsRequested, this,
                &ResourceBrowserPane::openCoreDns);
    }
}

CoreDnsDialog *ResourceBrowserPane::openCoreDns(models::ClusterConnection *cluster) {
    if (!m_controller || !cluster)
        return nullptr;
    auto *dialog = new CoreDnsDialog(cluster, m_controller, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

HelmReleasesDialog *ResourceBrowserPane::openHelmReleases() {
    auto *dialog = new HelmReleasesDialog(clustersInScope(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

YamlEditorDialog *ResourceBrowserPane::openEditor(const ResourceActionMenu::Subject &subject) {
    if (!m_controller || !subject.cluster)
        return nullptr;
    auto *session =
        new models::ObjectEditSession(subject.cluster, m_controller, subject.target, {});
    auto *dialog = new YamlEditorDialog(session, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

YamlEditorDialog *ResourceBrowserPane::openCreator() {
    if (!m_controller)
        return nullptr;
    models::ClusterConnection *cluster = nullptr;
    if (const QModelIndex current = m_view->currentIndex(); current.isValid())
        cluster = m_model->row(m_proxy->mapToSource(current).row()).cluster;
    const auto clusters = clustersInScope();
    if (cluster == nullptr && !clusters.isEmpty())
        cluster = clusters.front();
    if (cluster == nullptr)
        return nullptr;
    QString ns = m_namespace->currentText().trimmed();
    if (ns.isEmpty())
        ns = QStringLiteral("default");
    auto *session = new models::ObjectEditSession(cluster, m_controller, ns);
    auto *dialog = new YamlEditorDialog(session, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
    return dialog;
}

ResourceActionMenu::Subject ResourceBrowserPane::subjectAt(int row) const {
    const auto type = m_model->type();
    if (row < 0 || row >= m_model->rowCount() || !type)
        return {};
    const auto &r = m_model->row(row);
    QStringList headers;
    QStringList cells;
    for (int c = 0; c < m_model->columnCount(); ++c) {
        headers << m_model->headerData(c, Qt::Horizontal).toString();
        cells << m_model->index(row, c).data().toString();
    }
    return ResourceActionMenu::subjectOf(r.cluster, m_model->resourceOf(row), type->kind, *r.object,
                                         headers, cells);
}

void ResourceBrowserPane::showContextMenu(const QPoint &at) {
    const QModelIndex index = m_view->indexAt(at);
    if (!m_actions || !index.isValid())
        return;
    const auto subject = subjectAt(m_proxy->mapToSource(index).row());
    if (!subject.cluster)
        return;
    QMenu menu(this);
    m_actions->fill(&menu, subject);
    menu.exec(m_view->viewport()->mapToGlobal(at));
}

void ResourceBrowserPane::setScope(const QSet<QString> &clusters) {
    m_scope = clusters;
    m_scoped = true;
    m_catalog->setScope(clusters);
    if (m_model->isOpen())
        reopen();
}

bool ResourceBrowserPane::openType(const QString &key) {
    const auto type = m_catalog->type(key);
    if (!type)
        return false;
    m_typeKey = key;
    const QModelIndex at = m_typeProxy->mapFromSource(m_catalog->indexOf(key));
    if (at.isValid() && m_types->currentIndex() != at)
        m_types->setCurrentIndex(at);
    m_namespace->setEnabled(type->namespaced);
    m_proxy->sort(-1);
    reopen();
    return true;
}

void ResourceBrowserPane::reopen() {
    const auto type = m_catalog->type(m_typeKey);
    if (!type)
        return;
    m_detail->clear();
    m_sized = false;
    const QString ns = type->namespaced ? m_namespace->currentText().trimmed() : QString();
    const QString selector = m_selector->text().trimmed();
    m_model->open(*type, clustersInScope(), ns,
                  k8s::LabelSelector::parse(selector.toStdString()) ? selector : QString());
    m_title->setText(models::toQString(type->kind));
    applyFilter();
    updateStatus();
}

void ResourceBrowserPane::setNamespace(const QString &ns) {
    m_namespace->setCurrentText(ns);
    reopen();
}

void ResourceBrowserPane::setLabelSelector(const QString &selector) {
    m_selector->setText(selector);
    Q_EMIT m_selector->editingFinished();
}

void ResourceBrowserPane::setFilterText(const QString &text) {
    m_filter->setText(text);
}

void ResourceBrowserPane::focusFilter() {
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

void ResourceBrowserPane::applyFilter() {
    const QStringList words =
        m_filter->text().toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    if (words.isEmpty()) {
        m_proxy->setFilter({});
    } else {
        m_proxy->setFilter([this, words](int source) {
            const int columns = m_model->columnCount();
            for (const QString &word : words) {
                bool found = false;
                for (int c = 0; c < columns && !found; ++c)
                    found = m_model->index(source, c).data().toString().toLower().contains(word);
                if (!found)
                    return false;
            }
            return true;
        });
    }
    updateStatus();
}

void ResourceBrowserPane::setIdleStop(std::chrono::milliseconds after) {
    m_idleStop->setInterval(after);
}

QString ResourceBrowserPane::statusText() const {
    return m_status->text();
}

void ResourceBrowserPane::fitColumnsOnce() {
    // Once per type, when every cluster has listed: columns as wide as what they hold (the
    // table is live: never measured again while rows change).
    if (m_sized || !m_model->allLive() || m_model->rowCount() == 0)
        return;
    m_sized = true;
    m_fit->start(); // after the view has taken the rows in
}

void ResourceBrowserPane::updateStatus() {
    if (!m_model->isOpen()) {
        m_status->setText(m_typeKey.isEmpty() ? QString()
                                              : tr("Not watching: the pane was hidden."));
        m_empty->setMessage(tr("Choose a resource type"),
                            tr("Every type the clusters serve is listed on the left."));
        return;
    }
    int rows = 0;
    QStringList problems;
    int live = 0;
    int watching = 0;
    for (const auto &s : m_model->statuses()) {
        rows += s.rows;
        if (!s.served) {
            problems << tr("%1: %2").arg(s.cluster->name(), models::toQString(s.state.reason));
            continue;
        }
        ++watching;
        if (s.state.live())
            ++live;
        else if (!s.state.reason.empty())
            problems << tr("%1: %2").arg(s.cluster->name(), models::toQString(s.state.reason));
    }
    QString text = m_proxy->rowCount() == rows
                       ? tr("%n object(s)", nullptr, rows)
                       : tr("%1 of %n object(s)", nullptr, rows).arg(m_proxy->rowCount());
    text += QStringLiteral(" · ");
    text += live == watching && watching > 0
                ? tr("live on %n cluster(s)", nullptr, live)
                : tr("listing (%1 of %2 clusters live)").arg(live).arg(watching);
    if (!problems.isEmpty())
        text += QStringLiteral(" · ") + problems.join(QStringLiteral("; "));
    m_status->setText(text);
    if (m_model->allLive())
        m_catalog->setCount(m_typeKey, rows);
    fitColumnsOnce();
    if (m_proxy->rowCount() > 0)
        return;
    if (live < watching)
        m_empty->setMessage(tr("Listing…"), tr("The clusters are sending their objects."));
    else if (rows > 0)
        m_empty->setMessage(tr("No object matches the filter"), tr("Clear the filter to see all."));
    else
        m_empty->setMessage(tr("No objects"), m_model->namespaceScope().isEmpty()
                                                  ? tr("None of the clusters in scope has one.")
                                                  : tr("Try all namespaces."));
}

void ResourceBrowserPane::selectObject(const QString &cluster, const QString &ns,
                                       const QString &name) {
    m_pending = Pending{cluster, ns, name};
    trySelectPending();
}

void ResourceBrowserPane::trySelectPending() {
    if (!m_pending)
        return;
    for (int i = 0; i < m_model->rowCount(); ++i) {
        const auto &row = m_model->row(i);
        if (row.cluster->name() == m_pending->cluster &&
            row.key == m_pending->ns + QLatin1Char('/') + m_pending->name) {
            const QModelIndex at = m_proxy->mapFromSource(m_model->index(i, 0));
            if (!at.isValid())
                return; // filtered out: kept for when the filter lets it in
            m_pending.reset();
            m_view->setCurrentIndex(at);
            m_view->scrollTo(at);
            return;
        }
    }
}

void ResourceBrowserPane::showObject(models::ClusterConnection *cluster, const QString &kind,
                                     const QString &ns, const QString &name) {
    const auto type = m_catalog->typeOfKind(kind);
    const QString key = type ? models::toQString(type->key()) : QString();
    if (key.isEmpty() || !cluster)
        return;
    if (key != m_typeKey || !m_model->isOpen()) {
        m_namespace->setCurrentText(QString());
        m_filter->clear();
        openType(key);
    }
    selectObject(cluster->name(), ns, name);
}

void ResourceBrowserPane::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    m_idleStop->stop();
    if (!m_model->isOpen() && !m_typeKey.isEmpty())
        reopen();
}

void ResourceBrowserPane::hideEvent(QHideEvent *event) {
    QWidget::hideEvent(event);
    if (m_model->isOpen())
        m_idleStop->start();
}

} // namespace cubedesk::ui
