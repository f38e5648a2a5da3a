#include "k8s/sim/disruptioncontroller.h"

#include "k8s/sim/objectfield.h"
#include "k8s/sim/rfc3339.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

/// An IntOrString against `total`: the integer, or the percentage of total rounded up (as the
/// controller's GetScaledValueFromIntOrPercent with roundUp). nullopt when malformed.
std::optional<int> scaled(const json &value, int total) {
    if (value.is_number_integer())
        return value.get<int>();
    if (!value.is_string())
        return std::nullopt;
    const std::string text = value.get<std::string>();
    if (text.empty() || text.back() != '%')
        return std::nullopt;
    char *end = nullptr;
    const long percent = std::strtol(text.c_str(), &end, 10);
    if (end != text.c_str() + text.size() - 1 || percent < 0)
        return std::nullopt;
    return static_cast<int>(std::ceil(static_cast<double>(percent) * total / 100.0));
}

bool isPercent(const json &value) {
    return value.is_string();
}

std::optional<std::string> controllerOf(const json &pod, std::string *kind) {
    for (const auto &ref : objectField(pod, "metadata").value("ownerReferences", json::array()))
        if (ref.value("controller", false)) {
            *kind = ref.value("kind", "");
            return ref.value("name", "");
        }
    return std::nullopt;
}

} // namespace

DisruptionController::DisruptionController(ObjectStore &store, const ResourceRegistry &registry)
    : m_store(store)
    , m_registry(registry)
    , m_budgets(*registry.find("policy", "v1", "poddisruptionbudgets"))
    , m_pods(registry.core("pods"))
    , m_replicaSets(*registry.find("apps", "v1", "replicasets"))
    , m_deployments(*registry.find("apps", "v1", "deployments"))
    , m_statefulSets(*registry.find("apps", "v1", "statefulsets")) {
    m_store.addListener([this](const ResourceType &type, const WatchEvent &e) {
        const std::string key = type.collectionKey();
        const bool budget = key == m_budgets.collectionKey();
        if (!budget && key != m_pods.collectionKey() && key != m_replicaSets.collectionKey() &&
            key != m_deployments.collectionKey() && key != m_statefulSets.collectionKey())
            return;
        if (e.object->ns.empty())
            return;
        // The controller's own status writes would only wake it for nothing.
        if (budget && e.type == EventType::Modified && e.previous &&
            e.previous->parse().value("spec", json::object()) ==
                e.object->parse().value("spec", json::object()) &&
            objectField(e.previous->parse(), "status").value("disruptedPods", json::object()) ==
                objectField(e.object->parse(), "status").value("disruptedPods", json::object()))
            return;
        std::lock_guard lock(m_mutex);
        m_dirty.insert(e.object->ns);
        m_wake.notify_one();
    });
}

DisruptionController::~DisruptionController() {
    stop();
}

void DisruptionController::start() {
    m_thread = std::thread([this] {
        std::unique_lock lock(m_mutex);
        while (!m_stop) {
            // Recorded disruptions expire with time alone: look again every ten seconds.
            m_wake.wait_for(lock, std::chrono::seconds(10),
                            [this] { return m_stop || !m_dirty.empty(); });
            if (m_stop)
                break;
            std::set<std::string> dirty;
            dirty.swap(m_dirty);
            lock.unlock();
            if (dirty.empty()) {
                for (const auto &b : m_store.all(m_budgets))
                    dirty.insert(b->ns);
            }
            for (const auto &ns : dirty)
                recompute(ns);
            lock.lock();
            m_wake.wait_for(lock, kMinPassInterval, [this] { return m_stop; });
        }
    });
}

void DisruptionController::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_wake.notify_one();
    }
    if (m_thread.joinable())
        m_thread.join();
}

std::optional<k8s::LabelSelector> DisruptionController::selector(const json &labelSelector) {
    if (!labelSelector.is_object())
        return std::nullopt;
    auto parsed = k8s::LabelSelector::fromJson(labelSelector.dump());
    if (!parsed)
        return std::nullopt;
    return std::move(*parsed);
}

bool DisruptionController::ready(const json &pod) {
    for (const auto &c : objectField(pod, "status").value("conditions", json::array()))
        if (c.value("type", "") == "Ready")
            return c.value("status", "") == "True";
    return false;
}

Result<int> DisruptionController::expectedScale(const std::vector<json> &pods) const {
    // Each controller counted once, at its own replica count; pods without a controller are
    // left out (upstream warns with an UnmanagedPods event).
    std::map<std::string, int> scales;
    for (const auto &pod : pods) {
        const std::string name = objectField(pod, "metadata").value("name", "");
        const std::string ns = objectField(pod, "metadata").value("namespace", "");
        std::string kind;
        const auto owner = controllerOf(pod, &kind);
        if (!owner)
            continue;
        std::optional<json> scaleOwner;
        std::string scaleKey;
        if (kind == "ReplicaSet") {
            auto rs = m_store.get(m_replicaSets, ns, *owner);
            if (rs.ok()) {
                const json doc = rs.value()->parse();
                std::string parentKind;
                const auto parent = controllerOf(doc, &parentKind);
                auto deployment = parent && parentKind == "Deployment"
                                      ? m_store.get(m_deployments, ns, *parent)
                                      : Result<ObjectPtr>(ApiError::notFound("deployments", ""));
                if (deployment.ok()) {
                    scaleOwner = deployment.value()->parse();
                    scaleKey = "Deployment/" + *parent;
                } else {
                    scaleOwner = doc;
                    scaleKey = "ReplicaSet/" + *owner;
                }
            }
        } else if (kind == "StatefulSet") {
            auto sts = m_store.get(m_statefulSets, ns, *owner);
            if (sts.ok()) {
                scaleOwner = sts.value()->parse();
                scaleKey = "StatefulSet/" + *owner;
            }
        } else {
            // No scale subresource: DaemonSets, Jobs, the training operators' kinds.
            const std::string apiVersion = [&] {
                for (const auto &ref :
                     objectField(pod, "metadata").value("ownerReferences", json::array()))
                    if (ref.value("controller", false))
                        return ref.value("apiVersion", "");
                return std::string();
            }();
            const auto slash = apiVersion.find('/');
            const std::string group =
                slash == std::string::npos ? std::string() : apiVersion.substr(0, slash);
            const auto type = m_registry.findByKind(group, kind);
            const std::string resource =
                type ? (group.empty() ? type->plural : type->plural + '.' + group) : kind;
            return ApiError::internal(resource + " does not implement the scale subresource");
        }
        if (!scaleOwner)
            return ApiError::internal("found no controllers for pod \"" + name + '"');
        scales[scaleKey] = scaleOwner->value("spec", json::object()).value("replicas", 1);
    }
    int total = 0;
    for (const auto &[key, replicas] : scales)
        total += replicas;
    return total;
}

json DisruptionController::statusFor(const json &pdb, const std::vector<ObjectPtr> &pods) const {
    const json &spec = objectField(pdb, "spec");
    const json old = objectField(pdb, "status");
    const auto now = std::chrono::system_clock::now();
    std::vector<json> docs;
    docs.reserve(pods.size());
    for (const auto &p : pods)
        docs.push_back(p->parse());

    // Evictions recorded by the eviction subresource count until the pod is being deleted, or
    // for two minutes.
    json disrupted = json::object();
    const json recorded = old.value("disruptedPods", json::object());
    for (const auto &entry : recorded.items()) {
        const std::string &name = entry.key();
        const json &when = entry.value();
        const auto at = parseRfc3339(when.is_string() ? when.get<std::string>() : "");
        if (!at || *at + kDisruptionTimeout < now)
            continue;
        const auto pod = std::find_if(docs.begin(), docs.end(), [&name](const json &d) {
            return objectField(d, "metadata").value("name", "") == name;
        });
        if (pod != docs.end() && !objectField(*pod, "metadata").contains("deletionTimestamp"))
            disrupted[name] = when;
    }
    int healthy = 0;
    for (const auto &d : docs)
        if (!objectField(d, "metadata").contains("deletionTimestamp") &&
            !disrupted.contains(objectField(d, "metadata").value("name", "")) && ready(d))
            ++healthy;

    std::optional<std::string> failure;
    int expected = 0;
    int desired = 0;
    const bool hasMin = spec.contains("minAvailable");
    const bool hasMax = spec.contains("maxUnavailable");
    if (hasMax || (hasMin && isPercent(spec["minAvailable"]))) {
        auto scale = expectedScale(docs);
        if (!scale.ok()) {
            failure = "Failed to calculate the number of expected pods: " +
                      scale.error().details["causes"][0].value("message", "");
        } else {
            expected = scale.value();
            const auto value =
                scaled(hasMax ? spec["maxUnavailable"] : spec["minAvailable"], expected);
            if (!value)
                failure = "invalid value for IntOrString";
            else
                desired = hasMax ? std::max(0, expected - *value) : *value;
        }
    } else if (hasMin) {
        expected = static_cast<int>(docs.size());
        const auto value = scaled(spec["minAvailable"], expected);
        if (!value)
            failure = "invalid value for IntOrString";
        else
            desired = *value;
    }
    const std::int64_t generation = objectField(pdb, "metadata").value("generation", 1);
    const auto condition = [&](const std::string &conditionStatus, const std::string &reason,
                               const std::string &message, std::int64_t observed) {
        std::string since = formatRfc3339(now);
        for (const auto &c : old.value("conditions", json::array()))
            if (c.value("type", "") == "DisruptionAllowed" &&
                c.value("status", "") == conditionStatus)
                since = c.value("lastTransitionTime", since);
        return json::array({{{"type", "DisruptionAllowed"},
                             {"status", conditionStatus},
                             {"reason", reason},
                             {"message", message},
                             {"observedGeneration", observed},
                             {"lastTransitionTime", since}}});
    };
    if (failure) {
        // failSafe: nothing allowed, and the rest of the status (observedGeneration included)
        // as it was, so that evictions hear "still being processed" for a new budget.
        json status = old.is_object() ? old : json::object();
        const std::int64_t observed = status.value("observedGeneration", 0);
        status["disruptionsAllowed"] = 0;
        status["conditions"] = condition("False", "SyncFailed", *failure, observed);
        if (!status.contains("currentHealthy"))
            status["currentHealthy"] = 0;
        if (!status.contains("desiredHealthy"))
            status["desiredHealthy"] = 0;
        if (!status.contains("expectedPods"))
            status["expectedPods"] = 0;
        return status;
    }
    const int allowed = expected <= 0 ? 0 : std::max(0, healthy - desired);
    json status = {{"observedGeneration", generation},
                   {"disruptionsAllowed", allowed},
                   {"currentHealthy", healthy},
                   {"desiredHealthy", desired},
                   {"expectedPods", expected},
                   {"conditions", condition(allowed > 0 ? "True" : "False",
                                            allowed > 0 ? "SufficientPods" : "InsufficientPods", "",
                                            generation)}};
    if (!disrupted.empty())
        status["disruptedPods"] = disrupted;
    return status;
}

void DisruptionController::recompute(const std::string &ns) {
    ListQuery inNs;
    inNs.ns = ns;
    auto budgets = m_store.list(m_budgets, inNs);
    if (!budgets.ok() || budgets.value().items.empty())
        return;
    auto pods = m_store.list(m_pods, inNs);
    if (!pods.ok())
        return;
    for (const auto &budget : budgets.value().items) {
        const json doc = budget->parse();
        const auto select = selector(objectField(doc, "spec").value("selector", json()));
        std::vector<ObjectPtr> selected;
        if (select)
            for (const auto &p : pods.value().items)
                if (select->matches([&p](std::string_view key) { return p->label(key); }))
                    selected.push_back(p);
        const json status = statusFor(doc, selected);
        // Lost a race with another writer (an eviction): the next pass recounts.
        static_cast<void>(m_store.update(
            m_budgets, ns, budget->name,
            [&](json &d) -> std::optional<ApiError> {
                // Computed from this version: an eviction recorded since wins, and wakes us.
                d["metadata"]["resourceVersion"] = std::to_string(budget->rv);
                d["status"] = status;
                return std::nullopt;
            },
            WriteOptions{false, true, false}));
    }
}

} // namespace cubedesk::sim
