#include "k8s/sim/dcgmendpoints.h"

#include "k8s/sim/dcgmexporter.h"
#include "k8s/sim/dcgmhistory.h"
#include "k8s/sim/nodegpus.h"
#include "k8s/sim/objectfield.h"
#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"
#include "k8s/sim/rfc3339.h"

#include <map>
#include <mutex>
#include <unordered_map>

#include <httplib.h>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

constexpr const char *kExporterLabel = "app.kubernetes.io/name";
constexpr const char *kExporterName = "dcgm-exporter";
constexpr const char *kPathPrefix = "/node/";
constexpr const char *kPathSuffix = "/metrics";

bool isRunningExporter(const StoredObject &pod) {
    const bool exporter = std::any_of(pod.labels.begin(), pod.labels.end(), [](const auto &l) {
        return l.first == kExporterLabel && l.second == kExporterName;
    });
    const auto phase = pod.field("status.phase");
    const auto node = pod.field("spec.nodeName");
    return exporter && phase && *phase == "Running" && node && !node->empty();
}

std::string internalIp(const json &node) {
    for (const auto &a : objectField(node, "status").value("addresses", json::array()))
        if (a.is_object() && a.value("type", "") == "InternalIP")
            return a.value("address", "");
    return {};
}

} // namespace

/// The running exporter pods by node. Events may reach the listener out of order (listeners
/// run on the writing threads after the lock is released): each pod's entry keeps the
/// resourceVersion it was last set from, and an older event changes nothing. Only pods that
/// were ever exporters have an entry (a deleted one keeps its version, with no node).
struct DcgmEndpoints::Index {
    struct Entry {
        std::uint64_t rv = 0;
        std::string node; ///< "" while not a running exporter
    };
    mutable std::mutex mutex;
    std::map<std::string, Entry> pods;            ///< by "namespace/name"
    std::unordered_map<std::string, int> running; ///< node → its running exporter pods

    void apply(const StoredObject &pod, std::uint64_t rv, bool deleted) {
        const bool runs = !deleted && isRunningExporter(pod);
        const std::string key = pod.key();
        std::lock_guard lock(mutex);
        auto it = pods.find(key);
        if (it == pods.end()) {
            if (!runs)
                return;
            it = pods.emplace(key, Entry{}).first;
        } else if (it->second.rv > rv) {
            return;
        }
        Entry &e = it->second;
        if (!e.node.empty())
            if (auto n = running.find(e.node); n != running.end() && --n->second == 0)
                running.erase(n);
        e.rv = rv;
        e.node = runs ? std::string(*pod.field("spec.nodeName")) : std::string();
        if (runs)
            ++running[e.node];
    }
};

DcgmEndpoints::DcgmEndpoints(ObjectStore &store, const ResourceRegistry &registry,
                             const NodeGpus &gpus, std::string host)
    : m_store(store)
    , m_registry(registry)
    , m_gpus(gpus)
    , m_host(std::move(host))
    , m_index(std::make_shared<Index>()) {
    // Listen first, then read what is there: a write in between reaches the index either way,
    // and the versions keep the newer state.
    const std::string pods = registry.core("pods").collectionKey();
    store.addListener([index = m_index, pods](const ResourceType &type, const WatchEvent &e) {
        if (e.object && type.collectionKey() == pods)
            index->apply(*e.object, e.rv, e.type == EventType::Deleted);
    });
    for (const ObjectPtr &p : store.all(registry.core("pods")))
        m_index->apply(*p, p->rv, false);
}

bool DcgmEndpoints::exporterRunsOn(const std::string &node) const {
    std::lock_guard lock(m_index->mutex);
    return m_index->running.count(node) > 0;
}

DcgmEndpoints::~DcgmEndpoints() {
    stop();
}

bool DcgmEndpoints::start() {
    m_server = std::make_unique<httplib::Server>();
    m_server->new_task_queue = [] { return new httplib::ThreadPool(8); };
    m_server->Get(".*", [this](const httplib::Request &req, httplib::Response &res) {
        const std::string &path = req.path;
        const std::size_t prefix = std::char_traits<char>::length(kPathPrefix);
        const std::size_t suffix = std::char_traits<char>::length(kPathSuffix);
        if (path.size() <= prefix + suffix || path.rfind(kPathPrefix, 0) != 0 ||
            path.compare(path.size() - suffix, suffix, kPathSuffix) != 0) {
            res.status = 404;
            res.set_content("404 page not found\n", "text/plain; charset=utf-8");
            return;
        }
        const std::string nodeName = path.substr(prefix, path.size() - prefix - suffix);
        const auto node = m_store.get(m_registry.core("nodes"), "", nodeName);
        const bool exporterRuns = exporterRunsOn(nodeName);
        const json nodeJson = node.ok() ? node.value()->parse() : json();
        if (!node.ok() || !exporterRuns || !nodeIsReady(nodeJson)) {
            res.status = 503;
            res.set_content("exporter unreachable: node " + nodeName +
                                (node.ok() ? " has no running dcgm-exporter or is not Ready\n"
                                           : " does not exist\n"),
                            "text/plain; charset=utf-8");
            return;
        }
        const auto now = std::chrono::system_clock::now();
        const auto boot = parseRfc3339(node.value()->creationTimestamp).value_or(now);
        res.set_content(
            DcgmExporter::exposition(nodeName, m_gpus.devicesOf(nodeName, now), now, boot),
            "text/plain; version=0.0.4; charset=utf-8");
    });
    m_port = m_server->bind_to_any_port(m_host);
    if (m_port < 0)
        return false;
    m_thread = std::thread([this] { m_server->listen_after_bind(); });
    return true;
}

void DcgmEndpoints::stop() {
    if (m_server)
        m_server->stop();
    if (m_thread.joinable())
        m_thread.join();
}

std::string DcgmEndpoints::address() const {
    return m_host + ':' + std::to_string(m_port);
}

json DcgmEndpoints::scrapeTargets() const {
    std::vector<std::pair<std::string, std::string>> exporters; // pod key, node
    {
        std::lock_guard lock(m_index->mutex);
        for (const auto &[key, entry] : m_index->pods)
            if (!entry.node.empty())
                exporters.emplace_back(key, entry.node);
    }
    json groups = json::array();
    for (const auto &[key, nodeName] : exporters) {
        const auto node = m_store.get(m_registry.core("nodes"), "", nodeName);
        if (!node.ok())
            continue;
        const std::size_t slash = key.find('/');
        const std::string ip = internalIp(node.value()->parse());
        groups.push_back({{"targets", json::array({address()})},
                          {"labels",
                           {{"__metrics_path__", kPathPrefix + nodeName + kPathSuffix},
                            {"instance", (ip.empty() ? nodeName : ip) + ":9400"},
                            {"job", kExporterName},
                            {"service", kExporterName},
                            {"endpoint", "metrics"},
                            {"namespace", key.substr(0, slash)},
                            {"pod", key.substr(slash + 1)},
                            {"container", kExporterName}}}});
    }
    return groups;
}

bool DcgmEndpoints::writeHistory(std::ostream &out, std::chrono::system_clock::time_point until,
                                 std::chrono::seconds span, std::chrono::seconds step,
                                 std::set<std::string> metrics,
                                 const std::function<bool()> &stopped) const {
    struct Target {
        std::string node;
        DcgmHistory::Labels labels;
        std::chrono::system_clock::time_point boot;
    };
    std::vector<Target> targets;
    const std::size_t prefix = std::char_traits<char>::length(kPathPrefix);
    const std::size_t suffix = std::char_traits<char>::length(kPathSuffix);
    for (const json &group : scrapeTargets()) {
        Target t;
        for (const auto &[k, v] : group.at("labels").items())
            t.labels[k] = v.get<std::string>();
        const std::string &path = t.labels["__metrics_path__"];
        t.node = path.substr(prefix, path.size() - prefix - suffix);
        const auto node = m_store.get(m_registry.core("nodes"), "", t.node);
        if (!node.ok() || !nodeIsReady(node.value()->parse()))
            continue;
        t.boot = parseRfc3339(node.value()->creationTimestamp).value_or(until - span);
        targets.push_back(std::move(t));
    }
    DcgmHistory history(std::move(metrics));
    for (auto at = until - span; at < until; at += step) {
        if (stopped && stopped())
            return false;
        const auto devices = m_gpus.snapshot(at);
        for (const Target &t : targets) {
            const auto d = devices->find(t.node);
            if (d != devices->end() &&
                !history.add(DcgmExporter::exposition(t.node, d->second, at, t.boot), t.labels, at))
                return false;
        }
    }
    history.write(out);
    return static_cast<bool>(out);
}

} // namespace cubedesk::sim
