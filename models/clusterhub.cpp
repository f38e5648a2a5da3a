#include "models/clusterhub.h"

#include "k8s/config/kubeconfig.h"
#include "k8s/config/kubeconfigsources.h"
#include "k8s/session/transportfactory.h"
#include "models/clusterconnection.h"
#include "models/gpumetricsmonitor.h"
#include "models/idlegpureport.h"
#include "models/usagemonitor.h"

#include <QLoggingCategory>

#include <algorithm>

namespace cubedesk::models {

Q_LOGGING_CATEGORY(lcHub, "cubedesk.models.hub")

ClusterHub::ClusterHub(QObject *parent)
    : QObject(parent)
    , m_usage(new UsageMonitor(this, this))
    , m_gpuMetrics(new GpuMetricsMonitor(this, this))
    , m_idleGpus(new IdleGpuReport(this, this)) {
    m_resolveOptions.execProviders = std::make_shared<k8s::ExecCredentialProviders>();
    // Sessions say when their states change; the timer only refreshes countdowns.
    m_statePoll.setInterval(1000);
    connect(&m_statePoll, &QTimer::timeout, this, &ClusterHub::pollStates);
    m_statusKindsGrace.setSingleShot(true);
    m_statusKindsGrace.setInterval(60000);
    connect(&m_statusKindsGrace, &QTimer::timeout, this, [this] {
        m_statusKindsWatched = false;
        for (auto *c : std::as_const(m_clusters))
            c->setStatusKindsWatched(false);
    });
}

ClusterHub::~ClusterHub() {
    // Stop the session threads before anything they post to goes away.
    for (auto *c : std::as_const(m_clusters))
        delete c;
    m_clusters.clear();
}

QStringList ClusterHub::load(const QStringList &files) {
    m_requested = files;
    const k8s::Kubeconfig config =
        k8s::Kubeconfig::load(k8s::KubeconfigSources::fromEnvironment(files));
    QStringList problems;
    for (const auto &e : config.loadErrors())
        problems << e.toString();
    m_files = config.files();
    m_contexts.clear();
    for (const auto &c : config.contexts())
        m_contexts.append(
            {c.name, c.originFile, config.serverUrl(c.name),
             !m_disabled.contains(c.name) && (m_only.isEmpty() || m_only.contains(c.name))});

    // Drop connections whose context vanished or moved to another file; keep the others.
    const auto wanted = [&](const ClusterConnection *c) {
        for (const auto &info : std::as_const(m_contexts))
            if (info.name == c->name() && info.file == c->source() && info.enabled)
                return true;
        return false;
    };
    for (auto *c : QList<ClusterConnection *>(m_clusters))
        if (!wanted(c))
            remove(c);
    for (const auto &info : std::as_const(m_contexts)) {
        if (!info.enabled || cluster(info.name))
            continue;
        auto *c = new ClusterConnection(info.name, info.file, this);
        wire(c);
        auto resolved = config.resolve(info.name, m_resolveOptions);
        if (!resolved.ok()) {
            c->setConfigError(resolved.error().toString(), info.server);
        } else {
            auto settings = k8s::TransportFactory::fromContext(resolved.value());
            if (settings) {
                c->start(std::move(*settings));
                c->setStatusKindsWatched(m_statusKindsWatched);
            } else
                c->setConfigError(QString::fromStdString(settings.error()), info.server);
        }
        m_clusters.append(c);
        Q_EMIT clusterAdded(c);
    }
    for (const auto &p : std::as_const(problems))
        qCWarning(lcHub).noquote() << p;
    Q_EMIT contextsChanged();
    return problems;
}

void ClusterHub::wire(ClusterConnection *c) {
    c->setParent(this);
    c->setReadOnly(m_readOnly);
    m_dispatcher.watch(c);
    connect(c, &ClusterConnection::changed, this,
            [this, c](const ClusterChange &change) { Q_EMIT clusterChanged(c, change); });
    connect(c, &ClusterConnection::stateChanged, this, [this, c] {
        updateStatePoll();
        Q_EMIT clusterStateChanged(c);
    });
}

void ClusterHub::updateStatePoll() {
    const bool countdown = std::any_of(m_clusters.cbegin(), m_clusters.cend(),
                                       [](auto *c) { return c->freshness().countsDown; });
    if (countdown && !m_statePoll.isActive())
        m_statePoll.start();
    else if (!countdown)
        m_statePoll.stop();
}

void ClusterHub::adopt(ClusterConnection *cluster) {
    wire(cluster);
    m_clusters.append(cluster);
    Q_EMIT clusterAdded(cluster);
}

void ClusterHub::removeCluster(ClusterConnection *cluster) {
    if (m_clusters.contains(cluster))
        remove(cluster);
}

void ClusterHub::setDisabledContexts(const QSet<QString> &names) {
    m_disabled = names;
}

void ClusterHub::setContextEnabled(const QString &name, bool enabled) {
    if (enabled && !m_only.isEmpty() && !m_only.contains(name))
        m_only.append(name); // the user connects it now: --context no longer holds it back
    else if (enabled == !m_disabled.contains(name))
        return;
    if (enabled)
        m_disabled.remove(name);
    else
        m_disabled.insert(name);
    load(m_requested);
}

ClusterConnection *ClusterHub::cluster(const QString &name) const {
    for (auto *c : m_clusters)
        if (c->name() == name)
            return c;
    return nullptr;
}

void ClusterHub::remove(ClusterConnection *c) {
    Q_EMIT clusterAboutToBeRemoved(c);
    m_clusters.removeOne(c);
    delete c;
    updateStatePoll();
}

void ClusterHub::setReadOnly(bool readOnly) {
    m_readOnly = readOnly;
    for (auto *c : std::as_const(m_clusters))
        c->setReadOnly(readOnly);
}

void ClusterHub::reconnectAll() {
    for (auto *c : std::as_const(m_clusters))
        c->reconnect();
}

void ClusterHub::setStatusKindsWatched(bool watched) {
    if (!watched) {
        if (m_statusKindsWatched && !m_statusKindsGrace.isActive())
            m_statusKindsGrace.start();
        return;
    }
    m_statusKindsGrace.stop();
    if (m_statusKindsWatched)
        return;
    m_statusKindsWatched = true;
    for (auto *c : std::as_const(m_clusters))
        c->setStatusKindsWatched(true);
}

void ClusterHub::pollStates() {
    for (auto *c : std::as_const(m_clusters))
        c->pollState();
}

} // namespace cubedesk::models
