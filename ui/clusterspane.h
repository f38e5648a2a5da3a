#pragma once
// ClustersPane: one row per context (ClusterListModel) with usage bars; double-click narrows
// the scope to that cluster.
//
// Threads: GUI thread only. Does not own the model.

#include <QWidget>

class QTableView;

namespace cubedesk::models {
class ClusterListModel;
}

namespace cubedesk::ui {

class ClustersPane final : public QWidget {
    Q_OBJECT
public:
    explicit ClustersPane(models::ClusterListModel *model, QWidget *parent = nullptr);
    QTableView *view() const { return m_view; }

Q_SIGNALS:
    void clusterActivated(const QString &cluster);

private:
    QTableView *m_view;
};

} // namespace cubedesk::ui
