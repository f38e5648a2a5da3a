#include "models/eventstreammodel.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/qtstring.h"

#include <QColor>
#include <QDateTime>

#include <algorithm>
#include <unordered_set>

namespace cubedesk::models {

namespace {

QString clockText(qint64 t) {
    if (t <= 0)
        return {};
    const QDateTime when = QDateTime::fromSecsSinceEpoch(t);
    return when.date() == QDate::currentDate() ? when.toString(QStringLiteral("HH:mm:ss"))
                                               : when.toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

} // namespace

EventStreamModel::EventStreamModel(ClusterHub *hub, QObject *parent, int capacity)
    : QAbstractTableModel(parent)
    , m_capacity(std::max(1, capacity)) {
    connect(hub, &ClusterHub::clusterChanged, this, &EventStreamModel::clusterChanged);
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, &EventStreamModel::removeCluster);
    std::vector<Row> rows;
    for (auto *c : hub->clusters())
        for (const auto &[key, event] : c->store().events())
            rows.push_back(makeRow(c, key, event));
    place(std::move(rows));
}

bool EventStreamModel::above(const Row &a, const Row &b) {
    return a.time != b.time ? a.time > b.time : a.seq > b.seq;
}

EventStreamModel::Row EventStreamModel::makeRow(ClusterConnection *cluster, const std::string &key,
                                                const EventPtr &event) {
    Row r;
    r.cluster = cluster;
    r.key = key;
    r.event = event;
    r.time = event->lastTimestamp();
    if (r.time <= 0)
        r.time = event->firstTimestamp();
    if (r.time <= 0)
        r.time = event->creationTimestamp();
    r.seq = ++m_seq;
    r.clusterName = cluster->name();
    r.type = toQString(event->type());
    r.warning = event->type() == "Warning";
    r.reason = toQString(event->reason());
    r.kind = toQString(event->involvedKind());
    r.name = QString::fromStdString(event->involvedName());
    r.ns = toQString(event->involvedNamespace());
    r.message = QString::fromStdString(event->message());
    r.source = toQString(event->source());
    return r;
}

int EventStreamModel::rowOf(const ClusterConnection *cluster, const std::string &key) const {
    auto it = m_index.find(Key{cluster, key});
    if (it == m_index.end())
        return -1;
    const Position p = it->second;
    const auto at =
        std::lower_bound(m_rows.begin(), m_rows.end(), p, [](const Row &r, const Position &pos) {
            return r.time != pos.time ? r.time > pos.time : r.seq > pos.seq;
        });
    if (at == m_rows.end() || at->seq != p.seq)
        return -1;
    return static_cast<int>(at - m_rows.begin());
}

void EventStreamModel::removeRows(std::vector<int> rows) {
    if (rows.empty())
        return;
    std::sort(rows.begin(), rows.end());
    rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
    std::size_t end = rows.size();
    while (end > 0) {
        std::size_t begin = end - 1;
        while (begin > 0 && rows[begin - 1] == rows[begin] - 1)
            --begin;
        const int first = rows[begin];
        const int last = rows[end - 1];
        beginRemoveRows({}, first, last);
        for (int i = first; i <= last; ++i) {
            const Row &r = m_rows[static_cast<std::size_t>(i)];
            m_index.erase(Key{r.cluster, r.key});
        }
        m_rows.erase(m_rows.begin() + first, m_rows.begin() + last + 1);
        endRemoveRows();
        end = begin;
    }
}

void EventStreamModel::place(std::vector<Row> rows) {
    if (rows.empty())
        return;
    std::sort(rows.begin(), rows.end(), above);
    // Which of the merged stream's first `capacity` rows are new and which are kept.
    std::size_t fresh = 0;
    std::size_t kept = 0;
    const std::size_t capacity = static_cast<std::size_t>(m_capacity);
    while (fresh + kept < capacity && (fresh < rows.size() || kept < m_rows.size())) {
        if (kept == m_rows.size() || (fresh < rows.size() && above(rows[fresh], m_rows[kept])))
            ++fresh;
        else
            ++kept;
    }
    if (kept < m_rows.size()) {
        beginRemoveRows({}, static_cast<int>(kept), static_cast<int>(m_rows.size()) - 1);
        for (std::size_t i = kept; i < m_rows.size(); ++i)
            m_index.erase(Key{m_rows[i].cluster, m_rows[i].key});
        m_rows.erase(m_rows.begin() + static_cast<long>(kept), m_rows.end());
        endRemoveRows();
    }
    rows.resize(fresh);
    for (std::size_t k = 0; k < rows.size();) {
        const auto at = std::lower_bound(m_rows.begin(), m_rows.end(), rows[k], above);
        const auto position = at - m_rows.begin();
        std::size_t m = k + 1;
        while (m < rows.size() && (at == m_rows.end() || above(rows[m], *at)))
            ++m;
        beginInsertRows({}, static_cast<int>(position),
                        static_cast<int>(position + static_cast<long>(m - k)) - 1);
        for (std::size_t i = k; i < m; ++i)
            m_index[Key{rows[i].cluster, rows[i].key}] = Position{rows[i].time, rows[i].seq};
        m_rows.insert(at, std::make_move_iterator(rows.begin() + static_cast<long>(k)),
                      std::make_move_iterator(rows.begin() + static_cast<long>(m)));
        endInsertRows();
        k = m;
    }
}

void EventStreamModel::clusterChanged(ClusterConnection *cluster, const ClusterChange &change) {
    if (!change.eventsChanged())
        return;
    const ClusterStore &store = cluster->store();
    std::vector<int> removed;
    const std::unordered_set<std::string> removedKeys(change.eventsRemoved.begin(),
                                                      change.eventsRemoved.end());
    for (const auto &key : change.eventsRemoved)
        if (const int r = rowOf(cluster, key); r >= 0)
            removed.push_back(r);
    std::vector<Row> placing;
    std::vector<std::pair<const std::string *, EventPtr>> inPlace;
    std::unordered_set<std::string_view> seen;
    for (const auto &key : change.eventsUpserted) {
        if (!seen.insert(key).second)
            continue;
        EventPtr event = store.event(key);
        if (!event)
            continue; // removed later in the batch
        Row row = makeRow(cluster, key, event);
        const int r = removedKeys.count(key) ? -1 : rowOf(cluster, key);
        if (r >= 0 && m_rows[static_cast<std::size_t>(r)].time == row.time) {
            inPlace.emplace_back(&key, std::move(event));
            continue;
        }
        if (r >= 0)
            removed.push_back(r);
        placing.push_back(std::move(row));
    }
    removeRows(std::move(removed));

    std::vector<int> changed;
    for (const auto &[key, event] : inPlace) {
        const int r = rowOf(cluster, *key);
        if (r < 0)
            continue;
        Row &row = m_rows[static_cast<std::size_t>(r)];
        Row next = makeRow(cluster, *key, event);
        next.seq = row.seq; // same place
        row = std::move(next);
        changed.push_back(r);
    }
    std::sort(changed.begin(), changed.end());
    for (std::size_t i = 0; i < changed.size();) {
        std::size_t j = i;
        while (j + 1 < changed.size() && changed[j + 1] == changed[j] + 1)
            ++j;
        Q_EMIT dataChanged(index(changed[i], 0), index(changed[j], ColumnCount - 1));
        i = j + 1;
    }
    place(std::move(placing));
}

void EventStreamModel::removeCluster(ClusterConnection *cluster) {
    std::vector<int> rows;
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].cluster == cluster)
            rows.push_back(static_cast<int>(i));
    removeRows(std::move(rows));
}

int EventStreamModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int EventStreamModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EventStreamModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Row &r = m_rows[static_cast<std::size_t>(index.row())];
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case LastSeenColumn:
            return clockText(r.time);
        case TypeColumn:
            return r.type;
        case ReasonColumn:
            return r.reason;
        case ObjectColumn:
            return r.kind.isEmpty() ? r.name : r.kind + QLatin1Char('/') + r.name;
        case NamespaceColumn:
            return r.ns;
        case ClusterColumn:
            return r.clusterName;
        case MessageColumn:
            return r.message;
        case CountColumn:
            return r.event->count() > 1 ? QString::number(r.event->count()) : QString();
        case SourceColumn:
            return r.source;
        default:
            return {};
        }
    case Qt::ToolTipRole:
        if (column == LastSeenColumn)
            return tr("First seen %1, last seen %2, %n time(s)", "",
                      std::max(1, static_cast<int>(r.event->count())))
                .arg(QDateTime::fromSecsSinceEpoch(r.event->firstTimestamp()).toString(Qt::ISODate),
                     QDateTime::fromSecsSinceEpoch(r.time).toString(Qt::ISODate));
        return data(index, Qt::DisplayRole);
    case Qt::ForegroundRole:
        if (r.warning && (column == TypeColumn || column == ReasonColumn))
            return QColor(0xb4, 0x5f, 0x06);
        return {};
    case Qt::TextAlignmentRole:
        if (column == CountColumn)
            return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case ClusterNameRole:
        return r.clusterName;
    case RawValueRole:
        if (column == LastSeenColumn)
            return r.time;
        if (column == CountColumn)
            return static_cast<int>(r.event->count());
        return data(index, Qt::DisplayRole);
    default:
        return {};
    }
}

QVariant EventStreamModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case LastSeenColumn:
        return tr("Last seen");
    case TypeColumn:
        return tr("Type");
    case ReasonColumn:
        return tr("Reason");
    case ObjectColumn:
        return tr("Object");
    case NamespaceColumn:
        return tr("Namespace");
    case ClusterColumn:
        return tr("Cluster");
    case MessageColumn:
        return tr("Message");
    case CountColumn:
        return tr("Count");
    case SourceColumn:
        return tr("Source");
    default:
        return {};
    }
}

SortKey EventStreamModel::sortKey(int row, int column) const {
    const Row &r = m_rows[static_cast<std::size_t>(row)];
    switch (column) {
    case LastSeenColumn:
        return SortKey::ofNumber(r.time);
    case TypeColumn:
        return SortKey::ofText(r.type.toLower());
    case ReasonColumn:
        return SortKey::ofText(r.reason.toLower());
    case ObjectColumn:
        return SortKey::ofText((r.kind + QLatin1Char('/') + r.name).toLower());
    case NamespaceColumn:
        return SortKey::ofText(r.ns.toLower());
    case ClusterColumn:
        return SortKey::ofText(r.clusterName.toLower());
    case MessageColumn:
        return SortKey::ofText(r.message.toLower());
    case CountColumn:
        return SortKey::ofNumber(r.event->count());
    case SourceColumn:
        return SortKey::ofText(r.source.toLower());
    default:
        return SortKey::ofNumber(0);
    }
}

} // namespace cubedesk::models
