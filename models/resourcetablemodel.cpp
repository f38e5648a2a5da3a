#include "models/resourcetablemodel.h"

#include "k8s/api/humanduration.h"
#include "k8s/session/clustersession.h"
#include "models/clusterconnection.h"
#include "models/modelroles.h"
#include "models/qtstring.h"

#include <QColor>
#include <QPointer>

#include <algorithm>
#include <charconv>
#include <chrono>

namespace cubedesk::models {

namespace {

// The server's own Age column is dropped: it was printed when the row arrived and would go
// stale; the model's Age is computed from the creation time instead.
bool isServerAge(const k8s::ServerTable::Column &c) {
    return c.name == "Age";
}

std::int64_t nowSeconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

} // namespace

struct ResourceTableModel::Watch {
    ClusterConnection *cluster = nullptr;
    std::shared_ptr<k8s::TableWatchFeed> feed; ///< null: the cluster does not serve the type
    std::uint64_t columnsVersion = 0;
    std::vector<int> columnOf; ///< server column → m_columns index, -1 for the dropped ones
    k8s::WatchState state;
    int rows = 0;
    QMetaObject::Connection ending;
    QMetaObject::Connection waiting; ///< for the cluster's discovery
    QMetaObject::Connection gone;    ///< the cluster's destruction
};

ResourceTableModel::ResourceTableModel(QObject *parent)
    : KeyedTableModel<ResourceTableRow>(parent) {
    // Ages move by the minute at most once they are past two minutes; every 10 s keeps the
    // young ones close enough and costs one repaint of the visible cells.
    m_ageTicker.setInterval(std::chrono::seconds(10));
    connect(&m_ageTicker, &QTimer::timeout, this, [this] {
        if (rowCount() > 0)
            Q_EMIT dataChanged(index(0, ageColumn()), index(rowCount() - 1, ageColumn()),
                               {Qt::DisplayRole});
    });
}

ResourceTableModel::~ResourceTableModel() {
    for (auto &w : m_watches)
        if (w->feed && w->cluster && w->cluster->session())
            w->cluster->session()->closeTableWatch(w->feed);
}

void ResourceTableModel::open(const ResourceTypeRef &type,
                              const QList<ClusterConnection *> &clusters, const QString &ns,
                              const QString &labelSelector) {
    close();
    beginResetModel();
    m_open = type;
    m_namespace = type.namespaced ? ns : QString();
    m_selector = labelSelector;
    m_columns.clear();
    m_visible.clear();
    endResetModel();
    for (ClusterConnection *cluster : clusters) {
        auto watch = std::make_unique<Watch>();
        watch->cluster = cluster;
        // A cluster removed from the hub goes with its rows; its entry stays, empty, so that
        // the other rows' watch numbers hold.
        watch->gone = connect(cluster, &QObject::destroyed, this, [this, cluster] {
            for (auto &w : m_watches)
                if (w->cluster == cluster) {
                    disconnect(w->ending);
                    disconnect(w->waiting);
                    w->feed.reset();
                    w->cluster = nullptr;
                }
            removeClusterRows(cluster);
            Q_EMIT statusChanged();
        });
        m_watches.push_back(std::move(watch));
        startWatch(static_cast<int>(m_watches.size()) - 1);
    }
    m_ageTicker.start();
    Q_EMIT statusChanged();
}

void ResourceTableModel::startWatch(int index) {
    Watch &w = *m_watches[static_cast<std::size_t>(index)];
    ClusterConnection *cluster = w.cluster;
    const ResourceTypeRef &type = *m_open;
    k8s::ClusterSession *session = cluster->session();
    const auto discovery = session ? session->discovery() : std::nullopt;
    const auto served = discovery ? discovery->find(type.group, type.plural) : std::nullopt;
    if (!served || !served->can("list") || !served->can("watch")) {
        w.state.phase = k8s::WatchState::Phase::Unavailable;
        w.state.reason =
            discovery ? "not served by this cluster" : "what the cluster serves is not known yet";
        if (!discovery && !w.waiting)
            // Discovery arrives after the cluster connects: try again when it has.
            w.waiting = connect(cluster, &ClusterConnection::stateChanged, this, [this, cluster] {
                for (std::size_t i = 0; i < m_watches.size(); ++i)
                    if (m_watches[i]->cluster == cluster && !m_watches[i]->feed &&
                        cluster->session() && cluster->session()->discovery()) {
                        disconnect(m_watches[i]->waiting);
                        m_watches[i]->waiting = {};
                        startWatch(static_cast<int>(i));
                        Q_EMIT statusChanged();
                    }
            });
        return;
    }
    k8s::ResourceDescriptor resource{k8s::ObjectKind::TableRow, type.group, served->version,
                                     type.plural, served->namespaced};
    resource.namespaceScope = m_namespace.toStdString();
    resource.labelSelector = m_selector.toStdString();
    QPointer<ResourceTableModel> self(this);
    auto holder = std::make_shared<std::weak_ptr<k8s::TableWatchFeed>>();
    w.feed = session->openTableWatch(resource, [self, holder] {
        // From the session thread: only queue; the pointer guards a model already gone, the
        // feed a type no longer open. The analyzer does not see Qt take the slot object over.
        // NOLINTNEXTLINE(clang-analyzer-cplusplus.NewDeleteLeaks)
        QMetaObject::invokeMethod(
            self.data(),
            [self, holder] {
                const auto feed = holder->lock();
                if (!self || !feed)
                    return;
                for (std::size_t i = 0; i < self->m_watches.size(); ++i)
                    if (self->m_watches[i]->feed == feed)
                        return self->drain(static_cast<int>(i));
            },
            Qt::QueuedConnection);
    });
    *holder = w.feed;
    w.state = k8s::WatchState{};
    w.ending = connect(cluster, &ClusterConnection::sessionEnding, this, [this, cluster] {
        for (auto &other : m_watches)
            if (other->cluster == cluster && other->feed) {
                other->feed.reset();
                other->state.phase = k8s::WatchState::Phase::Unavailable;
                other->state.reason = "the connection was closed";
                other->rows = 0;
            }
        removeClusterRows(cluster);
        Q_EMIT statusChanged();
    });
}

void ResourceTableModel::close() {
    for (auto &w : m_watches) {
        disconnect(w->ending);
        disconnect(w->waiting);
        disconnect(w->gone);
        if (w->feed && w->cluster && w->cluster->session())
            w->cluster->session()->closeTableWatch(w->feed);
    }
    m_watches.clear();
    std::vector<int> all(static_cast<std::size_t>(rowCount()));
    for (int i = 0; i < rowCount(); ++i)
        all[static_cast<std::size_t>(i)] = i;
    removeRowsAt(std::move(all));
    m_open.reset();
    m_ageTicker.stop();
    Q_EMIT statusChanged();
}

void ResourceTableModel::setWide(bool wide) {
    if (wide == m_wide)
        return;
    beginResetModel();
    m_wide = wide;
    rebuildColumns();
    endResetModel();
}

void ResourceTableModel::takeColumns(int index) {
    Watch &w = *m_watches[static_cast<std::size_t>(index)];
    w.columnsVersion = w.feed->columnsVersion();
    const auto columns = w.feed->columns();
    bool added = false;
    w.columnOf.assign(columns.size(), -1);
    for (std::size_t i = 0; i < columns.size(); ++i) {
        if (isServerAge(columns[i]))
            continue;
        auto it = std::find_if(m_columns.begin(), m_columns.end(),
                               [&](const auto &c) { return c.name == columns[i].name; });
        if (it == m_columns.end()) {
            m_columns.push_back(columns[i]);
            it = m_columns.end() - 1;
            added = true;
        }
        w.columnOf[i] = static_cast<int>(it - m_columns.begin());
    }
    if (added) {
        beginResetModel();
        rebuildColumns();
        endResetModel();
    }
}

void ResourceTableModel::rebuildColumns() {
    m_visible.clear();
    for (std::size_t i = 0; i < m_columns.size(); ++i)
        if (m_wide || m_columns[i].priority == 0)
            m_visible.push_back(static_cast<int>(i));
}

void ResourceTableModel::drain(int index) {
    Watch &w = *m_watches[static_cast<std::size_t>(index)];
    if (!w.feed)
        return;
    if (w.feed->columnsVersion() != w.columnsVersion)
        takeColumns(index);
    auto deltas = w.feed->drain();
    std::vector<int> removed;
    std::vector<std::pair<int, ResourceTableRow>> changed;
    std::vector<ResourceTableRow> added;
    for (auto &d : deltas) {
        const QString key = toQString(d.key);
        const int at = rowOf(w.cluster, key);
        if (d.type == k8s::DeltaBuffer<k8s::ObjectPtr>::Type::Deleted) {
            if (at >= 0)
                removed.push_back(at);
            continue;
        }
        ResourceTableRow row{w.cluster, key,
                             std::static_pointer_cast<const k8s::TableRow>(d.object), index};
        if (at >= 0)
            changed.emplace_back(at, std::move(row));
        else
            added.push_back(std::move(row));
    }
    std::sort(removed.begin(), removed.end());
    removed.erase(std::unique(removed.begin(), removed.end()), removed.end());
    const int rows = w.rows + static_cast<int>(added.size()) - static_cast<int>(removed.size());
    // Replace first (the row numbers are current), then remove, then append.
    replaceRows(std::move(changed));
    removeRowsAt(std::move(removed));
    appendRows(std::move(added));
    const auto state = w.feed->state();
    const bool statusMoved =
        state.phase != w.state.phase || state.reason != w.state.reason || rows != w.rows;
    w.state = state;
    w.rows = rows;
    if (statusMoved || !deltas.empty())
        Q_EMIT statusChanged();
}

k8s::ResourceDescriptor ResourceTableModel::resourceOf(int rowIndex) const {
    const Watch &w = *m_watches[static_cast<std::size_t>(row(rowIndex).watch)];
    return w.feed ? w.feed->resource() : k8s::ResourceDescriptor();
}

std::vector<ResourceTableModel::ClusterStatus> ResourceTableModel::statuses() const {
    std::vector<ClusterStatus> out;
    for (const auto &w : m_watches)
        if (w->cluster)
            out.push_back(
                {w->cluster,
                 w->feed != nullptr || w->state.phase != k8s::WatchState::Phase::Unavailable,
                 w->state, w->rows});
    return out;
}

bool ResourceTableModel::allLive() const {
    // A cluster that does not serve the type has nothing to list; one whose discovery is not
    // known yet may still have.
    return !m_watches.empty() && std::all_of(m_watches.begin(), m_watches.end(), [](const auto &w) {
        return w->feed ? w->state.live() : !w->cluster || !w->waiting;
    });
}

int ResourceTableModel::columnCount(const QModelIndex &parent) const {
    if (parent.isValid() || !m_open)
        return 0;
    return firstServerColumn() + static_cast<int>(m_visible.size()) + 1;
}

int ResourceTableModel::nameColumn() const {
    for (std::size_t i = 0; i < m_visible.size(); ++i) {
        const auto &c = m_columns[static_cast<std::size_t>(m_visible[i])];
        if (c.format == "name" || c.name == "Name")
            return firstServerColumn() + static_cast<int>(i);
    }
    return -1;
}

QString ResourceTableModel::cellText(const ResourceTableRow &r, int column) const {
    if (column == 0)
        return r.cluster->name();
    if (column < firstServerColumn())
        return toQString(std::string(r.object->namespaceName()));
    if (column == ageColumn()) {
        if (r.object->creationTimestamp() == 0)
            return QStringLiteral("<unknown>");
        return toQString(
            k8s::humanDuration(std::chrono::seconds(nowSeconds() - r.object->creationTimestamp())));
    }
    const int master = m_visible[static_cast<std::size_t>(column - firstServerColumn())];
    const Watch &w = *m_watches[static_cast<std::size_t>(r.watch)];
    for (std::size_t i = 0; i < w.columnOf.size(); ++i)
        if (w.columnOf[i] == master)
            return toQString(std::string(r.object->cell(i)));
    return {};
}

QVariant ResourceTableModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const ResourceTableRow &r = row(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        return cellText(r, index.column());
    case ClusterNameRole:
        return r.cluster->name();
    case RawValueRole:
        return cellText(r, index.column());
    case Qt::ForegroundRole:
        if (r.object->deleting())
            return QColor(Qt::gray);
        return {};
    default:
        return {};
    }
}

QVariant ResourceTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || !m_open)
        return {};
    if (section == 0)
        return tr("Cluster");
    if (section < firstServerColumn())
        return tr("Namespace");
    if (section == ageColumn())
        return tr("Age");
    if (section > ageColumn())
        return {};
    // The server's own heading, as kubectl shows it (upper case) and untranslated: it is the
    // server's vocabulary.
    return toQString(shownColumn(section).name).toUpper();
}

SortKey ResourceTableModel::sortKey(int rowIndex, int column) const {
    const ResourceTableRow &r = row(rowIndex);
    if (column == ageColumn())
        return SortKey::ofNumber(-r.object->creationTimestamp()); // youngest first
    const QString text = cellText(r, column);
    if (column >= firstServerColumn() && column < ageColumn()) {
        const std::string &type = shownColumn(column).type;
        if (type == "integer" || type == "number") {
            const std::string s = text.toStdString();
            double value = 0;
            const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
            if (ec == std::errc() && end == s.data() + s.size())
                return SortKey::ofNumber(static_cast<std::int64_t>(value * 1000));
        }
    }
    return SortKey::ofText(text.toLower());
}

} // namespace cubedesk::models
