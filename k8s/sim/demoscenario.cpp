#include "k8s/sim/demoscenario.h"

#include "k8s/sim/objectindexer.h"
#include "k8s/sim/objectmetadoc.h"
#include "k8s/sim/platforminstall.h"
#include "k8s/sim/podscheduler.h"
#include "k8s/sim/rfc3339.h"
#include "k8s/sim/workloadcontroller.h"

#include <algorithm>
#include <map>
#include <random>
#include <string>

namespace cubedesk::sim {

using nlohmann::json;
using std::chrono::hours;
using std::chrono::minutes;
using TimePoint = std::chrono::system_clock::time_point;

namespace {

struct GpuModel {
    const char *type;    ///< the platform's gpu-type label
    const char *product; ///< nvidia.com/gpu.product
    int memoryMiB;
    int count;
    const char *cpus;
    const char *memory;
};

const GpuModel kT4{"T4", "Tesla-T4", 15360, 4, "48", "192Gi"};
const GpuModel kV100{"V100", "Tesla-V100-SXM2-32GB", 32768, 8, "64", "384Gi"};
const GpuModel kA100{"A100", "NVIDIA-A100-SXM4-80GB", 81920, 8, "128", "1Ti"};
const GpuModel kH100{"H100", "NVIDIA-H100-80GB-HBM3", 81559, 8, "192", "2Ti"};

/// Builds the scenario's objects in order and places pods with the real fit rules.
class Builder {
public:
    Builder(std::uint64_t seed, TimePoint now)
        : m_rng(seed)
        , m_now(now) {}

    std::vector<json> objects;

    std::string ago(std::chrono::seconds d) const { return formatRfc3339(m_now - d); }
    int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(m_rng); }

    json meta(const std::string &name, const std::string &ns, std::chrono::seconds age,
              json labels = json::object(), json annotations = json::object()) const {
        return ObjectMetaDoc::make(name, ns, ago(age), std::move(labels), std::move(annotations));
    }

    void add(json o) { objects.push_back(std::move(o)); }

    void node(const std::string &name, json labels, const char *cpu, const char *memory,
              json extraAllocatable, std::chrono::seconds age, bool ready = true,
              bool unschedulable = false, const json &annotations = json::object(),
              const json &taints = json::array()) {
        labels["kubernetes.io/hostname"] = name;
        labels["kubernetes.io/os"] = "linux";
        labels["kubernetes.io/arch"] = "amd64";
        labels["beta.kubernetes.io/os"] = "linux";
        labels["beta.kubernetes.io/arch"] = "amd64";
        const std::string ip = "10.10." + std::to_string(m_nodeIndex / 200) + '.' +
                               std::to_string(10 + m_nodeIndex % 200);
        ++m_nodeIndex;
        json alloc = {{"cpu", cpu},
                      {"memory", memory},
                      {"pods", "110"},
                      {"ephemeral-storage", "1844Gi"},
                      {"hugepages-1Gi", "0"}};
        for (const auto &[k, v] : extraAllocatable.items())
            alloc[k] = v;
        const std::string since = ago(age);
        auto cond = [&](const char *type, const char *status, const char *reason,
                        const char *message) {
            return json{{"type", type},
                        {"status", status},
                        {"reason", reason},
                        {"message", message},
                        {"lastHeartbeatTime", ago(std::chrono::seconds(20))},
                        {"lastTransitionTime", ready ? since : ago(minutes(7))}};
        };
        json n = {{"apiVersion", "v1"},
                  {"kind", "Node"},
                  {"metadata", meta(name, "", age, labels, annotations)},
                  {"spec", {{"podCIDR", "10.244." + std::to_string(m_nodeIndex) + ".0/24"}}},
                  {"status",
                   {{"capacity", alloc},
                    {"allocatable", alloc},
                    {"addresses", json::array({{{"type", "InternalIP"}, {"address", ip}},
                                               {{"type", "Hostname"}, {"address", name}}})},
                    {"conditions",
                     json::array({cond("MemoryPressure", "False", "KubeletHasSufficientMemory",
                                       "kubelet has sufficient memory available"),
                                  cond("DiskPressure", "False", "KubeletHasNoDiskPressure",
                                       "kubelet has no disk pressure"),
                                  cond("PIDPressure", "False", "KubeletHasSufficientPID",
                                       "kubelet has sufficient PID available"),
                                  ready ? cond("Ready", "True", "KubeletReady",
                                               "kubelet is posting ready status")
                                        : cond("Ready", "Unknown", "NodeStatusUnknown",
                                               "Kubelet stopped posting node status.")})},
                    {"nodeInfo",
                     {{"architecture", "amd64"},
                      {"bootID", "b0a1" + std::to_string(m_nodeIndex)},
                      {"containerRuntimeVersion", "containerd://1.7.24"},
                      {"kernelVersion", "5.15.0-125-generic"},
                      {"kubeProxyVersion", "v1.32.0"},
                      {"kubeletVersion", "v1.32.0"},
                      {"machineID", "m" + std::to_string(m_nodeIndex)},
                      {"operatingSystem", "linux"},
                      {"osImage", "Ubuntu 22.04.5 LTS"},
                      {"systemUUID", "u" + std::to_string(m_nodeIndex)}}}}}};
        if (unschedulable)
            n["spec"]["unschedulable"] = true;
        if (!taints.empty())
            n["spec"]["taints"] = taints;
        if (unschedulable)
            n["spec"]["taints"].push_back(
                {{"key", "node.kubernetes.io/unschedulable"}, {"effect", "NoSchedule"}});
        m_nodes.push_back(PodScheduler::nodeView(n));
        add(std::move(n));
    }

    /// `gpuHealth`: NodeGpus' faults for the node's GPUs ("5=xid-79", "2=hot").
    void gpuNode(const std::string &name, const std::string &org, const GpuModel &g,
                 const char *mig, int replicas, bool share, std::chrono::seconds age,
                 bool ready = true, const std::string &gpuHealth = {}) {
        json labels = {{"gpu", "true"},
                       {"train", "true"},
                       {"org", org},
                       {"gpu-type", g.type},
                       {"nvidia.com/gpu.product", g.product},
                       {"nvidia.com/gpu.count", std::to_string(g.count)},
                       {"nvidia.com/gpu.memory", std::to_string(g.memoryMiB)},
                       {"nvidia.com/gpu.family", g.type[0] == 'H'   ? "hopper"
                                                 : g.type[0] == 'A' ? "ampere"
                                                 : g.type[0] == 'V' ? "volta"
                                                                    : "turing"},
                       {"nvidia.com/mig.strategy", mig},
                       {"nvidia.com/cuda.driver.major", "550"},
                       {"nvidia.com/gfd.timestamp", "1732000000"},
                       {"feature.node.kubernetes.io/pci-10de.present", "true"}};
        if (!share)
            labels["share"] = "false";
        if (g.type[0] == 'T' || g.type[0] == 'V' || g.type[0] == 'H')
            labels["service"] = "true"; // inference runs on T4/V100/H100 pools
        json alloc = json::object();
        if (replicas > 1) {
            labels["nvidia.com/gpu.replicas"] = std::to_string(replicas);
            labels["nvidia.com/gpu.sharing-strategy"] = "time-slicing";
            labels["nvidia.com/gpu.product"] = std::string(g.product) + "-SHARED";
            alloc["nvidia.com/gpu"] = std::to_string(g.count * replicas);
        } else if (std::string(mig) == "mixed") {
            // Two GPUs partitioned (7 × 1g.10gb and 3 × 2g.20gb + 1 × 1g.10gb), six whole.
            alloc["nvidia.com/gpu"] = std::to_string(g.count - 2);
            alloc["nvidia.com/mig-1g.10gb"] = "8";
            alloc["nvidia.com/mig-2g.20gb"] = "3";
            labels["nvidia.com/mig-1g.10gb.count"] = "8";
            labels["nvidia.com/mig-1g.10gb.memory"] = "9728";
            labels["nvidia.com/mig-2g.20gb.count"] = "3";
            labels["nvidia.com/mig-2g.20gb.memory"] = "19968";
            labels["nvidia.com/gpu.sharing-strategy"] = "none";
        } else {
            alloc["nvidia.com/gpu"] = std::to_string(g.count);
            labels["nvidia.com/gpu.sharing-strategy"] = "none";
        }
        json annotations = json::object();
        if (g.type[0] == 'A' || g.type[0] == 'H')
            annotations["cubedesk.io/gpu-topology"] =
                DemoScenario::topologyText(g.product, g.count);
        if (!gpuHealth.empty())
            annotations["sim.cubedesk.io/gpu-health"] = gpuHealth;
        node(name, labels, g.cpus, g.memory, alloc, age, ready, false, annotations);
    }

    void vgpuNode(const std::string &name, const std::string &org, const GpuModel &g,
                  std::chrono::seconds age) {
        json labels = {{"vgpu", "true"},
                       {"train", "true"},
                       {"notebook", "true"},
                       {"org", org},
                       {"gpu-type", g.type},
                       {"nvidia.com/gpu.product", g.product},
                       {"nvidia.com/gpu.count", std::to_string(g.count)},
                       {"nvidia.com/gpu.memory", std::to_string(g.memoryMiB)},
                       {"nvidia.com/mig.strategy", "none"},
                       {"hami.io/node-nvidia-register", "true"}};
        // HAMi splits each card 4 ways; gpucores is percent of a card, gpumem MiB.
        json alloc = {{"nvidia.com/gpu", std::to_string(g.count * 4)},
                      {"nvidia.com/gpucores", std::to_string(g.count * 100)},
                      {"nvidia.com/gpumem", std::to_string(g.count * g.memoryMiB)}};
        node(name, labels, g.cpus, g.memory, alloc, age);
    }

    /// A pod of the platform's shape; placed now when `place` and it fits, else left pending.
    json pod(const std::string &name, const std::string &ns, json labels, json annotations,
             const json &nodeSelector, const std::string &image, json requests, json limits,
             std::chrono::seconds age, const json &ownerRefs = json::array(), bool place = true) {
        json container = {{"name", "main"},
                          {"image", image},
                          {"imagePullPolicy", "IfNotPresent"},
                          {"resources", {{"requests", requests}, {"limits", limits}}},
                          {"env", json::array({{{"name", "KFJ_NAMESPACE"}, {"value", ns}}})},
                          {"terminationMessagePath", "/dev/termination-log"},
                          {"terminationMessagePolicy", "File"}};
        json p = {{"apiVersion", "v1"},
                  {"kind", "Pod"},
                  {"metadata", meta(name, ns, age, std::move(labels), std::move(annotations))},
                  {"spec",
                   {{"containers", json::array({container})},
                    {"restartPolicy", "Never"},
                    {"schedulerName", "default-scheduler"},
                    {"serviceAccountName", "default"},
                    {"terminationGracePeriodSeconds", 30},
                    {"dnsPolicy", "ClusterFirst"}}},
                  {"status", {{"phase", "Pending"}, {"qosClass", "Burstable"}}}};
        if (!nodeSelector.empty())
            p["spec"]["nodeSelector"] = nodeSelector;
        if (!ownerRefs.empty())
            p["metadata"]["ownerReferences"] = ownerRefs;
        if (place)
            placeNow(p, age);
        return p;
    }

    void placeNow(json &p, std::chrono::seconds age) {
        const auto requests = ObjectIndexer::podRequests(p);
        const auto d = PodScheduler::decide(p, requests, m_nodes);
        if (d.node)
            placeOn(p, *d.node, age);
    }

    /// Binds `p` to `node` and marks it running, as a DaemonSet's or the kubelet's pod is.
    void placeOn(json &p, const std::string &node, std::chrono::seconds age) {
        const auto requests = ObjectIndexer::podRequests(p);
        for (auto &n : m_nodes) {
            if (n.name != node)
                continue;
            ++n.pods;
            for (const auto &[k, q] : requests)
                n.used[k] += q;
            p["spec"]["nodeName"] = n.name;
            const std::string podIp = "10.244." + std::to_string(m_podIndex / 250) + '.' +
                                      std::to_string(2 + m_podIndex % 250);
            ++m_podIndex;
            const auto started = std::min(age, std::chrono::seconds(age.count() - 5));
            p["status"] = PodScheduler::runningStatus(p, n.internalIp, podIp, ago(started));
        }
    }

    /// Marks a placed, running pod as restarted `restarts` times, its last run ended by
    /// `reason` `endedAgo` ago; the current run started 10 s after that.
    void restarted(json &p, int restarts, const char *reason, int exitCode,
                   std::chrono::seconds endedAgo, const std::string &message = {}) {
        for (auto &cs : p["status"]["containerStatuses"]) {
            const std::string podStart = p["status"].value("startTime", "");
            const auto start = parseRfc3339(podStart).value_or(m_now);
            const auto ended = m_now - endedAgo;
            const auto lastStart = std::max(start, ended - std::chrono::minutes(55));
            cs["restartCount"] = restarts;
            cs["lastState"] = {{"terminated",
                                {{"exitCode", exitCode},
                                 {"reason", reason},
                                 {"startedAt", formatRfc3339(lastStart)},
                                 {"finishedAt", formatRfc3339(ended)}}}};
            if (!message.empty())
                cs["lastState"]["terminated"]["message"] = message;
            cs["state"] = {
                {"running", {{"startedAt", formatRfc3339(ended + std::chrono::seconds(10))}}}};
        }
    }

    /// Marks a placed pod as finished (job pods of completed jobs).
    void finish(json &p, bool success, std::chrono::seconds endedAgo) {
        json &s = p["status"];
        s["phase"] = success ? "Succeeded" : "Failed";
        for (auto &c : s["conditions"])
            if (c["type"] == "Ready" || c["type"] == "ContainersReady") {
                c["status"] = "False";
                c["reason"] = "PodCompleted";
            }
        for (auto &cs : s["containerStatuses"]) {
            cs["ready"] = false;
            cs["started"] = false;
            cs["state"] = {{"terminated",
                            {{"exitCode", success ? 0 : 1},
                             {"reason", success ? "Completed" : "Error"},
                             {"startedAt", s.value("startTime", "")},
                             {"finishedAt", ago(endedAgo)}}}};
        }
    }

    void event(const std::string &ns, const json &involved, const char *type, const char *reason,
               const std::string &message, const char *component, std::chrono::seconds age,
               int count = 1) {
        const std::string name =
            involved.value("name", "x") + '.' + std::to_string(0x17a0000000000ULL + m_eventIndex++);
        add({{"apiVersion", "v1"},
             {"kind", "Event"},
             {"metadata", meta(name, ns, age)},
             {"involvedObject", involved},
             {"type", type},
             {"reason", reason},
             {"message", message},
             {"source", {{"component", component}}},
             {"reportingComponent", component},
             {"count", count},
             {"firstTimestamp", ago(age)},
             {"lastTimestamp", ago(std::chrono::seconds(std::max<long>(age.count() / 3, 5)))}});
    }

    std::vector<PodScheduler::NodeView> m_nodes;

private:
    std::mt19937_64 m_rng;
    TimePoint m_now;
    int m_nodeIndex = 0;
    int m_podIndex = 0;
    std::uint64_t m_eventIndex = 0;
};

json ownerRef(const char *apiVersion, const char *kind, const std::string &name) {
    return json::array({{{"apiVersion", apiVersion},
                         {"kind", kind},
                         {"name", name},
                         {"uid", "owner-" + name},
                         {"controller", true},
                         {"blockOwnerDeletion", true}}});
}

json condition(const char *type, const char *reason, const std::string &message,
               const std::string &when) {
    return {{"type", type},       {"status", "True"},       {"reason", reason},
            {"message", message}, {"lastUpdateTime", when}, {"lastTransitionTime", when}};
}

json gpuRequest(const char *cpu, const char *mem, int gpus,
                const char *resource = "nvidia.com/gpu") {
    json r = {{"cpu", cpu}, {"memory", mem}};
    if (gpus > 0)
        r[resource] = std::to_string(gpus);
    return r;
}

std::chrono::seconds days(int d) {
    return std::chrono::seconds(hours(24 * d));
}

std::chrono::seconds mins(int m) {
    return std::chrono::seconds(minutes(m));
}

/// A Kubeflow training job in the pipeline namespace.
struct TrainingJob {
    const char *apiVersion;
    const char *kind;
    std::string name;
    std::string org;
    std::string user;
    std::chrono::seconds age;
};
/// A condition after Created: its type, the message after "<Kind> <name> ", and when.
struct JobPhase {
    const char *type;
    const char *text;
    std::chrono::seconds ago;
};

/// The demo cluster, part by part, in the order generate() has always built it (the order of
/// the random draws and of placement makes the result for a seed).
class DemoCluster {
public:
    DemoCluster(std::uint64_t seed, TimePoint now)
        : b(seed, now)
        , m_now(now) {}

    std::vector<json> build() {
        addNamespaces();
        addNodes();
        addPlatformPods();
        addNotebooks();
        addInferenceServices();
        addKubeflowTrainingJobs();
        addLegacyJobs();
        addVolcanoJobs();
        addSparkApplications();
        addArgoWorkflows();
        addOversizedCpuTask();
        addQuotas();
        addEvents();
        addNodeAgents();
        addIdleGpuNotebooks();
        addDisruptionBudgets();
        addPlatformInstall();
        return std::move(b.objects);
    }

private:
    /// Namespaces the CubeStudio installer creates, plus default.
    void addNamespaces() {
        // (create_ns_secret.sh)
        for (const char *ns :
             {"default", "kube-system", "kube-public", "infra", "kubeflow", "istio-system",
              "pipeline", "automl", "jupyter", "service", "monitoring", "logging", "aihub"}) {
            json labels = {{"kubernetes.io/metadata.name", ns}};
            const std::string n(ns);
            if (n != "default" && n != "kube-system" && n != "kube-public" && n != "service")
                labels["istio-injection"] = "disabled";
            b.add({{"apiVersion", "v1"},
                   {"kind", "Namespace"},
                   {"metadata", b.meta(ns, "", days(210), labels)},
                   {"spec", {{"finalizers", {"kubernetes"}}}},
                   {"status", {{"phase", "Active"}}}});
        }
    }
    /// Control plane first (platform components), then per-org CPU and GPU pools.
    void addNodes() {
        for (int i = 1; i <= 3; ++i) {
            json labels = {{"node-role.kubernetes.io/control-plane", ""},
                           {"kubeflow", "true"},
                           {"kubeflow-dashboard", "true"},
                           {"mysql", "true"},
                           {"redis", "true"},
                           {"istio", "true"},
                           {"monitoring", "true"},
                           {"logging", "true"},
                           {"org", "public"}};
            b.node("master-" + std::to_string(i), labels, "16", "64Gi", json::object(), days(210),
                   true, false, json::object(),
                   json::array({{{"key", "node-role.kubernetes.io/control-plane"},
                                 {"effect", "NoSchedule"}}}));
        }
        const int extraCpu = b.pick(0, 8); // 20–40 nodes in all, by seed
        for (std::size_t o = 0; o < orgs.size(); ++o) {
            const int count = 3 + (o == 0 ? extraCpu / 2 : o == 1 ? extraCpu - extraCpu / 2 : 0);
            for (int i = 1; i <= count; ++i) {
                json labels = {{"cpu", "true"},
                               {"train", "true"},
                               {"notebook", "true"},
                               {"service", "true"},
                               {"org", orgs[o]}};
                if (o == 0 && i == count)
                    labels["share"] = "false";
                const bool cordoned = o == 3 && i == count;
                b.node("cpu-" + orgs[o] + '-' + std::to_string(i), labels, i % 2 ? "64" : "32",
                       i % 2 ? "256Gi" : "128Gi", json::object(), days(30 + 7 * i), true, cordoned);
            }
        }
        b.gpuNode("gpu-a100-vision-1", "vision", kA100, "none", 1, true, days(120));
        // One GPU fell off the bus (XID 79), one runs hot and throttles, one had an ECC error.
        b.gpuNode("gpu-a100-vision-2", "vision", kA100, "none", 1, true, days(118), true,
                  "5=xid-79");
        b.gpuNode("gpu-a100-public-1", "public", kA100, "none", 1, true, days(90));
        b.gpuNode("gpu-a100-mig-nlp-1", "nlp", kA100, "mixed", 1, true, days(60));
        b.gpuNode("gpu-h100-nlp-1", "nlp", kH100, "none", 1, true, days(20), true, "2=hot");
        b.gpuNode("gpu-h100-nlp-2", "nlp", kH100, "none", 1, false, days(20));
        b.gpuNode("gpu-v100-speech-1", "speech", kV100, "none", 1, true, days(400), true,
                  "1=xid-48");
        b.gpuNode("gpu-v100-speech-2", "speech", kV100, "none", 1, true, days(400));
        b.gpuNode("gpu-v100-speech-3", "speech", kV100, "none", 1, true, days(380), false);
        b.gpuNode("gpu-t4-public-1", "public", kT4, "none", 4, true, days(300));
        const int extraGpu = b.pick(0, 3);
        for (int i = 0; i < extraGpu; ++i)
            b.gpuNode("gpu-t4-vision-" + std::to_string(i + 1), "vision", kT4, "none", 1, true,
                      days(200 - i));
        b.vgpuNode("vgpu-t4-public-1", "public", kT4, days(150));
    }
    /// Platform components run on the tainted control-plane nodes.
    void platformPod(const std::string &name, const std::string &ns, json labels,
                     const json &selector, const std::string &image, json requests, json limits,
                     std::chrono::seconds age, const json &ownerRefs) {
        json p = b.pod(name, ns, std::move(labels), json::object(), selector, image,
                       std::move(requests), std::move(limits), age, ownerRefs, false);
        p["spec"]["tolerations"] = json::array({{{"key", "node-role.kubernetes.io/control-plane"},
                                                 {"operator", "Exists"},
                                                 {"effect", "NoSchedule"}}});
        b.placeNow(p, age);
        add(std::move(p));
    }
    /// The platform's own pods.
    void addPlatformPods() {
        const json corednsTemplate = PlatformInstall::podTemplate(
            {{"k8s-app", "kube-dns"}}, "main", "registry.k8s.io/coredns/coredns:v1.11.3",
            {{"cpu", "100m"}, {"memory", "70Mi"}}, {{"memory", "170Mi"}}, 0,
            {{"node-role.kubernetes.io/control-plane", ""}});
        for (int i = 1; i <= 2; ++i)
            platformPod("coredns-7db6d8ff4d-" + std::string(i == 1 ? "8xk2p" : "q9wzt"),
                        "kube-system",
                        {{"k8s-app", "kube-dns"}, {"pod-template-hash", "7db6d8ff4d"}},
                        {{"node-role.kubernetes.io/control-plane", ""}},
                        "registry.k8s.io/coredns/coredns:v1.11.3",
                        {{"cpu", "100m"}, {"memory", "70Mi"}}, {{"memory", "170Mi"}}, days(200),
                        ownerRef("apps/v1", "ReplicaSet", "coredns-7db6d8ff4d"));
        const json dashboardTemplate = PlatformInstall::podTemplate(
            {{"app", "kubeflow-dashboard"}}, "main",
            "ccr.ccs.tencentyun.com/cube-studio/kubeflow-dashboard:2026.03.01",
            {{"cpu", "2"}, {"memory", "4Gi"}}, {{"cpu", "4"}, {"memory", "8Gi"}}, 0,
            {{"kubeflow-dashboard", "true"}});
        platformPod("kubeflow-dashboard-backend-6f9c8d7b5-x2l4m", "infra",
                    {{"app", "kubeflow-dashboard"}, {"pod-template-hash", "6f9c8d7b5"}},
                    {{"kubeflow-dashboard", "true"}},
                    "ccr.ccs.tencentyun.com/cube-studio/kubeflow-dashboard:2026.03.01",
                    {{"cpu", "2"}, {"memory", "4Gi"}}, {{"cpu", "4"}, {"memory", "8Gi"}}, days(60),
                    ownerRef("apps/v1", "ReplicaSet", "kubeflow-dashboard-backend-6f9c8d7b5"));
        deployment("coredns", "kube-system", "7db6d8ff4d", {{"k8s-app", "kube-dns"}},
                   corednsTemplate, 2, days(200));
        deployment("kubeflow-dashboard-backend", "infra", "6f9c8d7b5",
                   {{"app", "kubeflow-dashboard"}}, dashboardTemplate, 1, days(60));
    }
    /// A Deployment and its current ReplicaSet (stored, not run: the pods are made above).
    void deployment(const std::string &name, const std::string &ns, const std::string &hash,
                    const json &labels, const json &podTemplate, int replicas,
                    std::chrono::seconds age) {
        const json counts = {{"replicas", replicas},
                             {"readyReplicas", replicas},
                             {"availableReplicas", replicas},
                             {"observedGeneration", 1}};
        json d = {{"apiVersion", "apps/v1"},
                  {"kind", "Deployment"},
                  {"metadata", b.meta(name, ns, age, labels)},
                  {"spec",
                   {{"replicas", replicas},
                    {"selector", {{"matchLabels", labels}}},
                    {"template", podTemplate},
                    {"strategy",
                     {{"type", "RollingUpdate"},
                      {"rollingUpdate", {{"maxUnavailable", "25%"}, {"maxSurge", "25%"}}}}},
                    {"revisionHistoryLimit", 10},
                    {"progressDeadlineSeconds", 600}}},
                  {"status", counts}};
        d["status"]["updatedReplicas"] = replicas;
        d["metadata"]["annotations"] = {{"deployment.kubernetes.io/revision", "1"}};
        d["metadata"]["uid"] = "owner-" + name; // what ownerRef() names
        add(std::move(d));
        json rsLabels = labels;
        rsLabels["pod-template-hash"] = hash;
        json rsTemplate = podTemplate;
        rsTemplate["metadata"]["labels"]["pod-template-hash"] = hash;
        json rs = {{"apiVersion", "apps/v1"},
                   {"kind", "ReplicaSet"},
                   {"metadata", b.meta(name + '-' + hash, ns, age, rsLabels)},
                   {"spec",
                    {{"replicas", replicas},
                     {"selector", {{"matchLabels", rsLabels}}},
                     {"template", rsTemplate}}},
                   {"status", counts}};
        rs["metadata"]["annotations"] = {{"deployment.kubernetes.io/revision", "1"}};
        rs["metadata"]["uid"] = "owner-" + name + '-' + hash;
        rs["metadata"]["ownerReferences"] = ownerRef("apps/v1", "Deployment", name);
        add(std::move(rs));
    }
    /// Notebooks (jupyter): request 0 / limit N unless exclusive, as the platform creates them.
    void addNotebooks() {
        for (int i = 0; i < 8; ++i) {
            const std::string &org = orgs[static_cast<std::size_t>(i) % orgs.size()];
            const std::string &user = users[static_cast<std::size_t>(i) % users.size()];
            const bool gpu = i % 3 == 2;
            json selector = {{"notebook", "true"}, {"org", org}};
            selector[gpu ? "vgpu" : "cpu"] = "true";
            json requests = {{"cpu", "0"}, {"memory", "0"}};
            json limits = {{"cpu", "8"}, {"memory", "16Gi"}};
            if (gpu) {
                requests = {{"cpu", "2"},
                            {"memory", "8Gi"},
                            {"nvidia.com/gpu", "1"},
                            {"nvidia.com/gpucores", "25"},
                            {"nvidia.com/gpumem", "4096"}};
                limits = requests;
                selector["org"] = "public";
            }
            const std::string name = user + "-notebook-" + std::to_string(i);
            json p =
                b.pod(name, "jupyter", {{"app", name}, {"user", user}, {"pod-type", "notebook"}},
                      {{"project", projects.at(selector["org"].get<std::string>())}}, selector,
                      "ccr.ccs.tencentyun.com/cube-studio/notebook:jupyter-ubuntu-cpu-base",
                      requests, limits, std::chrono::seconds(hours(1 + 7 * i)));
            if (i == 1 && p["status"].contains("containerStatuses"))
                // Out of memory once an hour: the current run and the killed one before it.
                b.restarted(p, 3, "OOMKilled", 137, std::chrono::minutes(50));
            add(std::move(p));
        }
    }
    /// Inference services (service namespace): request = limit.
    void addInferenceServices() {
        for (int i = 0; i < 6; ++i) {
            const std::string &org = orgs[static_cast<std::size_t>(i + 1) % orgs.size()];
            const bool gpu = i % 2 == 1;
            json selector = {{"service", "true"}, {"org", org}};
            selector[gpu ? "gpu" : "cpu"] = "true";
            json req = gpu ? gpuRequest("4", "16Gi", 1) : gpuRequest("2", "4Gi", 0);
            if (gpu)
                selector["gpu-type"] = org == "speech" ? "V100" : org == "nlp" ? "H100" : "T4";
            if (gpu && org == "vision")
                selector["org"] =
                    "public"; // vision's GPUs are busy training; serve from public T4s
            const std::string name = "infer-" + org + "-model-" + std::to_string(i) + "-5c7f9d";
            json p = b.pod(name, "service",
                           {{"app", "infer-" + org + "-model-" + std::to_string(i)},
                            {"pod-type", "inferenceservice"},
                            {"user", users[static_cast<std::size_t>(i)]}},
                           {{"project", projects.at(selector["org"].get<std::string>())},
                            {"kubectl.kubernetes.io/default-container", "main"}},
                           selector, "ccr.ccs.tencentyun.com/cube-studio/tritonserver:24.05", req,
                           req, days(2 + i), json::array(), false);
            // Istio injects an init container and a sidecar; they request nothing here, so the
            // service's requests stay what the platform asked for.
            p["spec"]["initContainers"] =
                json::array({{{"name", "istio-init"},
                              {"image", "docker.io/istio/proxyv2:1.22.3"},
                              {"args", json::array({"istio-iptables", "-p", "15001"})}}});
            p["spec"]["containers"].push_back({{"name", "istio-proxy"},
                                               {"image", "docker.io/istio/proxyv2:1.22.3"},
                                               {"args", json::array({"proxy", "sidecar"})}});
            b.placeNow(p, days(2 + i));
            add(std::move(p));
        }
    }
    json jobMeta(const std::string &name, const std::string &ns, const std::string &org,
                 const std::string &user, std::chrono::seconds age) const {
        json labels = {{"run-id", "run-" + name},
                       {"run-username", user},
                       {"pipeline-username", user},
                       {"pipeline-id", std::to_string(100 + name.size())},
                       {"pipeline-name", "pipeline-" + org},
                       {"task-id", std::to_string(1000 + name.size())},
                       {"task-name", name},
                       {"org", org}};
        return b.meta(name, ns, age, labels, {{"project", projects.at(org)}});
    }
    // The object as the training operator writes it: Created at the job's age, then `phases`;
    // startTime once it ran, completionTime once it succeeded or failed.
    json trainingJob(const TrainingJob &j, json spec, std::initializer_list<JobPhase> phases,
                     json replicaStatuses) const {
        const std::string kind = j.kind;
        // mpi-operator v2 names the job with its namespace in its messages.
        const std::string subject =
            kind + ' ' +
            (std::string(j.apiVersion) == "kubeflow.org/v2beta1" ? "pipeline/" + j.name : j.name) +
            ' ';
        json conditions = json::array({condition("Created", (kind + "Created").c_str(),
                                                 subject + "is created.", b.ago(j.age))});
        json status = {{"replicaStatuses", std::move(replicaStatuses)}};
        for (const JobPhase &p : phases) {
            const std::string type = p.type;
            conditions.push_back(
                condition(p.type, (kind + type).c_str(), subject + p.text, b.ago(p.ago)));
            if (type == "Running")
                status["startTime"] = b.ago(j.age);
            if (type == "Succeeded" || type == "Failed")
                status["completionTime"] = b.ago(p.ago);
        }
        status["conditions"] = std::move(conditions);
        return json{{"apiVersion", j.apiVersion},
                    {"kind", j.kind},
                    {"metadata", jobMeta(j.name, "pipeline", j.org, j.user, j.age)},
                    {"spec", std::move(spec)},
                    {"status", std::move(status)}};
    }
    // {"Master", 1}, {"Worker", 2} → {"Master": {"replicas": 1}, "Worker": {"replicas": 2}}.
    static json replicaSpecs(std::initializer_list<std::pair<const char *, int>> roles) {
        json specs = json::object();
        for (const auto &[role, n] : roles)
            specs[role] = {{"replicas", n}};
        return specs;
    }
    static json pytorchReplica(int gpus, bool restartOnFailure) {
        json r = {
            {"replicas", 1},
            {"template",
             {{"spec",
               {{"containers",
                 json::array({{{"name", "pytorch"},
                               {"image", "pytorch:2.4"},
                               {"resources",
                                {{"limits", {{"nvidia.com/gpu", std::to_string(gpus)}}}}}}})}}}}}};
        if (restartOnFailure)
            r["restartPolicy"] = "OnFailure";
        return r;
    }
    /// `restarts`: the replicas' containers failed that often before (restartPolicy OnFailure):
    /// their previous run ended with a traceback.
    void replicaPods(const TrainingJob &j, const std::string &role, int n, const json &requests,
                     const json &selector, int finished /* 0 running, 1 succeeded, -1 failed */,
                     bool place = true, int restarts = 0) {
        const std::string &job = j.name;
        for (int i = 0; i < n; ++i) {
            std::string r = role;
            for (char &c : r)
                c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            json labels = {{"training.kubeflow.org/job-name", job},
                           {"training.kubeflow.org/replica-type", r},
                           {"training.kubeflow.org/replica-index", std::to_string(i)},
                           {"training.kubeflow.org/operator-name", "kubeflow-training"},
                           {"run-id", "run-" + job},
                           {"task-name", job}};
            if (i == 0 && (r == "master" || r == "chief" || r == "launcher"))
                labels["training.kubeflow.org/job-role"] = "master";
            std::string podName = job;
            podName += '-';
            podName += r;
            podName += '-';
            podName += std::to_string(i);
            json p = b.pod(podName, "pipeline", labels, {{"project", projects.at(j.org)}}, selector,
                           "ccr.ccs.tencentyun.com/cube-studio/" + std::string(j.kind) + ":latest",
                           requests, requests, j.age, ownerRef(j.apiVersion, j.kind, job), place);
            // NCCL and the data loaders need a large /dev/shm: local data a drain must accept
            // losing (--delete-emptydir-data).
            p["spec"]["volumes"] =
                json::array({{{"name", "dshm"}, {"emptyDir", {{"medium", "Memory"}}}}});
            p["spec"]["containers"][0]["volumeMounts"] =
                json::array({{{"name", "dshm"}, {"mountPath", "/dev/shm"}}});
            if (finished != 0 && p["spec"].contains("nodeName"))
                b.finish(p, finished > 0, std::chrono::seconds(j.age.count() / 2));
            else if (restarts > 0 && p["status"].contains("containerStatuses"))
                // FallbackToLogsOnError: the kubelet keeps the end of the log as the message.
                b.restarted(p, restarts, "Error", 1, std::chrono::hours(20),
                            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 "
                            "GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.19 GiB is "
                            "free.");
            add(std::move(p));
        }
    }
    static json cpuTrain(const std::string &org) {
        return json{{"cpu", "true"}, {"train", "true"}, {"org", org}};
    }
    /// Training jobs of every built-in Kubeflow kind, with their pods.
    void addKubeflowTrainingJobs() {
        { // PyTorchJob running for 3 days: past the platform's 2-day timeout; fills vision's A100s.
            const TrainingJob j{"kubeflow.org/v1", "PyTorchJob", "pytorch-resnet50-vision",
                                "vision",          "chen.wei",   days(3)};
            add(trainingJob(
                j,
                {{"runPolicy", {{"cleanPodPolicy", "None"}, {"suspend", false}}},
                 {"pytorchReplicaSpecs",
                  {{"Master", pytorchReplica(8, true)}, {"Worker", pytorchReplica(8, true)}}}},
                {{"Running", "is running.", j.age}}, {{"Master", active1}, {"Worker", active1}}));
            replicaPods(j, "Master", 1, gpuRequest("32", "256Gi", 8), visionA100, 0);
            replicaPods(j, "Worker", 1, gpuRequest("32", "256Gi", 8), visionA100, 0, true, 1);
        }
        { // A second vision PyTorchJob that cannot start: vision has no free A100.
            const TrainingJob j{"kubeflow.org/v1", "PyTorchJob", "pytorch-detr-vision",
                                "vision",          "li.na",      mins(42)};
            add(trainingJob(
                j,
                {{"runPolicy", {{"cleanPodPolicy", "None"}}},
                 {"pytorchReplicaSpecs",
                  {{"Master", pytorchReplica(4, false)}, {"Worker", pytorchReplica(4, false)}}}},
                {}, {{"Master", json::object()}, {"Worker", json::object()}}));
            replicaPods(j, "Master", 1, gpuRequest("16", "128Gi", 4), visionA100, 0, false);
            replicaPods(j, "Worker", 1, gpuRequest("16", "128Gi", 4), visionA100, 0, false);
        }
        { // TFJob that succeeded.
            const TrainingJob j{"kubeflow.org/v1", "TFJob", "tf-mnist-speech",
                                "speech",          "bob",   hours(20)};
            add(trainingJob(j, {{"tfReplicaSpecs", replicaSpecs({{"PS", 1}, {"Worker", 2}})}},
                            {{"Running", "is running.", hours(19)},
                             {"Succeeded", "successfully completed.", hours(12)}},
                            {{"PS", {{"succeeded", 1}}}, {"Worker", {{"succeeded", 2}}}}));
            replicaPods(j, "PS", 1, gpuRequest("4", "8Gi", 0), cpuTrain("speech"), 1);
            replicaPods(j, "Worker", 2, gpuRequest("8", "16Gi", 0), cpuTrain("speech"), 1);
        }
        { // MPIJob v1 that failed.
            const TrainingJob j{"kubeflow.org/v1", "MPIJob",    "mpi-horovod-speech",
                                "speech",          "wang.fang", hours(9)};
            add(trainingJob(
                j,
                {{"slotsPerWorker", 1},
                 {"mpiReplicaSpecs", replicaSpecs({{"Launcher", 1}, {"Worker", 2}})}},
                {{"Running", "is running.", hours(8)},
                 {"Failed", "has failed because 1 Launcher replica(s) failed.", hours(7)}},
                {{"Launcher", {{"failed", 1}}}, {"Worker", {{"succeeded", 2}}}}));
            replicaPods(j, "Launcher", 1, gpuRequest("1", "2Gi", 0), cpuTrain("speech"), -1);
            replicaPods(j, "Worker", 2, gpuRequest("8", "64Gi", 2), speechV100, 1);
        }
        { // MPIJob v2beta1 (standalone mpi-operator) running on V100s.
            const TrainingJob j{"kubeflow.org/v2beta1",
                                "MPIJob",
                                "mpi-v2-bert-speech",
                                "speech",
                                "alice",
                                hours(5)};
            add(trainingJob(j,
                            {{"slotsPerWorker", 4},
                             {"runPolicy", {{"cleanPodPolicy", "Running"}}},
                             {"mpiReplicaSpecs", replicaSpecs({{"Launcher", 1}, {"Worker", 2}})}},
                            {{"Running", "is running.", hours(4)}},
                            {{"Launcher", active1}, {"Worker", active2}}));
            replicaPods(j, "Launcher", 1, gpuRequest("1", "2Gi", 0), cpuTrain("speech"), 0);
            replicaPods(j, "Worker", 2, gpuRequest("16", "96Gi", 4), speechV100, 0);
        }
        { // MXJob just created (no pods yet).
            const TrainingJob j{"kubeflow.org/v1", "MXJob",     "mx-ssd-public",
                                "public",          "zhang.san", mins(2)};
            add(trainingJob(j,
                            {{"jobMode", "MXTrain"},
                             {"mxReplicaSpecs",
                              replicaSpecs({{"Scheduler", 1}, {"Server", 1}, {"Worker", 2}})}},
                            {}, json::object()));
        }
        { // XGBoostJob running on CPUs.
            const TrainingJob j{"kubeflow.org/v1", "XGBoostJob", "xgboost-ctr-public",
                                "public",          "alice",      hours(2)};
            add(trainingJob(j, {{"xgbReplicaSpecs", replicaSpecs({{"Master", 1}, {"Worker", 2}})}},
                            {{"Running", "is running.", hours(1)}},
                            {{"Master", active1}, {"Worker", active2}}));
            replicaPods(j, "Master", 1, gpuRequest("4", "8Gi", 0), cpuTrain("public"), 0);
            replicaPods(j, "Worker", 2, gpuRequest("8", "16Gi", 0), cpuTrain("public"), 0);
        }
        { // PaddleJob (kubeflow.org) restarting.
            const TrainingJob j{"kubeflow.org/v1", "PaddleJob", "paddle-ernie-nlp", "nlp",
                                "li.na",           hours(6)};
            add(trainingJob(
                j, {{"paddleReplicaSpecs", replicaSpecs({{"Worker", 2}})}},
                {{"Running", "is running.", hours(5)},
                 {"Restarting", "is restarting because 1 Worker replica(s) failed.", mins(3)}},
                {{"Worker", {{"active", 1}, {"failed", 1}}}}));
            replicaPods(j, "Worker", 2, gpuRequest("16", "128Gi", 4), nlpH100, 0);
        }
        { // JAXJob suspended.
            const TrainingJob j{"kubeflow.org/v1", "JAXJob", "jax-gemma-nlp", "nlp",
                                "chen.wei",        hours(30)};
            add(trainingJob(j,
                            {{"runPolicy", {{"suspend", true}}},
                             {"jaxReplicaSpecs", replicaSpecs({{"Worker", 4}})}},
                            {{"Suspended", "is suspended.", hours(20)}},
                            {{"Worker", json::object()}}));
        }
    }
    /// The platform's legacy job groups.
    void addLegacyJobs() {
        { // The platform's legacy groups.
            add({{"apiVersion", "xgboostjob.kubeflow.org/v1alpha1"},
                 {"kind", "XGBoostJob"},
                 {"metadata",
                  jobMeta("xgb-legacy-churn-model", "pipeline", "public", "bob", days(1))},
                 {"spec", {{"xgbReplicaSpecs", {{"Master", {{"replicas", 1}}}}}}},
                 {"status",
                  {{"conditions", json::array({condition("Created", "XGBoostJobCreated", "created",
                                                         b.ago(days(1))),
                                               condition("Succeeded", "XGBoostJobSucceeded",
                                                         "completed", b.ago(hours(22)))})},
                   {"completionTime", b.ago(hours(22))}}}});
            add({{"apiVersion", "batch.paddlepaddle.org/v1"},
                 {"kind", "PaddleJob"},
                 {"metadata",
                  jobMeta("paddle-ocr-public", "pipeline", "public", "zhang.san", hours(3))},
                 {"spec", {{"worker", {{"replicas", 2}}}, {"ps", {{"replicas", 1}}}}},
                 {"status",
                  {{"phase", "Running"}, {"mode", "PS"}, {"startTime", b.ago(hours(3))}}}});
        }
    }
    /// Volcano: queues, a running hyper-parameter search and a job waiting in its queue.
    void addVolcanoJobs() {
        { // Volcano: queues, a running hyper-parameter search and a job waiting in its queue.
            for (const auto &[q, weight] : std::vector<std::pair<std::string, int>>{
                     {"default", 1}, {"vision", 4}, {"speech", 2}})
                add({{"apiVersion", "scheduling.volcano.sh/v1beta1"},
                     {"kind", "Queue"},
                     {"metadata", b.meta(q, "", days(200))},
                     {"spec",
                      {{"weight", weight},
                       {"reclaimable", true},
                       {"capability",
                        {{"cpu", "256"},
                         {"memory", "1Ti"},
                         {"nvidia.com/gpu", q == "default" ? "8" : "32"}}}}},
                     {"status",
                      {{"state", "Open"},
                       {"running", q == "default" ? 1 : 0},
                       {"pending", q == "vision" ? 1 : 0},
                       {"allocated",
                        {{"cpu", q == "default" ? "12" : "0"},
                         {"memory", q == "default" ? "24Gi" : "0"}}}}}});
            const std::string name = "nni-hp-search-public";
            const auto age = hours(4);
            add({{"apiVersion", "batch.volcano.sh/v1alpha1"},
                 {"kind", "Job"},
                 {"metadata", jobMeta(name, "automl", "public", "bob", age)},
                 {"spec",
                  {{"schedulerName", "volcano"},
                   {"queue", "default"},
                   {"minAvailable", 3},
                   {"tasks", json::array({{{"name", "trial"}, {"replicas", 3}}})}}},
                 {"status",
                  {{"state", {{"phase", "Running"}, {"lastTransitionTime", b.ago(hours(3))}}},
                   {"minAvailable", 3},
                   {"running", 3},
                   {"version", 1}}}});
            add({{"apiVersion", "scheduling.volcano.sh/v1beta1"},
                 {"kind", "PodGroup"},
                 {"metadata", b.meta(name + "-pg", "automl", age)},
                 {"spec", {{"minMember", 3}, {"queue", "default"}}},
                 {"status", {{"phase", "Running"}, {"running", 3}}}});
            for (int i = 0; i < 3; ++i) {
                json p = b.pod(
                    name + "-trial-" + std::to_string(i), "automl",
                    {{"volcano.sh/job-name", name},
                     {"volcano.sh/task-spec", "trial"},
                     {"run-id", "run-" + name}},
                    {{"project", "public-demo"}, {"scheduling.k8s.io/group-name", name + "-pg"}},
                    cpuTrain("public"), "ccr.ccs.tencentyun.com/cube-studio/nni:2.10",
                    gpuRequest("4", "8Gi", 0), gpuRequest("4", "8Gi", 0), age,
                    ownerRef("batch.volcano.sh/v1alpha1", "Job", name));
                p["spec"]["schedulerName"] = "volcano";
                add(std::move(p));
            }
            add({{"apiVersion", "batch.volcano.sh/v1alpha1"},
                 {"kind", "Job"},
                 {"metadata",
                  jobMeta("mindspore-yolo-vision", "automl", "vision", "li.na", mins(15))},
                 {"spec",
                  {{"schedulerName", "volcano"},
                   {"queue", "vision"},
                   {"minAvailable", 2},
                   {"tasks", json::array({{{"name", "worker"}, {"replicas", 2}}})}}},
                 {"status",
                  {{"state", {{"phase", "Pending"}, {"lastTransitionTime", b.ago(mins(15))}}},
                   {"minAvailable", 2},
                   {"pending", 2}}}});
        }
    }
    /// Spark: one completed, one running.
    void addSparkApplications() {
        { // Spark: one completed, one running.
            add({{"apiVersion", "sparkoperator.k8s.io/v1beta2"},
                 {"kind", "SparkApplication"},
                 {"metadata", jobMeta("spark-pi", "pipeline", "public", "alice", hours(26))},
                 {"spec",
                  {{"type", "Scala"},
                   {"mode", "cluster"},
                   {"sparkVersion", "3.5.0"},
                   {"mainClass", "org.apache.spark.examples.SparkPi"},
                   {"driver", {{"cores", 1}, {"memory", "512m"}}},
                   {"executor", {{"cores", 1}, {"instances", 2}, {"memory", "512m"}}}}},
                 {"status",
                  {{"applicationState", {{"state", "COMPLETED"}}},
                   {"submissionAttempts", 1},
                   {"lastSubmissionAttemptTime", b.ago(hours(26))},
                   {"terminationTime", b.ago(hours(25))},
                   {"sparkApplicationId", "spark-5f1f3b"},
                   {"executorState",
                    {{"spark-pi-exec-1", "COMPLETED"}, {"spark-pi-exec-2", "COMPLETED"}}}}}});
            const std::string name = "spark-etl-speech";
            const auto age = mins(50);
            add({{"apiVersion", "sparkoperator.k8s.io/v1beta2"},
                 {"kind", "SparkApplication"},
                 {"metadata", jobMeta(name, "pipeline", "speech", "wang.fang", age)},
                 {"spec",
                  {{"type", "Python"},
                   {"mode", "cluster"},
                   {"sparkVersion", "3.5.0"},
                   {"driver", {{"cores", 2}, {"memory", "4g"}}},
                   {"executor", {{"cores", 4}, {"instances", 2}, {"memory", "8g"}}}}},
                 {"status",
                  {{"applicationState", {{"state", "RUNNING"}}},
                   {"submissionAttempts", 1},
                   {"lastSubmissionAttemptTime", b.ago(age)},
                   {"sparkApplicationId", "spark-9a8e7c"}}}});
            add(b.pod(name + "-driver", "pipeline",
                      {{"spark-role", "driver"},
                       {"sparkoperator.k8s.io/app-name", name},
                       {"run-id", "run-" + name}},
                      {{"project", "speech-asr"}}, cpuTrain("speech"), "apache/spark:3.5.0",
                      {{"cpu", "2"}, {"memory", "4506Mi"}}, {{"memory", "4506Mi"}}, age,
                      ownerRef("sparkoperator.k8s.io/v1beta2", "SparkApplication", name)));
            for (int i = 1; i <= 2; ++i)
                add(b.pod(name + "-exec-" + std::to_string(i), "pipeline",
                          {{"spark-role", "executor"}, {"sparkoperator.k8s.io/app-name", name}},
                          {{"project", "speech-asr"}}, cpuTrain("speech"), "apache/spark:3.5.0",
                          {{"cpu", "4"}, {"memory", "9011Mi"}}, {{"memory", "9011Mi"}}, age,
                          ownerRef("sparkoperator.k8s.io/v1beta2", "SparkApplication", name)));
        }
    }
    /// Argo workflows (the platform's pipelines).
    void addArgoWorkflows() {
        { // Argo workflows (the platform's pipelines).
            const std::vector<std::tuple<std::string, std::string, const char *, int>> wfs = {
                {"pipeline-speech-asr-nightly-7k2x9", "speech", "Running", 35},
                {"pipeline-vision-eval-p8d4m", "vision", "Succeeded", 600},
                {"pipeline-nlp-data-prep-q2w7z", "nlp", "Failed", 240}};
            for (const auto &[name, org, phase, ageMin] : wfs) {
                json status = {{"phase", phase},
                               {"startedAt", b.ago(mins(ageMin))},
                               {"progress", std::string(phase) == "Running" ? "1/3" : "3/3"}};
                if (std::string(phase) != "Running")
                    status["finishedAt"] = b.ago(mins(ageMin / 2));
                if (std::string(phase) == "Failed")
                    status["message"] = "child 'pipeline-nlp-data-prep-q2w7z-3312' failed";
                add({{"apiVersion", "argoproj.io/v1alpha1"},
                     {"kind", "Workflow"},
                     {"metadata", jobMeta(name, "pipeline", org, "zhang.san", mins(ageMin))},
                     {"spec",
                      {{"entrypoint", "main"},
                       {"serviceAccountName", "pipeline-runner"},
                       {"ttlStrategy", {{"secondsAfterCompletion", 10800}}}}},
                     {"status", status}});
                if (std::string(phase) == "Running")
                    add(b.pod(name + "-1823", "pipeline",
                              {{"workflows.argoproj.io/workflow", name},
                               {"pipeline-name", "pipeline-" + org},
                               {"run-id", "run-" + name},
                               {"run-username", "zhang.san"}},
                              {{"project", projects.at(org)},
                               {"workflows.argoproj.io/node-name", name + ".preprocess"}},
                              cpuTrain(org),
                              "ccr.ccs.tencentyun.com/cube-studio/ubuntu-gpu:cuda12.1",
                              {{"cpu", "4"}, {"memory", "8Gi"}}, {{"cpu", "4"}, {"memory", "8Gi"}},
                              mins(ageMin), ownerRef("argoproj.io/v1alpha1", "Workflow", name)));
            }
        }
    }
    /// A CPU pipeline task for nlp that asks more than any nlp node has free.
    void addOversizedCpuTask() {
        { // A CPU pipeline task for nlp that asks more than any nlp node has free.
            add(b.pod("pipeline-nlp-big-shuffle-9x7q", "pipeline",
                      {{"run-id", "run-nlp-shuffle"},
                       {"task-name", "shuffle"},
                       {"run-username", "li.na"}},
                      {{"project", "nlp-llm"}}, cpuTrain("nlp"),
                      "ccr.ccs.tencentyun.com/cube-studio/ubuntu:22.04",
                      {{"cpu", "96"}, {"memory", "200Gi"}}, {{"cpu", "96"}, {"memory", "200Gi"}},
                      mins(25)));
        }
    }
    /// Quotas on the workload namespaces and a LimitRange for notebooks.
    void addQuotas() {
        for (const char *ns : {"pipeline", "jupyter", "service", "automl"}) {
            json hard = {{"requests.cpu", "400"},
                         {"requests.memory", "2Ti"},
                         {"requests.nvidia.com/gpu", "48"},
                         {"limits.cpu", "800"},
                         {"limits.memory", "4Ti"},
                         {"pods", "500"},
                         {"count/pytorchjobs.kubeflow.org", "20"}};
            if (std::string(ns) == "jupyter")
                hard = {{"requests.cpu", "64"},
                        {"requests.memory", "256Gi"},
                        {"requests.nvidia.com/gpu", "4"},
                        {"pods", "60"}};
            add({{"apiVersion", "v1"},
                 {"kind", "ResourceQuota"},
                 {"metadata", b.meta(std::string(ns) + "-quota", ns, days(100))},
                 {"spec", {{"hard", hard}}}});
        }
        add({{"apiVersion", "v1"},
             {"kind", "LimitRange"},
             {"metadata", b.meta("notebook-limits", "jupyter", days(100))},
             {"spec",
              {{"limits", json::array({{{"type", "Container"},
                                        {"default", {{"cpu", "2"}, {"memory", "4Gi"}}},
                                        {"defaultRequest", {{"cpu", "500m"}, {"memory", "1Gi"}}},
                                        {"max", {{"cpu", "32"}, {"memory", "128Gi"}}},
                                        {"min", {{"cpu", "100m"}, {"memory", "128Mi"}}}}})}}}});
    }
    /// Events about pending and scheduled pods, training jobs and NotReady nodes.
    void addEvents() {
        for (const auto &o : std::vector<json>(b.objects)) {
            const std::string kind = o.value("kind", "");
            const json &m = o["metadata"];
            if (kind == "Pod" && !o["spec"].contains("nodeName")) {
                b.event(m["namespace"],
                        {{"kind", "Pod"},
                         {"namespace", m["namespace"]},
                         {"name", m["name"]},
                         {"apiVersion", "v1"}},
                        "Warning", "FailedScheduling",
                        "0/1 nodes are available: waiting for the scheduler.", "default-scheduler",
                        mins(20), 12);
            } else if (kind == "Pod" && o["status"].value("phase", "") == "Running" &&
                       m.value("namespace", "") == "pipeline") {
                b.event("pipeline",
                        {{"kind", "Pod"},
                         {"namespace", "pipeline"},
                         {"name", m["name"]},
                         {"apiVersion", "v1"}},
                        "Normal", "Scheduled",
                        "Successfully assigned pipeline/" + m["name"].get<std::string>() + " to " +
                            o["spec"]["nodeName"].get<std::string>(),
                        "default-scheduler", mins(30));
            } else if (kind == "PyTorchJob" || kind == "TFJob" || kind == "MPIJob") {
                b.event(m["namespace"],
                        {{"kind", kind},
                         {"namespace", m["namespace"]},
                         {"name", m["name"]},
                         {"apiVersion", o["apiVersion"]}},
                        "Normal", "SuccessfulCreatePod",
                        "Created pod: " + m["name"].get<std::string>() + "-worker-0",
                        "training-operator", mins(40));
            } else if (kind == "Node" &&
                       o["status"]["conditions"].back().value("status", "") != "True") {
                b.event("default", {{"kind", "Node"}, {"name", m["name"]}, {"uid", m["name"]}},
                        "Normal", "NodeNotReady",
                        "Node " + m["name"].get<std::string>() + " status is now: NodeNotReady",
                        "node-controller", mins(7));
            }
        }
    }
    /// What runs on nodes besides the workloads, as a drain meets it: the NVIDIA device
    /// plugin's DaemonSet pod on every GPU node, and the control plane's static pods (mirror
    /// pods the kubelet creates from files) on the masters. Built last, so that the placement
    /// of everything else stays as it was.
    void addNodeAgents() {
        const json dsLabels = {{"name", "nvidia-device-plugin-ds"}};
        const std::string dsName = "nvidia-device-plugin-daemonset";
        int gpuNodes = 0;
        const std::vector<PodScheduler::NodeView> nodes = b.m_nodes;
        for (const auto &n : nodes) {
            const bool gpu = std::any_of(n.labels.begin(), n.labels.end(), [](const auto &l) {
                return l.first == "gpu" && l.second == "true";
            });
            const bool master = n.name.rfind("master-", 0) == 0;
            if (gpu) {
                const std::string podName = dsName + '-';
                json p = b.pod(podName + WorkloadController::nameSuffix(n.name), "kube-system",
                               dsLabels, json::object(), {{"gpu", "true"}},
                               "nvcr.io/nvidia/k8s-device-plugin:v0.17.1", json::object(),
                               json::object(), days(30), ownerRef("apps/v1", "DaemonSet", dsName),
                               false);
                p["spec"]["priorityClassName"] = "system-node-critical";
                p["spec"]["tolerations"] =
                    json::array({{{"key", "CriticalAddonsOnly"}, {"operator", "Exists"}},
                                 {{"key", "nvidia.com/gpu"},
                                  {"operator", "Exists"},
                                  {"effect", "NoSchedule"}}});
                b.placeOn(p, n.name, days(30));
                add(std::move(p));
                ++gpuNodes;
            }
            if (master)
                for (const auto &[component, cpu] :
                     std::vector<std::pair<std::string, const char *>>{
                         {"etcd", "100m"},
                         {"kube-apiserver", "250m"},
                         {"kube-controller-manager", "200m"},
                         {"kube-scheduler", "100m"}}) {
                    const std::string hash =
                        WorkloadController::nameSuffix(component + n.name) + "c0ffee0d1e";
                    json p = b.pod(component + '-' + n.name, "kube-system",
                                   {{"component", component}, {"tier", "control-plane"}},
                                   {{"kubernetes.io/config.hash", hash},
                                    {"kubernetes.io/config.mirror", hash},
                                    {"kubernetes.io/config.source", "file"}},
                                   json::object(), "registry.k8s.io/" + component + ":v1.32.0",
                                   {{"cpu", cpu}}, json::object(), days(210),
                                   json::array({{{"apiVersion", "v1"},
                                                 {"kind", "Node"},
                                                 {"name", n.name},
                                                 {"uid", "node-" + n.name},
                                                 {"controller", true}}}),
                                   false);
                    p["spec"]["hostNetwork"] = true;
                    p["spec"]["priorityClassName"] = "system-node-critical";
                    p["spec"]["tolerations"] =
                        json::array({{{"operator", "Exists"}, {"effect", "NoExecute"}}});
                    b.placeOn(p, n.name, days(210));
                    add(std::move(p));
                }
        }
        addMonitoring(nodes);
        add({{"apiVersion", "apps/v1"},
             {"kind", "DaemonSet"},
             {"metadata", b.meta(dsName, "kube-system", days(200), dsLabels)},
             {"spec",
              {{"selector", {{"matchLabels", dsLabels}}},
               {"template",
                {{"metadata", {{"labels", dsLabels}}},
                 {"spec", {{"nodeSelector", {{"gpu", "true"}}}}}}}}},
             {"status",
              {{"desiredNumberScheduled", gpuNodes},
               {"currentNumberScheduled", gpuNodes},
               {"updatedNumberScheduled", gpuNodes},
               {"numberReady", gpuNodes},
               {"numberAvailable", gpuNodes},
               {"numberMisscheduled", 0},
               {"observedGeneration", 1}}}});
    }
    /// Notebooks that hold a whole GPU or a MIG instance and leave it idle for days — the waste
    /// an admin hunts for. Placed after everything else, so that nothing else moves.
    void addIdleGpuNotebooks() {
        const auto notebook = [this](const std::string &user, const std::string &org,
                                     const std::string &gpuResource, std::chrono::seconds age) {
            const std::string name = user + "-notebook-gpu";
            json requests = {{"cpu", "4"}, {"memory", "32Gi"}, {gpuResource, "1"}};
            add(b.pod(name, "jupyter", {{"app", name}, {"user", user}, {"pod-type", "notebook"}},
                      {{"project", projects.at(org)}}, {{"gpu", "true"}, {"org", org}},
                      "ccr.ccs.tencentyun.com/cube-studio/notebook:jupyter-ubuntu-gpu-base",
                      requests, requests, age));
        };
        notebook("wang.fang", "speech", "nvidia.com/gpu", days(3)); // not "public": its A100
        // node must stay idle for the README's story
        notebook("zhang.san", "nlp", "nvidia.com/mig-1g.10gb", days(2));
    }
    /// The platform's monitoring (install/kubernetes/gpu/dcgm-exporter.yaml and
    /// install/kubernetes/prometheus/): the dcgm-exporter DaemonSet's pod on every GPU and vGPU
    /// node (hostNetwork, port 9400) with its Service, and the Prometheus behind the
    /// `prometheus-k8s` Service, which the simulator's service proxy can forward to.
    void addMonitoring(const std::vector<PodScheduler::NodeView> &nodes) {
        const json labels = {{"app.kubernetes.io/name", "dcgm-exporter"},
                             {"app.kubernetes.io/version", "2.4.0"}};
        const std::string image = "nvidia/dcgm-exporter:3.1.7-3.1.4-ubuntu20.04";
        int exporters = 0;
        for (const auto &n : nodes) {
            const bool gpu = std::any_of(n.labels.begin(), n.labels.end(), [](const auto &l) {
                return (l.first == "gpu" || l.first == "vgpu") && l.second == "true";
            });
            if (!gpu)
                continue;
            json p = b.pod(
                "dcgm-exporter-" + WorkloadController::nameSuffix("dcgm-exporter/" + n.name),
                "monitoring", labels, json::object(), json::object(), image, json::object(),
                json::object(), days(90), ownerRef("apps/v1", "DaemonSet", "dcgm-exporter"), false);
            json &c = p["spec"]["containers"][0];
            c["name"] = "dcgm-exporter";
            c["env"] = json::array({{{"name", "DCGM_EXPORTER_LISTEN"}, {"value", ":9400"}},
                                    {{"name", "DCGM_EXPORTER_KUBERNETES"}, {"value", "true"}}});
            c["ports"] =
                json::array({{{"name", "metrics"}, {"containerPort", 9400}, {"protocol", "TCP"}}});
            c["securityContext"] = {
                {"privileged", true}, {"runAsNonRoot", false}, {"runAsUser", 0}};
            p["spec"]["hostNetwork"] = true;
            p["spec"]["restartPolicy"] = "Always";
            b.placeOn(p, n.name, days(90));
            // hostNetwork: the pod's address is its node's.
            p["status"]["podIP"] = p["status"].value("hostIP", "");
            p["status"]["podIPs"] = json::array({{{"ip", p["status"].value("hostIP", "")}}});
            add(std::move(p));
            ++exporters;
        }
        add({{"apiVersion", "apps/v1"},
             {"kind", "DaemonSet"},
             {"metadata", b.meta("dcgm-exporter", "monitoring", days(90), labels)},
             {"spec",
              {{"selector", {{"matchLabels", labels}}},
               {"updateStrategy", {{"type", "RollingUpdate"}}},
               {"template",
                {{"metadata", {{"labels", labels}, {"name", "dcgm-exporter"}}},
                 {"spec",
                  {{"hostNetwork", true},
                   {"containers",
                    json::array({{{"name", "dcgm-exporter"}, {"image", image}}})}}}}}}},
             {"status",
              {{"desiredNumberScheduled", exporters},
               {"currentNumberScheduled", exporters},
               {"updatedNumberScheduled", exporters},
               {"numberReady", exporters},
               {"numberAvailable", exporters},
               {"numberMisscheduled", 0},
               {"observedGeneration", 1}}}});
        add({{"apiVersion", "v1"},
             {"kind", "Service"},
             {"metadata", b.meta("dcgm-exporter", "monitoring", days(90), labels,
                                 {{"prometheus.io/scrape", "true"},
                                  {"prometheus.io/port", "9400"},
                                  {"prometheus.io/path", "/metrics"}})},
             {"spec",
              {{"selector", labels},
               {"clusterIP", "10.96.40.94"},
               {"ports", json::array({{{"name", "metrics"},
                                       {"port", 9400},
                                       {"targetPort", 9400},
                                       {"protocol", "TCP"}}})}}}});
        const json promLabels = {{"app", "prometheus"}, {"prometheus", "k8s"}};
        const json promTemplate = PlatformInstall::podTemplate(
            promLabels, "main", "prom/prometheus:v2.42.0", {{"cpu", "1"}, {"memory", "4Gi"}},
            {{"cpu", "4"}, {"memory", "16Gi"}}, 9090, {{"monitoring", "true"}});
        const std::string promRevision =
            "prometheus-k8s-" + WorkloadController::templateHash(promTemplate);
        add({{"apiVersion", "apps/v1"},
             {"kind", "StatefulSet"},
             {"metadata", b.meta("prometheus-k8s", "monitoring", days(90), promLabels)},
             {"spec",
              {{"replicas", 1},
               {"serviceName", "prometheus-operated"},
               {"selector", {{"matchLabels", promLabels}}},
               {"template", promTemplate},
               {"podManagementPolicy", "Parallel"},
               {"updateStrategy", {{"type", "RollingUpdate"}}},
               {"revisionHistoryLimit", 10}}},
             {"status",
              {{"observedGeneration", 1},
               {"replicas", 1},
               {"readyReplicas", 1},
               {"availableReplicas", 1},
               {"currentReplicas", 1},
               {"updatedReplicas", 1},
               {"currentRevision", promRevision},
               {"updateRevision", promRevision},
               {"collisionCount", 0}}}});
        b.objects.back()["metadata"]["uid"] = "owner-prometheus-k8s"; // what ownerRef() names
        json promPodLabels = promLabels;
        promPodLabels["controller-revision-hash"] = promRevision;
        promPodLabels["statefulset.kubernetes.io/pod-name"] = "prometheus-k8s-0";
        platformPod("prometheus-k8s-0", "monitoring", promPodLabels, {{"monitoring", "true"}},
                    "prom/prometheus:v2.42.0", {{"cpu", "1"}, {"memory", "4Gi"}},
                    {{"cpu", "4"}, {"memory", "16Gi"}}, days(90),
                    ownerRef("apps/v1", "StatefulSet", "prometheus-k8s"));
        add({{"apiVersion", "v1"},
             {"kind", "Service"},
             {"metadata",
              b.meta("prometheus-k8s", "monitoring", days(90), {{"prometheus", "k8s"}})},
             {"spec",
              {{"selector", promLabels},
               {"clusterIP", "10.96.90.90"},
               {"ports", json::array({{{"name", "web"},
                                       {"port", 9090},
                                       {"targetPort", "web"},
                                       {"protocol", "TCP"}}})}}}});
    }
    /// Disruption budgets where a cluster admin puts them: CoreDNS keeps one of its two
    /// replicas, and each running distributed training job keeps every replica — evicting one
    /// member of a gang fails the whole job.
    void addDisruptionBudgets() {
        const auto budget = [this](const std::string &name, const std::string &ns,
                                   const json &selector, const char *field, const json &value,
                                   std::chrono::seconds age) {
            add({{"apiVersion", "policy/v1"},
                 {"kind", "PodDisruptionBudget"},
                 {"metadata", b.meta(name, ns, age)},
                 {"spec", {{field, value}, {"selector", {{"matchLabels", selector}}}}}});
        };
        budget("coredns", "kube-system", {{"k8s-app", "kube-dns"}}, "maxUnavailable", 1, days(200));
        std::map<std::string, int> running; // training job → its running replicas
        for (const auto &o : b.objects) {
            if (o.value("kind", "") != "Pod" || o["metadata"].value("namespace", "") != "pipeline")
                continue;
            const json labels = o["metadata"].value("labels", json::object());
            const std::string job = labels.value("training.kubeflow.org/job-name", "");
            if (!job.empty() && o["status"].value("phase", "") == "Running")
                ++running[job];
        }
        for (const auto &[job, replicas] : running)
            if (replicas > 1)
                budget(job, "pipeline", {{"training.kubeflow.org/job-name", job}}, "minAvailable",
                       replicas, days(1));
    }
    /// The rest of the platform's install (PlatformInstall), last so that everything above is
    /// placed as it always was; its pods go to the control plane like the platform pods above.
    void addPlatformInstall() {
        std::vector<std::string> namespaces;
        for (const auto &o : b.objects)
            if (o.value("kind", "") == "Namespace")
                namespaces.push_back(o["metadata"].value("name", ""));
        PlatformInstall install(m_now, namespaces, [this](json &pod, std::chrono::seconds age) {
            b.placeNow(pod, age);
        });
        for (auto &o : install.build())
            add(std::move(o));
    }

    void add(json o) { b.add(std::move(o)); }

    Builder b;
    TimePoint m_now;
    const std::vector<std::string> orgs = {"public", "speech", "vision", "nlp"};
    const std::vector<std::string> users = {"alice", "bob",       "chen.wei",
                                            "li.na", "wang.fang", "zhang.san"};
    const std::map<std::string, std::string> projects = {{"public", "public-demo"},
                                                         {"speech", "speech-asr"},
                                                         {"vision", "vision-det"},
                                                         {"nlp", "nlp-llm"}};
    const json visionA100 = {
        {"gpu", "true"}, {"train", "true"}, {"org", "vision"}, {"gpu-type", "A100"}};
    const json speechV100 = {
        {"gpu", "true"}, {"train", "true"}, {"org", "speech"}, {"gpu-type", "V100"}};
    const json nlpH100 = {{"gpu", "true"}, {"train", "true"}, {"org", "nlp"}, {"gpu-type", "H100"}};
    const json active1 = {{"active", 1}};
    const json active2 = {{"active", 2}};
};

} // namespace

std::string DemoScenario::topologyText(const std::string &product, int gpus) {
    const bool hopper = product.find("H100") != std::string::npos;
    const std::string link = hopper ? "NV18" : "NV12";
    std::string out = "\t";
    for (int i = 0; i < gpus; ++i)
        out += "GPU" + std::to_string(i) + '\t';
    out += "NIC0\tNIC1\tCPU Affinity\tNUMA Affinity\tGPU NUMA ID\n";
    const int half = gpus / 2;
    const int cores = hopper ? 48 : 32;
    for (int i = 0; i < gpus; ++i) {
        out += "GPU" + std::to_string(i) + '\t';
        for (int j = 0; j < gpus; ++j)
            out += (i == j ? std::string(" X ") : link) + '\t';
        const bool first = i < half;
        out += first ? "PXB\tSYS\t" : "SYS\tPXB\t";
        out += first ? "0-" + std::to_string(cores - 1) + "\t0\t\tN/A\n"
                     : std::to_string(cores) + '-' + std::to_string(2 * cores - 1) + "\t1\t\tN/A\n";
    }
    for (int n = 0; n < 2; ++n) {
        out += "NIC" + std::to_string(n) + '\t';
        for (int j = 0; j < gpus; ++j)
            out += ((j < half) == (n == 0) ? "PXB" : "SYS") + std::string("\t");
        out += n == 0 ? " X \tSYS\n" : "SYS\t X \n";
    }
    out += "\nLegend:\n\n"
           "  X    = Self\n"
           "  SYS  = Connection traversing PCIe as well as the SMP interconnect between NUMA "
           "nodes (e.g., QPI/UPI)\n"
           "  NODE = Connection traversing PCIe as well as the interconnect between PCIe Host "
           "Bridges within a NUMA node\n"
           "  PHB  = Connection traversing PCIe as well as a PCIe Host Bridge (typically the CPU)\n"
           "  PXB  = Connection traversing multiple PCIe bridges (without traversing the PCIe Host "
           "Bridge)\n"
           "  PIX  = Connection traversing at most a single PCIe bridge\n"
           "  NV#  = Connection traversing a bonded set of # NVLinks\n\n"
           "NIC Legend:\n\n  NIC0: mlx5_0\n  NIC1: mlx5_1\n";
    return out;
}

std::vector<json> DemoScenario::generate(std::uint64_t seed, TimePoint now) {
    return DemoCluster(seed, now).build();
}

} // namespace cubedesk::sim
