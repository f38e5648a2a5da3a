#include "ui/firstframelog.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLoggingCategory>
#include <QTimer>
#include <QWidget>

namespace cubedesk::ui {

Q_LOGGING_CATEGORY(lcStartup, "cubedesk.ui.startup")

FirstFrameLog::FirstFrameLog(QObject *parent)
    : QObject(parent) {}

void FirstFrameLog::install() {
    auto *log = new FirstFrameLog(QCoreApplication::instance());
    QCoreApplication::instance()->installEventFilter(log);
}

bool FirstFrameLog::eventFilter(QObject *watched, QEvent *event) {
    const auto *widget =
        event->type() == QEvent::Paint ? qobject_cast<QWidget *>(watched) : nullptr;
    if (!m_seen && widget != nullptr && widget->isVisible()) {
        m_seen = true;
        QCoreApplication::instance()->removeEventFilter(this);
        // Queued: the paint pass that this event belongs to is flushed to the window system
        // before the event loop runs the next posted call.
        // The analyzer does not see Qt take the slot object over.
        // NOLINTNEXTLINE(clang-analyzer-cplusplus.NewDeleteLeaks)
        QTimer::singleShot(0, this, [this] {
            qCInfo(lcStartup) << "first frame painted";
            deleteLater();
        });
    }
    return QObject::eventFilter(watched, event);
}

} // namespace cubedesk::ui
