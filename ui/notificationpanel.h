#pragma once
// NotificationPanel: the in-app notifications list (a dock of the main window) over
// NotificationModel, newest first: a coloured mark per kind (pending pods, NotReady node,
// failed job, applied move), the title, the body, the time and the group's count. "Go to" (or
// a double-click) asks to show what a row is about: goToRequested(kind, cluster, subject).
// When the desktop has no system tray (Xvfb, offscreen, some Wayland sessions) this panel is
// the only place notifications appear; the header says so.
//
// Threads: GUI thread only. Does not own the model.

#include <QWidget>

class QLabel;
class QListView;
class QToolButton;

namespace cubedesk::models {
class NotificationModel;
}

namespace cubedesk::ui {

class NotificationPanel final : public QWidget {
    Q_OBJECT
public:
    explicit NotificationPanel(models::NotificationModel *model, QWidget *parent = nullptr);

    QListView *list() const { return m_list; }
    /// Says whether desktop notifications are shown too.
    void setTrayAvailable(bool available);
    /// Emits goToRequested for `row`.
    void goTo(int row);

Q_SIGNALS:
    void goToRequested(int kind, const QString &cluster, const QString &subject);

private:
    models::NotificationModel *m_model;
    QLabel *m_header;
    QListView *m_list;
    QToolButton *m_goTo;
};

} // namespace cubedesk::ui
