#include "logcapture.h"

#include <QLoggingCategory>

#include <mutex>

namespace cubedesk::k8s::test {

namespace {

std::mutex g_logMutex;
QStringList g_logMessages;
QtMessageHandler g_previousHandler = nullptr;

void captureMessage(QtMsgType, const QMessageLogContext &context, const QString &message) {
    const std::lock_guard lock(g_logMutex);
    g_logMessages.append(QString::fromLatin1(context.category ? context.category : "") +
                         QStringLiteral(": ") + message);
}

} // namespace

LogCapture::LogCapture() {
    {
        const std::lock_guard lock(g_logMutex);
        g_logMessages.clear();
    }
    QLoggingCategory::setFilterRules(QStringLiteral("*=true"));
    g_previousHandler = qInstallMessageHandler(&captureMessage);
}

LogCapture::~LogCapture() {
    qInstallMessageHandler(g_previousHandler);
    QLoggingCategory::setFilterRules(QString());
}

QStringList LogCapture::messages() const {
    const std::lock_guard lock(g_logMutex);
    return g_logMessages;
}

} // namespace cubedesk::k8s::test
