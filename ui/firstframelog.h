#pragma once
// FirstFrameLog: logs "first frame painted" (category cubedesk.ui.startup, info) once, right
// after the first top-level window's first paint has been handed to the window system — the
// moment a user first sees the window. tests/bench/startup.sh reads it with
// QT_MESSAGE_PATTERN's %{time boot} to time start-up from exec (docs/performance.md).
//
// Threads: GUI thread. Ownership: install() makes the application its parent; it removes itself
// after the one line.

#include <QObject>

namespace cubedesk::ui {

class FirstFrameLog final : public QObject {
    Q_OBJECT
public:
    /// Watches the application's events until the first paint of a window.
    static void install();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    explicit FirstFrameLog(QObject *parent);
    /// Queued after the first paint: logs the line and deletes this.
    Q_INVOKABLE void report();
    bool m_seen = false;
};

} // namespace cubedesk::ui
