#include "k8s/sim/quotacontroller.h"

#include "k8s/api/quantity.h"

#include <chrono>
#include <map>

namespace cubedesk::sim {

using k8s::Quantity;
using nlohmann::json;

QuotaController::QuotaController(ObjectStore &store, const ResourceRegistry &registry)
    : m_store(store)
    , m_registry(registry)
    , m_quotas(registry.core("resourcequotas"))
    , m_pods(registry.core("pods")) {
    m_store.addListener([this](const ResourceType &type, const WatchEvent &e) {
        if (!type.namespaced || e.object->ns.empty())
            return;
        // The controller's own status writes would only wake it for nothing.
        if (type.collectionKey() == m_quotas.collectionKey() && e.type == EventType::Modified &&
            e.previous &&
            e.previous->parse().value("spec", json::object()) ==
                e.object->parse().value("spec", json::object()))
            return;
        std::lock_guard lock(m_mutex);
        m_dirty.insert(e.object->ns);
        m_wake.notify_one();
    });
}

QuotaController::~QuotaController() {
    stop();
}

void QuotaController::start() {
    m_thread = std::thread([this] {
        std::unique_lock lock(m_mutex);
        while (!m_stop) {
            m_wake.wait(lock, [this] { return m_stop || !m_dirty.empty(); });
            if (m_stop)
                break;
            std::set<std::string> dirty;
            dirty.swap(m_dirty);
            lock.unlock();
            for (const auto &ns : dirty)
                recompute(ns);
            lock.lock();
            // At most ten passes a second: under churn a namespace is dirty again before a pass
            // ends, and kube-controller-manager's quota controller also works from a rate-limited
            // queue rather than once per pod event.
            m_wake.wait_for(lock, kMinPassInterval, [this] { return m_stop; });
        }
    });
}

void QuotaController::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_wake.notify_one();
    }
    if (m_thread.joinable())
        m_thread.join();
}

void QuotaController::recompute(const std::string &ns) {
    ListQuery inNs;
    inNs.ns = ns;
    auto quotas = m_store.list(m_quotas, inNs);
    if (!quotas.ok() || quotas.value().items.empty())
        return;
    auto pods = m_store.list(m_pods, inNs);
    if (!pods.ok())
        return;
    std::map<std::string, Quantity> requests;
    std::map<std::string, Quantity> limits;
    std::int64_t podCount = 0;
    for (const auto &p : pods.value().items) {
        const auto phase = p->field("status.phase").value_or("");
        if (phase == "Succeeded" || phase == "Failed")
            continue;
        ++podCount;
        for (const auto &[name, q] : p->podRequests)
            requests[name] += q;
        for (const auto &[name, q] : p->podLimits)
            limits[name] += q;
    }
    for (const auto &quota : quotas.value().items) {
        const json hard = quota->parse()["spec"].value("hard", json::object());
        json used = json::object();
        for (const auto &[key, limit] : hard.items()) {
            (void)limit;
            Quantity value;
            if (key == "pods" || key == "count/pods") {
                value = Quantity::fromUnits(podCount);
            } else if (key.rfind("count/", 0) == 0) {
                const std::string rest = key.substr(6);
                const auto dot = rest.find('.');
                const std::string plural = rest.substr(0, dot);
                const std::string group = dot == std::string::npos ? "" : rest.substr(dot + 1);
                const auto versions = m_registry.versionsOf(group, plural);
                if (!versions.empty()) {
                    auto objects = m_store.list(versions.front(), inNs);
                    if (objects.ok())
                        value = Quantity::fromUnits(
                            static_cast<std::int64_t>(objects.value().items.size()));
                }
            } else if (key.rfind("limits.", 0) == 0) {
                value = limits[key.substr(7)];
            } else {
                value = requests[key.rfind("requests.", 0) == 0 ? key.substr(9) : key];
            }
            used[key] = value.toString();
        }
        // Lost a race with another writer: the next pass recounts.
        static_cast<void>(m_store.update(
            m_quotas, ns, quota->name,
            [&](json &doc) -> std::optional<ApiError> {
                doc["status"] = {{"hard", hard}, {"used", used}};
                return std::nullopt;
            },
            WriteOptions{false, true, false}));
    }
}

} // namespace cubedesk::sim
