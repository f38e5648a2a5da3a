#include "k8s/sim/dcgmendpoints.h"

#include "k8s/sim/dcgmexporter.h"
#include "k8s/sim/nodegpus.h"
#include "k8s/sim/objectfield.h"
#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"
#include "k8s/sim/rfc3339.h"

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

DcgmEndpoints::DcgmEndpoints(const ObjectStore &store, const ResourceRegistry &registry,
                             const NodeGpus &gpus, std::string host)
    : m_store(store)
    , m_registry(registry)
    , m_gpus(gpus)
    , m_host(std::move(host)) {}

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
        bool exporterRuns = false;
        for (const ObjectPtr &p : m_store.all(m_registry.core("pods")))
            if (isRunningExporter(*p) && *p->field("spec.nodeName") == nodeName) {
                exporterRuns = true;
                break;
            }
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
    json groups = json::array();
    for (const ObjectPtr &p : m_store.all(m_registry.core("pods"))) {
        if (!isRunningExporter(*p))
            continue;
        const std::string nodeName(*p->field("spec.nodeName"));
        const auto node = m_store.get(m_registry.core("nodes"), "", nodeName);
        if (!node.ok())
            continue;
        const std::string ip = internalIp(node.value()->parse());
        groups.push_back({{"targets", json::array({address()})},
                          {"labels",
                           {{"__metrics_path__", kPathPrefix + nodeName + kPathSuffix},
                            {"instance", (ip.empty() ? nodeName : ip) + ":9400"},
                            {"job", kExporterName},
                            {"service", kExporterName},
                            {"endpoint", "metrics"},
                            {"namespace", p->ns},
                            {"pod", p->name},
                            {"container", kExporterName}}}});
    }
    return groups;
}

} // namespace cubedesk::sim
