#pragma once

// DcgmEndpoints: the dcgm-exporter endpoints of a simulated cluster. The platform runs the
// exporter as a DaemonSet with hostNetwork on every GPU and vGPU node (port 9400); a simulated
// node has no address of its own, so one plain-HTTP listener on loopback serves every node's
// endpoint at `/node/NAME/metrics` (DcgmExporter's text from NodeGpus' devices).
//
// A node's endpoint answers while an exporter pod (label app.kubernetes.io/name=dcgm-exporter)
// runs on it and the node is Ready; otherwise it fails as an unreachable exporter does for
// Prometheus (503, so `up` is 0 and the node's series go stale).
//
// scrapeTargets() gives Prometheus the targets as file_sd target groups, labelled as
// prometheus-operator labels the targets of the platform's ServiceMonitor (`dcgm-exporter` in
// `monitoring`, honorLabels false): job and service = the Service, namespace, pod and container
// of the exporter pod, endpoint = the port's name, instance = node IP:9400. Prometheus then
// renames the exporter's own namespace/pod/container labels exported_namespace/_pod/_container,
// as it does in the platform's clusters.
//
// Which node runs an exporter comes from an index of the running exporter pods by node, built
// from the store once and kept current by a store listener: a scrape costs a lookup, not a scan
// of every pod (5,000 GPU nodes scraped by one Prometheus over a 150,000-pod store).
//
// Lifetime: construct, start() once, stop() (or destroy); the store, registry and GPUs must
// outlive it. Requests are served on httplib's threads; scrapeTargets() from any thread.

#include <chrono>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <string>
#include <thread>

namespace httplib {
class Server;
} // namespace httplib

namespace cubedesk::sim {

class NodeGpus;
class ObjectStore;
class ResourceRegistry;

class DcgmEndpoints final {
public:
    /// Listens to `store`'s pod changes from construction on (the exporter index).
    DcgmEndpoints(ObjectStore &store, const ResourceRegistry &registry, const NodeGpus &gpus,
                  std::string host);
    ~DcgmEndpoints();
    DcgmEndpoints(const DcgmEndpoints &) = delete;
    DcgmEndpoints &operator=(const DcgmEndpoints &) = delete;

    /// Binds a free port and serves; false when nothing could be bound.
    bool start();
    void stop();
    /// "127.0.0.1:PORT" (valid after start()).
    std::string address() const;
    /// Prometheus file_sd target groups, one per running exporter pod on a node.
    nlohmann::json scrapeTargets() const;
    /// Whether a running exporter pod is bound to `node` (the index's answer).
    bool exporterRunsOn(const std::string &node) const;
    /// What Prometheus would have stored from scraping scrapeTargets() every `step` over the
    /// `span` before `until`, families `metrics` only (DcgmHistory's OpenMetrics text, for
    /// promtool). As if today's pods had held their devices all along; a node that is not Ready
    /// has no samples, as its endpoint fails. False when an exposition could not be read, or
    /// when `stopped` (asked before each step, when given) says so.
    bool writeHistory(std::ostream &out, std::chrono::system_clock::time_point until,
                      std::chrono::seconds span, std::chrono::seconds step,
                      std::set<std::string> metrics,
                      const std::function<bool()> &stopped = {}) const;

private:
    struct Index;
    const ObjectStore &m_store;
    const ResourceRegistry &m_registry;
    const NodeGpus &m_gpus;
    std::string m_host;
    /// Shared with the store's listener, which may outlive this object.
    std::shared_ptr<Index> m_index;
    int m_port = -1;
    std::unique_ptr<httplib::Server> m_server;
    std::thread m_thread;
};

} // namespace cubedesk::sim
