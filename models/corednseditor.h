#pragma once
// CoreDnsEditor: the platform's intranet DNS as tables (docs/platform.md, "CoreDNS and the
// scheduler policy") — the `coredns` ConfigMap of kube-system read, its Corefile's hosts entries
// (address → hostname) and per-domain forwarders (domain → upstreams) extracted
// (k8s::CoreDnsConfig), checked as they are edited (k8s::CoreDnsValidation), previewed as a diff
// of the Corefile (k8s::LineDiff), and saved: the Corefile rendered back (only the lines that
// changed), sent first as a dry run and then for real as a PUT carrying the resourceVersion
// read, through the window's ObjectActionController (audited). A 409 re-reads the ConfigMap: the
// edited tables are kept and rendered onto the new Corefile at the next save.
// Restarting CoreDNS afterwards (a rollout restart of its Deployment) is the caller's, through
// the same controller.
//
// Threads: GUI thread only. Does not own the cluster or the controller.

#include "k8s/api/linediff.h"
#include "k8s/cube/corednsconfig.h"
#include "k8s/cube/corednsvalidation.h"
#include "k8s/write/workloadwrites.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <vector>

namespace cubedesk::models {

class ClusterConnection;
class ObjectActionController;

class CoreDnsEditor final : public QObject {
    Q_OBJECT
public:
    CoreDnsEditor(ClusterConnection *cluster, ObjectActionController *actions,
                  QObject *parent = nullptr);

    QString clusterName() const;
    /// The ConfigMap (kube-system/coredns) and the Deployment a restart rolls.
    static k8s::WorkloadWrites::Target configMap();
    static k8s::WorkloadWrites::Target deployment();

    /// Reads the ConfigMap (loaded() or failed()).
    void load();
    bool isLoaded() const { return !m_liveJson.empty(); }
    /// The tables as read.
    const std::vector<k8s::CoreDnsHostEntry> &hosts() const { return m_hosts; }
    const std::vector<k8s::CoreDnsForwarder> &forwarders() const { return m_forwarders; }
    /// The root block's own upstreams ("/etc/resolv.conf"): shown, not edited.
    const std::vector<std::string> &rootUpstreams() const { return m_rootUpstreams; }
    const std::string &corefile() const { return m_corefile; }

    /// What is wrong with edited tables (nothing: they may be saved).
    static std::vector<k8s::CoreDnsProblem>
    check(const std::vector<k8s::CoreDnsHostEntry> &hosts,
          const std::vector<k8s::CoreDnsForwarder> &forwarders);
    /// The Corefile as the edited tables would make it, against the current one.
    struct Preview {
        bool ok = false;
        QString error;
        std::string corefile;
        std::vector<k8s::LineDiff::Line> diff;
    };
    Preview preview(const std::vector<k8s::CoreDnsHostEntry> &hosts,
                    const std::vector<k8s::CoreDnsForwarder> &forwarders) const;
    /// Dry run, then the write (saved()); refused (saved(false, …)) when check() finds problems.
    void save(const std::vector<k8s::CoreDnsHostEntry> &hosts,
              const std::vector<k8s::CoreDnsForwarder> &forwarders);
    bool busy() const { return m_busy; }

Q_SIGNALS:
    void loaded();
    void failed(const QString &message);
    void saved(bool ok, const QString &message);

private:
    void take(std::string json);

    QPointer<ClusterConnection> m_cluster;
    QPointer<ObjectActionController> m_actions;
    std::string m_liveJson;
    std::string m_corefile;
    std::vector<k8s::CoreDnsHostEntry> m_hosts;
    std::vector<k8s::CoreDnsForwarder> m_forwarders;
    std::vector<std::string> m_rootUpstreams;
    bool m_busy = false;
};

} // namespace cubedesk::models
