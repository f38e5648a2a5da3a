#include "k8s/sim/podeviction.h"

#include "k8s/sim/disruptioncontroller.h"
#include "k8s/sim/objectfield.h"
#include "k8s/sim/rfc3339.h"

namespace cubedesk::sim {

using nlohmann::json;

namespace {

constexpr int kConflictRetries = 10;
constexpr std::size_t kMaxDisruptedPods = 2000;

json success() {
    return {{"kind", "Status"},
            {"apiVersion", "v1"},
            {"metadata", json::object()},
            {"status", "Success"},
            {"code", 201}};
}

} // namespace

PodEviction::PodEviction(ObjectStore &store, const ResourceRegistry &registry,
                         PodTerminator &terminator)
    : m_store(store)
    , m_terminator(terminator)
    , m_pods(registry.core("pods"))
    , m_namespaces(registry.core("namespaces"))
    , m_budgets(*registry.find("policy", "v1", "poddisruptionbudgets")) {}

Result<json> PodEviction::evict(const std::string &ns, const std::string &name,
                                const json &eviction, bool dryRun) {
    if (!eviction.is_object())
        return ApiError::badRequest("the body of the request must be an Eviction");
    const json meta = objectField(eviction, "metadata");
    if (meta.contains("name") && meta.value("name", "") != name)
        return ApiError::badRequest("name in URL does not match name in Eviction object");
    auto nsObject = m_store.get(m_namespaces, "", ns);
    if (nsObject.ok() && nsObject.value()->json.find("\"deletionTimestamp\"") != std::string::npos)
        return ApiError::namespaceTerminating("pods", name, ns);

    PodDeleteRequest deletion;
    deletion.dryRun = dryRun;
    const json options = eviction.value("deleteOptions", json::object());
    if (options.is_object()) {
        if (options.contains("gracePeriodSeconds") &&
            options["gracePeriodSeconds"].is_number_integer())
            deletion.gracePeriodSeconds = options["gracePeriodSeconds"].get<std::int64_t>();
        for (const auto &v : options.value("dryRun", json::array()))
            if (v == "All")
                deletion.dryRun = true;
        const json pre = options.value("preconditions", json::object());
        if (pre.is_object()) {
            deletion.preconditionUid = pre.value("uid", "");
            deletion.preconditionRv = pre.value("resourceVersion", "");
        }
    }
    for (int i = 0;; ++i) {
        auto r = attempt(ns, name, deletion);
        if (r.ok() || r.error().reason != "Conflict" || i == kConflictRetries)
            return r;
    }
}

std::optional<std::string> PodEviction::markDisruptionTarget(const std::string &ns,
                                                             const std::string &name) {
    const std::string now = formatRfc3339(std::chrono::system_clock::now());
    // Best effort, as the condition is information: the deletion decides.
    auto r = m_store.update(
        m_pods, ns, name,
        [&](json &doc) -> std::optional<ApiError> {
            json &conditions = doc["status"]["conditions"];
            if (!conditions.is_array())
                conditions = json::array();
            for (const auto &c : conditions)
                if (c.value("type", "") == "DisruptionTarget")
                    return std::nullopt;
            conditions.push_back({{"type", "DisruptionTarget"},
                                  {"status", "True"},
                                  {"reason", "EvictionByEvictionAPI"},
                                  {"message", "Eviction API: evicting"},
                                  {"lastProbeTime", nullptr},
                                  {"lastTransitionTime", now}});
            return std::nullopt;
        },
        WriteOptions{false, true, false});
    if (!r.ok())
        return std::nullopt;
    return std::to_string(r.value()->rv);
}

Result<json> PodEviction::attempt(const std::string &ns, const std::string &name,
                                  const PodDeleteRequest &deletion) {
    auto podObject = m_store.get(m_pods, ns, name);
    if (!podObject.ok())
        return podObject.error();
    const json pod = podObject.value()->parse();
    const std::string rvNow = std::to_string(podObject.value()->rv);
    const auto done = [&](PodDeleteRequest request) -> Result<json> {
        const bool preconditionsHold =
            (request.preconditionRv.empty() || request.preconditionRv == rvNow) &&
            (request.preconditionUid.empty() || request.preconditionUid == podObject.value()->uid);
        if (!request.dryRun && preconditionsHold) {
            // The condition's write moves the version a precondition was checked against.
            if (auto marked = markDisruptionTarget(ns, name);
                marked && !request.preconditionRv.empty())
                request.preconditionRv = *marked;
        }
        auto removed = m_terminator.remove(ns, name, request);
        if (!removed.ok())
            return removed.error();
        return success();
    };
    // It already caused its disruption, or causes none: no budget is asked.
    const std::string phase = objectField(pod, "status").value("phase", "");
    if (phase == "Pending" || phase == "Succeeded" || phase == "Failed" ||
        objectField(pod, "metadata").contains("deletionTimestamp"))
        return done(deletion);

    ListQuery inNs;
    inNs.ns = ns;
    auto budgets = m_store.list(m_budgets, inNs);
    if (!budgets.ok())
        return budgets.error();
    std::vector<ObjectPtr> matching;
    for (const auto &b : budgets.value().items) {
        const auto select = DisruptionController::selector(
            objectField(b->parse(), "spec").value("selector", json()));
        if (select &&
            select->matches([&](std::string_view key) { return podObject.value()->label(key); }))
            matching.push_back(b);
    }
    if (matching.size() > 1)
        return ApiError{500, "",
                        "This pod has more than one PodDisruptionBudget, which the eviction "
                        "subresource does not support.",
                        json::object(), 0};
    if (matching.empty())
        return done(deletion);

    const ObjectPtr budget = matching.front();
    const json pdb = budget->parse();
    const json status = objectField(pdb, "status");
    const int currentHealthy = status.value("currentHealthy", 0);
    const int desiredHealthy = status.value("desiredHealthy", 0);
    if (!DisruptionController::ready(pod)) {
        const std::string policy =
            objectField(pdb, "spec").value("unhealthyPodEvictionPolicy", "IfHealthyBudget");
        if (policy == "AlwaysAllow" || (currentHealthy >= desiredHealthy && desiredHealthy > 0)) {
            PodDeleteRequest request = deletion;
            if (request.preconditionRv.empty())
                request.preconditionRv = std::to_string(podObject.value()->rv);
            return done(request);
        }
    }
    if (status.value("observedGeneration", 0) <
        objectField(pdb, "metadata").value("generation", 1)) {
        ApiError e = ApiError::disruptionBudget("The disruption budget " + budget->name +
                                                " is still being processed by the server.");
        e.retryAfterSeconds = 10;
        return e;
    }
    const int allowed = status.value("disruptionsAllowed", 0);
    const auto forbidden = [&](const std::string &why) {
        return ApiError{
            403, "Forbidden",
            "poddisruptionbudget.policy \"" + budget->name + "\" is forbidden: " + why,
            json{{"name", budget->name}, {"group", "policy"}, {"kind", "poddisruptionbudget"}}, 0};
    };
    if (allowed < 0)
        return forbidden("pdb disruptions allowed is negative");
    if (status.value("disruptedPods", json::object()).size() > kMaxDisruptedPods)
        return forbidden("DisruptedPods map too big - too many evictions not confirmed by PDB "
                         "controller");
    if (allowed == 0)
        return ApiError::disruptionBudget(
            "The disruption budget " + budget->name + " needs " + std::to_string(desiredHealthy) +
            " healthy pods and has " + std::to_string(currentHealthy) + " currently");
    if (deletion.dryRun)
        return success();
    const std::string now = formatRfc3339(std::chrono::system_clock::now());
    auto recorded = m_store.update(
        m_budgets, ns, budget->name,
        [&](json &doc) -> std::optional<ApiError> {
            doc["metadata"]["resourceVersion"] = std::to_string(budget->rv);
            json &s = doc["status"];
            s["disruptionsAllowed"] = allowed - 1;
            s["disruptedPods"][name] = now;
            if (allowed - 1 == 0)
                for (auto &c : s["conditions"])
                    if (c.value("type", "") == "DisruptionAllowed") {
                        c["status"] = "False";
                        c["reason"] = "InsufficientPods";
                        c["lastTransitionTime"] = now;
                    }
            return std::nullopt;
        },
        WriteOptions{false, true, false});
    if (!recorded.ok())
        return recorded.error(); // a Conflict: evict() tries again
    return done(deletion);
}

} // namespace cubedesk::sim
