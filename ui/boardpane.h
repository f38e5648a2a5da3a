#pragma once
// BoardPane: the resource-group board of one cluster — a column per org with node cards that
// can be dragged (one or many) onto another column, "Move to…" for the keyboard, "Add column"
// for an empty target, "Undo" for the last move, and the balancing advisor's strip (BalanceBar:
// Suggest, Apply, auto-balance). It only asks: MainWindow previews, writes and reports
// (moveRequested / undoRequested, the BalanceBar's signals).
//
// Threads: GUI thread only. Does not own the model; owns its columns.

#include <QPointer>
#include <QWidget>

class QComboBox;
class QHBoxLayout;
class QScrollArea;
class QToolButton;

namespace cubedesk::models {
class ClusterHub;
class OrgBoardModel;
} // namespace cubedesk::models

namespace cubedesk::ui {

class BalanceBar;
class OrgColumnWidget;

class BoardPane final : public QWidget {
    Q_OBJECT
public:
    BoardPane(models::ClusterHub *hub, models::OrgBoardModel *model, QWidget *parent = nullptr);

    void showCluster(const QString &cluster);
    void showOrg(const QString &org);
    OrgColumnWidget *column(const QString &org) const;
    QList<OrgColumnWidget *> columns() const { return m_columns; }
    /// Selected cards across every column.
    QStringList selectedNodes() const;
    void setWritesEnabled(bool enabled, const QString &why);
    void setUndoAvailable(bool available, const QString &what);
    /// The keyboard path: asks for a target org for the selected cards.
    void moveSelected();
    BalanceBar *balanceBar() const { return m_balance; }

Q_SIGNALS:
    void moveRequested(const QString &cluster, const QStringList &nodes, const QString &toOrg);
    void undoRequested();
    void drainRequested(const QString &cluster, const QStringList &nodes);

private:
    void rebuildColumns();
    void refreshClusters();
    void addColumn();

    models::ClusterHub *m_hub;
    models::OrgBoardModel *m_model;
    QComboBox *m_cluster;
    QToolButton *m_add;
    QToolButton *m_move;
    QToolButton *m_drain;
    QToolButton *m_undo;
    BalanceBar *m_balance;
    QScrollArea *m_scroll;
    QWidget *m_strip;
    QHBoxLayout *m_stripLayout;
    QList<OrgColumnWidget *> m_columns;
    bool m_writes = true;
};

} // namespace cubedesk::ui
