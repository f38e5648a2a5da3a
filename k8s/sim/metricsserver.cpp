#include "k8s/sim/metricsserver.h"

#include "k8s/sim/objectfield.h"
#include "k8s/sim/resourceregistry.h"
#include "k8s/sim/rfc3339.h"
#include "k8s/sim/simhash.h"
#include "k8s/sim/workloadload.h"

#include <algorithm>
#include <cstdio>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

constexpr const char *kApiVersion = "metrics.k8s.io/v1beta1";
constexpr std::int64_t kNano = 1000000000;
constexpr std::int64_t kMiB = std::int64_t{1024} * 1024;

long long epochSeconds(MetricsServer::TimePoint t) {
    return std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count();
}

/// A quantity of `resources.<section>.<name>` in milli-units, or 0 when absent, zero or invalid.
std::int64_t milliOf(const json &container, const char *section, const char *name) {
    const json &values = objectField(objectField(container, "resources"), section);
    const auto it = values.find(name);
    if (it == values.end())
        return 0;
    const std::optional<k8s::Quantity> q = quantityOf(*it);
    if (!q)
        return 0;
    return std::max<std::int64_t>(0, q->milliValue());
}

bool running(const StoredObject &pod) {
    const auto phase = pod.field("status.phase");
    const auto node = pod.field("spec.nodeName");
    return phase && *phase == "Running" && node && !node->empty();
}

/// metadata-server's metadata: name (and namespace), the object's labels, created now.
json metricsMetadata(const json &object, MetricsServer::TimePoint now) {
    const json &meta = objectField(object, "metadata");
    json out = {{"name", meta.value("name", "")}, {"creationTimestamp", formatRfc3339(now)}};
    if (meta.contains("namespace"))
        out["namespace"] = meta["namespace"];
    if (const json &labels = objectField(meta, "labels"); !labels.empty())
        out["labels"] = labels;
    return out;
}

/// The last scrape's time and the window between it and the one before (~15 s, as Go prints a
/// Duration: "15.012s").
void stamp(json &doc, const std::string &key, MetricsServer::TimePoint now) {
    const long long slot = epochSeconds(now) / WorkloadLoad::kCpuPeriodSeconds;
    doc["timestamp"] = formatRfc3339(
        MetricsServer::TimePoint(std::chrono::seconds(slot * WorkloadLoad::kCpuPeriodSeconds)));
    const long long millis = WorkloadLoad::kCpuPeriodSeconds * 1000 - 20 +
                             static_cast<long long>(fnv1a(key + std::to_string(slot)) % 60);
    std::string window = std::to_string(millis / 1000) + '.';
    char fraction[8];
    std::snprintf(fraction, sizeof fraction, "%03lld", millis % 1000);
    window += fraction;
    while (window.back() == '0')
        window.pop_back();
    if (window.back() == '.')
        window.pop_back();
    doc["window"] = window + 's';
}

json usageJson(const MetricsServer::Usage &u) {
    return {{"cpu", std::to_string(u.nanoCores) + 'n'},
            {"memory", std::to_string(u.bytes / 1024) + "Ki"}};
}

json listOf(const char *kind, const ListPage &page, json items) {
    json meta = json::object();
    if (!page.continueToken.empty())
        meta["continue"] = page.continueToken;
    return {{"kind", kind}, {"apiVersion", kApiVersion}, {"metadata", meta}, {"items", items}};
}

json podMetrics(const json &pod, MetricsServer::TimePoint now) {
    json containers = json::array();
    for (const auto &c : objectField(pod, "spec").value("containers", json::array())) {
        if (!c.is_object())
            continue;
        containers.push_back({{"name", c.value("name", "")},
                              {"usage", usageJson(MetricsServer::containerUsage(pod, c, now))}});
    }
    const json &meta = objectField(pod, "metadata");
    json doc = {{"kind", "PodMetrics"},
                {"apiVersion", kApiVersion},
                {"metadata", metricsMetadata(pod, now)}};
    stamp(doc, meta.value("namespace", "") + '/' + meta.value("name", ""), now);
    doc["containers"] = std::move(containers);
    return doc;
}

} // namespace

MetricsServer::MetricsServer(const ObjectStore &store, const ResourceRegistry &registry)
    : m_store(store)
    , m_registry(registry) {}

MetricsServer::Usage MetricsServer::containerUsage(const json &pod, const json &container,
                                                   TimePoint now) {
    const std::string name = container.value("name", "");
    const json &meta = objectField(pod, "metadata");
    const WorkloadProfile profile = workloadProfileOf(pod, name);
    const std::uint64_t seed =
        fnv1a(meta.value("namespace", "") + '/' + meta.value("name", "") + '/' + name);
    const long long seconds = epochSeconds(now);

    const std::int64_t cpuLimit = milliOf(container, "limits", "cpu") * (kNano / 1000);
    std::int64_t cpuAllowance = milliOf(container, "requests", "cpu") * (kNano / 1000);
    if (cpuAllowance == 0)
        cpuAllowance = cpuLimit != 0 ? cpuLimit : kNano / 10; // its own 100m
    const std::int64_t memoryLimit = milliOf(container, "limits", "memory") / 1000;
    std::int64_t memoryAllowance = milliOf(container, "requests", "memory") / 1000;
    if (memoryAllowance == 0)
        memoryAllowance = memoryLimit != 0 ? memoryLimit : 256 * kMiB;

    Usage u;
    u.nanoCores = static_cast<std::int64_t>(static_cast<double>(cpuAllowance) *
                                            WorkloadLoad::cpuShare(profile, seed, seconds));
    u.bytes = static_cast<std::int64_t>(static_cast<double>(memoryAllowance) *
                                        WorkloadLoad::memoryShare(profile, seed, seconds));
    if (cpuLimit != 0)
        u.nanoCores = std::min(u.nanoCores, cpuLimit);
    if (memoryLimit != 0)
        u.bytes = std::min(u.bytes, memoryLimit);
    // A running process always uses something.
    u.nanoCores = std::max<std::int64_t>(u.nanoCores, 100000);
    u.bytes = std::max<std::int64_t>(u.bytes, 4 * kMiB);
    return u;
}

std::map<std::string, MetricsServer::Usage>
MetricsServer::usageByNode(TimePoint now, std::string_view onlyNode) const {
    std::map<std::string, Usage> out;
    for (const ObjectPtr &o : m_store.all(m_registry.core("pods"))) {
        if (!running(*o) || (!onlyNode.empty() && *o->field("spec.nodeName") != onlyNode))
            continue;
        const json pod = o->parse();
        Usage &sum = out[std::string(*o->field("spec.nodeName"))];
        for (const auto &c : objectField(pod, "spec").value("containers", json::array())) {
            if (!c.is_object())
                continue;
            const Usage u = containerUsage(pod, c, now);
            sum.nanoCores += u.nanoCores;
            sum.bytes += u.bytes;
        }
    }
    return out;
}

json MetricsServer::nodeMetrics(const json &node, const Usage &pods, TimePoint now) const {
    const json &capacity = objectField(objectField(node, "status"), "capacity");
    const json wrapper = {{"resources", {{"capacity", capacity}}}};
    const std::int64_t cores = milliOf(wrapper, "capacity", "cpu") * (kNano / 1000);
    const std::int64_t memory = milliOf(wrapper, "capacity", "memory") / 1000;
    const std::string name = objectField(node, "metadata").value("name", "");
    // The kubelet, the container runtime and the system: 0.15 core plus up to 2 % of the node,
    // 1.5 GiB plus 1 % of its memory.
    const double u =
        static_cast<double>(
            fnv1a(name + std::to_string(epochSeconds(now) / WorkloadLoad::kCpuPeriodSeconds)) %
            1000) /
        1000.0;
    Usage total = pods;
    total.nanoCores +=
        kNano * 15 / 100 + static_cast<std::int64_t>(static_cast<double>(cores) * 0.02 * u);
    total.bytes += 1536 * kMiB + memory / 100;
    if (cores > 0)
        total.nanoCores = std::min(total.nanoCores, cores);
    if (memory > 0)
        total.bytes = std::min(total.bytes, memory);
    json doc = {{"kind", "NodeMetrics"},
                {"apiVersion", kApiVersion},
                {"metadata", metricsMetadata(node, now)}};
    stamp(doc, name, now);
    doc["usage"] = usageJson(total);
    return doc;
}

Result<json> MetricsServer::node(const std::string &name, TimePoint now) const {
    auto stored = m_store.get(m_registry.core("nodes"), "", name);
    const json node = stored.ok() ? stored.value()->parse() : json();
    if (!stored.ok() || !nodeIsReady(node))
        return ApiError::notFound("nodemetrics", name, "metrics.k8s.io");
    const auto usage = usageByNode(now, name);
    const auto it = usage.find(name);
    return nodeMetrics(node, it != usage.end() ? it->second : Usage{}, now);
}

Result<json> MetricsServer::pod(const std::string &ns, const std::string &name,
                                TimePoint now) const {
    auto stored = m_store.get(m_registry.core("pods"), ns, name);
    if (!stored.ok() || !running(*stored.value()))
        return ApiError::notFound("podmetrics", name, "metrics.k8s.io");
    return podMetrics(stored.value()->parse(), now);
}

Result<json> MetricsServer::nodes(const ListQuery &query, TimePoint now) const {
    auto page = m_store.list(m_registry.core("nodes"), query);
    if (!page.ok())
        return page.error();
    json items = json::array();
    if (!page.value().items.empty()) {
        const auto usage = usageByNode(now);
        for (const ObjectPtr &o : page.value().items) {
            const json node = o->parse();
            if (!nodeIsReady(node))
                continue;
            const auto it = usage.find(o->name);
            items.push_back(nodeMetrics(node, it != usage.end() ? it->second : Usage{}, now));
        }
    }
    return listOf("NodeMetricsList", page.value(), std::move(items));
}

Result<json> MetricsServer::pods(const ListQuery &query, TimePoint now) const {
    auto page = m_store.list(m_registry.core("pods"), query);
    if (!page.ok())
        return page.error();
    json items = json::array();
    for (const ObjectPtr &o : page.value().items)
        if (running(*o))
            items.push_back(podMetrics(o->parse(), now));
    return listOf("PodMetricsList", page.value(), std::move(items));
}

} // namespace cubedesk::sim
