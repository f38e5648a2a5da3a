#include "models/polledmonitor.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"

namespace cubedesk::models {

PolledMonitor::PolledMonitor(ClusterHub *hub, QObject *parent)
    : QObject(parent)
    , m_hub(hub) {
    m_timer.setInterval(m_interval);
    connect(&m_timer, &QTimer::timeout, this, [this] { pollAll(); });
    connect(hub, &ClusterHub::clusterAdded, this, [this] {
        if (watched())
            pollAll();
    });
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, [this](ClusterConnection *c) {
        forget(c->name());
        Q_EMIT updated(c->name());
    });
}

void PolledMonitor::watch() {
    if (m_watchers++ == 0) {
        watchingChanged(true);
        pollAll();
        m_timer.start();
    }
}

void PolledMonitor::unwatch() {
    if (m_watchers > 0 && --m_watchers == 0) {
        m_timer.stop();
        watchingChanged(false);
    }
}

void PolledMonitor::setInterval(std::chrono::milliseconds interval) {
    m_interval = interval;
    m_timer.setInterval(interval);
}

bool PolledMonitor::stale(const QDateTime &at) const {
    return !at.isValid() || at.msecsTo(QDateTime::currentDateTimeUtc()) > 3 * m_interval.count();
}

} // namespace cubedesk::models
