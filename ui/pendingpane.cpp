#include "ui/pendingpane.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/emptyreason.h"
#include "models/eventstreamfilter.h"
#include "models/eventstreammodel.h"
#include "models/modelroles.h"
#include "models/pendingpodmodel.h"
#include "models/sortfilterindex.h"
#include "ui/filterfield.h"
#include "ui/podactionmenu.h"
#include "ui/tableviews.h"
#include "widgets/emptystateoverlay.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QVBoxLayout>

namespace cubedesk::ui {

using models::EventStreamModel;
using models::PendingPodModel;

PendingPane::PendingPane(models::ClusterHub *hub, QWidget *parent)
    : QWidget(parent)
    , m_hub(hub)
    , m_pending(new PendingPodModel(hub, this))
    , m_pendingProxy(new QSortFilterProxyModel(this))
    , m_events(new EventStreamModel(hub, this))
    , m_eventProxy(new models::SortFilterIndex(this))
    , m_pendingTitle(new QLabel(this))
    , m_pendingView(new QTreeView(this))
    , m_type(new QComboBox(this))
    , m_filter(new QLineEdit(this))
    , m_eventCount(new QLabel(this))
    , m_eventView(new QTableView(this))
    , m_debounce(new QTimer(this)) {
    setObjectName(QStringLiteral("pendingPane"));

    // The pending tree is small (pods waiting > 5 min): the stock proxy filters it by cluster.
    m_pendingProxy->setSourceModel(m_pending);
    m_pendingProxy->setFilterRole(models::ClusterNameRole);
    m_pendingProxy->setFilterKeyColumn(0);
    m_pendingTitle->setObjectName(QStringLiteral("pendingTitle"));
    m_pendingTitle->setTextFormat(Qt::RichText);
    m_pendingView->setObjectName(QStringLiteral("pendingView"));
    m_pendingView->setAccessibleName(tr("Pods pending longer than 5 minutes"));
    m_pendingView->setModel(m_pendingProxy);
    m_pendingEmpty = new widgets::EmptyStateOverlay(m_pendingView);
    m_pendingView->setUniformRowHeights(true);
    m_pendingView->setAlternatingRowColors(true);
    m_pendingView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_pendingView->setWordWrap(false);
    m_pendingView->header()->setStretchLastSection(true);
    // Rows as tall as the tables' (24 px), so the two halves read alike.
    m_pendingView->setStyleSheet(QStringLiteral("QTreeView::item { min-height: 22px; }"));
    // A pod that waits may have an init container that runs, or a previous run: its logs too.
    PodActionMenu::attach(
        m_pendingView,
        [this](const QModelIndex &index) {
            const QModelIndex source = m_pendingProxy->mapToSource(index);
            models::ClusterConnection *cluster = m_pending->podCluster(source);
            if (cluster == nullptr)
                return PodActionMenu::Target{};
            const auto text = [&](int column) {
                return source.siblingAtColumn(column).data().toString();
            };
            return PodActionMenu::Target{cluster, text(models::PendingPodModel::NamespaceColumn),
                                         text(models::PendingPodModel::NameColumn)};
        },
        [this](const PodActionMenu::Target &t) { Q_EMIT logsRequested(t.cluster, t.ns, t.pod); });
    const int pendingWidths[] = {270, 80, 64, 80, 76, 48, 470};
    for (int c = 0; c < static_cast<int>(std::size(pendingWidths)); ++c)
        m_pendingView->setColumnWidth(c, pendingWidths[c]);
    connect(m_pendingProxy, &QAbstractItemModel::rowsInserted, this,
            [this](const QModelIndex &parent, int first, int last) {
                if (parent.isValid())
                    return;
                for (int r = first; r <= last; ++r)
                    m_pendingView->expand(m_pendingProxy->index(r, 0));
            });
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_pendingProxy, signal, this, &PendingPane::updateCounts);
    connect(m_pendingProxy, &QAbstractItemModel::modelReset, this, &PendingPane::updateCounts);
    connect(m_pendingProxy, &QAbstractItemModel::layoutChanged, this, [this] {
        m_pendingView->expandAll();
        updateCounts();
    });

    m_type->setObjectName(QStringLiteral("eventType"));
    m_type->addItem(tr("All events"));
    m_type->addItem(tr("Warnings"));
    m_type->addItem(tr("Normal"));
    connect(m_type, &QComboBox::currentIndexChanged, this, &PendingPane::applyEventFilter);
    m_filter->setObjectName(QStringLiteral("eventFilter"));
    m_filter->setAccessibleName(tr("Filter events"));
    FilterField::watch(m_filter);
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(
        tr("Filter events: reason=FailedScheduling, kind=Node, object=Pod/name or any text"));
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_filter, &QLineEdit::textChanged, m_debounce, qOverload<>(&QTimer::start));
    connect(m_debounce, &QTimer::timeout, this, &PendingPane::applyEventFilter);
    m_eventCount->setObjectName(QStringLiteral("eventCount"));

    m_eventProxy->setSourceModel(m_events);
    m_eventView->setObjectName(QStringLiteral("eventsView"));
    m_eventView->setAccessibleName(tr("Events"));
    m_eventView->setModel(m_eventProxy);
    m_eventEmpty = new widgets::EmptyStateOverlay(m_eventView);
    m_eventView->setSortingEnabled(true);
    m_eventView->sortByColumn(EventStreamModel::LastSeenColumn, Qt::DescendingOrder);
    m_eventView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_eventView->setAlternatingRowColors(true);
    m_eventView->setWordWrap(false);
    m_eventView->verticalHeader()->hide();
    TableViews::setRowHeight(m_eventView, 24);
    m_eventView->horizontalHeader()->setStretchLastSection(true);
    m_eventView->horizontalHeader()->setSectionsMovable(true);
    const int eventWidths[] = {120, 70, 140, 260, 90, 70, 50, 130};
    for (int c = 0; c < static_cast<int>(std::size(eventWidths)); ++c)
        m_eventView->setColumnWidth(c, eventWidths[c]);
    // Both: a removal reaches the proxy before the model has dropped the row.
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved}) {
        connect(m_eventProxy, signal, this, &PendingPane::updateCounts);
        connect(m_events, signal, this, &PendingPane::updateCounts);
    }
    connect(m_eventProxy, &QAbstractItemModel::modelReset, this, &PendingPane::updateCounts);

    auto *top = new QWidget(this);
    auto *topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_pendingTitle);
    topLayout->addWidget(m_pendingView, 1);
    auto *bottom = new QWidget(this);
    auto *bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(0, 4, 0, 0);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("<b>Events</b>"), this));
    bar->addSpacing(12);
    bar->addWidget(m_type);
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_eventCount);
    bottomLayout->addLayout(bar);
    bottomLayout->addWidget(m_eventView, 1);
    auto *splitter = new QSplitter(Qt::Vertical, this);
    splitter->setObjectName(QStringLiteral("pendingSplitter"));
    splitter->addWidget(top);
    splitter->addWidget(bottom);
    splitter->setStretchFactor(0, 2);
    splitter->setStretchFactor(1, 3);
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter, 1);

    connect(hub, &models::ClusterHub::clusterStateChanged, this, &PendingPane::updateCounts);
    m_pendingView->expandAll();
    updateCounts();
}

PendingPane::~PendingPane() {
    // Views and proxies first: they read the models.
    delete m_pendingView;
    delete m_eventView;
    delete m_pendingProxy;
    delete m_eventProxy;
    delete m_pending;
    delete m_events;
}

void PendingPane::setScope(const QSet<QString> &clusters) {
    m_scope = clusters;
    applyScope();
    applyEventFilter();
}

void PendingPane::setEventType(int type) {
    m_type->setCurrentIndex(type);
    applyEventFilter();
}

void PendingPane::setEventFilterText(const QString &text) {
    m_filter->setText(text);
    applyEventFilter();
}

void PendingPane::focusFilter() {
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

void PendingPane::applyScope() {
    if (!m_scope) {
        m_pendingProxy->setFilterRegularExpression(QString());
    } else {
        QStringList names;
        for (const QString &n : *m_scope)
            names << QRegularExpression::escape(n);
        // An empty scope matches nothing.
        m_pendingProxy->setFilterRegularExpression(
            names.isEmpty() ? QStringLiteral("(?!)")
                            : QStringLiteral("^(%1)$").arg(names.join(QLatin1Char('|'))));
    }
    m_pendingView->expandAll();
    updateCounts();
}

void PendingPane::applyEventFilter() {
    m_debounce->stop();
    using F = models::EventStreamFilter;
    const F::Type type = m_type->currentIndex() == 1   ? F::Type::Warning
                         : m_type->currentIndex() == 2 ? F::Type::Normal
                                                       : F::Type::All;
    auto filter = std::make_shared<F>(F::parse(type, m_filter->text()));
    FilterField::setError(m_filter, filter->error().isEmpty()
                                        ? QString()
                                        : tr("Not a valid filter: %1").arg(filter->error()));
    const std::optional<QSet<QString>> scope = m_scope;
    if (!scope && filter->isEmpty() && filter->error().isEmpty())
        m_eventProxy->setFilter({});
    else
        m_eventProxy->setFilter([model = m_events, filter, scope](int row) {
            const auto &r = model->row(row);
            return (!scope || scope->contains(r.clusterName)) && filter->matches(r);
        });
    updateCounts();
}

void PendingPane::updateCounts() {
    int pods = 0;
    for (int g = 0; g < m_pendingProxy->rowCount(); ++g)
        pods += m_pendingProxy->rowCount(m_pendingProxy->index(g, 0));
    m_pendingTitle->setText(
        pods == 0 ? tr("<b>Pending longer than 5 minutes</b> — none: every pod was scheduled "
                       "within 5 minutes")
                  : tr("<b>Pending longer than 5 minutes</b> — %n pod(s), by cluster and "
                       "resource group, with the scheduler's reason",
                       "", pods));
    m_eventCount->setText(
        tr("%1 of %2 events").arg(m_eventProxy->rowCount()).arg(m_events->rowCount()));

    QSet<QString> scope;
    for (const auto *c : m_hub->clusters())
        if (!m_scope || m_scope->contains(c->name()))
            scope.insert(c->name());
    const auto pending = models::EmptyReason::forView(
        m_pendingProxy->rowCount(), *m_hub, scope, {},
        {tr("Nothing is pending."),
         tr("Every pod in the clusters in scope was scheduled within 5 minutes.")});
    m_pendingEmpty->setMessage(pending.title, pending.hint);
    models::EmptyReason::Message own{
        tr("No events in the clusters in scope."),
        tr("The API server keeps events for an hour by default; new ones appear here as they "
           "happen.")};
    if (m_type->currentIndex() != 0)
        own = {tr("No events to show under “%1”.").arg(m_type->currentText()),
               tr("Choose “%1” to see every event.").arg(m_type->itemText(0))};
    const auto events = models::EmptyReason::forView(m_eventProxy->rowCount(), *m_hub, scope,
                                                     m_filter->text(), own);
    m_eventEmpty->setMessage(events.title, events.hint);
}

} // namespace cubedesk::ui
