#pragma once
// PendingPane: "Pending & events" — on top, the pods the scheduler has left pending for more
// than 5 minutes with its reason, grouped by cluster and resource group (PendingPodModel in a
// tree, groups expanded); below, the clusters' events as one stream, newest first
// (EventStreamModel through our SortFilterIndex), filtered by type and by a debounced filter box
// (`reason=FailedScheduling`, `kind=Node`, `object=Pod/name`, free text).
//
// Threads: GUI thread only. Does not own the hub; owns its models, proxies and widgets (deleting
// the views before the models they read).

#include <QSet>
#include <QString>
#include <QWidget>

#include <optional>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QLineEdit;
class QSortFilterProxyModel;
class QTableView;
class QTimer;
class QTreeView;
QT_END_NAMESPACE

namespace cubedesk::models {
class ClusterConnection;
class ClusterHub;
class EventStreamModel;
class PendingPodModel;
class SortFilterIndex;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class EmptyStateOverlay;
}

namespace cubedesk::ui {

class PendingPane final : public QWidget {
    Q_OBJECT
public:
    explicit PendingPane(models::ClusterHub *hub, QWidget *parent = nullptr);
    ~PendingPane() override;

    /// The clusters shown; until called, every cluster.
    void setScope(const QSet<QString> &clusters);
    /// 0: all events, 1: warnings, 2: normal.
    void setEventType(int type);
    void setEventFilterText(const QString &text);
    void focusFilter();

    models::PendingPodModel *pendingModel() const { return m_pending; }
    QSortFilterProxyModel *pendingProxy() const { return m_pendingProxy; }
    QTreeView *pendingView() const { return m_pendingView; }
    models::EventStreamModel *eventModel() const { return m_events; }
    models::SortFilterIndex *eventProxy() const { return m_eventProxy; }
    QTableView *eventView() const { return m_eventView; }

Q_SIGNALS:
    /// The user asked for a pending pod's log (context menu or Ctrl+L on a row).
    void logsRequested(cubedesk::models::ClusterConnection *cluster, const QString &ns,
                       const QString &pod);

private:
    void applyScope();
    void applyEventFilter();
    void updateCounts();

    models::ClusterHub *m_hub;
    models::PendingPodModel *m_pending;
    QSortFilterProxyModel *m_pendingProxy;
    models::EventStreamModel *m_events;
    models::SortFilterIndex *m_eventProxy;
    std::optional<QSet<QString>> m_scope;
    QLabel *m_pendingTitle;
    QTreeView *m_pendingView;
    QComboBox *m_type;
    QLineEdit *m_filter;
    QLabel *m_eventCount;
    QTableView *m_eventView;
    widgets::EmptyStateOverlay *m_pendingEmpty = nullptr;
    widgets::EmptyStateOverlay *m_eventEmpty = nullptr;
    QTimer *m_debounce;
};

} // namespace cubedesk::ui
