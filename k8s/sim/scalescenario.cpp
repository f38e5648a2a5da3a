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

json ScaleScenario::node(std::size_t i, std::uint64_t seed) {
    const std::uint64_t r = mix(seed, i, 1);
    const bool gpu = i % 10 == 0;
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
    const std::string ip = "10." + std::to_string(20 + i / 65536) + '.' +
                           std::to_string((i / 256) % 256) + '.' + std::to_string(i % 256);
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
                        std::uint64_t seed) {
    const std::uint64_t r = mix(seed, i, 2);
    const std::string ns = namespaceName(i % namespaces);
    const std::string app = "app-" + std::to_string((i / namespaces) % 50);
    const std::string rs = app + '-' + hex(mix(seed, i % namespaces, (i / namespaces) % 50), 10);
    const std::string name = rs + '-' + hex(r, 5);
    const std::size_t nodeIndex = (i * 7919) % std::max<std::size_t>(nodes, 1);
    const bool gpu = nodeIndex % 10 == 0;
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
            {"hostIP", "10." + std::to_string(20 + nodeIndex / 65536) + '.' +
                           std::to_string((nodeIndex / 256) % 256) + '.' +
                           std::to_string(nodeIndex % 256)},
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

void ScaleScenario::load(ObjectStore &store, const ResourceRegistry &registry, std::size_t nodes,
                         std::size_t pods, std::uint64_t seed) {
    const std::size_t namespaces = std::clamp<std::size_t>(pods / 150, 1, 1000);
    const std::string created = "2026-01-01T00:00:00Z";
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
    store.bulkLoad(registry.core("nodes"), nodes, [&](std::size_t i) { return node(i, seed); });
    // In slices, so that the JSON documents being built never all exist at once.
    constexpr std::size_t slice = 20000;
    for (std::size_t start = 0; start < pods; start += slice) {
        const std::size_t n = std::min(slice, pods - start);
        store.bulkLoad(registry.core("pods"), n, [&, start](std::size_t i) {
            return pod(start + i, nodes, namespaces, seed);
        });
    }
}

} // namespace cubedesk::sim
