#include "k8s/cube/drainplan.h"

#include "k8s/api/labelselector.h"
#include "k8s/api/rfc3339.h"
#include "k8s/cube/jobkinds.h"

#include <algorithm>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <set>

namespace cubedesk::k8s {

using nlohmann::json;

namespace {

// kubectl's filter messages (k8s.io/kubectl/pkg/drain/filters.go), without the "cannot delete "
// that kubectl puts in front of its errors.
constexpr const char *kDaemonSetFatal =
    "DaemonSet-managed Pods (use --ignore-daemonsets to ignore)";
constexpr const char *kDaemonSetWarning = "ignoring DaemonSet-managed Pods";
constexpr const char *kLocalStorageFatal =
    "Pods with local storage (use --delete-emptydir-data to override)";
constexpr const char *kLocalStorageWarning = "deleting Pods with local storage";
constexpr const char *kUnmanagedFatal = "Pods that declare no controller (use --force to override)";
constexpr const char *kUnmanagedWarning = "deleting Pods that declare no controller";
constexpr const char *kMirrorAnnotation = "kubernetes.io/config.mirror";

const json &field(const json &doc, const char *key) {
    static const json kEmpty = json::object();
    if (!doc.is_object())
        return kEmpty;
    const auto it = doc.find(key);
    return it != doc.end() && it->is_object() ? *it : kEmpty;
}

std::string text(const json &doc, const char *key) {
    if (!doc.is_object())
        return {};
    const auto it = doc.find(key);
    return it != doc.end() && it->is_string() ? it->get<std::string>() : std::string();
}

int integer(const json &doc, const char *key) {
    if (!doc.is_object())
        return 0;
    const auto it = doc.find(key);
    return it != doc.end() && it->is_number_integer() ? it->get<int>() : 0;
}

/// The items of every page, or nullopt when a page is not a list.
std::optional<std::vector<json>> items(const std::vector<std::string> &pages) {
    std::vector<json> out;
    for (const auto &page : pages) {
        json doc = json::parse(page, nullptr, false);
        if (!doc.is_object() || !doc.contains("items") || !doc["items"].is_array())
            return std::nullopt;
        for (auto &item : doc["items"])
            if (item.is_object())
                out.push_back(std::move(item));
    }
    return out;
}

int gpusOf(const json &pod) {
    int total = 0;
    const json &spec = field(pod, "spec");
    for (const auto &c : spec.value("containers", json::array())) {
        const json &resources = field(c, "resources");
        const auto count = [](const json &list) {
            const std::string v = text(list, "nvidia.com/gpu");
            return v.empty() ? 0 : static_cast<int>(std::strtol(v.c_str(), nullptr, 10));
        };
        total += std::max(count(field(resources, "requests")), count(field(resources, "limits")));
    }
    return total;
}

std::vector<std::pair<std::string, std::string>> labelsOf(const json &pod) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto &[k, v] : field(field(pod, "metadata"), "labels").items())
        if (v.is_string())
            out.emplace_back(k, v.get<std::string>());
    return out;
}

DrainPlan::Impact impactOf(const JobKinds::Kind &kind, const json &pod, int replicasTotal) {
    const std::string restart = text(field(pod, "spec"), "restartPolicy");
    const bool restarts = restart == "OnFailure" || restart == "Always";
    switch (kind.family) {
    case JobKinds::Family::Kubeflow:
        if (replicasTotal > 1)
            return restarts ? DrainPlan::Impact::GangRestarts : DrainPlan::Impact::GangFails;
        return restarts ? DrainPlan::Impact::ReplicaRestarts : DrainPlan::Impact::ReplicaFails;
    case JobKinds::Family::Volcano:
        return DrainPlan::Impact::VolcanoPolicy;
    case JobKinds::Family::Spark:
        return text(field(field(pod, "metadata"), "labels"), "spark-role") == "driver"
                   ? DrainPlan::Impact::SparkDriver
                   : DrainPlan::Impact::SparkExecutor;
    case JobKinds::Family::Argo:
        return DrainPlan::Impact::WorkflowStep;
    }
    return DrainPlan::Impact::None;
}

/// kubectl's filters in kubectl's order; the first that keeps the pod decides.
void classify(DrainPlan::Pod &p, const json &pod, const DrainOptions &options,
              const std::optional<std::set<std::string>> &daemonSets) {
    const bool finished = p.phase == "Succeeded" || p.phase == "Failed";
    if (p.ownerKind == "DaemonSet" && !finished) {
        const bool exists = !daemonSets || daemonSets->contains(p.ns + '/' + p.ownerName);
        if (!exists) {
            const std::string missing = "daemonsets.apps \"" + p.ownerName + "\" not found";
            if (!options.force) {
                p.action = DrainPlan::Action::Refuse;
                p.reason = DrainPlan::Reason::OrphanedDaemonSet;
                p.refusal = missing;
                return;
            }
            p.reason = DrainPlan::Reason::OrphanedDaemonSet;
        } else if (!options.ignoreDaemonSets) {
            p.action = DrainPlan::Action::Refuse;
            p.reason = DrainPlan::Reason::DaemonSet;
            p.refusal = kDaemonSetFatal;
            return;
        } else {
            p.action = DrainPlan::Action::SkipDaemonSet;
            p.reason = DrainPlan::Reason::DaemonSet;
            p.warning = kDaemonSetWarning;
            return;
        }
    }
    if (field(field(pod, "metadata"), "annotations").contains(kMirrorAnnotation)) {
        p.action = DrainPlan::Action::SkipMirror;
        return;
    }
    bool localStorage = false;
    for (const auto &v : field(pod, "spec").value("volumes", json::array()))
        localStorage = localStorage || (v.is_object() && v.contains("emptyDir"));
    if (localStorage && !finished) {
        if (!options.deleteEmptyDirData) {
            p.action = DrainPlan::Action::Refuse;
            p.reason = DrainPlan::Reason::LocalStorage;
            p.refusal = kLocalStorageFatal;
            return;
        }
        p.reason = DrainPlan::Reason::LocalStorage;
    }
    if (!finished && p.ownerKind.empty()) {
        if (!options.force) {
            p.action = DrainPlan::Action::Refuse;
            p.reason = DrainPlan::Reason::Unmanaged;
            p.refusal = kUnmanagedFatal;
            return;
        }
        p.reason = DrainPlan::Reason::Unmanaged;
        p.warning = kUnmanagedWarning;
    }
    p.action = DrainPlan::Action::Evict;
}

/// "msg: ns/a, ns/b" for each message, in the order the messages first appear.
std::vector<std::string> grouped(const std::vector<DrainPlan::Pod> &pods, const std::string &node,
                                 bool refusals) {
    std::vector<std::pair<std::string, std::string>> groups;
    for (const auto &p : pods) {
        const std::string &msg = refusals ? p.refusal : p.warning;
        if (p.node != node || msg.empty() || (refusals != (p.action == DrainPlan::Action::Refuse)))
            continue;
        auto it = std::find_if(groups.begin(), groups.end(),
                               [&](const auto &g) { return g.first == msg; });
        std::string pod = p.ns;
        pod.append("/").append(p.name);
        if (it == groups.end())
            groups.emplace_back(msg, std::move(pod));
        else
            it->second.append(", ").append(pod);
    }
    std::vector<std::string> out;
    out.reserve(groups.size());
    for (const auto &[msg, list] : groups)
        out.push_back(std::string(msg).append(": ").append(list));
    return out;
}

} // namespace

DrainPlan DrainPlan::build(const Inputs &inputs, const DrainOptions &options) {
    DrainPlan plan;
    std::optional<std::set<std::string>> daemonSets;
    if (inputs.daemonSets)
        daemonSets.emplace(inputs.daemonSets->begin(), inputs.daemonSets->end());

    // The budgets and their selectors.
    struct Selecting {
        std::size_t index;
        LabelSelector selector;
    };
    std::vector<Selecting> selecting;
    if (auto list = items(inputs.budgetLists)) {
        for (const auto &b : *list) {
            Budget budget;
            const json &meta = field(b, "metadata");
            const json &status = field(b, "status");
            budget.ns = text(meta, "namespace");
            budget.name = text(meta, "name");
            budget.disruptionsAllowed = integer(status, "disruptionsAllowed");
            budget.currentHealthy = integer(status, "currentHealthy");
            budget.desiredHealthy = integer(status, "desiredHealthy");
            budget.expectedPods = integer(status, "expectedPods");
            for (const auto &c : status.value("conditions", json::array()))
                if (text(c, "type") == "DisruptionAllowed" && text(c, "reason") == "SyncFailed") {
                    budget.syncFailed = true;
                    budget.message = text(c, "message");
                }
            const json &spec = field(b, "spec");
            if (spec.contains("selector") && spec["selector"].is_object())
                if (auto selector = LabelSelector::fromJson(spec["selector"].dump())) {
                    selecting.push_back({plan.budgets.size(), std::move(*selector)});
                }
            plan.budgets.push_back(std::move(budget));
        }
    } else {
        plan.errors.emplace_back("the disruption budget list could not be read");
    }

    std::map<std::string, std::size_t> jobIndex; // "ns/kind/name" → plan.jobs
    for (const auto &nodeName : inputs.nodes) {
        Node node;
        node.name = nodeName;
        node.cordoned = std::find(inputs.cordoned.begin(), inputs.cordoned.end(), nodeName) !=
                        inputs.cordoned.end();
        const auto pages = inputs.podLists.find(nodeName);
        auto pods = pages == inputs.podLists.end() ? std::optional<std::vector<json>>()
                                                   : items(pages->second);
        if (!pods) {
            plan.errors.push_back("the pods on node " + nodeName + " could not be read");
            pods.emplace();
        }
        for (const auto &pod : *pods) {
            Pod p;
            const json &meta = field(pod, "metadata");
            const json &status = field(pod, "status");
            p.ns = text(meta, "namespace");
            p.name = text(meta, "name");
            p.uid = text(meta, "uid");
            p.node = nodeName;
            p.phase = text(status, "phase");
            p.terminating = meta.contains("deletionTimestamp");
            for (const auto &ref : meta.value("ownerReferences", json::array()))
                if (ref.is_object() && ref.value("controller", false)) {
                    p.ownerApiVersion = text(ref, "apiVersion");
                    p.ownerKind = text(ref, "kind");
                    p.ownerName = text(ref, "name");
                }
            p.gpus = gpusOf(pod);
            if (const auto started = Rfc3339::parseSeconds(text(status, "startTime"));
                started && p.phase == "Running")
                p.runningHours = std::max<double>(0, (inputs.now - *started) / 3600.0);
            classify(p, pod, options, daemonSets);

            const auto labels = labelsOf(pod);
            // Pods that need a choice count too: the preview says what choosing them means.
            const bool touched = p.action == Action::Evict || p.action == Action::Refuse;
            const bool budgeted =
                touched && p.phase == "Running" && !p.terminating && !options.disableEviction;
            for (const auto &s : selecting) {
                Budget &b = plan.budgets[s.index];
                if (b.ns != p.ns || !s.selector.matches(labels))
                    continue;
                if (p.budget.empty())
                    p.budget = b.name;
                if (budgeted)
                    ++b.toEvict;
            }
            if (const JobKinds::Kind *kind = JobKinds::find(p.ownerApiVersion, p.ownerKind)) {
                p.jobKind = p.ownerKind;
                p.jobName = p.ownerName;
                const std::string key = p.ns + '/' + p.jobKind + '/' + p.jobName;
                auto [it, added] = jobIndex.emplace(key, plan.jobs.size());
                if (added) {
                    Job job;
                    job.ns = p.ns;
                    job.apiVersion = p.ownerApiVersion;
                    job.kind = p.jobKind;
                    job.name = p.jobName;
                    const auto total = inputs.jobPods.find(key);
                    job.replicasTotal = total == inputs.jobPods.end() ? 0 : total->second;
                    job.restartPolicy = text(field(pod, "spec"), "restartPolicy");
                    for (const auto &label : JobKinds::podJobNameLabels())
                        if (job.podSelector.empty())
                            for (const auto &[k, v] : labels)
                                if (k == label && v == job.name)
                                    job.podSelector = std::string(k).append("=").append(v);
                    plan.jobs.push_back(std::move(job));
                }
                Job &job = plan.jobs[it->second];
                if (touched && p.phase != "Succeeded" && p.phase != "Failed") {
                    ++job.replicasHere;
                    job.gpusHere += p.gpus;
                    job.gpuHoursHere += p.gpus * p.runningHours;
                }
                if (job.budget.empty())
                    job.budget = p.budget;
                job.replicasTotal = std::max(job.replicasTotal, job.replicasHere);
                job.impact = impactOf(*kind, pod, job.replicasTotal);
            }
            if (p.action == Action::Evict)
                ++node.toEvict;
            plan.pods.push_back(std::move(p));
        }
        node.refusals = grouped(plan.pods, nodeName, true);
        node.warnings = grouped(plan.pods, nodeName, false);
        plan.nodes.push_back(std::move(node));
    }
    // Jobs that lose nothing here (all their pods here are finished) are no news.
    std::erase_if(plan.jobs, [](const Job &j) { return j.replicasHere == 0; });
    for (auto &b : plan.budgets)
        b.blocks = b.toEvict > b.disruptionsAllowed;
    std::erase_if(plan.budgets, [](const Budget &b) { return b.toEvict == 0; });
    return plan;
}

int DrainPlan::evictCount() const {
    return static_cast<int>(std::count_if(pods.begin(), pods.end(),
                                          [](const Pod &p) { return p.action == Action::Evict; }));
}

int DrainPlan::gpusAtRisk() const {
    int total = 0;
    for (const auto &p : pods)
        if ((p.action == Action::Evict || p.action == Action::Refuse) && p.phase == "Running")
            total += p.gpus;
    return total;
}

double DrainPlan::gpuHoursAtRisk() const {
    double total = 0;
    for (const auto &p : pods)
        if (p.action == Action::Evict || p.action == Action::Refuse)
            total += p.gpus * p.runningHours;
    return total;
}

bool DrainPlan::refused() const {
    return std::any_of(nodes.begin(), nodes.end(),
                       [](const Node &n) { return !n.refusals.empty(); });
}

} // namespace cubedesk::k8s
