#include "models/freshness.h"

#include <QCoreApplication>
#include <QDateTime>

namespace cubedesk::models {

using Phase = k8s::WatchState::Phase;

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("cubedesk::models::Freshness", text);
}

QString clock(std::chrono::system_clock::time_point t) {
    const auto ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(t.time_since_epoch()).count();
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("HH:mm:ss"));
}

/// Worse states win; ties keep the first.
int severity(Phase p) {
    switch (p) {
    case Phase::Synced:
        return 0;
    case Phase::Connecting:
        return 1;
    case Phase::Stale:
        return 2;
    case Phase::BackingOff:
        return 3;
    case Phase::Unavailable:
        return 4;
    case Phase::Forbidden:
        return 5;
    case Phase::AuthError:
        return 6;
    }
    return 0;
}

} // namespace

QString Freshness::describe(const k8s::WatchState &s, std::chrono::steady_clock::time_point now) {
    const QString reason = QString::fromStdString(s.reason);
    const bool neverListed = s.since == std::chrono::system_clock::time_point{};
    switch (s.phase) {
    case Phase::Synced:
        return tr("synced");
    case Phase::Connecting:
        return tr("connecting…");
    case Phase::Stale:
        // A watch that never listed has no data to be stale: say so, not "since 00:00:00".
        return neverListed ? tr("no data yet") : tr("stale since %1").arg(clock(s.since));
    case Phase::BackingOff: {
        const auto secs = std::chrono::duration_cast<std::chrono::seconds>(s.retryAt - now).count();
        const auto retry = std::max<long long>(0, secs + 1);
        return neverListed
                   ? tr("no data yet, retrying in %1 s").arg(retry)
                   : tr("stale since %1, reconnecting in %2 s").arg(clock(s.since)).arg(retry);
    }
    case Phase::Forbidden:
        return tr("forbidden: %1").arg(reason);
    case Phase::AuthError:
        return tr("auth error: %1").arg(reason);
    case Phase::Unavailable:
        return tr("not served: %1").arg(reason);
    }
    return {};
}

Freshness Freshness::from(const std::map<std::string, k8s::WatchState> &states,
                          const QString &configError, std::chrono::steady_clock::time_point now) {
    Freshness f;
    if (!configError.isEmpty()) {
        f.level = Level::Offline;
        f.text = tr("not connected");
        f.details = configError;
        f.error = configError;
        return f;
    }
    if (states.empty()) {
        f.level = Level::Connecting;
        f.text = tr("connecting…");
        return f;
    }
    const k8s::WatchState *worst = nullptr;
    std::string worstId;
    QStringList lines;
    for (const auto &[id, s] : states) {
        lines << QStringLiteral("%1: %2").arg(QString::fromStdString(id), describe(s, now));
        if (!worst || severity(s.phase) > severity(worst->phase)) {
            worst = &s;
            worstId = id;
        }
        f.countsDown = f.countsDown || s.phase == Phase::BackingOff;
        if (!s.reason.empty() && s.phase != Phase::Synced)
            f.error = QStringLiteral("%1: %2").arg(QString::fromStdString(id),
                                                   QString::fromStdString(s.reason));
    }
    f.details = lines.join(QLatin1Char('\n'));
    switch (worst->phase) {
    case Phase::Synced:
        f.level = Level::Live;
        break;
    case Phase::Connecting:
        f.level = Level::Connecting;
        break;
    case Phase::Stale:
    case Phase::BackingOff:
        f.level = Level::Stale;
        break;
    case Phase::Forbidden:
    case Phase::AuthError:
    case Phase::Unavailable:
        f.level = Level::Error;
        break;
    }
    f.text = describe(*worst, now);
    if (f.level == Level::Error && states.size() > 1)
        f.text = QStringLiteral("%1 — %2").arg(QString::fromStdString(worstId), f.text);
    return f;
}

} // namespace cubedesk::models
