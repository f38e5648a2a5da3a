#include "models/usagemonitor.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

namespace cubedesk::models {

namespace {
constexpr std::size_t kPageSize = 500;
} // namespace

UsageMonitor::UsageMonitor(ClusterHub *hub, QObject *parent)
    : PolledMonitor(hub, parent) {}

void UsageMonitor::forget(const QString &cluster) {
    m_clusters.remove(cluster);
}

bool UsageMonitor::stale(const Cluster &c) const {
    return PolledMonitor::stale(c.at);
}

const UsageMonitor::Sample *UsageMonitor::node(const QString &cluster, const QString &node) const {
    const auto c = m_clusters.constFind(cluster);
    if (c == m_clusters.constEnd() || stale(*c))
        return nullptr;
    const auto n = c->nodes.constFind(node);
    return n == c->nodes.constEnd() ? nullptr : &*n;
}

UsageMonitor::State UsageMonitor::state(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    return c == m_clusters.constEnd() ? State::NotAsked : c->state;
}

QString UsageMonitor::reason(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    return c == m_clusters.constEnd() ? QString() : c->reason;
}

QDateTime UsageMonitor::sampledAt(const QString &cluster) const {
    const auto c = m_clusters.constFind(cluster);
    return c == m_clusters.constEnd() ? QDateTime() : c->at;
}

void UsageMonitor::pollAll() {
    for (ClusterConnection *connection : hub()->clusters()) {
        Cluster &c = m_clusters[connection->name()];
        if (c.inFlight || !connection->session())
            continue;
        c.inFlight = true;
        c.pages.clear();
        fetch(connection, {});
    }
}

void UsageMonitor::fetch(ClusterConnection *connection, const std::string &continueToken) {
    k8s::WriteRequest get;
    get.method = "GET";
    get.path = k8s::MetricsPage::path(false, kPageSize, continueToken);
    get.subject = "nodemetrics";
    const QString name = connection->name();
    connection->submit({get}, this, [this, name](std::vector<k8s::WriteResult> results) {
        ClusterConnection *connection = hub()->cluster(name);
        if (!connection || !m_clusters.contains(name))
            return; // the cluster went meanwhile
        const k8s::WriteResult r =
            results.empty() ? k8s::WriteResult{} : std::move(results.front());
        if (r.status == 404)
            return finish(name, State::NotServed,
                          tr("%1 has no metrics-server (metrics.k8s.io is not served).").arg(name));
        if (r.status == 401 || r.status == 403)
            return finish(name, State::Refused,
                          tr("%1 refused to list node metrics: %2")
                              .arg(name, QString::fromStdString(r.error.toString())));
        if (!r.ok())
            return finish(name, State::Failed,
                          tr("%1: node metrics could not be read: %2")
                              .arg(name, QString::fromStdString(r.error.toString())));
        // Decoding may take a while for thousands of nodes: not on the GUI thread.
        auto *watcher = new QFutureWatcher<k8s::Result<k8s::MetricsPage, std::string>>(this);
        connect(watcher, &QFutureWatcherBase::finished, this, [this, watcher, name] {
            watcher->deleteLater();
            auto page = watcher->result();
            ClusterConnection *connection = hub()->cluster(name);
            if (!connection || !m_clusters.contains(name))
                return;
            if (!page.ok())
                return finish(name, State::Failed,
                              tr("%1: node metrics could not be read: %2")
                                  .arg(name, QString::fromStdString(page.error())));
            Cluster &c = m_clusters[name];
            for (auto &item : page.value().items)
                c.pages.push_back(std::move(item));
            if (!page.value().continueToken.empty())
                return fetch(connection, page.value().continueToken);
            finish(name, State::Measured, {});
        });
        watcher->setFuture(
            QtConcurrent::run([body = r.body] { return k8s::MetricsPage::parse(body); }));
    });
}

void UsageMonitor::finish(const QString &cluster, State state, const QString &reason) {
    Cluster &c = m_clusters[cluster];
    c.inFlight = false;
    c.state = state;
    c.reason = reason;
    if (state == State::Measured) {
        c.nodes.clear();
        for (const auto &item : c.pages)
            c.nodes.insert(QString::fromStdString(item.name),
                           Sample{item.usage.milliCpu, item.usage.memoryBytes});
        c.at = QDateTime::currentDateTimeUtc();
    } else if (state == State::NotServed || state == State::Refused) {
        c.nodes.clear(); // nothing to show, ever, until that changes
    }
    c.pages.clear();
    Q_EMIT updated(cluster);
}

} // namespace cubedesk::models
