#pragma once
// OrgColumnWidget: one resource-group column of the board — a header with the org's totals
// (nodes, CPU and GPU requested/allocatable, pending pods) over a list of node cards. The list
// shows the OrgBoardModel children of the column's org row; dragging cards out and dropping
// cards in go through the model's mime/drop path.
//
// Threads: GUI thread only. Does not own the model.

#include <QFrame>
#include <QPersistentModelIndex>

class QLabel;
class QListView;

namespace cubedesk::models {
class OrgBoardModel;
}

namespace cubedesk::ui {

class OrgColumnWidget final : public QFrame {
    Q_OBJECT
public:
    OrgColumnWidget(models::OrgBoardModel *model, const QModelIndex &org,
                    QWidget *parent = nullptr);

    QString org() const;
    QListView *list() const { return m_list; }
    void refreshHeader();
    /// Selected node names in this column.
    QStringList selectedNodes() const;

private:
    models::OrgBoardModel *m_model;
    QPersistentModelIndex m_org;
    QLabel *m_header;
    QListView *m_list;
};

} // namespace cubedesk::ui
