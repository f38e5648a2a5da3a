#include "k8s/sim/churnengine.h"

#include "k8s/sim/podscheduler.h"
#include "k8s/sim/rfc3339.h"

#include <algorithm>
#include <chrono>
#include <functional>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

std::string now() {
    return formatRfc3339(std::chrono::system_clock::now());
}

} // namespace

ChurnEngine::ChurnEngine(ObjectStore &store, const ResourceRegistry &registry, std::uint64_t seed)
    : m_store(store)
    , m_pods(registry.core("pods"))
    , m_nodes(registry.core("nodes"))
    , m_namespaces(registry.core("namespaces"))
    , m_pytorchJobs(registry.find("kubeflow.org", "v1", "pytorchjobs"))
    , m_rng(seed * 7 + 3) {}

ChurnEngine::~ChurnEngine() {
    stop();
}

void ChurnEngine::start(double perSecond, double durationSeconds,
                        std::function<void(std::uint64_t)> finished) {
    if (perSecond <= 0)
        return;
    m_thread = std::thread([this, perSecond, durationSeconds, finished = std::move(finished)] {
        using Clock = std::chrono::steady_clock;
        const auto begin = Clock::now();
        double owed = 0;
        auto last = begin;
        while (!m_stop.load()) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            const auto t = Clock::now();
            if (durationSeconds > 0 &&
                std::chrono::duration<double>(t - begin).count() >= durationSeconds)
                break;
            // R changes a second means R that happened: a step with nothing to act on (all own
            // pods busy, say) is retried as another kind of change. At most 100 ms of backlog,
            // and a tick gives up after 1,000 such steps (a store with nothing to change).
            owed = std::min(owed + perSecond * std::chrono::duration<double>(t - last).count(),
                            std::max(1.0, perSecond / 10));
            last = t;
            for (int idle = 0; owed >= 1 && idle < 1000 && !m_stop.load();) {
                if (step())
                    owed -= 1;
                else
                    ++idle;
            }
        }
        // Leave no node NotReady behind when churn stops.
        while (!m_notReady.empty())
            toggleNodeReady();
        if (m_stop.load())
            return; // stopped, not finished
        m_finished.store(true);
        if (finished)
            finished(m_changes.load());
    });
}

void ChurnEngine::stop() {
    m_stop.store(true);
    if (m_thread.joinable())
        m_thread.join();
}

void ChurnEngine::refreshViews() {
    const auto t = std::chrono::steady_clock::now();
    if (m_haveViews && t - m_viewsAt < std::chrono::seconds(2))
        return;
    m_nodeView = m_store.all(m_nodes);
    m_namespaceView = m_store.all(m_namespaces);
    m_podView = m_store.all(m_pods);
    m_cpuNodeNames.clear();
    for (const auto &n : m_nodeView)
        if (n->label("cpu") == std::optional<std::string_view>("true") &&
            n->label("gpu") != std::optional<std::string_view>("true"))
            m_cpuNodeNames.push_back(n->name);
    m_viewsAt = t;
    m_haveViews = true;
}

bool ChurnEngine::step() {
    refreshViews();
    const unsigned roll = static_cast<unsigned>(m_rng() % 100);
    bool done = false;
    if (roll < 20)
        done = createPod();
    else if (roll < 40)
        done = updatePod();
    else if (roll < 65)
        done = heartbeatPod();
    else if (roll < 75)
        done = finishPod();
    else if (roll < 85)
        done = deletePod();
    else if (roll < 89)
        done = createJob();
    else if (roll < 93)
        done = advanceJob();
    else if (roll < 98)
        done = flipNodeLabel();
    else
        done = toggleNodeReady();
    if (done)
        m_changes.fetch_add(1);
    return done;
}

bool ChurnEngine::createPod() {
    if (m_ownPods.size() > 400)
        return false;
    const auto &nodes = m_nodeView;
    if (nodes.empty())
        return false;
    const ObjectPtr node = pick(nodes);
    const std::string org(node->label("org").value_or("public"));
    const auto &namespaces = m_namespaceView;
    std::string ns = "pipeline";
    bool havePipeline = false;
    for (const auto &n : namespaces)
        havePipeline = havePipeline || n->name == "pipeline";
    if (!havePipeline) {
        if (namespaces.empty())
            return false;
        ns = pick(namespaces)->name;
    }
    const std::string name = "churn-task-" + std::to_string(++m_counter);
    json selector = {{"org", org}};
    if (node->label("cpu") == std::optional<std::string_view>("true"))
        selector["cpu"] = "true";
    json pod = {{"apiVersion", "v1"},
                {"kind", "Pod"},
                {"metadata",
                 {{"name", name},
                  {"namespace", ns},
                  {"labels",
                   {{"run-id", "run-churn-" + std::to_string(m_counter)},
                    {"task-name", "churn"},
                    {"cubedesk.io/churn", "true"}}},
                  {"annotations", {{"project", "churn-" + org}}}}},
                {"spec",
                 {{"nodeSelector", selector},
                  {"restartPolicy", "Never"},
                  {"containers",
                   json::array({{{"name", "main"},
                                 {"image", "busybox:1.36"},
                                 {"resources",
                                  {{"requests", {{"cpu", "100m"}, {"memory", "64Mi"}}},
                                   {"limits", {{"cpu", "500m"}, {"memory", "128Mi"}}}}}}})}}}};
    if (!m_store.create(m_pods, std::move(pod)).ok())
        return false;
    m_ownPods.emplace_back(ns, name);
    return true;
}

bool ChurnEngine::updatePod() {
    if (m_ownPods.empty())
        return false;
    const auto [ns, name] = pick(m_ownPods);
    return m_store
        .update(
            m_pods, ns, name,
            [](json &doc) -> std::optional<ApiError> {
                json &status = doc["status"];
                if (status.value("phase", "") != "Running")
                    return ApiError::conflict("pods", "not running");
                for (auto &cs : status["containerStatuses"])
                    cs["restartCount"] = cs.value("restartCount", 0) + 1;
                status["conditions"].push_back({{"type", "cubedesk.io/Heartbeat"},
                                                {"status", "True"},
                                                {"lastTransitionTime", now()}});
                if (status["conditions"].size() > 8)
                    status["conditions"].erase(status["conditions"].size() - 2);
                return std::nullopt;
            },
            WriteOptions{false, true, false})
        .ok();
}

std::optional<std::string> ChurnEngine::withProbeTime(const StoredObject &pod,
                                                      const std::string &time) {
    static constexpr std::string_view kOpen = R"({"lastProbeTime":")";
    static constexpr std::string_view kType = R"(,"type":"cubedesk.io/KubeletProbe"})";
    if (pod.field("status.phase").value_or("") != "Running")
        return std::nullopt;
    static const std::boyer_moore_horspool_searcher search(kType.begin(), kType.end());
    const std::string &text = pod.json;
    const auto found = std::search(text.begin(), text.end(), search);
    if (found == text.end())
        return std::nullopt;
    const auto type = static_cast<std::size_t>(found - text.begin());
    const auto open = text.rfind(kOpen, type);
    if (open == std::string::npos)
        return std::nullopt;
    const auto value = open + kOpen.size();
    const auto close = text.find('"', value);
    // The condition's keys are sorted: lastProbeTime, lastTransitionTime, status, type.
    if (close == std::string::npos || text.find_first_of("{}", value) < type)
        return std::nullopt;
    std::string out = text;
    out.replace(value, close - value, time);
    return out;
}

bool ChurnEngine::heartbeatPod() {
    if (m_podView.empty())
        return false;
    const ObjectPtr pod = pick(m_podView);
    if (pod->field("status.phase").value_or("") != "Running")
        return false;
    const std::string t = now();
    // The probe condition exists after a pod's first heartbeat: then only its time changes, which
    // the store can write on the text (update() would parse and re-serialise the whole pod).
    if (m_store
            .rewriteText(m_pods, pod->ns, pod->name,
                         [&t](const StoredObject &current) { return withProbeTime(current, t); })
            .ok())
        return true;
    return m_store.update(m_pods, pod->ns, pod->name, probedAt(t), WriteOptions{false, true, false})
        .ok();
}

ObjectStore::Mutation ChurnEngine::probedAt(const std::string &time) {
    return [time](json &doc) -> std::optional<ApiError> {
        json &status = doc["status"];
        if (status.value("phase", "") != "Running")
            return ApiError::conflict("pods", "not running");
        json &conditions = status["conditions"];
        for (auto &c : conditions)
            if (c.value("type", "") == "cubedesk.io/KubeletProbe") {
                c["lastProbeTime"] = time;
                return std::nullopt;
            }
        conditions.push_back({{"type", "cubedesk.io/KubeletProbe"},
                              {"status", "True"},
                              {"lastProbeTime", time},
                              {"lastTransitionTime", time}});
        return std::nullopt;
    };
}

bool ChurnEngine::finishPod() {
    if (m_ownPods.empty())
        return false;
    const auto [ns, name] = pick(m_ownPods);
    const bool success = m_rng() % 5 != 0;
    return m_store
        .update(
            m_pods, ns, name,
            [success](json &doc) -> std::optional<ApiError> {
                json &status = doc["status"];
                if (status.value("phase", "") != "Running")
                    return ApiError::conflict("pods", "not running");
                status["phase"] = success ? "Succeeded" : "Failed";
                for (auto &cs : status["containerStatuses"]) {
                    cs["ready"] = false;
                    cs["state"] = {{"terminated",
                                    {{"exitCode", success ? 0 : 137},
                                     {"reason", success ? "Completed" : "Error"},
                                     {"finishedAt", now()}}}};
                }
                return std::nullopt;
            },
            WriteOptions{false, true, false})
        .ok();
}

bool ChurnEngine::deletePod() {
    for (std::size_t tries = 0; tries < 4 && !m_ownPods.empty(); ++tries) {
        const std::size_t i = m_rng() % m_ownPods.size();
        const auto [ns, name] = m_ownPods[i];
        auto current = m_store.get(m_pods, ns, name);
        if (!current.ok()) {
            m_ownPods.erase(m_ownPods.begin() + static_cast<long>(i));
            continue;
        }
        const auto phase = current.value()->field("status.phase").value_or("");
        if (phase != "Succeeded" && phase != "Failed" && m_ownPods.size() < 300)
            continue;
        // A finished pod may already be gone.
        static_cast<void>(m_store.remove(m_pods, ns, name));
        m_ownPods.erase(m_ownPods.begin() + static_cast<long>(i));
        return true;
    }
    return false;
}

bool ChurnEngine::createJob() {
    if (!m_pytorchJobs || m_ownJobs.size() > 40)
        return false;
    const std::string name = "churn-pytorch-" + std::to_string(++m_counter);
    json job = {{"apiVersion", "kubeflow.org/v1"},
                {"kind", "PyTorchJob"},
                {"metadata",
                 {{"name", name},
                  {"namespace", "pipeline"},
                  {"labels", {{"run-id", "run-" + name}, {"cubedesk.io/churn", "true"}}}}},
                {"spec", {{"pytorchReplicaSpecs", {{"Worker", {{"replicas", 1}}}}}}},
                {"status",
                 {{"conditions", json::array({{{"type", "Created"},
                                               {"status", "True"},
                                               {"reason", "PyTorchJobCreated"},
                                               {"lastTransitionTime", now()}}})}}}};
    if (!m_store.create(*m_pytorchJobs, std::move(job), WriteOptions{false, false, true}).ok())
        return false;
    m_ownJobs.emplace_back("pipeline", name);
    return true;
}

bool ChurnEngine::advanceJob() {
    if (!m_pytorchJobs || m_ownJobs.empty())
        return false;
    const std::size_t i = m_rng() % m_ownJobs.size();
    const auto [ns, name] = m_ownJobs[i];
    bool finished = false;
    auto r = m_store.update(
        *m_pytorchJobs, ns, name,
        [&finished, this](json &doc) -> std::optional<ApiError> {
            json &conds = doc["status"]["conditions"];
            const std::string last = conds.empty() ? "" : conds.back().value("type", "");
            const char *next = last == "Created"   ? "Running"
                               : last == "Running" ? (m_rng() % 4 == 0 ? "Failed" : "Succeeded")
                                                   : nullptr;
            if (next == nullptr) {
                finished = true;
                return ApiError::conflict("pytorchjobs", "finished");
            }
            conds.push_back({{"type", next},
                             {"status", "True"},
                             {"reason", std::string("PyTorchJob") + next},
                             {"lastTransitionTime", now()}});
            return std::nullopt;
        },
        WriteOptions{false, true, false});
    if (finished) {
        // The job may already be gone.
        static_cast<void>(m_store.remove(*m_pytorchJobs, ns, name));
        m_ownJobs.erase(m_ownJobs.begin() + static_cast<long>(i));
        return true;
    }
    return r.ok();
}

bool ChurnEngine::withLabelValue(StoredObject &node, std::string_view key, std::string_view value) {
    auto label = std::find_if(node.labels.begin(), node.labels.end(),
                              [key](const auto &kv) { return kv.first == key; });
    if (label == node.labels.end())
        return false;
    std::string needle = "\"";
    needle += key;
    needle += "\":\"";
    std::string &text = node.json;
    const auto at = text.find(needle);
    if (at == std::string::npos || text.find(needle, at + 1) != std::string::npos)
        return false;
    const auto begin = at + needle.size();
    const auto end = text.find('"', begin);
    if (end == std::string::npos ||
        std::string_view(text).substr(begin, end - begin) != std::string_view(label->second))
        return false;
    text.replace(begin, end - begin, value);
    label->second = value;
    return true;
}

bool ChurnEngine::flipNodeLabel() {
    const auto &nodes = m_nodeView;
    if (nodes.empty())
        return false;
    const ObjectPtr node = pick(nodes);
    const std::string value = std::to_string(m_rng() % 1000);
    static constexpr std::string_view kTick = "cubedesk.io/churn-tick";
    // After a node's first flip the label exists and only its value changes: a text edit (the
    // JSON path parses and re-serialises the whole node).
    if (m_store
            .rewrite(m_nodes, "", node->name,
                     [&value](StoredObject &copy) { return withLabelValue(copy, kTick, value); })
            .ok())
        return true;
    return m_store
        .update(m_nodes, "", node->name,
                [&value](json &doc) -> std::optional<ApiError> {
                    doc["metadata"]["labels"][std::string(kTick)] = value;
                    return std::nullopt;
                })
        .ok();
}

bool ChurnEngine::toggleNodeReady() {
    std::string target;
    bool makeReady = false;
    if (!m_notReady.empty() && (m_notReady.size() >= 2 || m_rng() % 2 == 0)) {
        target = m_notReady.back();
        m_notReady.pop_back();
        makeReady = true;
    } else {
        const auto &cpuNodes = m_cpuNodeNames;
        if (cpuNodes.empty())
            return false;
        target = pick(cpuNodes);
        if (std::find(m_notReady.begin(), m_notReady.end(), target) != m_notReady.end())
            return false;
        m_notReady.push_back(target);
    }
    const std::string t = now();
    // A text edit (the JSON path parses and re-serialises the whole node: ten times the cost of
    // a pod heartbeat, a fifth of the churn thread at 10,000 changes/s).
    if (m_store
            .rewrite(m_nodes, "", target,
                     [makeReady, &t](StoredObject &copy) {
                         return withReadyCondition(copy, makeReady, t);
                     })
            .ok())
        return true;
    return m_store
        .update(m_nodes, "", target, readyMutation(makeReady, t), WriteOptions{false, true, false})
        .ok();
}

namespace {

void setReady(json &condition, bool ready, const std::string &time) {
    condition["status"] = ready ? "True" : "Unknown";
    condition["reason"] = ready ? "KubeletReady" : "NodeStatusUnknown";
    condition["message"] =
        ready ? "kubelet is posting ready status" : "Kubelet stopped posting node status.";
    condition["lastTransitionTime"] = time;
}

} // namespace

ObjectStore::Mutation ChurnEngine::readyMutation(bool ready, const std::string &time) {
    return [ready, time](json &doc) -> std::optional<ApiError> {
        for (auto &c : doc["status"]["conditions"])
            if (c.value("type", "") == "Ready")
                setReady(c, ready, time);
        return std::nullopt;
    };
}

bool ChurnEngine::withReadyCondition(StoredObject &node, bool ready, const std::string &time) {
    // Compact JSON with sorted keys: "type" is the condition's last key. Conditions are flat
    // objects, so the '{' before it opens this one (the parse below checks).
    static constexpr std::string_view kReady = "\"type\":\"Ready\"}";
    std::string &text = node.json;
    const auto typeAt = text.find(kReady);
    if (typeAt == std::string::npos || text.find(kReady, typeAt + 1) != std::string::npos ||
        node.tableCells.size() < 2)
        return false;
    const auto open = text.rfind('{', typeAt);
    if (open == std::string::npos)
        return false;
    const auto length = typeAt + kReady.size() - open;
    json condition = json::parse(text.substr(open, length), nullptr, false);
    if (!condition.is_object() || condition.value("type", "") != "Ready")
        return false;
    setReady(condition, ready, time);
    // The Status cell: Ready or NotReady, and ",SchedulingDisabled" as before (spec unchanged).
    const bool cordoned = node.tableCells[1].find(",SchedulingDisabled") != std::string::npos;
    text.replace(open, length, condition.dump());
    node.tableCells[1] =
        json(std::string(ready ? "Ready" : "NotReady") + (cordoned ? ",SchedulingDisabled" : ""))
            .dump();
    return true;
}

} // namespace cubedesk::sim
