#pragma once
// ClusterHub: every cluster the user's kubeconfigs name, live. Loads and merges the kubeconfig
// files as kubectl does, keeps one ClusterConnection per enabled context (grouped by the file
// that defines it), drains them through one UpdateDispatcher, polls their freshness twice a
// second, and re-emits their changes for the models.
//
// Threads: GUI thread only. Owns the connections (QObject children); a connection is deleted
// after clusterAboutToBeRemoved() — models drop their rows for it in that signal.

#include "k8s/config/resolveoptions.h"
#include "models/clusterchange.h"
#include "models/updatedispatcher.h"

#include <QList>
#include <QObject>
#include <QSet>
#include <QStringList>
#include <QTimer>

#include <memory>

namespace cubedesk::models {

class ClusterConnection;
class GpuMetricsMonitor;
class IdleGpuReport;
class UsageMonitor;

class ClusterHub final : public QObject {
    Q_OBJECT
public:
    /// A context the kubeconfigs name, whether it is shown, and why it cannot connect.
    struct ContextInfo {
        QString name;
        QString file; ///< the kubeconfig file that defines it
        QString server;
        bool enabled = true;
    };

    explicit ClusterHub(QObject *parent = nullptr);
    ~ClusterHub() override;

    /// Reads `files` (empty: $KUBECONFIG, else ~/.kube/config) and connects to every context
    /// not disabled. Connections whose context is unchanged are kept. Returns the problems
    /// found while loading (unreadable file, invalid YAML, ...), one line each.
    QStringList load(const QStringList &files);
    /// The files named to load() (what the user chose; may be empty = the environment's).
    const QStringList &requestedFiles() const { return m_requested; }
    /// The files actually read, in merge order.
    const QStringList &files() const { return m_files; }
    const QList<ContextInfo> &contexts() const { return m_contexts; }
    void setDisabledContexts(const QSet<QString> &names);
    /// Connect only these contexts (`--context`; empty: every context not disabled). Set it
    /// before load(): no session, request or credential plugin is started for the others.
    void setOnlyContexts(const QStringList &names) { m_only = names; }
    const QSet<QString> &disabledContexts() const { return m_disabled; }
    void setContextEnabled(const QString &name, bool enabled);

    const QList<ClusterConnection *> &clusters() const { return m_clusters; }
    /// Takes ownership of a connection made elsewhere (model tests feed it deltas directly);
    /// it is listed like a kubeconfig context until removeCluster() or load() drops it.
    void adopt(ClusterConnection *cluster);
    void removeCluster(ClusterConnection *cluster);
    ClusterConnection *cluster(const QString &name) const;

    void setReadOnly(bool readOnly);
    bool readOnly() const { return m_readOnly; }
    /// F5: relist every cluster.
    void reconnectAll();
    /// A pane that shows the clusters' other CRDs with a lifecycle is open (true) or closed.
    /// They are watched at once; unwatched `statusKindsGraceMs` after the last close, so that
    /// switching panes back and forth does not relist them each time.
    void setStatusKindsWatched(bool watched);
    bool statusKindsWatched() const { return m_statusKindsWatched; }
    void setStatusKindsGraceMs(int ms) { m_statusKindsGrace.setInterval(ms); }
    UpdateDispatcher *dispatcher() { return &m_dispatcher; }
    /// What metrics-server measures on the clusters' nodes, polled while a view watches it;
    /// one for every window.
    UsageMonitor *usage() const { return m_usage; }
    /// DCGM readings from each cluster's Prometheus, polled while a view watches (shared).
    GpuMetricsMonitor *gpuMetrics() const { return m_gpuMetrics; }
    /// Idle GPUs and waste per resource group, from 24 h of DCGM utilization (polled while
    /// watched).
    IdleGpuReport *idleGpus() const { return m_idleGpus; }
    /// Re-reads every connection's freshness now.
    void pollStates();

Q_SIGNALS:
    void contextsChanged();
    void clusterAdded(cubedesk::models::ClusterConnection *cluster);
    void clusterAboutToBeRemoved(cubedesk::models::ClusterConnection *cluster);
    void clusterChanged(cubedesk::models::ClusterConnection *cluster,
                        const cubedesk::models::ClusterChange &change);
    void clusterStateChanged(cubedesk::models::ClusterConnection *cluster);

private:
    void remove(ClusterConnection *cluster);
    void wire(ClusterConnection *cluster);
    /// Runs the one-second state poll while some cluster's freshness counts down, only then.
    void updateStatePoll();

    QStringList m_requested;
    QStringList m_files;
    QList<ContextInfo> m_contexts;
    QSet<QString> m_disabled;
    QStringList m_only;
    QList<ClusterConnection *> m_clusters;
    UpdateDispatcher m_dispatcher;
    QTimer m_statePoll;        ///< every second while a freshness counts down (updateStatePoll)
    QTimer m_statusKindsGrace; ///< single shot: unwatch when it fires
    bool m_statusKindsWatched = false;
    UsageMonitor *m_usage;           ///< a child
    GpuMetricsMonitor *m_gpuMetrics; ///< a child
    IdleGpuReport *m_idleGpus;       ///< a child
    bool m_readOnly = false;
    /// Contexts naming one exec user share its plugin, across reloads too.
    k8s::ResolveOptions m_resolveOptions;
};

} // namespace cubedesk::models
