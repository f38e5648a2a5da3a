#include "ui/firstframelog.h"

#include <QCoreApplication>
#include <QEvent>
#include <QLoggingCategory>
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
        QMetaObject::invokeMethod(this, "report", Qt::QueuedConnection);
    }
    return QObject::eventFilter(watched, event);
}

void FirstFrameLog::report() {
    qCInfo(lcStartup) << "first frame painted";
    deleteLater();
}

} // namespace cubedesk::ui
