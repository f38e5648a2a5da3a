#include "k8s/sim/podscheduler.h"

#include "k8s/sim/objectfield.h"
#include "k8s/sim/rfc3339.h"

#include <algorithm>
#include <cstdlib>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

const std::string *findLabel(const PodScheduler::NodeView &n, const std::string &key) {
    for (const auto &[k, v] : n.labels)
        if (k == key)
            return &v;
    return nullptr;
}

bool expressionMatches(const PodScheduler::NodeView &n, const json &expr, bool field) {
    const std::string key = expr.value("key", "");
    const std::string op = expr.value("operator", "");
    const std::vector<std::string> values = expr.value("values", std::vector<std::string>{});
    const std::string *value = nullptr;
    std::string nameValue;
    if (field) {
        if (key != "metadata.name")
            return false;
        nameValue = n.name;
        value = &nameValue;
    } else {
        value = findLabel(n, key);
    }
    if (op == "In")
        return value != nullptr && std::find(values.begin(), values.end(), *value) != values.end();
    if (op == "NotIn")
        return value == nullptr || std::find(values.begin(), values.end(), *value) == values.end();
    if (op == "Exists")
        return value != nullptr;
    if (op == "DoesNotExist")
        return value == nullptr;
    if ((op == "Gt" || op == "Lt") && value != nullptr && values.size() == 1) {
        char *e1 = nullptr;
        char *e2 = nullptr;
        const long long have = std::strtoll(value->c_str(), &e1, 10);
        const long long want = std::strtoll(values[0].c_str(), &e2, 10);
        if (*e1 != '\0' || *e2 != '\0')
            return false;
        return op == "Gt" ? have > want : have < want;
    }
    return false;
}

bool affinityMatches(const PodScheduler::NodeView &n, const json &pod) {
    if (auto sel = pod["spec"].find("nodeSelector"); sel != pod["spec"].end() && sel->is_object())
        for (const auto &[k, v] : sel->items()) {
            const std::string *have = findLabel(n, k);
            if (have == nullptr || !v.is_string() || *have != v.get<std::string>())
                return false;
        }
    const json *terms = nullptr;
    if (auto a = pod["spec"].find("affinity"); a != pod["spec"].end() && a->is_object())
        if (auto na = a->find("nodeAffinity"); na != a->end() && na->is_object())
            if (auto req = na->find("requiredDuringSchedulingIgnoredDuringExecution");
                req != na->end() && req->is_object())
                if (auto t = req->find("nodeSelectorTerms"); t != req->end() && t->is_array())
                    terms = &*t;
    if (terms == nullptr)
        return true;
    for (const auto &term : *terms) {
        const json exprs = term.value("matchExpressions", json::array());
        const json fields = term.value("matchFields", json::array());
        if (exprs.empty() && fields.empty())
            continue;
        bool all = true;
        for (const auto &e : exprs)
            all = all && expressionMatches(n, e, false);
        for (const auto &e : fields)
            all = all && expressionMatches(n, e, true);
        if (all)
            return true;
    }
    return false;
}

bool tolerates(const json &tolerations, const PodScheduler::Taint &taint) {
    for (const auto &t : tolerations) {
        const std::string key = t.value("key", "");
        const std::string op = t.value("operator", "Equal");
        const std::string effect = t.value("effect", "");
        if (!effect.empty() && effect != taint.effect)
            continue;
        if (key.empty() && op == "Exists")
            return true;
        if (key != taint.key)
            continue;
        if (op == "Exists" || t.value("value", "") == taint.value)
            return true;
    }
    return false;
}

} // namespace

PodScheduler::PodScheduler(ObjectStore &store, const ResourceRegistry &registry)
    : m_store(store)
    , m_podType(registry.core("pods"))
    , m_nodeType(registry.core("nodes")) {
    m_store.addListener([this](const ResourceType &type, const WatchEvent &) {
        if (type.group.empty() && (type.plural == "pods" || type.plural == "nodes")) {
            std::lock_guard lock(m_mutex);
            m_dirty = true;
            m_wake.notify_one();
        }
    });
}

PodScheduler::~PodScheduler() {
    stop();
}

void PodScheduler::start() {
    m_thread = std::thread([this] { run(); });
}

void PodScheduler::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_wake.notify_one();
    }
    if (m_thread.joinable())
        m_thread.join();
}

void PodScheduler::run() {
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        m_wake.wait(lock, [this] { return m_stop || m_dirty; });
        if (m_stop)
            break;
        m_dirty = false;
        lock.unlock();
        // Let a burst of changes settle into one pass, and keep a busy store from turning the
        // scheduler into a busy loop: a pass over 150,000 pods takes ~100 ms, so under heavy
        // churn it runs at most a tenth of the time, about once a second (kube-scheduler retries
        // unschedulable pods after a 1–10 s backoff too). Small clusters pass every 20 ms.
        std::this_thread::sleep_for(std::max(std::chrono::milliseconds(20), m_lastPass * 9));
        const auto begin = std::chrono::steady_clock::now();
        schedulePass();
        m_lastPass = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - begin);
        lock.lock();
    }
}

PodScheduler::NodeView PodScheduler::nodeView(const json &node) {
    NodeView v;
    const json meta = node.value("metadata", json::object());
    v.name = meta.value("name", "");
    if (auto l = meta.find("labels"); l != meta.end() && l->is_object())
        for (const auto &[k, val] : l->items())
            if (val.is_string())
                v.labels.emplace_back(k, val.get<std::string>());
    const json spec = node.value("spec", json::object());
    v.unschedulable = spec.value("unschedulable", false);
    for (const auto &t : spec.value("taints", json::array()))
        v.taints.push_back({t.value("key", ""), t.value("value", ""), t.value("effect", "")});
    const json status = node.value("status", json::object());
    v.ready = false;
    for (const auto &c : status.value("conditions", json::array()))
        if (c.value("type", "") == "Ready")
            v.ready = c.value("status", "") == "True";
    for (const auto &a : status.value("addresses", json::array()))
        if (a.value("type", "") == "InternalIP")
            v.internalIp = a.value("address", "");
    const json allocatable = status.value("allocatable", json::object());
    for (const auto &[name, q] : allocatable.items())
        if (auto parsed = quantityOf(q))
            v.allocatable[name] = *parsed;
    return v;
}

PodScheduler::Decision
PodScheduler::decide(const json &pod,
                     const std::vector<std::pair<std::string, k8s::Quantity>> &requests,
                     const std::vector<NodeView> &nodes) {
    std::map<std::string, int> reasons;
    const json tolerations =
        pod.contains("spec") ? pod["spec"].value("tolerations", json::array()) : json::array();
    const json *spec = pod.contains("spec") ? &pod["spec"] : nullptr;
    const std::string wantedNode = spec != nullptr ? spec->value("nodeName", "") : "";
    const NodeView *best = nullptr;
    double bestScore = -1;
    for (const auto &n : nodes) {
        if (n.unschedulable) {
            Taint t{"node.kubernetes.io/unschedulable", "", "NoSchedule"};
            if (!tolerates(tolerations, t)) {
                ++reasons["node(s) were unschedulable"];
                continue;
            }
        }
        std::vector<Taint> taints = n.taints;
        if (!n.ready)
            taints.push_back({"node.kubernetes.io/not-ready", "", "NoSchedule"});
        const Taint *untolerated = nullptr;
        for (const auto &t : taints)
            if ((t.effect == "NoSchedule" || t.effect == "NoExecute") &&
                !tolerates(tolerations, t)) {
                untolerated = &t;
                break;
            }
        if (untolerated != nullptr) {
            ++reasons["node(s) had untolerated taint {" + untolerated->key + ": " +
                      untolerated->value + "}"];
            continue;
        }
        if (!affinityMatches(n, pod)) {
            ++reasons["node(s) didn't match Pod's node affinity/selector"];
            continue;
        }
        bool fits = true;
        auto podsIt = n.allocatable.find("pods");
        if (podsIt != n.allocatable.end() && n.pods + 1 > podsIt->second.value()) {
            ++reasons["Too many pods"];
            fits = false;
        }
        double score = 0;
        for (const auto &[name, want] : requests) {
            if (want.isZero())
                continue;
            auto alloc = n.allocatable.find(name);
            const k8s::Quantity have =
                alloc == n.allocatable.end() ? k8s::Quantity() : alloc->second;
            auto usedIt = n.used.find(name);
            const k8s::Quantity used = usedIt == n.used.end() ? k8s::Quantity() : usedIt->second;
            if (used + want > have) {
                ++reasons["Insufficient " + name];
                fits = false;
            } else if (have.toDouble() > 0) {
                score += (have - used - want).toDouble() / have.toDouble();
            }
        }
        if (!fits)
            continue;
        if (!wantedNode.empty() && wantedNode != n.name)
            continue;
        // Spread like LeastAllocated: prefer the node with the most room left; ties by name.
        if (best == nullptr || score > bestScore) {
            best = &n;
            bestScore = score;
        }
    }
    Decision d;
    if (best != nullptr) {
        d.node = best->name;
        return d;
    }
    std::vector<std::string> parts;
    parts.reserve(reasons.size());
    for (const auto &[reason, count] : reasons)
        parts.push_back(std::to_string(count) + ' ' + reason);
    std::sort(parts.begin(), parts.end());
    d.message = "0/" + std::to_string(nodes.size()) + " nodes are available";
    for (std::size_t i = 0; i < parts.size(); ++i)
        d.message += (i == 0 ? ": " : ", ") + parts[i];
    d.message += ". preemption: 0/" + std::to_string(nodes.size()) +
                 " nodes are available: " + std::to_string(nodes.size()) +
                 " Preemption is not helpful for scheduling.";
    return d;
}

json PodScheduler::runningStatus(const json &pod, const std::string &hostIp,
                                 const std::string &podIp, const std::string &now) {
    json status = pod.value("status", json::object());
    status["phase"] = "Running";
    status["hostIP"] = hostIp;
    status["podIP"] = podIp;
    status["podIPs"] = json::array({{{"ip", podIp}}});
    status["startTime"] = now;
    status["qosClass"] = "Burstable";
    status["conditions"] = json::array();
    for (const char *c :
         {"PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"})
        status["conditions"].push_back({{"type", c},
                                        {"status", "True"},
                                        {"lastProbeTime", nullptr},
                                        {"lastTransitionTime", now}});
    status["containerStatuses"] = json::array();
    const json spec = pod.value("spec", json::object());
    // Init containers ran to completion first (a few seconds each); the containers started
    // after them.
    std::string mainStart = now;
    if (spec.contains("initContainers") && spec["initContainers"].is_array()) {
        status["initContainerStatuses"] = json::array();
        auto t = parseRfc3339(now).value_or(std::chrono::system_clock::now());
        for (const auto &c : spec["initContainers"]) {
            const std::string started = formatRfc3339(t);
            t += std::chrono::seconds(4);
            status["initContainerStatuses"].push_back({{"name", c.value("name", "")},
                                                       {"image", c.value("image", "")},
                                                       {"imageID", ""},
                                                       {"ready", true},
                                                       {"restartCount", 0},
                                                       {"state",
                                                        {{"terminated",
                                                          {{"exitCode", 0},
                                                           {"reason", "Completed"},
                                                           {"startedAt", started},
                                                           {"finishedAt", formatRfc3339(t)}}}}}});
            t += std::chrono::seconds(1);
        }
        mainStart = formatRfc3339(t);
    }
    for (const auto &c : spec.value("containers", json::array()))
        status["containerStatuses"].push_back(
            {{"name", c.value("name", "")},
             {"image", c.value("image", "")},
             {"imageID", ""},
             {"ready", true},
             {"started", true},
             {"restartCount", 0},
             {"state", {{"running", {{"startedAt", mainStart}}}}}});
    return status;
}

std::size_t PodScheduler::schedulePass() {
    const std::vector<ObjectPtr> pods = m_store.all(m_podType);
    std::vector<ObjectPtr> pending;
    for (const auto &p : pods)
        if (p->field("spec.nodeName").value_or("").empty() &&
            p->field("status.phase").value_or("") == "Pending")
            pending.push_back(p);
    if (pending.empty())
        return 0;

    std::vector<NodeView> nodes;
    std::map<std::string, std::size_t> index;
    for (const auto &n : m_store.all(m_nodeType)) {
        auto &slot = m_nodeCache[n->name];
        if (slot.first != n->rv)
            slot = {n->rv, nodeView(n->parse())};
        index[n->name] = nodes.size();
        nodes.push_back(slot.second);
    }
    for (const auto &p : pods) {
        const std::string node(p->field("spec.nodeName").value_or(""));
        const std::string phase(p->field("status.phase").value_or(""));
        if (node.empty() || phase == "Succeeded" || phase == "Failed")
            continue;
        auto it = index.find(node);
        if (it == index.end())
            continue;
        NodeView &v = nodes[it->second];
        ++v.pods;
        for (const auto &[name, q] : p->podRequests)
            v.used[name] += q;
    }

    std::size_t bound = 0;
    const std::string now = formatRfc3339(std::chrono::system_clock::now());
    for (const auto &p : pending) {
        const json pod = p->parse();
        if (pod["metadata"].contains("deletionTimestamp"))
            continue;
        const Decision d = decide(pod, p->podRequests, nodes);
        if (d.node) {
            NodeView &v = nodes[index[*d.node]];
            ++v.pods;
            for (const auto &[name, q] : p->podRequests)
                v.used[name] += q;
            const std::uint64_t ipn = ++m_podIpCounter;
            // 10.245/16: the scenarios hand out 10.244/16 themselves.
            const std::string podIp =
                "10.245." + std::to_string((ipn / 250) % 250) + '.' + std::to_string(ipn % 250 + 2);
            const std::string hostIp = v.internalIp;
            const std::string nodeName = *d.node;
            auto r = m_store.update(
                m_podType, p->ns, p->name, [&](json &doc) -> std::optional<ApiError> {
                    if (!doc["spec"].value("nodeName", "").empty())
                        return ApiError::conflict("pods", p->name); // bound meanwhile
                    doc["spec"]["nodeName"] = nodeName;
                    return std::nullopt;
                });
            if (!r.ok())
                continue;
            // Lost a race with another writer: the next pass binds again.
            static_cast<void>(m_store.update(
                m_podType, p->ns, p->name,
                [&](json &doc) -> std::optional<ApiError> {
                    doc["status"] = runningStatus(doc, hostIp, podIp, now);
                    return std::nullopt;
                },
                WriteOptions{false, true, false}));
            ++bound;
            continue;
        }
        // Lost a race with another writer: the next pass tries again.
        static_cast<void>(m_store.update(
            m_podType, p->ns, p->name,
            [&](json &doc) -> std::optional<ApiError> {
                json &status = doc["status"];
                json conditions = json::array();
                std::string since = now;
                for (const auto &c : status.value("conditions", json::array())) {
                    if (c.value("type", "") == "PodScheduled") {
                        if (c.value("message", "") == d.message && c.value("status", "") == "False")
                            since = c.value("lastTransitionTime", now);
                        continue;
                    }
                    conditions.push_back(c);
                }
                conditions.push_back({{"type", "PodScheduled"},
                                      {"status", "False"},
                                      {"reason", "Unschedulable"},
                                      {"message", d.message},
                                      {"lastProbeTime", nullptr},
                                      {"lastTransitionTime", since}});
                status["conditions"] = conditions;
                status["phase"] = "Pending";
                return std::nullopt;
            },
            WriteOptions{false, true, false}));
    }
    return bound;
}

} // namespace cubedesk::sim
