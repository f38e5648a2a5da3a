#include "k8s/sim/workloadcontroller.h"

#include "k8s/sim/disruptioncontroller.h"
#include "k8s/sim/objectfield.h"
#include "k8s/sim/rfc3339.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string_view>
#include <tuple>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

constexpr const char *kRevision = "deployment.kubernetes.io/revision";
constexpr const char *kTemplateHash = "pod-template-hash";
constexpr const char *kRevisionHash = "controller-revision-hash";

std::string nowText() {
    return formatRfc3339(std::chrono::system_clock::now());
}

int replicasOf(const json &object) {
    const json spec = objectField(object, "spec");
    const auto it = spec.find("replicas");
    return it != spec.end() && it->is_number_integer() ? it->get<int>() : 1;
}

bool terminating(const json &object) {
    return objectField(object, "metadata").contains("deletionTimestamp");
}

bool finished(const json &pod) {
    const std::string phase = objectField(pod, "status").value("phase", "");
    return phase == "Succeeded" || phase == "Failed";
}

/// The name of the controller that owns `object` when it is of `kind`, else "".
std::string controllerOf(const json &object, const char *kind) {
    for (const auto &ref : objectField(object, "metadata").value("ownerReferences", json::array()))
        if (ref.is_object() && ref.value("controller", false) && ref.value("kind", "") == kind)
            return ref.value("name", "");
    return {};
}

json controllerRef(const json &owner) {
    const json meta = objectField(owner, "metadata");
    return json::array({{{"apiVersion", owner.value("apiVersion", "apps/v1")},
                         {"kind", owner.value("kind", "")},
                         {"name", meta.value("name", "")},
                         {"uid", meta.value("uid", "")},
                         {"controller", true},
                         {"blockOwnerDeletion", true}}});
}

/// A template without the pod-template-hash label, for the deployment controller's
/// EqualIgnoreHash.
json withoutHash(json podTemplate) {
    if (podTemplate.is_object() && podTemplate.contains("metadata") &&
        podTemplate["metadata"].is_object() && podTemplate["metadata"].contains("labels") &&
        podTemplate["metadata"]["labels"].is_object()) {
        podTemplate["metadata"]["labels"].erase(kTemplateHash);
        if (podTemplate["metadata"]["labels"].empty())
            podTemplate["metadata"].erase("labels");
        if (podTemplate["metadata"].empty())
            podTemplate.erase("metadata");
    }
    return podTemplate;
}

int revisionOf(const json &object) {
    const std::string text =
        objectField(object, "metadata").value("annotations", json::object()).value(kRevision, "");
    return text.empty() ? 0 : static_cast<int>(std::strtol(text.c_str(), nullptr, 10));
}

/// maxUnavailable of a RollingUpdate strategy against `replicas`: an integer, or a percentage
/// rounded down (25% when unset), as the deployment controller resolves it.
int maxUnavailable(const json &deployment, int replicas) {
    const json value =
        objectField(objectField(objectField(deployment, "spec"), "strategy"), "rollingUpdate")
            .value("maxUnavailable", json("25%"));
    if (value.is_number_integer())
        return value.get<int>();
    if (value.is_string()) {
        const std::string text = value.get<std::string>();
        if (!text.empty() && text.back() == '%')
            return replicas * static_cast<int>(std::strtol(text.c_str(), nullptr, 10)) / 100;
    }
    return 0;
}

/// A condition with its transition time kept while its status stays the same.
json condition(const json &old, const char *type, bool status, const std::string &reason,
               const std::string &message) {
    const std::string now = nowText();
    json c = {{"type", type},          {"status", status ? "True" : "False"},
              {"reason", reason},      {"message", message},
              {"lastUpdateTime", now}, {"lastTransitionTime", now}};
    for (const auto &o : objectField(old, "status").value("conditions", json::array()))
        if (o.is_object() && o.value("type", "") == type) {
            if (o.value("status", "") == c["status"])
                c["lastTransitionTime"] = o.value("lastTransitionTime", now);
            if (o.value("reason", "") == reason && o.value("message", "") == message)
                c["lastUpdateTime"] = o.value("lastUpdateTime", now);
        }
    return c;
}

/// Whether a pod's change leaves alone everything its controller counts — deletion, binding,
/// phase, ready containers, the Ready condition — read from the stored text: the churn engine's
/// heartbeats modify thousands of owned pods a second, and parsing each would cost more than the
/// change.
bool sameForController(const StoredObject &before, const StoredObject &after) {
    const auto has = [](const StoredObject &o, std::string_view needle) {
        return o.json.find(needle) != std::string::npos;
    };
    const auto count = [](const StoredObject &o, std::string_view needle) {
        std::size_t n = 0;
        for (std::size_t at = o.json.find(needle); at != std::string::npos;
             at = o.json.find(needle, at + needle.size()))
            ++n;
        return n;
    };
    const auto phase = [](const StoredObject &o) {
        static constexpr std::string_view kPhase = "\"phase\":\"";
        const std::size_t at = o.json.find(kPhase);
        if (at == std::string::npos)
            return std::string_view();
        const std::size_t start = at + kPhase.size();
        const std::size_t end = o.json.find('"', start);
        return std::string_view(o.json).substr(start, end == std::string::npos ? 0 : end - start);
    };
    for (const std::string_view marker : {"\"deletionTimestamp\"", "\"nodeName\""})
        if (has(before, marker) != has(after, marker))
            return false;
    // Keys are stored sorted, so a true Ready condition reads `"status":"True","type":"Ready"`.
    static constexpr std::string_view kReadyCondition = "\"status\":\"True\",\"type\":\"Ready\"";
    return phase(before) == phase(after) &&
           count(before, "\"ready\":true") == count(after, "\"ready\":true") &&
           has(before, kReadyCondition) == has(after, kReadyCondition);
}

} // namespace

WorkloadController::WorkloadController(ObjectStore &store, const ResourceRegistry &registry,
                                       PodTerminator &terminator)
    : m_store(store)
    , m_terminator(terminator)
    , m_pods(registry.core("pods"))
    , m_deployments(*registry.find("apps", "v1", "deployments"))
    , m_replicaSets(*registry.find("apps", "v1", "replicasets"))
    , m_statefulSets(*registry.find("apps", "v1", "statefulsets")) {}

WorkloadController::~WorkloadController() {
    stop();
}

void WorkloadController::start() {
    // Installed after the scenario was loaded: its objects are as it built them.
    m_store.addListener([this](const ResourceType &type, const WatchEvent &e) {
        const std::string key = type.collectionKey();
        if (key == m_pods.collectionKey()) {
            if (e.type == EventType::Modified && e.previous &&
                sameForController(*e.previous, *e.object))
                return;
            markOwner(*e.object);
            return;
        }
        if (e.type == EventType::Deleted)
            return;
        std::string kind;
        if (key == m_deployments.collectionKey())
            kind = m_deployments.plural;
        else if (key == m_replicaSets.collectionKey())
            kind = m_replicaSets.plural;
        else if (key == m_statefulSets.collectionKey())
            kind = m_statefulSets.plural;
        else
            return;
        std::lock_guard lock(m_mutex);
        m_dirty.emplace(kind, e.object->ns, e.object->name);
        // A ReplicaSet's counts are its Deployment's.
        if (kind == m_replicaSets.plural)
            if (const std::string owner = controllerOf(e.object->parse(), "Deployment");
                !owner.empty())
                m_dirty.emplace(m_deployments.plural, e.object->ns, owner);
        m_wake.notify_one();
    });
    m_thread = std::thread([this] { run(); });
}

void WorkloadController::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
    }
    m_wake.notify_all();
    if (m_thread.joinable())
        m_thread.join();
}

void WorkloadController::markOwner(const StoredObject &pod) {
    // Most pods have no workload owner (the churn engine's, jobs'): skip them without parsing.
    const bool replicaSet = pod.json.find("\"kind\":\"ReplicaSet\"") != std::string::npos;
    const bool statefulSet = pod.json.find("\"kind\":\"StatefulSet\"") != std::string::npos;
    if (!replicaSet && !statefulSet)
        return;
    const json doc = pod.parse();
    std::lock_guard lock(m_mutex);
    if (const std::string owner = controllerOf(doc, "ReplicaSet"); !owner.empty())
        m_dirty.emplace(m_replicaSets.plural, pod.ns, owner);
    if (const std::string owner = controllerOf(doc, "StatefulSet"); !owner.empty())
        m_dirty.emplace(m_statefulSets.plural, pod.ns, owner);
    m_wake.notify_one();
}

void WorkloadController::run() {
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        m_wake.wait(lock, [this] { return m_stop || !m_dirty.empty(); });
        if (m_stop)
            break;
        // Gather a burst of changes (a scale creates many pods) into one pass.
        m_wake.wait_for(lock, kMinPassInterval, [this] { return m_stop; });
        std::set<Key> work;
        work.swap(m_dirty);
        lock.unlock();
        for (const auto &[kind, ns, name] : work) {
            // Any client may have written a field of an unexpected type; nlohmann's typed
            // reads then throw, and that workload is left as it is.
            try {
                if (kind == m_deployments.plural)
                    reconcileDeployment(ns, name);
                else if (kind == m_replicaSets.plural)
                    reconcileReplicaSet(ns, name);
                else
                    reconcileStatefulSet(ns, name);
            } catch (const json::exception &) {
            }
        }
        lock.lock();
    }
}

std::string WorkloadController::nameSuffix(const std::string &seed) {
    static constexpr char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    std::uint64_t h = 14695981039346656037ULL; // FNV-1a: the same on every platform
    for (const char c : seed)
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    std::string out;
    for (int i = 0; i < 5; ++i, h /= 27)
        out += kAlphabet[h % 27];
    return out;
}

std::string WorkloadController::templateHash(const json &podTemplate) {
    static constexpr char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    std::uint64_t h = 14695981039346656037ULL; // FNV-1a, as ComputeHash (64 bits here)
    for (const char c : withoutHash(podTemplate).dump())
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    std::string out;
    for (int i = 0; i < 10; ++i, h /= 27)
        out += kAlphabet[h % 27];
    return out;
}

json WorkloadController::podFromTemplate(const json &owner, const std::string &name) {
    const json podTemplate = objectField(objectField(owner, "spec"), "template");
    json meta = objectField(podTemplate, "metadata");
    meta.erase("creationTimestamp");
    meta["name"] = name;
    meta["namespace"] = objectField(owner, "metadata").value("namespace", "");
    meta["ownerReferences"] = controllerRef(owner);
    json pod = {{"apiVersion", "v1"},
                {"kind", "Pod"},
                {"metadata", std::move(meta)},
                {"spec", objectField(podTemplate, "spec")},
                {"status", {{"phase", "Pending"}, {"qosClass", "Burstable"}}}};
    return pod;
}

std::vector<json> WorkloadController::ownedPods(const std::string &ns, const std::string &kind,
                                                const std::string &owner) const {
    std::vector<json> out;
    ListQuery query;
    query.ns = ns;
    auto list = m_store.list(m_pods, query);
    if (!list.ok())
        return out;
    for (const auto &p : list.value().items) {
        if (p->json.find("\"kind\":\"" + kind + '"') == std::string::npos)
            continue;
        json doc = p->parse();
        if (controllerOf(doc, kind.c_str()) == owner)
            out.push_back(std::move(doc));
    }
    return out;
}

void WorkloadController::createPod(const json &owner, const std::string &name) {
    static_cast<void>(m_store.create(m_pods, podFromTemplate(owner, name)));
}

void WorkloadController::deletePod(const std::string &ns, const std::string &name) {
    static_cast<void>(m_terminator.remove(ns, name, {}));
}

void WorkloadController::reconcileDeployment(const std::string &ns, const std::string &name) {
    auto stored = m_store.get(m_deployments, ns, name);
    if (!stored.ok())
        return;
    const json deployment = stored.value()->parse();
    if (terminating(deployment))
        return;
    const json spec = objectField(deployment, "spec");
    const json podTemplate = objectField(spec, "template");
    const int desired = replicasOf(deployment);

    std::vector<json> owned;
    ListQuery query;
    query.ns = ns;
    if (auto list = m_store.list(m_replicaSets, query); list.ok())
        for (const auto &rs : list.value().items) {
            json doc = rs->parse();
            if (controllerOf(doc, "Deployment") == name)
                owned.push_back(std::move(doc));
        }
    int maxRevision = 0;
    const json *current = nullptr;
    for (const auto &rs : owned) {
        maxRevision = std::max(maxRevision, revisionOf(rs));
        if (current == nullptr && withoutHash(objectField(objectField(rs, "spec"), "template")) ==
                                      withoutHash(podTemplate))
            current = &rs;
    }
    json created;
    std::string currentName;
    int revision = 0;
    if (current == nullptr) {
        // A new template: a new ReplicaSet at the next revision.
        const std::string hash = templateHash(podTemplate);
        currentName = name + '-' + hash;
        revision = maxRevision + 1;
        json rsTemplate = podTemplate;
        rsTemplate["metadata"]["labels"][kTemplateHash] = hash;
        json selector = objectField(spec, "selector");
        selector["matchLabels"][kTemplateHash] = hash;
        json labels = rsTemplate["metadata"]["labels"];
        created = {{"apiVersion", "apps/v1"},
                   {"kind", "ReplicaSet"},
                   {"metadata",
                    {{"name", currentName},
                     {"namespace", ns},
                     {"labels", labels},
                     {"annotations",
                      {{kRevision, std::to_string(revision)},
                       {"deployment.kubernetes.io/desired-replicas", std::to_string(desired)},
                       {"deployment.kubernetes.io/max-replicas",
                        std::to_string(desired + std::max(1, (desired + 3) / 4))}}},
                     {"ownerReferences", controllerRef(deployment)}}},
                   {"spec",
                    {{"replicas", desired},
                     {"minReadySeconds", spec.value("minReadySeconds", 0)},
                     {"selector", selector},
                     {"template", rsTemplate}}}};
        if (!m_store.create(m_replicaSets, created).ok())
            return;
    } else {
        currentName = objectField(*current, "metadata").value("name", "");
        revision = revisionOf(*current);
        if (replicasOf(*current) != desired)
            static_cast<void>(m_store.update(
                m_replicaSets, ns, currentName, [desired](json &doc) -> std::optional<ApiError> {
                    doc["spec"]["replicas"] = desired;
                    doc["metadata"]["annotations"]["deployment.kubernetes.io/desired-replicas"] =
                        std::to_string(desired);
                    return std::nullopt;
                }));
    }
    // The old ReplicaSets go to zero at once: a rollout as a Recreate would, which keeps the
    // simulator's rollouts short; the new pods still start only when the scheduler binds them.
    int replicas = 0;
    int updated = 0;
    int ready = 0;
    int available = 0;
    for (const auto &rs : owned) {
        const std::string rsName = objectField(rs, "metadata").value("name", "");
        const json status = objectField(rs, "status");
        replicas += status.value("replicas", 0);
        ready += status.value("readyReplicas", 0);
        available += status.value("availableReplicas", 0);
        if (rsName == currentName) {
            updated = status.value("replicas", 0);
            continue;
        }
        if (replicasOf(rs) != 0)
            static_cast<void>(
                m_store.update(m_replicaSets, ns, rsName, [](json &doc) -> std::optional<ApiError> {
                    doc["spec"]["replicas"] = 0;
                    return std::nullopt;
                }));
    }
    const bool complete = updated == desired && replicas == desired && available == desired;
    const bool minimum = available >= desired - maxUnavailable(deployment, desired);
    const std::string rsText = "ReplicaSet \"" + currentName + '"';
    json status = {
        {"observedGeneration",
         objectField(deployment, "metadata").value("generation", std::int64_t{1})},
        {"replicas", replicas},
        {"updatedReplicas", updated},
        {"readyReplicas", ready},
        {"availableReplicas", available},
        {"conditions",
         json::array({condition(deployment, "Available", minimum,
                                minimum ? "MinimumReplicasAvailable" : "MinimumReplicasUnavailable",
                                minimum ? "Deployment has minimum availability."
                                        : "Deployment does not have minimum availability."),
                      condition(deployment, "Progressing", true,
                                complete ? "NewReplicaSetAvailable" : "ReplicaSetUpdated",
                                complete ? rsText + " has successfully progressed."
                                         : rsText + " is progressing.")})}};
    if (desired > available)
        status["unavailableReplicas"] = desired - available;
    const std::string revisionText = std::to_string(revision);
    static_cast<void>(
        m_store.update(m_deployments, ns, name, [&](json &doc) -> std::optional<ApiError> {
            doc["metadata"]["annotations"][kRevision] = revisionText;
            return std::nullopt;
        }));
    static_cast<void>(m_store.update(
        m_deployments, ns, name,
        [&status](json &doc) -> std::optional<ApiError> {
            doc["status"] = status;
            return std::nullopt;
        },
        WriteOptions{false, true, false, false}));
}

void WorkloadController::reconcileReplicaSet(const std::string &ns, const std::string &name) {
    auto stored = m_store.get(m_replicaSets, ns, name);
    if (!stored.ok())
        return;
    const json rs = stored.value()->parse();
    if (terminating(rs))
        return;
    const int desired = replicasOf(rs);
    std::vector<json> active;
    for (auto &p : ownedPods(ns, "ReplicaSet", name))
        if (!terminating(p) && !finished(p))
            active.push_back(std::move(p));
    const bool hasContainers =
        !objectField(objectField(objectField(rs, "spec"), "template"), "spec")
             .value("containers", json::array())
             .empty();
    int count = static_cast<int>(active.size());
    if (count < desired && hasContainers) {
        const std::string uid = objectField(rs, "metadata").value("uid", name);
        for (int attempt = 0; count < desired && attempt < 4 * desired + 16; ++attempt) {
            const std::string podName =
                name + '-' + nameSuffix(uid + '/' + std::to_string(attempt));
            if (m_store.create(m_pods, podFromTemplate(rs, podName)).ok())
                ++count;
        }
    } else if (count > desired) {
        // The replica set controller's order: unbound before bound, not ready before ready,
        // the newest first.
        std::sort(active.begin(), active.end(), [](const json &a, const json &b) {
            const auto rank = [](const json &p) {
                return std::tuple{objectField(p, "spec").contains("nodeName"),
                                  DisruptionController::ready(p)};
            };
            if (rank(a) != rank(b))
                return rank(a) < rank(b);
            return objectField(a, "metadata").value("creationTimestamp", "") >
                   objectField(b, "metadata").value("creationTimestamp", "");
        });
        for (int i = 0; i < count - desired; ++i)
            deletePod(
                ns, objectField(active[static_cast<std::size_t>(i)], "metadata").value("name", ""));
        active.erase(active.begin(), active.begin() + (count - desired));
        count = desired;
    }
    int ready = 0;
    for (const auto &p : active)
        ready += DisruptionController::ready(p) ? 1 : 0;
    const json status = {
        {"replicas", count},
        {"fullyLabeledReplicas", count},
        {"readyReplicas", ready},
        {"availableReplicas", ready},
        {"observedGeneration", objectField(rs, "metadata").value("generation", std::int64_t{1})}};
    static_cast<void>(m_store.update(
        m_replicaSets, ns, name,
        [&status](json &doc) -> std::optional<ApiError> {
            json next = status;
            if (status.value("readyReplicas", 0) == 0)
                next.erase("readyReplicas");
            if (status.value("availableReplicas", 0) == 0)
                next.erase("availableReplicas");
            doc["status"] = next;
            return std::nullopt;
        },
        WriteOptions{false, true, false, false}));
}

void WorkloadController::reconcileStatefulSet(const std::string &ns, const std::string &name) {
    auto stored = m_store.get(m_statefulSets, ns, name);
    if (!stored.ok())
        return;
    const json sts = stored.value()->parse();
    if (terminating(sts))
        return;
    const int desired = replicasOf(sts);
    const json podTemplate = objectField(objectField(sts, "spec"), "template");
    const std::string updateRevision = name + '-' + templateHash(podTemplate);
    const json oldStatus = objectField(sts, "status");
    std::string currentRevision = oldStatus.value("currentRevision", updateRevision);

    std::map<int, json> byOrdinal;
    bool anyTerminating = false;
    for (auto &p : ownedPods(ns, "StatefulSet", name)) {
        const std::string podName = objectField(p, "metadata").value("name", "");
        const std::string ordinal = podName.substr(std::min(podName.size(), name.size() + 1));
        if (terminating(p)) {
            anyTerminating = true;
            continue;
        }
        byOrdinal[static_cast<int>(std::strtol(ordinal.c_str(), nullptr, 10))] = std::move(p);
    }
    const bool hasContainers =
        !objectField(podTemplate, "spec").value("containers", json::array()).empty();
    json owner = sts;
    owner["spec"]["template"]["metadata"]["labels"][kRevisionHash] = updateRevision;
    for (int i = 0; i < desired && hasContainers; ++i)
        if (byOrdinal.count(i) == 0 && !anyTerminating) {
            const std::string podName = name + '-' + std::to_string(i);
            json pod = podFromTemplate(owner, podName);
            pod["metadata"]["labels"]["statefulset.kubernetes.io/pod-name"] = podName;
            pod["metadata"]["labels"]["apps.kubernetes.io/pod-index"] = std::to_string(i);
            if (m_store.create(m_pods, std::move(pod)).ok())
                byOrdinal[i] = json::object();
        }
    for (auto it = byOrdinal.begin(); it != byOrdinal.end();) {
        if (it->first >= desired) {
            deletePod(ns, name + '-' + std::to_string(it->first));
            it = byOrdinal.erase(it);
        } else {
            ++it;
        }
    }
    const auto revisionOfPod = [](const json &p) {
        return objectField(p, "metadata").value("labels", json::object()).value(kRevisionHash, "");
    };
    int ready = 0;
    int updated = 0;
    for (const auto &[ordinal, p] : byOrdinal) {
        ready += DisruptionController::ready(p) ? 1 : 0;
        updated += revisionOfPod(p) == updateRevision ? 1 : 0;
    }
    // A rolling update replaces one pod at a time, the highest ordinal first, once every other
    // pod is running and ready.
    if (!anyTerminating && ready == desired && static_cast<int>(byOrdinal.size()) == desired)
        for (auto it = byOrdinal.rbegin(); it != byOrdinal.rend(); ++it)
            if (revisionOfPod(it->second) != updateRevision) {
                deletePod(ns, name + '-' + std::to_string(it->first));
                break;
            }
    if (updated == desired && ready == desired)
        currentRevision = updateRevision;
    const int replicas = static_cast<int>(byOrdinal.size());
    const json status = {
        {"observedGeneration", objectField(sts, "metadata").value("generation", std::int64_t{1})},
        {"replicas", replicas},
        {"readyReplicas", ready},
        {"availableReplicas", ready},
        {"currentReplicas", currentRevision == updateRevision ? updated : replicas - updated},
        {"updatedReplicas", updated},
        {"currentRevision", currentRevision},
        {"updateRevision", updateRevision},
        {"collisionCount", 0}};
    static_cast<void>(m_store.update(
        m_statefulSets, ns, name,
        [&status](json &doc) -> std::optional<ApiError> {
            doc["status"] = status;
            return std::nullopt;
        },
        WriteOptions{false, true, false, false}));
}

} // namespace cubedesk::sim
