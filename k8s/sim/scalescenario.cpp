#include "k8s/sim/scalescenario.h"

#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"
#include "k8s/sim/rfc3339.h"

#include <algorithm>
#include <cstdio>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

/// A cheap, stateless mix of (seed, index, salt) so generation can run on any thread in any order.
std::uint64_t mix(std::uint64_t seed, std::uint64_t index, std::uint64_t salt) {
    std::uint64_t z = seed * 0x9E3779B97F4A7C15ULL + index * 0xBF58476D1CE4E5B9ULL + salt;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

std::string hex(std::uint64_t v, int digits) {
    char buf[24];
    std::snprintf(buf, sizeof buf, "%0*llx", digits, static_cast<unsigned long long>(v));
    return std::string(buf).substr(0, static_cast<std::size_t>(digits));
}

std::string nodeName(std::size_t i) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "node-%05zu", i);
    return buf;
}

/// Node i's InternalIP (and the hostIP of its pods).
std::string nodeIp(std::size_t i) {
    return "10." + std::to_string(20 + i / 65536) + '.' + std::to_string((i / 256) % 256) + '.' +
           std::to_string(i % 256);
}

const char *const kOrgs[] = {"public", "speech", "vision", "nlp", "ads", "search"};

json managedField(const char *manager, const char *operation, const std::string &time,
                  json fields) {
    return {{"manager", manager}, {"operation", operation},   {"apiVersion", "v1"},
            {"time", time},       {"fieldsType", "FieldsV1"}, {"fieldsV1", std::move(fields)}};
}

} // namespace

std::string ScaleScenario::namespaceName(std::size_t index) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "team-%04zu", index);
    return buf;
}

bool ScaleScenario::isGpuNode(std::size_t index, std::size_t nodes,
                              std::optional<std::size_t> gpuNodes) {
    if (!gpuNodes)
        return index % 10 == 0;
    return nodes > 0 && (index * *gpuNodes) % nodes < *gpuNodes;
}

json ScaleScenario::node(std::size_t i, std::uint64_t seed) {
    return node(i, seed, i % 10 == 0);
}

json ScaleScenario::node(std::size_t i, std::uint64_t seed, bool gpu) {
    const std::uint64_t r = mix(seed, i, 1);
    const std::string name = nodeName(i);
    const std::string org = kOrgs[r % 6];
    const std::string time = "2026-0" + std::to_string(1 + r % 9) + "-1" + std::to_string(r % 10) +
                             "T0" + std::to_string(r % 10) + ":12:00Z";
    json labels = {{"kubernetes.io/hostname", name},
                   {"kubernetes.io/os", "linux"},
                   {"kubernetes.io/arch", "amd64"},
                   {"beta.kubernetes.io/os", "linux"},
                   {"beta.kubernetes.io/arch", "amd64"},
                   {"beta.kubernetes.io/instance-type", gpu ? "gpu.8xlarge" : "c6.16xlarge"},
                   {"node.kubernetes.io/instance-type", gpu ? "gpu.8xlarge" : "c6.16xlarge"},
                   {"topology.kubernetes.io/region", "ap-shanghai"},
                   {"topology.kubernetes.io/zone", "ap-shanghai-" + std::to_string(1 + r % 5)},
                   {"train", "true"},
                   {"org", org}};
    json alloc = {{"cpu", gpu ? "95" : "63"},
                  {"memory", gpu ? "1007Gi" : "250Gi"},
                  {"pods", "110"},
                  {"ephemeral-storage", "1700Gi"}};
    if (gpu) {
        labels["gpu"] = "true";
        labels["gpu-type"] = "A100";
        labels["nvidia.com/gpu.product"] = "NVIDIA-A100-SXM4-80GB";
        labels["nvidia.com/gpu.count"] = "8";
        labels["nvidia.com/gpu.memory"] = "81920";
        labels["nvidia.com/mig.strategy"] = "none";
        alloc["nvidia.com/gpu"] = "8";
    } else {
        labels["cpu"] = "true";
        labels["notebook"] = "true";
        labels["service"] = "true";
    }
    if (r % 17 == 0)
        labels["share"] = "false";
    json images = json::array();
    for (int k = 0; k < 20; ++k)
        images.push_back(
            {{"names",
              {"registry.example.com/platform/image-" + std::to_string(k) +
                   "@sha256:" + hex(mix(seed, i * 20 + static_cast<std::size_t>(k), 7), 16) +
                   hex(mix(seed, k, 8), 16) + hex(mix(seed, k, 9), 16) + hex(mix(seed, k, 10), 16),
               "registry.example.com/platform/image-" + std::to_string(k) + ":v1." +
                   std::to_string(k)}},
             {"sizeBytes", 100000000 + k * 7919}});
    auto cond = [&](const char *type, const char *status, const char *reason, const char *msg) {
        return json{{"type", type},   {"status", status},          {"reason", reason},
                    {"message", msg}, {"lastHeartbeatTime", time}, {"lastTransitionTime", time}};
    };
    const std::string ip = nodeIp(i);
    return {
        {"apiVersion", "v1"},
        {"kind", "Node"},
        {"metadata",
         {{"name", name},
          {"creationTimestamp", time},
          {"labels", labels},
          {"annotations",
           {{"node.alpha.kubernetes.io/ttl", "0"},
            {"volumes.kubernetes.io/controller-managed-attach-detach", "true"},
            {"kubeadm.alpha.kubernetes.io/cri-socket", "unix:///run/containerd/containerd.sock"}}},
          {"managedFields",
           json::array(
               {managedField(
                    "kubelet", "Update", time,
                    {{"f:metadata", {{"f:labels", {{"f:kubernetes.io/hostname", json::object()}}}}},
                     {"f:status",
                      {{"f:conditions", json::object()}, {"f:images", json::object()}}}}),
                managedField("kube-controller-manager", "Update", time,
                             {{"f:spec", {{"f:podCIDR", json::object()}}}})})}}},
        {"spec",
         {{"podCIDR", "10.244." + std::to_string(i % 256) + ".0/24"},
          {"providerID", "qcloud:///ins-" + hex(r, 8)}}},
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
                        cond("Ready", "True", "KubeletReady", "kubelet is posting ready status")})},
          {"daemonEndpoints", {{"kubeletEndpoint", {{"Port", 10250}}}}},
          {"images", images},
          {"nodeInfo",
           {{"architecture", "amd64"},
            {"bootID", hex(mix(seed, i, 3), 8) + "-1111-2222-3333-" + hex(mix(seed, i, 4), 12)},
            {"containerRuntimeVersion", "containerd://1.7.24"},
            {"kernelVersion", "5.15.0-125-generic"},
            {"kubeProxyVersion", "v1.32.0"},
            {"kubeletVersion", "v1.32.0"},
            {"machineID", hex(mix(seed, i, 5), 16) + hex(mix(seed, i, 6), 16)},
            {"operatingSystem", "linux"},
            {"osImage", "Ubuntu 22.04.5 LTS"},
            {"systemUUID",
             hex(mix(seed, i, 11), 8) + "-AAAA-BBBB-CCCC-" + hex(mix(seed, i, 12), 12)}}}}}};
}

json ScaleScenario::pod(std::size_t i, std::size_t nodes, std::size_t namespaces,
                        std::uint64_t seed, std::optional<std::size_t> gpuNodes) {
    const std::uint64_t r = mix(seed, i, 2);
    const std::string ns = namespaceName(i % namespaces);
    const std::string app = "app-" + std::to_string((i / namespaces) % 50);
    const std::string rs = app + '-' + hex(mix(seed, i % namespaces, (i / namespaces) % 50), 10);
    const std::string name = rs + '-' + hex(r, 5);
    const std::size_t nodeIndex = (i * 7919) % std::max<std::size_t>(nodes, 1);
    const bool gpu = isGpuNode(nodeIndex, nodes, gpuNodes);
    const bool pending = i % 1000 == 999;
    const std::string time = "2026-11-" + std::to_string(10 + r % 18) + "T1" +
                             std::to_string(r % 10) + ":0" + std::to_string(r % 6) + ":00Z";
    json requests = {{"cpu", std::to_string(100 + (r % 8) * 50) + "m"},
                     {"memory", std::to_string(128 + (r % 16) * 64) + "Mi"}};
    json limits = {{"cpu", "2"}, {"memory", "4Gi"}};
    if (gpu && r % 3 == 0) {
        requests["nvidia.com/gpu"] = "1";
        limits["nvidia.com/gpu"] = "1";
    }
    if (pending) {
        requests = {{"cpu", "200"}, {"memory", "64Gi"}};
        limits = requests;
    }
    json env = json::array();
    for (int k = 0; k < 8; ++k)
        env.push_back(
            {{"name", "APP_SETTING_" + std::to_string(k)},
             {"value", "value-" + hex(mix(seed, i, 20 + static_cast<std::uint64_t>(k)), 8)}});
    env.push_back(
        {{"name", "POD_IP"},
         {"valueFrom", {{"fieldRef", {{"apiVersion", "v1"}, {"fieldPath", "status.podIP"}}}}}});
    json container = {
        {"name", "main"},
        {"image", "registry.example.com/" + ns + '/' + app + ":v" + std::to_string(r % 20)},
        {"imagePullPolicy", "IfNotPresent"},
        {"ports", json::array({{{"containerPort", 8080}, {"name", "http"}, {"protocol", "TCP"}}})},
        {"env", env},
        {"resources", {{"requests", requests}, {"limits", limits}}},
        {"readinessProbe",
         {{"httpGet", {{"path", "/healthz"}, {"port", 8080}, {"scheme", "HTTP"}}},
          {"periodSeconds", 10},
          {"timeoutSeconds", 1},
          {"successThreshold", 1},
          {"failureThreshold", 3}}},
        {"volumeMounts",
         json::array({{{"name", "kube-api-access"},
                       {"mountPath", "/var/run/secrets/kubernetes.io/serviceaccount"},
                       {"readOnly", true}},
                      {{"name", "data"}, {"mountPath", "/data"}}})},
        {"terminationMessagePath", "/dev/termination-log"},
        {"terminationMessagePolicy", "File"}};
    // 30 % of pods are Istio-injected, as in the namespaces of the research dataset
    // (docs/performance.md): a sidecar, an init container, more volumes and annotations.
    const bool injected = r % 10 < 3;
    const std::string node = nodeName(nodeIndex);
    const std::string podIp = "10." + std::to_string(100 + (i >> 16) % 100) + '.' +
                              std::to_string((i >> 8) % 256) + '.' + std::to_string(i % 256);
    json spec = {
        {"containers", json::array({container})},
        {"restartPolicy", "Always"},
        {"terminationGracePeriodSeconds", 30},
        {"dnsPolicy", "ClusterFirst"},
        {"serviceAccountName", "default"},
        {"schedulerName", "default-scheduler"},
        {"securityContext", json::object()},
        {"priority", 0},
        {"enableServiceLinks", true},
        {"preemptionPolicy", "PreemptLowerPriority"},
        {"tolerations", json::array({{{"key", "node.kubernetes.io/not-ready"},
                                      {"operator", "Exists"},
                                      {"effect", "NoExecute"},
                                      {"tolerationSeconds", 300}},
                                     {{"key", "node.kubernetes.io/unreachable"},
                                      {"operator", "Exists"},
                                      {"effect", "NoExecute"},
                                      {"tolerationSeconds", 300}}})},
        {"volumes",
         json::array(
             {{{"name", "data"}, {"emptyDir", json::object()}},
              {{"name", "kube-api-access"},
               {"projected",
                {{"defaultMode", 420},
                 {"sources",
                  json::array(
                      {{{"serviceAccountToken", {{"expirationSeconds", 3607}, {"path", "token"}}}},
                       {{"configMap",
                         {{"name", "kube-root-ca.crt"},
                          {"items",
                           json::array({{{"key", "ca.crt"}, {"path", "ca.crt"}}})}}}}})}}}}})}};
    if (injected) {
        json sidecarEnv = json::array();
        for (const char *name :
             {"JWT_POLICY", "PILOT_CERT_PROVIDER", "CA_ADDR", "POD_NAME", "POD_NAMESPACE",
              "INSTANCE_IP", "SERVICE_ACCOUNT", "HOST_IP", "ISTIO_CPU_LIMIT", "PROXY_CONFIG",
              "ISTIO_META_POD_PORTS", "ISTIO_META_APP_CONTAINERS", "ISTIO_META_CLUSTER_ID",
              "ISTIO_META_INTERCEPTION_MODE", "ISTIO_META_WORKLOAD_NAME", "ISTIO_META_OWNER",
              "ISTIO_META_MESH_ID", "TRUST_DOMAIN"})
            sidecarEnv.push_back({{"name", name}, {"value", "value-of-" + std::string(name)}});
        spec["containers"].push_back(
            {{"name", "istio-proxy"},
             {"image", "docker.io/istio/proxyv2:1.15.0"},
             {"args",
              {"proxy", "sidecar", "--domain", "$(POD_NAMESPACE).svc.cluster.local",
               "--proxyLogLevel=warning", "--proxyComponentLogLevel=misc:error",
               "--log_output_level=default:info", "--concurrency", "2"}},
             {"env", sidecarEnv},
             {"ports",
              json::array(
                  {{{"containerPort", 15090}, {"name", "http-envoy-prom"}, {"protocol", "TCP"}}})},
             {"resources",
              {{"requests", {{"cpu", "100m"}, {"memory", "128Mi"}}},
               {"limits", {{"cpu", "2"}, {"memory", "1Gi"}}}}},
             {"readinessProbe",
              {{"httpGet", {{"path", "/healthz/ready"}, {"port", 15021}, {"scheme", "HTTP"}}},
               {"failureThreshold", 30},
               {"periodSeconds", 2}}},
             {"securityContext",
              {{"allowPrivilegeEscalation", false},
               {"capabilities", {{"drop", {"ALL"}}}},
               {"readOnlyRootFilesystem", true},
               {"runAsGroup", 1337},
               {"runAsNonRoot", true},
               {"runAsUser", 1337}}},
             {"volumeMounts",
              json::array({{{"mountPath", "/var/run/secrets/workload-spiffe-uds"},
                            {"name", "workload-socket"}},
                           {{"mountPath", "/var/run/secrets/istio"}, {"name", "istiod-ca-cert"}},
                           {{"mountPath", "/var/lib/istio/data"}, {"name", "istio-data"}},
                           {{"mountPath", "/etc/istio/proxy"}, {"name", "istio-envoy"}},
                           {{"mountPath", "/var/run/secrets/tokens"}, {"name", "istio-token"}},
                           {{"mountPath", "/etc/istio/pod"}, {"name", "istio-podinfo"}}})},
             {"terminationMessagePath", "/dev/termination-log"},
             {"terminationMessagePolicy", "File"}});
        spec["initContainers"] = json::array(
            {{{"name", "istio-init"},
              {"image", "docker.io/istio/proxyv2:1.15.0"},
              {"args",
               {"istio-iptables", "-p", "15001", "-z", "15006", "-u", "1337", "-m", "REDIRECT",
                "-i", "*", "-x", "", "-b", "*", "-d", "15090,15021,15020"}},
              {"resources",
               {{"requests", {{"cpu", "100m"}, {"memory", "128Mi"}}},
                {"limits", {{"cpu", "2"}, {"memory", "1Gi"}}}}},
              {"securityContext",
               {{"capabilities", {{"add", {"NET_ADMIN", "NET_RAW"}}, {"drop", {"ALL"}}}},
                {"runAsUser", 0}}}}});
        for (const char *v : {"workload-socket", "istio-envoy", "istio-data", "istio-podinfo",
                              "istio-token", "istiod-ca-cert"})
            spec["volumes"].push_back({{"name", v}, {"emptyDir", json::object()}});
    }
    json status = {{"phase", "Pending"}, {"qosClass", "Burstable"}};
    if (!pending) {
        spec["nodeName"] = node;
        json conds = json::array();
        for (const char *c : {"PodReadyToStartContainers", "Initialized", "Ready",
                              "ContainersReady", "PodScheduled"})
            conds.push_back({{"type", c},
                             {"status", "True"},
                             {"lastProbeTime", nullptr},
                             {"lastTransitionTime", time}});
        // The churn engine's kubelet heartbeat (ChurnEngine::heartbeatPod) refreshes this
        // condition's time; present from the start, every heartbeat is a text rewrite.
        conds.push_back({{"type", "cubedesk.io/KubeletProbe"},
                         {"status", "True"},
                         {"lastProbeTime", time},
                         {"lastTransitionTime", time}});
        status = {
            {"phase", "Running"},
            {"conditions", conds},
            {"hostIP", nodeIp(nodeIndex)},
            {"podIP", podIp},
            {"podIPs", json::array({{{"ip", podIp}}})},
            {"startTime", time},
            {"qosClass", "Burstable"},
            {"containerStatuses",
             json::array({{{"name", "main"},
                           {"ready", true},
                           {"started", true},
                           {"restartCount", static_cast<int>(r % 4 == 0 ? r % 7 : 0)},
                           {"image", container["image"]},
                           {"imageID", "registry.example.com/" + ns + '/' + app + "@sha256:" +
                                           hex(mix(seed, i, 30), 16) + hex(mix(seed, i, 31), 16)},
                           {"containerID", "containerd://" + hex(mix(seed, i, 32), 16) +
                                               hex(mix(seed, i, 33), 16)},
                           {"state", {{"running", {{"startedAt", time}}}}}}})}};
    }
    json annotations = {{"project", std::string("project-") + kOrgs[r % 6]},
                        {"kubectl.kubernetes.io/default-container", "main"}};
    if (injected) {
        annotations["prometheus.io/path"] = "/stats/prometheus";
        annotations["prometheus.io/port"] = "15020";
        annotations["prometheus.io/scrape"] = "true";
        annotations["sidecar.istio.io/status"] =
            R"({"initContainers":["istio-init"],"containers":["istio-proxy"],"volumes":)"
            R"(["workload-socket","credential-socket","workload-certs","istio-envoy","istio-data",)"
            R"("istio-podinfo","istio-token","istiod-ca-cert"],"imagePullSecrets":null,)"
            R"("revision":"default"})";
    }
    return {{"apiVersion", "v1"},
            {"kind", "Pod"},
            {"metadata",
             {{"name", name},
              {"generateName", rs + '-'},
              {"namespace", ns},
              {"creationTimestamp", time},
              {"labels",
               {{"app", app},
                {"pod-template-hash", rs.substr(app.size() + 1)},
                {"org", kOrgs[r % 6]},
                {"user", "user-" + std::to_string(r % 40)}}},
              {"annotations", annotations},
              {"ownerReferences",
               json::array({{{"apiVersion", "apps/v1"},
                             {"kind", "ReplicaSet"},
                             {"name", rs},
                             {"uid", hex(mix(seed, i % namespaces, 40), 8) + "-0000-4000-8000-" +
                                         hex(mix(seed, i / namespaces % 50, 41), 12)},
                             {"controller", true},
                             {"blockOwnerDeletion", true}}})},
              {"managedFields",
               json::array({managedField("kube-controller-manager", "Update", time,
                                         {{"f:metadata",
                                           {{"f:generateName", json::object()},
                                            {"f:labels",
                                             {{"f:app", json::object()},
                                              {"f:pod-template-hash", json::object()}}},
                                            {"f:ownerReferences", json::object()}}},
                                          {"f:spec",
                                           {{"f:containers",
                                             {{"k:{\"name\":\"main\"}",
                                               {{"f:env", json::object()},
                                                {"f:image", json::object()},
                                                {"f:resources", json::object()}}}}}}}}),
                            managedField("kubelet", "Update", time,
                                         {{"f:status",
                                           {{"f:conditions", json::object()},
                                            {"f:containerStatuses", json::object()},
                                            {"f:podIP", json::object()}}}})})}}},
            {"spec", spec},
            {"status", status}};
}

namespace {

constexpr const char *kMonitoring = "monitoring";
constexpr const char *kExporter = "dcgm-exporter";
constexpr const char *kExporterImage = "nvidia/dcgm-exporter:3.1.7-3.1.4-ubuntu20.04";
const char *const kCreated = "2026-01-01T00:00:00Z";

json exporterLabels() {
    return {{"app.kubernetes.io/name", kExporter}, {"app.kubernetes.io/version", "2.4.0"}};
}

/// A generated name's five characters, as the API server's (its alphabet), distinct for every
/// index below 27^5: a DaemonSet pod per node, whatever the number of nodes.
std::string nameSuffix(std::size_t index, std::uint64_t seed) {
    static constexpr char kAlphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    constexpr std::uint64_t kSpace = 27ULL * 27 * 27 * 27 * 27;
    // x ↦ (x·m + c) mod 27^5 is a bijection when m is not a multiple of 3.
    std::uint64_t v = (static_cast<std::uint64_t>(index) * 7368787ULL + seed * 104729ULL) % kSpace;
    std::string out(5, 'b');
    for (char &c : out) {
        c = kAlphabet[v % 27];
        v /= 27;
    }
    return out;
}

json runningConditions(const std::string &time) {
    json conds = json::array();
    for (const char *c :
         {"PodReadyToStartContainers", "Initialized", "Ready", "ContainersReady", "PodScheduled"})
        conds.push_back({{"type", c},
                         {"status", "True"},
                         {"lastProbeTime", nullptr},
                         {"lastTransitionTime", time}});
    return conds;
}

} // namespace

json ScaleScenario::exporterPod(std::size_t nodeIndex, std::uint64_t seed) {
    const std::string node = nodeName(nodeIndex);
    const std::string name = std::string(kExporter) + '-' + nameSuffix(nodeIndex, seed);
    const std::string ip = nodeIp(nodeIndex);
    const std::string time = "2026-01-02T03:04:05Z";
    json labels = exporterLabels();
    labels["controller-revision-hash"] = "7c9f6d8b5d";
    labels["pod-template-generation"] = "1";
    const json container = {
        {"name", kExporter},
        {"image", kExporterImage},
        {"imagePullPolicy", "IfNotPresent"},
        {"env", json::array({{{"name", "DCGM_EXPORTER_LISTEN"}, {"value", ":9400"}},
                             {{"name", "DCGM_EXPORTER_KUBERNETES"}, {"value", "true"}}})},
        {"ports",
         json::array({{{"name", "metrics"}, {"containerPort", 9400}, {"protocol", "TCP"}}})},
        {"securityContext", {{"privileged", true}, {"runAsNonRoot", false}, {"runAsUser", 0}}},
        {"volumeMounts", json::array({{{"name", "pod-gpu-resources"},
                                       {"mountPath", "/var/lib/kubelet/pod-resources"},
                                       {"readOnly", true}}})},
        {"terminationMessagePath", "/dev/termination-log"},
        {"terminationMessagePolicy", "File"}};
    return {{"apiVersion", "v1"},
            {"kind", "Pod"},
            {"metadata",
             {{"name", name},
              {"generateName", std::string(kExporter) + '-'},
              {"namespace", kMonitoring},
              {"creationTimestamp", time},
              {"labels", labels},
              {"ownerReferences", json::array({{{"apiVersion", "apps/v1"},
                                                {"kind", "DaemonSet"},
                                                {"name", kExporter},
                                                {"uid", "d0c6e000-0000-4000-8000-" + hex(seed, 12)},
                                                {"controller", true},
                                                {"blockOwnerDeletion", true}}})}}},
            {"spec",
             {{"nodeName", node},
              {"hostNetwork", true},
              {"dnsPolicy", "ClusterFirstWithHostNet"},
              {"containers", json::array({container})},
              {"restartPolicy", "Always"},
              {"terminationGracePeriodSeconds", 30},
              {"serviceAccountName", kExporter},
              {"schedulerName", "default-scheduler"},
              {"priority", 0},
              {"affinity",
               {{"nodeAffinity",
                 {{"requiredDuringSchedulingIgnoredDuringExecution",
                   {{"nodeSelectorTerms",
                     json::array({{{"matchFields", json::array({{{"key", "metadata.name"},
                                                                 {"operator", "In"},
                                                                 {"values", {node}}}})}}})}}}}}}},
              {"tolerations",
               json::array(
                   {{{"key", "nvidia.com/gpu"}, {"operator", "Exists"}, {"effect", "NoSchedule"}},
                    {{"key", "node.kubernetes.io/not-ready"},
                     {"operator", "Exists"},
                     {"effect", "NoExecute"}},
                    {{"key", "node.kubernetes.io/unreachable"},
                     {"operator", "Exists"},
                     {"effect", "NoExecute"}}})},
              {"volumes",
               json::array(
                   {{{"name", "pod-gpu-resources"},
                     {"hostPath", {{"path", "/var/lib/kubelet/pod-resources"}, {"type", ""}}}}})}}},
            {"status",
             {{"phase", "Running"},
              {"conditions", runningConditions(time)},
              {"hostIP", ip},
              // hostNetwork: the pod's address is its node's.
              {"podIP", ip},
              {"podIPs", json::array({{{"ip", ip}}})},
              {"startTime", time},
              {"qosClass", "BestEffort"},
              {"containerStatuses",
               json::array({{{"name", kExporter},
                             {"ready", true},
                             {"started", true},
                             {"restartCount", 0},
                             {"image", kExporterImage},
                             {"imageID", std::string("docker.io/nvidia/dcgm-exporter@sha256:") +
                                             hex(mix(seed, 77, 1), 16) + hex(mix(seed, 77, 2), 16)},
                             {"containerID", "containerd://" + hex(mix(seed, nodeIndex, 51), 16) +
                                                 hex(mix(seed, nodeIndex, 52), 16)},
                             {"state", {{"running", {{"startedAt", time}}}}}}})}}}};
}

void ScaleScenario::load(ObjectStore &store, const ResourceRegistry &registry, std::size_t nodes,
                         std::size_t pods, std::uint64_t seed,
                         std::optional<std::size_t> gpuNodes) {
    const std::size_t namespaces = std::clamp<std::size_t>(pods / 150, 1, 1000);
    const std::string created = kCreated;
    store.bulkLoad(registry.core("namespaces"), namespaces, [&](std::size_t i) {
        const std::string name = namespaceName(i);
        return json{{"apiVersion", "v1"},
                    {"kind", "Namespace"},
                    {"metadata",
                     {{"name", name},
                      {"creationTimestamp", created},
                      {"labels", {{"kubernetes.io/metadata.name", name}}}}},
                    {"spec", {{"finalizers", {"kubernetes"}}}},
                    {"status", {{"phase", "Active"}}}};
    });
    store.bulkLoad(registry.core("nodes"), nodes,
                   [&](std::size_t i) { return node(i, seed, isGpuNode(i, nodes, gpuNodes)); });
    // In slices, so that the JSON documents being built never all exist at once.
    constexpr std::size_t slice = 20000;
    for (std::size_t start = 0; start < pods; start += slice) {
        const std::size_t n = std::min(slice, pods - start);
        store.bulkLoad(registry.core("pods"), n, [&, start](std::size_t i) {
            return pod(start + i, nodes, namespaces, seed, gpuNodes);
        });
    }
    loadMonitoring(store, registry, nodes, seed, gpuNodes);
}

void ScaleScenario::loadMonitoring(ObjectStore &store, const ResourceRegistry &registry,
                                   std::size_t nodes, std::uint64_t seed,
                                   std::optional<std::size_t> gpuNodes) {
    std::vector<std::size_t> gpu;
    std::optional<std::size_t> cpuNode;
    for (std::size_t i = 0; i < nodes; ++i) {
        if (isGpuNode(i, nodes, gpuNodes))
            gpu.push_back(i);
        else if (!cpuNode)
            cpuNode = i;
    }
    const auto one = [&](const ResourceType &type, json object) {
        store.bulkLoad(type, 1, [&](std::size_t) { return object; });
    };
    one(registry.core("namespaces"),
        {{"apiVersion", "v1"},
         {"kind", "Namespace"},
         {"metadata",
          {{"name", kMonitoring},
           {"creationTimestamp", kCreated},
           {"labels", {{"kubernetes.io/metadata.name", kMonitoring}}}}},
         {"spec", {{"finalizers", {"kubernetes"}}}},
         {"status", {{"phase", "Active"}}}});
    store.bulkLoad(registry.core("pods"), gpu.size(),
                   [&](std::size_t k) { return exporterPod(gpu[k], seed); });
    const json labels = exporterLabels();
    const auto count = static_cast<std::int64_t>(gpu.size());
    if (const auto daemonSets = registry.find("apps", "v1", "daemonsets"))
        one(*daemonSets,
            {{"apiVersion", "apps/v1"},
             {"kind", "DaemonSet"},
             {"metadata",
              {{"name", kExporter},
               {"namespace", kMonitoring},
               {"creationTimestamp", kCreated},
               {"labels", labels}}},
             {"spec",
              {{"selector", {{"matchLabels", labels}}},
               {"updateStrategy", {{"type", "RollingUpdate"}}},
               {"template",
                {{"metadata", {{"labels", labels}, {"name", kExporter}}},
                 {"spec",
                  {{"hostNetwork", true},
                   {"nodeSelector", {{"gpu", "true"}}},
                   {"containers",
                    json::array({{{"name", kExporter}, {"image", kExporterImage}}})}}}}}}},
             {"status",
              {{"desiredNumberScheduled", count},
               {"currentNumberScheduled", count},
               {"updatedNumberScheduled", count},
               {"numberReady", count},
               {"numberAvailable", count},
               {"numberMisscheduled", 0},
               {"observedGeneration", 1}}}});
    const auto service = [&](const char *name, const json &meta, const json &selector,
                             const char *clusterIp, json port) {
        json m = meta;
        m["name"] = name;
        m["namespace"] = kMonitoring;
        m["creationTimestamp"] = kCreated;
        one(registry.core("services"), {{"apiVersion", "v1"},
                                        {"kind", "Service"},
                                        {"metadata", m},
                                        {"spec",
                                         {{"selector", selector},
                                          {"type", "ClusterIP"},
                                          {"clusterIP", clusterIp},
                                          {"clusterIPs", {clusterIp}},
                                          {"ports", json::array({std::move(port)})}}},
                                        {"status", {{"loadBalancer", json::object()}}}});
    };
    service(kExporter,
            {{"labels", labels},
             {"annotations",
              {{"prometheus.io/scrape", "true"},
               {"prometheus.io/port", "9400"},
               {"prometheus.io/path", "/metrics"}}}},
            labels, "10.96.40.94",
            {{"name", "metrics"}, {"port", 9400}, {"targetPort", 9400}, {"protocol", "TCP"}});
    const json promLabels = {{"app", "prometheus"}, {"prometheus", "k8s"}};
    service("prometheus-k8s", {{"labels", {{"prometheus", "k8s"}}}}, promLabels, "10.96.90.90",
            {{"name", "web"}, {"port", 9090}, {"targetPort", "web"}, {"protocol", "TCP"}});
    // The Prometheus itself, on the first CPU node (a GPU node when there is none).
    const std::size_t host = cpuNode.value_or(0);
    if (nodes == 0)
        return;
    const std::string ip = nodeIp(host);
    const std::string time = "2026-01-02T03:04:05Z";
    const json resources = {{"requests", {{"cpu", "1"}, {"memory", "4Gi"}}},
                            {"limits", {{"cpu", "4"}, {"memory", "16Gi"}}}};
    json promPodLabels = promLabels;
    promPodLabels["statefulset.kubernetes.io/pod-name"] = "prometheus-k8s-0";
    one(registry.core("pods"),
        {{"apiVersion", "v1"},
         {"kind", "Pod"},
         {"metadata",
          {{"name", "prometheus-k8s-0"},
           {"namespace", kMonitoring},
           {"creationTimestamp", time},
           {"labels", promPodLabels},
           {"ownerReferences", json::array({{{"apiVersion", "apps/v1"},
                                             {"kind", "StatefulSet"},
                                             {"name", "prometheus-k8s"},
                                             {"uid", "5a7e0000-0000-4000-8000-" + hex(seed, 12)},
                                             {"controller", true},
                                             {"blockOwnerDeletion", true}}})}}},
         {"spec",
          {{"nodeName", nodeName(host)},
           {"containers",
            json::array(
                {{{"name", "prometheus"},
                  {"image", "prom/prometheus:v2.42.0"},
                  {"ports",
                   json::array({{{"name", "web"}, {"containerPort", 9090}, {"protocol", "TCP"}}})},
                  {"resources", resources}}})},
           {"restartPolicy", "Always"},
           {"serviceAccountName", "prometheus-k8s"},
           {"schedulerName", "default-scheduler"},
           {"terminationGracePeriodSeconds", 600}}},
         {"status",
          {{"phase", "Running"},
           {"conditions", runningConditions(time)},
           {"hostIP", ip},
           {"podIP", "10.99.0.9"},
           {"podIPs", json::array({{{"ip", "10.99.0.9"}}})},
           {"startTime", time},
           {"qosClass", "Burstable"},
           {"containerStatuses",
            json::array(
                {{{"name", "prometheus"},
                  {"ready", true},
                  {"started", true},
                  {"restartCount", 0},
                  {"image", "prom/prometheus:v2.42.0"},
                  {"imageID", "docker.io/prom/prometheus@sha256:" + hex(mix(seed, 9, 9), 16)},
                  {"containerID", "containerd://" + hex(mix(seed, 9, 10), 16)},
                  {"state", {{"running", {{"startedAt", time}}}}}}})}}}});
}

} // namespace cubedesk::sim
