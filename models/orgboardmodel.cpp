#include "models/orgboardmodel.h"

#include "k8s/cube/dumprows.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/nodecardbuilder.h"
#include "models/resourceusage.h"

#include <QMimeData>
#include <QRegularExpression>

#include <algorithm>

namespace cubedesk::models {

namespace {

bool byName(const QString &a, const QString &b) {
    return a < b;
}

} // namespace

OrgBoardModel::OrgBoardModel(ClusterHub *hub, QObject *parent)
    : QAbstractItemModel(parent)
    , m_hub(hub) {
    connect(hub, &ClusterHub::clusterChanged, this, &OrgBoardModel::clusterChanged);
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, [this](ClusterConnection *c) {
        if (c == m_cluster)
            setCluster(nullptr);
    });
}

void OrgBoardModel::setCluster(ClusterConnection *cluster) {
    if (cluster == m_cluster)
        return;
    m_cluster = cluster;
    m_userOrgs.clear();
    m_pending.clear();
    rebuild();
}

void OrgBoardModel::rebuild() {
    beginResetModel();
    m_columns.clear();
    if (m_cluster) {
        const auto &acc = m_cluster->store().accounting();
        std::map<QString, std::vector<Card>> byOrg;
        for (const auto &[name, entry] : acc.orgs())
            if (entry.nodes > 0 || entry.pendingPods > 0)
                byOrg[QString::fromStdString(name)];
        for (const auto &org : std::as_const(m_userOrgs))
            byOrg[org];
        for (const auto &[name, node] : m_cluster->store().nodes()) {
            const QString n = QString::fromStdString(name);
            byOrg[orgOfNode(n)].push_back({n, cardOf(n)});
        }
        for (auto &[org, cards] : byOrg) {
            Column c{m_nextId++, summaryOf(org), std::move(cards), {}};
            m_columns.push_back(std::move(c));
        }
    }
    endResetModel();
}

QString OrgBoardModel::orgOfNode(const QString &node) const {
    if (const auto *entry = m_cluster->store().accounting().node(node.toStdString()))
        return QString::fromStdString(entry->org);
    return QStringLiteral("public");
}

OrgSummary OrgBoardModel::summaryOf(const QString &org) const {
    OrgSummary s;
    s.name = org;
    s.userAdded = m_userOrgs.contains(org);
    const auto &orgs = m_cluster->store().accounting().orgs();
    auto it = orgs.find(org.toStdString());
    if (it == orgs.end()) {
        s.cpu = ResourceUsage::of(0, 0);
        s.gpus = ResourceUsage::of(0, 0);
        return s;
    }
    const auto &e = it->second;
    s.nodes = e.nodes;
    s.readyNodes = e.readyNodes;
    s.cpu = ResourceUsage::cpu(e.requested, e.allocatable);
    s.gpus = ResourceUsage::gpus(e.requested, e.allocatable);
    s.pendingPods = e.pendingPods;
    return s;
}

NodeCard OrgBoardModel::cardOf(const QString &name) const {
    NodeCard card = NodeCardBuilder::build(m_cluster->store(), name);
    card.pendingMove = m_pending.count(name) > 0;
    return card;
}

int OrgBoardModel::columnRow(quintptr id) const {
    for (std::size_t i = 0; i < m_columns.size(); ++i)
        if (m_columns[i].id == id)
            return static_cast<int>(i);
    return -1;
}

int OrgBoardModel::ensureColumn(const QString &org) {
    auto it = std::lower_bound(
        m_columns.begin(), m_columns.end(), org,
        [](const Column &c, const QString &name) { return byName(c.summary.name, name); });
    const int row = static_cast<int>(it - m_columns.begin());
    if (it != m_columns.end() && it->summary.name == org)
        return row;
    beginInsertRows({}, row, row);
    m_columns.insert(it, Column{m_nextId++, summaryOf(org), {}, {}});
    endInsertRows();
    return row;
}

void OrgBoardModel::removeCard(const QString &node) {
    for (std::size_t c = 0; c < m_columns.size(); ++c) {
        auto &cards = m_columns[c].cards;
        auto it = std::find_if(cards.begin(), cards.end(),
                               [&](const Card &card) { return card.name == node; });
        if (it == cards.end())
            continue;
        const int row = static_cast<int>(it - cards.begin());
        beginRemoveRows(index(static_cast<int>(c), 0), row, row);
        cards.erase(it);
        endRemoveRows();
        return;
    }
}

void OrgBoardModel::insertCard(int column, Card card) {
    auto &cards = m_columns[static_cast<std::size_t>(column)].cards;
    auto it = std::lower_bound(cards.begin(), cards.end(), card.name,
                               [](const Card &c, const QString &n) { return byName(c.name, n); });
    const int row = static_cast<int>(it - cards.begin());
    beginInsertRows(index(column, 0), row, row);
    cards.insert(it, std::move(card));
    endInsertRows();
}

void OrgBoardModel::clusterChanged(ClusterConnection *cluster, const ClusterChange &change) {
    if (cluster != m_cluster)
        return;
    for (const auto &name : change.nodesRemoved) {
        const QString n = QString::fromStdString(name);
        removeCard(n);
        m_pending.erase(n);
    }
    std::vector<std::string> upserts(change.nodesAdded);
    upserts.insert(upserts.end(), change.nodesChanged.begin(), change.nodesChanged.end());
    for (const auto &name : upserts) {
        const QString n = QString::fromStdString(name);
        const QString org = orgOfNode(n);
        if (auto p = m_pending.find(n); p != m_pending.end() && p->second == org)
            m_pending.erase(p); // the watch confirmed the move
        const QModelIndex current = nodeIndex(n);
        if (current.isValid() && current.parent().data(OrgNameRole).toString() == org) {
            auto &card = m_columns[static_cast<std::size_t>(current.parent().row())]
                             .cards[static_cast<std::size_t>(current.row())];
            NodeCard updated = cardOf(n);
            if (!(updated == card.card)) {
                card.card = std::move(updated);
                Q_EMIT dataChanged(current, current);
            }
            continue;
        }
        if (current.isValid())
            removeCard(n);
        const int column = ensureColumn(org);
        insertCard(column, Card{n, cardOf(n)});
        removeGhosts(column, n); // the proposed move happened
    }
    for (const auto &name : change.orgsTouched) {
        const QString org = QString::fromStdString(name);
        const auto &orgs = m_cluster->store().accounting().orgs();
        auto it = orgs.find(name);
        const bool exists = orgIndex(org).isValid();
        if (!exists && (it == orgs.end() || (it->second.nodes == 0 && it->second.pendingPods == 0)))
            continue;
        const int row = ensureColumn(org);
        OrgSummary s = summaryOf(org);
        if (!(s == m_columns[static_cast<std::size_t>(row)].summary)) {
            m_columns[static_cast<std::size_t>(row)].summary = std::move(s);
            Q_EMIT dataChanged(index(row, 0), index(row, 0));
        }
    }
}

bool OrgBoardModel::addOrg(const QString &name) {
    static const QRegularExpression valid(
        QStringLiteral("^([A-Za-z0-9]([-A-Za-z0-9_.]{0,61}[A-Za-z0-9])?)$"));
    if (!m_cluster || !valid.match(name).hasMatch() || orgIndex(name).isValid())
        return false;
    m_userOrgs.insert(name);
    ensureColumn(name);
    return true;
}

void OrgBoardModel::setPendingMove(const QStringList &nodes, const QString &org) {
    for (const auto &n : nodes) {
        m_pending[n] = org;
        const QModelIndex i = nodeIndex(n);
        if (i.isValid()) {
            auto &card = m_columns[static_cast<std::size_t>(i.parent().row())]
                             .cards[static_cast<std::size_t>(i.row())];
            card.card.pendingMove = true;
            Q_EMIT dataChanged(i, i);
        }
    }
}

void OrgBoardModel::clearPending(const QStringList &nodes) {
    for (const auto &n : nodes) {
        m_pending.erase(n);
        const QModelIndex i = nodeIndex(n);
        if (i.isValid()) {
            auto &card = m_columns[static_cast<std::size_t>(i.parent().row())]
                             .cards[static_cast<std::size_t>(i.row())];
            card.card.pendingMove = false;
            Q_EMIT dataChanged(i, i);
        }
    }
}

void OrgBoardModel::removeGhosts(int column, const QString &node) {
    auto &c = m_columns[static_cast<std::size_t>(column)];
    for (std::size_t i = 0; i < c.ghosts.size();) {
        if (c.ghosts[i].node != node) {
            ++i;
            continue;
        }
        const int row = static_cast<int>(c.cards.size() + i);
        beginRemoveRows(index(column, 0), row, row);
        c.ghosts.erase(c.ghosts.begin() + static_cast<std::ptrdiff_t>(i));
        endRemoveRows();
    }
}

void OrgBoardModel::setGhosts(const QVector<BalanceGhost> &ghosts) {
    for (std::size_t c = 0; c < m_columns.size(); ++c) {
        auto &column = m_columns[c];
        if (column.ghosts.empty())
            continue;
        const int first = static_cast<int>(column.cards.size());
        beginRemoveRows(index(static_cast<int>(c), 0), first,
                        first + static_cast<int>(column.ghosts.size()) - 1);
        column.ghosts.clear();
        endRemoveRows();
    }
    if (!m_cluster)
        return;
    for (const auto &g : ghosts) {
        const int column = ensureColumn(g.toOrg);
        auto &c = m_columns[static_cast<std::size_t>(column)];
        const int row = static_cast<int>(c.cards.size() + c.ghosts.size());
        beginInsertRows(index(column, 0), row, row);
        c.ghosts.push_back(g);
        endInsertRows();
    }
}

int OrgBoardModel::ghostCount() const {
    int n = 0;
    for (const auto &c : m_columns)
        n += static_cast<int>(c.ghosts.size());
    return n;
}

QModelIndex OrgBoardModel::orgIndex(const QString &org) const {
    for (std::size_t i = 0; i < m_columns.size(); ++i)
        if (m_columns[i].summary.name == org)
            return index(static_cast<int>(i), 0);
    return {};
}

QModelIndex OrgBoardModel::nodeIndex(const QString &node) const {
    for (std::size_t c = 0; c < m_columns.size(); ++c) {
        const auto &cards = m_columns[c].cards;
        auto it =
            std::lower_bound(cards.begin(), cards.end(), node,
                             [](const Card &a, const QString &n) { return byName(a.name, n); });
        if (it != cards.end() && it->name == node)
            return createIndex(static_cast<int>(it - cards.begin()), 0, m_columns[c].id);
    }
    return {};
}

QStringList OrgBoardModel::orgs() const {
    QStringList out;
    for (const auto &c : m_columns)
        out << c.summary.name;
    return out;
}

QModelIndex OrgBoardModel::index(int row, int column, const QModelIndex &parent) const {
    if (column != 0 || row < 0)
        return {};
    if (!parent.isValid())
        return row < static_cast<int>(m_columns.size()) ? createIndex(row, 0, quintptr(0))
                                                        : QModelIndex();
    if (parent.internalId() != 0 || parent.row() >= static_cast<int>(m_columns.size()))
        return {};
    const Column &c = m_columns[static_cast<std::size_t>(parent.row())];
    return row < static_cast<int>(c.cards.size() + c.ghosts.size()) ? createIndex(row, 0, c.id)
                                                                    : QModelIndex();
}

QModelIndex OrgBoardModel::parent(const QModelIndex &child) const {
    if (!child.isValid() || child.internalId() == 0)
        return {};
    const int row = columnRow(child.internalId());
    return row < 0 ? QModelIndex() : createIndex(row, 0, quintptr(0));
}

int OrgBoardModel::rowCount(const QModelIndex &parent) const {
    if (!parent.isValid())
        return static_cast<int>(m_columns.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    const Column &c = m_columns[static_cast<std::size_t>(parent.row())];
    return static_cast<int>(c.cards.size() + c.ghosts.size());
}

int OrgBoardModel::columnCount(const QModelIndex &) const {
    return 1;
}

QVariant OrgBoardModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    if (index.internalId() == 0) {
        const OrgSummary &s = m_columns[static_cast<std::size_t>(index.row())].summary;
        switch (role) {
        case Qt::DisplayRole:
        case OrgNameRole:
            return s.name;
        case OrgSummaryRole:
            return QVariant::fromValue(s);
        case ClusterNameRole:
            return m_cluster ? m_cluster->name() : QString();
        default:
            return {};
        }
    }
    const int col = columnRow(index.internalId());
    const Column &column = m_columns[static_cast<std::size_t>(col)];
    if (index.row() >= static_cast<int>(column.cards.size())) {
        const BalanceGhost &g =
            column.ghosts[static_cast<std::size_t>(index.row()) - column.cards.size()];
        switch (role) {
        case Qt::DisplayRole:
        case NodeNameRole:
            return g.node;
        case BalanceGhostRole:
            return QVariant::fromValue(g);
        case CardRole:
            return QVariant::fromValue(g.card);
        case OrgNameRole:
            return column.summary.name;
        case ClusterNameRole:
            return m_cluster ? m_cluster->name() : QString();
        case Qt::ToolTipRole:
            return QString(tr("Proposed: move %1 from %2 to %3 (run %4 of the balancing rule)")
                               .arg(g.node, g.fromOrg, g.toOrg)
                               .arg(g.run) +
                           QLatin1Char('\n') + g.reason);
        default:
            return {};
        }
    }
    const Card &card =
        m_columns[static_cast<std::size_t>(col)].cards[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
    case NodeNameRole:
        return card.name;
    case CardRole:
        return QVariant::fromValue(card.card);
    case OrgNameRole:
        return m_columns[static_cast<std::size_t>(col)].summary.name;
    case ClusterNameRole:
        return m_cluster ? m_cluster->name() : QString();
    case Qt::ToolTipRole: {
        const NodeCard &c = card.card;
        QStringList lines{c.name};
        if (!c.gpuType.isEmpty())
            lines << tr("GPU type: %1").arg(c.gpuType);
        lines << tr("GPUs requested: %1").arg(c.gpus.text)
              << tr("CPU requested: %1").arg(c.cpu.text);
        if (!c.ready)
            lines << tr("NotReady");
        if (!c.schedulable)
            lines << tr("Cordoned (SchedulingDisabled)");
        if (!c.shareable)
            lines << tr("share=false: kept out of balancing between resource groups");
        return lines.join(QLatin1Char('\n'));
    }
    default:
        return {};
    }
}

Qt::ItemFlags OrgBoardModel::flags(const QModelIndex &index) const {
    if (!index.isValid())
        return Qt::ItemIsDropEnabled;
    if (index.internalId() == 0)
        return Qt::ItemIsEnabled | Qt::ItemIsDropEnabled;
    if (index.data(BalanceGhostRole).isValid())
        return Qt::ItemIsEnabled | Qt::ItemIsDropEnabled | Qt::ItemNeverHasChildren;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled |
           Qt::ItemIsDropEnabled | Qt::ItemNeverHasChildren;
}

QStringList OrgBoardModel::mimeTypes() const {
    return {QLatin1String(kMimeType)};
}

QMimeData *OrgBoardModel::mimeData(const QModelIndexList &indexes) const {
    QStringList lines{m_cluster ? m_cluster->name() : QString()};
    for (const auto &i : indexes)
        if (i.isValid() && i.internalId() != 0)
            lines << i.data(NodeNameRole).toString();
    if (lines.size() < 2)
        return nullptr;
    auto *data = new QMimeData;
    data->setData(QLatin1String(kMimeType), lines.join(QLatin1Char('\n')).toUtf8());
    data->setText(lines.mid(1).join(QLatin1Char('\n')));
    return data;
}

std::pair<QString, QStringList> OrgBoardModel::decode(const QMimeData *data) {
    if (!data || !data->hasFormat(QLatin1String(kMimeType)))
        return {};
    QStringList lines = QString::fromUtf8(data->data(QLatin1String(kMimeType)))
                            .split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    if (lines.size() < 2)
        return {};
    const QString cluster = lines.takeFirst();
    return {cluster, lines};
}

bool OrgBoardModel::canDropMimeData(const QMimeData *data, Qt::DropAction, int, int,
                                    const QModelIndex &parent) const {
    const auto [cluster, nodes] = decode(data);
    if (!m_cluster || cluster != m_cluster->name() || nodes.isEmpty() || !parent.isValid())
        return false;
    const QModelIndex org = parent.internalId() == 0 ? parent : parent.parent();
    const QString target = org.data(OrgNameRole).toString();
    // Only a drop that moves at least one node somewhere else is a move.
    return std::any_of(nodes.begin(), nodes.end(),
                       [&](const QString &n) { return orgOfNode(n) != target; });
}

bool OrgBoardModel::dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                                 const QModelIndex &parent) {
    if (!canDropMimeData(data, action, row, column, parent))
        return false;
    const auto [cluster, nodes] = decode(data);
    const QModelIndex org = parent.internalId() == 0 ? parent : parent.parent();
    Q_EMIT moveRequested(cluster, nodes, org.data(OrgNameRole).toString());
    // Nothing moves here: the cards move when the watch confirms the patch. Returning false
    // also keeps the view from removing the dragged rows.
    return false;
}

Qt::DropActions OrgBoardModel::supportedDropActions() const {
    return Qt::MoveAction | Qt::CopyAction;
}

Qt::DropActions OrgBoardModel::supportedDragActions() const {
    return Qt::MoveAction;
}

} // namespace cubedesk::models
