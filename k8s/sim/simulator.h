#pragma once

#include "k8s/sim/apiserver.h"
#include "k8s/sim/faultinjector.h"
#include "k8s/sim/objectstore.h"
#include "k8s/sim/podscheduler.h"
#include "k8s/sim/resourceregistry.h"
#include "k8s/sim/tlsmaterial.h"

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace cubedesk::sim {

class ChurnEngine;
class DcgmEndpoints;
class DisruptionController;
class WorkloadController;
class MetricsServer;
class NodeGpus;
class PodEviction;
class PodTerminator;
class QuotaController;

/// Everything `cubedesk-sim` can be told (docs/command-line.md).
struct SimulatorOptions {
    std::string host = "127.0.0.1";
    int port = 0;
    bool tls = true;
    std::string auth = "token"; ///< token | cert: what the written kubeconfig uses
    std::string readonlyToken;  ///< adds a user whose writes get 403
    /// What the read-only user may not read either ("pods/log", "pods/exec", "secrets"): a
    /// role narrower than "view", for tests of refused reads.
    std::vector<std::string> readonlyDenied;
    std::string scenario = "demo"; ///< demo | scale | empty
    std::size_t nodes = 500;
    std::size_t pods = 15000;
    /// The scale scenario's GPU nodes among `nodes` (at most `nodes`); unset: every tenth node.
    std::optional<std::size_t> gpuNodes;
    std::string loadDir;
    bool builtinCrds = true;
    double churnPerSecond = 0;
    double churnDurationSeconds = 0; ///< 0: until stopped
    /// Called (on the churn's thread) when a churn with a duration has run its course.
    std::function<void(std::uint64_t changes)> churnFinished;
    std::string faults;
    std::uint64_t seed = 1;
    std::size_t historyWindow = 10000;
    std::string contextName = "cubedesk-sim";
    bool gzip = false;
    bool aggregatedDiscovery = true;
    bool watchList = true; ///< serve streaming lists (ApiServer::Options::watchList)
    int bookmarkIntervalMs = 10000;
    /// How long a pod's containers take to stop once it is deleted (its grace period caps it).
    int podShutdownMs = 1000;
    /// Serve metrics.k8s.io (MetricsServer), as a cluster with metrics-server does.
    bool metricsServer = true;
    /// Serve the dcgm-exporter endpoints of the GPU nodes (DcgmEndpoints) on loopback.
    bool dcgmExporter = true;
    /// The API server's service proxy: "NAMESPACE/NAME:PORT" → the URL it forwards to
    /// (`--proxy-service`; e.g. monitoring/prometheus-k8s:9090 → a Prometheus on loopback).
    std::map<std::string, std::string> serviceProxies;
};

/// One simulated cluster: store, registry, the built-in controllers (CRD establishment,
/// namespace deletion, the scheduler, graceful pod termination, disruption budgets, optional
/// churn) and the HTTPS API server in front of them.
/// Used by cubedesk-sim, by `cubedesk --demo` (several in one process) and by tests.
///
/// Lifetime: construct, start() once (returns an error text on failure), stop() or destroy.
/// Accessors may be used from any thread after start().
class Simulator final {
public:
    explicit Simulator(SimulatorOptions options);
    ~Simulator();
    Simulator(const Simulator &) = delete;
    Simulator &operator=(const Simulator &) = delete;

    /// Populates the scenario, starts serving; nullopt on success, else what went wrong.
    std::optional<std::string> start();
    void stop();

    int port() const { return m_port; }
    std::string url() const;
    /// A kubeconfig (YAML) for this cluster: CA data plus a bearer token, or client certificate
    /// data with --auth cert; with a read-only token also a second user and context.
    std::string kubeconfig() const;
    /// The bearer token of the admin user.
    const std::string &adminToken() const { return m_adminToken; }
    /// The generated TLS credentials (null with --no-tls), e.g. for tests that need the CA or a
    /// client certificate.
    const TlsMaterial *tls() const { return m_tls ? &*m_tls : nullptr; }

    /// A churn with a duration has run its course (false without one).
    bool churnFinished() const;

    /// The nodes' GPUs, their holders and readings (after start()).
    const NodeGpus &gpus() const { return *m_gpus; }
    /// Where the dcgm-exporter endpoints listen, "127.0.0.1:PORT" ("" without them).
    std::string dcgmAddress() const;
    /// Prometheus file_sd target groups for the running exporter pods (DcgmEndpoints), an
    /// empty array without the endpoints.
    nlohmann::json dcgmScrapeTargets() const;
    /// The `span` before `until` of the DCGM fields CubeDesk reads (utilization, memory used
    /// and free, power, temperature, SM clock, XID: the readings of one instant agree whether
    /// they come from the past or a scrape), every `step`, as a Prometheus would have scraped
    /// them (DcgmEndpoints::writeHistory): a PrometheusProcess::HistoryWriter's text. False
    /// without the endpoints, or when `stopped` (asked between steps) says so.
    bool writeDcgmHistory(std::ostream &out, std::chrono::system_clock::time_point until,
                          std::chrono::seconds span, std::chrono::seconds step,
                          const std::function<bool()> &stopped = {}) const;
    /// Points the service proxy's `serviceKey` ("NAMESPACE/NAME:PORT") at `url` (any thread).
    void setServiceProxy(const std::string &serviceKey, const std::string &url);

    ObjectStore &store() { return m_store; }
    /// The faults in force (tests start a stall with it at the moment they need one).
    FaultInjector &faults() { return m_faults; }
    ResourceRegistry &registry() { return m_registry; }

    /// Creates an object through the same path as a POST (optionally keeping its status, as
    /// scenarios and --load do); the type comes from apiVersion and kind.
    Result<ObjectPtr> createObject(nlohmann::json object, bool keepStatus);
    /// Loads every manifest under `path`; returns the problems found (the rest is loaded).
    std::vector<std::string> loadManifests(const std::string &path);

private:
    void installControllers();
    void runChurn();

    SimulatorOptions m_options;
    ObjectStore m_store;
    ResourceRegistry m_registry;
    FaultInjector m_faults;
    std::optional<TlsMaterial> m_tls;
    std::unique_ptr<PodScheduler> m_scheduler;
    std::unique_ptr<QuotaController> m_quotas;
    std::unique_ptr<PodTerminator> m_terminator;
    std::unique_ptr<DisruptionController> m_disruption;
    std::unique_ptr<WorkloadController> m_workloads;
    std::unique_ptr<PodEviction> m_eviction;
    std::unique_ptr<MetricsServer> m_metrics;
    std::unique_ptr<NodeGpus> m_gpus;
    std::unique_ptr<DcgmEndpoints> m_dcgm;
    std::unique_ptr<ApiServer> m_server;
    std::string m_adminToken;
    int m_port = -1;
    std::unique_ptr<ChurnEngine> m_churn;
};

} // namespace cubedesk::sim
