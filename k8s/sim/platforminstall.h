#pragma once

#include <chrono>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace cubedesk::sim {

/// What a CubeStudio install leaves in a cluster beside its users' work, as the demo scenario
/// holds it (docs/simulator.md): the platform's Deployments with their current ReplicaSets and
/// running pods (infra, kubeflow, monitoring, istio-system, kube-system), StatefulSets (MySQL,
/// Alertmanager), their Services, the Ingress class and Ingresses, the Istio Gateway and
/// VirtualServices routing to the platform's services, the Prometheus operator's objects (a
/// Prometheus, an Alertmanager, ServiceMonitors, a PrometheusRule), ConfigMaps (CoreDNS's
/// Corefile with the platform's hosts block and its oa.com forwarder, the scheduler policy),
/// StorageClasses with bound PersistentVolumes and claims, ServiceAccounts, RBAC roles and
/// bindings, Secrets (Opaque, TLS, image pull), Helm 3 release records (HelmRelease), and batch
/// Jobs (complete, failed, running with its pod) and CronJobs (one suspended).
///
/// Deterministic: names, hashes and addresses derive from the objects themselves; times are
/// relative to `now`. Pods are handed to `place`, which binds them the way the scenario binds
/// its own (PodScheduler's fit rules over the scenario's nodes) and marks them running.
///
/// Thread-safety: one instance on one thread; build() once.
class PlatformInstall final {
public:
    using PlacePod = std::function<void(nlohmann::json &pod, std::chrono::seconds age)>;

    /// `namespaces`: the cluster's namespaces (each gets its `default` ServiceAccount).
    PlatformInstall(std::chrono::system_clock::time_point now, std::vector<std::string> namespaces,
                    PlacePod place);

    /// Every object, in creation order.
    std::vector<nlohmann::json> build();

    /// A pod template of the platform's shape: one container `name` running `image`, with
    /// requests and limits, an optional port, tolerating the control-plane taint and selecting
    /// nodes by `nodeSelector`; as the API server stores it (defaulted).
    static nlohmann::json podTemplate(const nlohmann::json &labels, const std::string &name,
                                      const std::string &image, const nlohmann::json &requests,
                                      const nlohmann::json &limits, int port,
                                      const nlohmann::json &nodeSelector);

private:
    struct Workload {
        std::string name;
        std::string ns;
        nlohmann::json labels; ///< the selector's labels, also the pods'
        std::string container;
        std::string image;
        nlohmann::json requests;
        nlohmann::json limits;
        int port = 0;
        int replicas = 1;
        nlohmann::json nodeSelector;
        std::chrono::seconds age{0};
    };

    std::string ago(std::chrono::seconds d) const;
    nlohmann::json meta(const std::string &name, const std::string &ns, std::chrono::seconds age,
                        nlohmann::json labels = nlohmann::json::object(),
                        nlohmann::json annotations = nlohmann::json::object()) const;
    void add(nlohmann::json object) { m_objects.push_back(std::move(object)); }

    void deployment(const Workload &w);
    void statefulSet(const Workload &w, const std::string &serviceName, const std::string &claim,
                     const std::string &storage);
    void service(const std::string &name, const std::string &ns, const nlohmann::json &selector,
                 const std::string &clusterIp, const nlohmann::json &ports,
                 std::chrono::seconds age, const nlohmann::json &labels = nlohmann::json::object());
    void workloads();
    void services();
    void networking();
    void monitoring();
    void configMaps();
    void storage();
    void accounts();
    void secrets();
    void helmReleases();
    void batch();

    std::chrono::system_clock::time_point m_now;
    std::vector<std::string> m_namespaces;
    PlacePod m_place;
    std::vector<nlohmann::json> m_objects;
};

} // namespace cubedesk::sim
