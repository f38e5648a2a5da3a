#pragma once
// OrgBoardModel: the resource-group board of one cluster as a two-level tree — one top-level row
// per org (OrgSummaryRole, sorted by name), its nodes as children (CardRole, sorted by name).
// Orgs come from the nodes' `org` labels (public when missing), orgs with pending pods, orgs
// seen earlier in this session (a column emptied by a move stays as a target) and empty
// columns the user adds.
//
// Drag and drop: node rows drag as kMimeType ("cluster\nnode\nnode..."); dropping on an org row
// (or on a node row: its org) emits moveRequested() and changes nothing itself — the UI shows a
// preview, patches `org=<target>`, and the card moves when the watch confirms.
//
// Ghost cards (the balancing advisor's proposed moves): setGhosts() appends ghost rows after
// the real cards of each target column (BalanceGhostRole, CardRole with the node's numbers;
// enabled, not selectable, not draggable). A ghost goes away when its node arrives in its
// target column, on setGhosts()/clearGhosts(), or with the board (setCluster).
//
// Threads: GUI thread only. Reads the hub's connections; owns its rows.

#include "models/balanceghost.h"
#include "models/nodecard.h"
#include "models/orgsummary.h"

#include <QAbstractItemModel>
#include <QSet>
#include <QStringList>

#include <map>
#include <vector>

namespace cubedesk::models {

class ClusterHub;
class ClusterConnection;
struct ClusterChange;

class OrgBoardModel final : public QAbstractItemModel {
    Q_OBJECT
public:
    static constexpr const char *kMimeType = "application/x-cubedesk-nodes";

    explicit OrgBoardModel(ClusterHub *hub, QObject *parent = nullptr);

    /// Shows `cluster` (nullptr: nothing). Resets the model: a different board.
    void setCluster(ClusterConnection *cluster);
    ClusterConnection *cluster() const { return m_cluster; }
    /// Adds an empty column (a move target); false when it exists or the name is not a valid
    /// label value.
    bool addOrg(const QString &name);
    /// Marks nodes as moving to `org` until the watch shows them there (or clearPending()).
    void setPendingMove(const QStringList &nodes, const QString &org);
    void clearPending(const QStringList &nodes);
    /// Replaces the ghost cards (their target org columns are created when missing).
    void setGhosts(const QVector<BalanceGhost> &ghosts);
    void clearGhosts() { setGhosts({}); }
    int ghostCount() const;

    QModelIndex orgIndex(const QString &org) const;
    QModelIndex nodeIndex(const QString &node) const;
    QStringList orgs() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    QStringList mimeTypes() const override;
    QMimeData *mimeData(const QModelIndexList &indexes) const override;
    bool canDropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                         const QModelIndex &parent) const override;
    bool dropMimeData(const QMimeData *data, Qt::DropAction action, int row, int column,
                      const QModelIndex &parent) override;
    Qt::DropActions supportedDropActions() const override;
    Qt::DropActions supportedDragActions() const override;

    /// Decodes kMimeType data: the cluster name and node names (empty when not ours).
    static std::pair<QString, QStringList> decode(const QMimeData *data);

Q_SIGNALS:
    void moveRequested(const QString &cluster, const QStringList &nodes, const QString &toOrg);

private:
    struct Card {
        QString name;
        NodeCard card;
    };
    struct Column {
        quintptr id;
        OrgSummary summary;
        std::vector<Card> cards;
        std::vector<BalanceGhost> ghosts; ///< rows after the cards
    };
    void clusterChanged(ClusterConnection *cluster, const ClusterChange &change);
    void rebuild();
    OrgSummary summaryOf(const QString &org) const;
    NodeCard cardOf(const QString &node) const;
    QString orgOfNode(const QString &node) const;
    int columnRow(quintptr id) const;
    int ensureColumn(const QString &org);
    void removeCard(const QString &node);
    void insertCard(int column, Card card);
    void removeGhosts(int column, const QString &node);

    ClusterHub *m_hub;
    ClusterConnection *m_cluster = nullptr;
    std::vector<Column> m_columns;
    QSet<QString> m_userOrgs;
    std::map<QString, QString> m_pending; ///< node → org it is moving to
    quintptr m_nextId = 1;
};

} // namespace cubedesk::models
