#include "testenv.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLoggingCategory>

#include <gtest/gtest.h>

namespace cubedesk::k8s::test {

QString realFixture(const QString &name) {
    const QString source = qEnvironmentVariable("CUBEDESK_SOURCE_DIR");
    if (source.isEmpty()) {
        ADD_FAILURE() << "CUBEDESK_SOURCE_DIR is not set: the real kubeconfig fixtures in "
                         "<source>/../shared/fixtures/real/k8s cannot be found";
        return name;
    }
    const QString path =
        QDir::cleanPath(source + QStringLiteral("/../shared/fixtures/real/k8s/") + name);
    if (!QFileInfo::exists(path))
        ADD_FAILURE() << "real fixture missing: " << path.toStdString();
    return path;
}

QByteArray readFixture(const QString &name) {
    QFile file(realFixture(name));
    if (!file.open(QIODevice::ReadOnly)) {
        ADD_FAILURE() << "cannot read fixture " << file.fileName().toStdString();
        return {};
    }
    return file.readAll();
}

std::string describe(const std::vector<ConfigError> &problems) {
    std::string out;
    for (const ConfigError &p : problems)
        out += p.toString().toStdString() + "\n";
    return out;
}

const ConfigError *findProblem(const std::vector<ConfigError> &problems, const QString &entry,
                               const QString &field) {
    for (const ConfigError &p : problems) {
        if (p.entry == entry && p.field == field)
            return &p;
    }
    return nullptr;
}

TestDir::TestDir() {
    if (!m_dir.isValid())
        ADD_FAILURE() << "cannot create a temporary folder";
}

QString TestDir::filePath(const QString &relative) const {
    return m_dir.filePath(relative);
}

QString TestDir::write(const QString &relative, const QByteArray &content) const {
    const QString path = filePath(relative);
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
        file.write(content) != content.size())
        ADD_FAILURE() << "cannot write " << path.toStdString();
    return path;
}

QString TestDir::writeScript(const QString &relative, const QByteArray &content) const {
    const QString path = write(relative, content);
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                    QFileDevice::ExeOwner | QFileDevice::ReadGroup |
                                    QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                    QFileDevice::ExeOther);
    return path;
}

QByteArray TestDir::read(const QString &relative) const {
    QFile file(filePath(relative));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

FakeClock::FakeClock(QDateTime start)
    : m_state(std::make_shared<State>()) {
    m_state->now = std::move(start);
}

QDateTime FakeClock::now() const {
    const std::lock_guard lock(m_state->mutex);
    return m_state->now;
}

void FakeClock::advance(qint64 seconds) {
    const std::lock_guard lock(m_state->mutex);
    m_state->now = m_state->now.addSecs(seconds);
}

std::function<QDateTime()> FakeClock::function() const {
    return [state = m_state] {
        const std::lock_guard lock(state->mutex);
        return state->now;
    };
}

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
