#pragma once

#include "k8s/sim/faultinjector.h"
#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"
#include "k8s/sim/tlsmaterial.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace httplib {
class Server;
struct Request;
struct Response;
class DataSink;
} // namespace httplib

namespace cubedesk::sim {

class MetricsServer;
class NodeGpus;
class PodEviction;
class PodTerminator;

/// An authenticated identity. Read-only users get 403 on every write.
struct SimUser {
    std::string name;
    std::vector<std::string> groups;
    bool readOnly = false;
    /// Resources and subresources this user may not read ("pods/log", "pods/exec", "secrets"):
    /// every request for them is 403, and access reviews say no.
    std::vector<std::string> denied;
    bool denies(const std::string &resource) const {
        return std::find(denied.begin(), denied.end(), resource) != denied.end();
    }
};

/// The HTTP(S) front of the simulator: authentication, discovery, the resource routes
/// (get/list/watch/create/replace/patch/delete), Table output, metav1.Status errors and fault
/// injection, over cpp-httplib (HTTP/1.1, one thread per connection from a bounded pool).
///
/// Lifetime: construct, start() once, stop() (or destroy) once; the store, registry and faults
/// must outlive it. start()/stop() from one thread; requests are served on the pool's threads.
class ApiServer final {
public:
    struct Options {
        std::string host = "127.0.0.1";
        int port = 0; ///< 0: pick a free port
        bool tls = true;
        std::map<std::string, SimUser> tokens; ///< bearer token → user
        bool gzip = false;                     ///< honour Accept-Encoding: gzip
        bool aggregatedDiscovery = true;       ///< answer the apidiscovery v2 Accept
        /// Serve streaming lists (watch with sendInitialEvents, the WatchList feature of 1.32);
        /// off: 422 as a server with the feature gate off.
        bool watchList = true;
        std::chrono::milliseconds bookmarkInterval{10000};
        int threads = 192;
        /// Graceful pod deletion and the eviction subresource (not owned; must outlive the
        /// server). Without them a pod DELETE is immediate and eviction is not served.
        PodTerminator *terminator = nullptr;
        PodEviction *eviction = nullptr;
        /// metrics.k8s.io (not owned; must outlive the server): served when set and the
        /// registry has the group (ResourceRegistry::serveMetricsApi).
        const MetricsServer *metrics = nullptr;
        /// The nodes' GPUs that `exec` shows to nvidia-smi (not owned; must outlive the
        /// server); without it containers see no GPUs.
        const NodeGpus *gpus = nullptr;
        /// The service proxy's endpoints: "NAMESPACE/NAME:PORT" → base URL ("http://h:p[/path]").
        std::map<std::string, std::string> serviceProxies;
    };

    ApiServer(ObjectStore &store, ResourceRegistry &registry, FaultInjector &faults,
              const TlsMaterial *tls, Options options);
    ~ApiServer();
    ApiServer(const ApiServer &) = delete;
    ApiServer &operator=(const ApiServer &) = delete;

    /// Binds and starts serving; returns the port, or -1 when the address cannot be bound.
    int start();
    void stop();
    std::string url() const;
    /// Points (or, with an empty `url`, stops pointing) the service proxy's "NAMESPACE/NAME:PORT"
    /// at `url`. Any thread.
    void setServiceProxy(const std::string &serviceKey, const std::string &url);

private:
    struct Route;
    struct WatchStart;
    void handle(const httplib::Request &req, httplib::Response &res);
    /// Writes a list or watch body's bytes, through the stall and slow faults.
    bool writeBody(httplib::DataSink &sink, const char *data, std::size_t size) const;
    void serveResource(const httplib::Request &req, httplib::Response &res, const SimUser &user,
                       Route &route);
    // serveResource's verbs, after it checked the route, the user and the faults.
    void serveGet(httplib::Response &res, const Route &route, bool table);
    /// GET pods/NAME/log: PodLogOptions, the API server's and kubelet's errors, follow as one
    /// long chunked body that ends when the run ends (ContainerLog, PodLogQuery).
    void serveLog(const httplib::Request &req, httplib::Response &res, const Route &route);
    /// GET pods/NAME/exec: the API server's checks and errors, the WebSocket handshake
    /// (v5.channel.k8s.io, v4.channel.k8s.io), then an ExecSession on this pool thread.
    void serveExec(const httplib::Request &req, httplib::Response &res, const SimUser &user,
                   const Route &route);
    void serveCreate(const httplib::Request &req, httplib::Response &res, const Route &route,
                     const WriteOptions &options);
    void serveUpdate(const httplib::Request &req, httplib::Response &res, const Route &route,
                     const WriteOptions &options);
    /// GET, PUT and PATCH of a workload's scale subresource (ScaleSubresource).
    void serveScale(const httplib::Request &req, httplib::Response &res, const Route &route,
                    const std::string &verb, const WriteOptions &options);
    void servePatch(const httplib::Request &req, httplib::Response &res, const Route &route,
                    const WriteOptions &options);
    void serveDelete(const httplib::Request &req, httplib::Response &res, const Route &route,
                     const WriteOptions &options);
    /// POST pods/NAME/eviction (PodEviction).
    void serveEviction(const httplib::Request &req, httplib::Response &res, const Route &route,
                       const WriteOptions &options);
    /// GET or LIST of metrics.k8s.io NodeMetrics and PodMetrics (MetricsServer).
    void serveMetrics(const httplib::Request &req, httplib::Response &res, const Route &route,
                      const std::string &verb);
    /// ANY services/[SCHEME:]NAME[:PORT]/proxy/PATH: the API server's service proxy — the
    /// Service must exist and the user may `get services/proxy` (a read-only user may not, as
    /// with the "view" role); the port (number or name) picks the endpoint from the proxy table,
    /// and the request (method, path, query, body, Accept and Content-Type; never the
    /// Authorization) is forwarded and its answer returned. No endpoint or an unreachable one is
    /// 503 ServiceUnavailable with upstream's messages.
    void serveServiceProxy(const httplib::Request &req, httplib::Response &res, const SimUser &user,
                           const Route &route);
    /// DELETE of a namespace with pods: marked Terminating; the namespace controller empties it.
    void terminateNamespace(httplib::Response &res, const Route &route);
    void serveDeleteCollection(const httplib::Request &req, httplib::Response &res,
                               const Route &route);
    /// The object as the answer (`code`), or the error.
    void sendObject(httplib::Response &res, const ResourceType &type, const Result<ObjectPtr> &r,
                    int code) const;
    void serveList(const httplib::Request &req, httplib::Response &res, const ResourceType &type,
                   const std::string &ns, bool table);
    void serveWatch(const httplib::Request &req, httplib::Response &res, const ResourceType &type,
                    const std::string &ns, bool table);
    /// The checked request and the list a watch starts from; nullopt when `res` already holds
    /// the error.
    std::optional<WatchStart> watchStart(const httplib::Request &req, httplib::Response &res,
                                         const ResourceType &type, const std::string &ns);
    /// The object of a Table watch event: one row, with the column definitions unless
    /// `headerSent`.
    std::string watchTableObject(const ResourceType &type, const ObjectPtr &object,
                                 bool headerSent) const;
    void serveReview(const httplib::Request &req, httplib::Response &res, const SimUser &user,
                     const ResourceType &type);
    std::optional<SimUser> authenticate(const httplib::Request &req) const;
    /// One serialised Table row for `object` (cached cells for pods and nodes, printed on
    /// demand for the rest).
    std::string tableRow(const ResourceType &type, const ObjectPtr &object,
                         std::chrono::system_clock::time_point now) const;
    std::string objectJson(const ResourceType &type, const ObjectPtr &object) const;

    ObjectStore &m_store;
    ResourceRegistry &m_registry;
    FaultInjector &m_faults;
    const TlsMaterial *m_tls;
    Options m_options;
    std::unique_ptr<httplib::Server> m_server;
    std::thread m_thread;
    std::atomic<bool> m_stopping{false};
    mutable std::mutex m_proxyMutex;
    std::map<std::string, std::string> m_serviceProxies; ///< guarded by m_proxyMutex
    int m_port = -1;
};

} // namespace cubedesk::sim
