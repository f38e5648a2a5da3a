#include "k8s/sim/platforminstall.h"

#include "k8s/sim/base64.h"
#include "k8s/sim/helmrelease.h"
#include "k8s/sim/objectdefaults.h"
#include "k8s/sim/objectmetadoc.h"
#include "k8s/sim/resourceregistry.h"
#include "k8s/sim/rfc3339.h"
#include "k8s/sim/uuid.h"
#include "k8s/sim/workloadcontroller.h"

#include <random>
#include <utility>

namespace cubedesk::sim {

using nlohmann::json;
using std::chrono::hours;
using std::chrono::minutes;

namespace {

std::chrono::seconds days(int d) {
    return std::chrono::seconds(hours(24 * d));
}

std::chrono::seconds mins(int m) {
    return std::chrono::seconds(minutes(m));
}

/// A stable uid for an object the install made: the store keeps a scenario's uids, and an
/// owner reference must name its owner's (kubectl rollout history matches them).
std::string uidFor(const std::string &kind, const std::string &ns, const std::string &name) {
    std::uint64_t h = 14695981039346656037ULL;
    std::string key = kind;
    key.append("/").append(ns).append("/").append(name);
    for (const char c : key)
        h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    std::mt19937_64 rng(h);
    return Uuid::random(rng);
}

json controllerRef(const std::string &apiVersion, const std::string &kind, const std::string &ns,
                   const std::string &name) {
    return json::array({{{"apiVersion", apiVersion},
                         {"kind", kind},
                         {"name", name},
                         {"uid", uidFor(kind, ns, name)},
                         {"controller", true},
                         {"blockOwnerDeletion", true}}});
}

/// A type of the registry's built-ins, for ObjectDefaults (which only reads group and kind).
ResourceType kindOf(const std::string &group, const std::string &kind) {
    ResourceType t;
    t.group = group;
    t.version = "v1";
    t.kind = kind;
    return t;
}

const json kControlPlaneToleration = {{"key", "node-role.kubernetes.io/control-plane"},
                                      {"operator", "Exists"},
                                      {"effect", "NoSchedule"}};

// CoreDNS as the CubeStudio installer writes it (install/kubernetes/coredns): the platform's
// mirrors and registry resolve to internal addresses through a hosts block that falls through
// to the cluster's own records, and the company's domain goes to its resolver.
const char *const kCorefile = R"(.:53 {
    errors
    health {
       lameduck 5s
    }
    ready
    hosts {
       10.101.140.98 docker.oa.com
       10.101.140.99 mirrors.aliyun.com
       10.101.140.100 pypi.tuna.tsinghua.edu.cn
       10.101.140.101 modelscope.cn
       10.101.140.102 huggingface.co
       fallthrough
    }
    kubernetes cluster.local in-addr.arpa ip6.arpa {
       pods insecure
       fallthrough in-addr.arpa ip6.arpa
       ttl 30
    }
    prometheus :9153
    forward . /etc/resolv.conf {
       max_concurrent 1000
    }
    cache 30
    loop
    reload
    loadbalance
}
oa.com:53 {
    errors
    cache 30
    forward . 10.88.0.53
}
)";

json schedulerPolicy() {
    json priorities = json::array();
    for (const char *name :
         {"SelectorSpreadPriority", "InterPodAffinityPriority", "NodeAffinityPriority",
          "TaintTolerationPriority", "ImageLocalityPriority", "BalancedResourceAllocation"})
        priorities.push_back({{"name", name}, {"weight", 1}});
    priorities.push_back(
        {{"name", "RequestedToCapacityRatioPriority"},
         {"weight", 1},
         {"argument",
          {{"requestedToCapacityRatioArguments",
            {{"shape", json::array({{{"utilization", 0}, {"score", 10}},
                                    {{"utilization", 100}, {"score", 0}}})},
             {"resources", json::array({{{"name", "cpu"}, {"weight", 1}},
                                        {{"name", "memory"}, {"weight", 1}}})}}}}}});
    priorities.push_back({{"name", "NodePreferAvoidPodsPriority"}, {"weight", 10000}});
    return {{"kind", "Policy"}, {"apiVersion", "v1"}, {"priorities", priorities}};
}

} // namespace

PlatformInstall::PlatformInstall(std::chrono::system_clock::time_point now,
                                 std::vector<std::string> namespaces, PlacePod place)
    : m_now(now)
    , m_namespaces(std::move(namespaces))
    , m_place(std::move(place)) {}

std::string PlatformInstall::ago(std::chrono::seconds d) const {
    return formatRfc3339(m_now - d);
}

json PlatformInstall::meta(const std::string &name, const std::string &ns, std::chrono::seconds age,
                           json labels, json annotations) const {
    return ObjectMetaDoc::make(name, ns, ago(age), std::move(labels), std::move(annotations));
}

json PlatformInstall::podTemplate(const json &labels, const std::string &name,
                                  const std::string &image, const json &requests,
                                  const json &limits, int port, const json &nodeSelector) {
    json container = {{"name", name},
                      {"image", image},
                      {"resources", {{"requests", requests}, {"limits", limits}}}};
    if (port > 0)
        container["ports"] = json::array({{{"name", "http"}, {"containerPort", port}}});
    json spec = {{"containers", json::array({container})},
                 {"tolerations", json::array({kControlPlaneToleration})}};
    if (!nodeSelector.empty())
        spec["nodeSelector"] = nodeSelector;
    json deploymentLike = {
        {"spec", {{"template", {{"metadata", {{"labels", labels}}}, {"spec", spec}}}}}};
    ObjectDefaults::apply(kindOf("apps", "ReplicaSet"), deploymentLike);
    return deploymentLike["spec"]["template"];
}

void PlatformInstall::deployment(const Workload &w) {
    const json tmpl =
        podTemplate(w.labels, w.container, w.image, w.requests, w.limits, w.port, w.nodeSelector);
    const std::string hash = WorkloadController::templateHash(tmpl);
    const std::string rsName = w.name + '-' + hash;
    const std::string since = ago(w.age);
    json d = {
        {"apiVersion", "apps/v1"},
        {"kind", "Deployment"},
        {"metadata",
         meta(w.name, w.ns, w.age, w.labels, {{"deployment.kubernetes.io/revision", "1"}})},
        {"spec",
         {{"replicas", w.replicas}, {"selector", {{"matchLabels", w.labels}}}, {"template", tmpl}}},
        {"status",
         {{"observedGeneration", 1},
          {"replicas", w.replicas},
          {"updatedReplicas", w.replicas},
          {"readyReplicas", w.replicas},
          {"availableReplicas", w.replicas},
          {"conditions",
           json::array({{{"type", "Available"},
                         {"status", "True"},
                         {"reason", "MinimumReplicasAvailable"},
                         {"message", "Deployment has minimum availability."},
                         {"lastUpdateTime", since},
                         {"lastTransitionTime", since}},
                        {{"type", "Progressing"},
                         {"status", "True"},
                         {"reason", "NewReplicaSetAvailable"},
                         {"message", "ReplicaSet \"" + rsName + "\" has successfully progressed."},
                         {"lastUpdateTime", since},
                         {"lastTransitionTime", since}}})}}}};
    ObjectDefaults::apply(kindOf("apps", "Deployment"), d);
    d["metadata"]["uid"] = uidFor("Deployment", w.ns, w.name);
    add(std::move(d));
    json rsTemplate = tmpl;
    rsTemplate["metadata"]["labels"]["pod-template-hash"] = hash;
    json rsLabels = rsTemplate["metadata"]["labels"];
    json rs = {{"apiVersion", "apps/v1"},
               {"kind", "ReplicaSet"},
               {"metadata",
                meta(rsName, w.ns, w.age, rsLabels,
                     {{"deployment.kubernetes.io/revision", "1"},
                      {"deployment.kubernetes.io/desired-replicas", std::to_string(w.replicas)},
                      {"deployment.kubernetes.io/max-replicas",
                       std::to_string(w.replicas + std::max(1, (w.replicas + 3) / 4))}})},
               {"spec",
                {{"replicas", w.replicas},
                 {"selector", {{"matchLabels", rsLabels}}},
                 {"template", rsTemplate}}},
               {"status",
                {{"replicas", w.replicas},
                 {"fullyLabeledReplicas", w.replicas},
                 {"readyReplicas", w.replicas},
                 {"availableReplicas", w.replicas},
                 {"observedGeneration", 1}}}};
    rs["metadata"]["ownerReferences"] = controllerRef("apps/v1", "Deployment", w.ns, w.name);
    rs["metadata"]["uid"] = uidFor("ReplicaSet", w.ns, rsName);
    for (int i = 0; i < w.replicas; ++i) {
        json pod = WorkloadController::podFromTemplate(
            rs, rsName + '-' + WorkloadController::nameSuffix(rsName + '/' + std::to_string(i)));
        pod["metadata"]["creationTimestamp"] = since;
        m_place(pod, w.age);
        add(std::move(pod));
    }
    add(std::move(rs));
}

void PlatformInstall::statefulSet(const Workload &w, const std::string &serviceName,
                                  const std::string &claim, const std::string &storage) {
    json tmpl =
        podTemplate(w.labels, w.container, w.image, w.requests, w.limits, w.port, w.nodeSelector);
    tmpl["spec"]["containers"][0]["volumeMounts"] =
        json::array({{{"name", claim}, {"mountPath", "/var/lib/" + w.container}}});
    const std::string revision = w.name + '-' + WorkloadController::templateHash(tmpl);
    json sts = {{"apiVersion", "apps/v1"},
                {"kind", "StatefulSet"},
                {"metadata", meta(w.name, w.ns, w.age, w.labels)},
                {"spec",
                 {{"replicas", w.replicas},
                  {"serviceName", serviceName},
                  {"selector", {{"matchLabels", w.labels}}},
                  {"template", tmpl},
                  {"volumeClaimTemplates",
                   json::array({{{"apiVersion", "v1"},
                                 {"kind", "PersistentVolumeClaim"},
                                 {"metadata", {{"name", claim}}},
                                 {"spec",
                                  {{"accessModes", json::array({"ReadWriteOnce"})},
                                   {"storageClassName", "local-path"},
                                   {"volumeMode", "Filesystem"},
                                   {"resources", {{"requests", {{"storage", storage}}}}}}}}})}}},
                {"status",
                 {{"observedGeneration", 1},
                  {"replicas", w.replicas},
                  {"readyReplicas", w.replicas},
                  {"availableReplicas", w.replicas},
                  {"currentReplicas", w.replicas},
                  {"updatedReplicas", w.replicas},
                  {"currentRevision", revision},
                  {"updateRevision", revision},
                  {"collisionCount", 0}}}};
    ObjectDefaults::apply(kindOf("apps", "StatefulSet"), sts);
    sts["metadata"]["uid"] = uidFor("StatefulSet", w.ns, w.name);
    json owner = sts;
    owner["spec"]["template"]["metadata"]["labels"]["controller-revision-hash"] = revision;
    for (int i = 0; i < w.replicas; ++i) {
        const std::string podName = w.name + '-' + std::to_string(i);
        json pod = WorkloadController::podFromTemplate(owner, podName);
        pod["metadata"]["creationTimestamp"] = ago(w.age);
        pod["metadata"]["labels"]["statefulset.kubernetes.io/pod-name"] = podName;
        pod["metadata"]["labels"]["apps.kubernetes.io/pod-index"] = std::to_string(i);
        pod["spec"]["hostname"] = podName;
        pod["spec"]["subdomain"] = serviceName;
        pod["spec"]["volumes"] =
            json::array({{{"name", claim},
                          {"persistentVolumeClaim",
                           {{"claimName", std::string(claim).append("-").append(podName)}}}}});
        m_place(pod, w.age);
        add(std::move(pod));
    }
    add(std::move(sts));
}

void PlatformInstall::service(const std::string &name, const std::string &ns, const json &selector,
                              const std::string &clusterIp, const json &ports,
                              std::chrono::seconds age, const json &labels) {
    json s = {{"apiVersion", "v1"},
              {"kind", "Service"},
              {"metadata", meta(name, ns, age, labels.empty() ? selector : labels)},
              {"spec", {{"ports", ports}}}};
    if (!selector.empty())
        s["spec"]["selector"] = selector;
    if (!clusterIp.empty())
        s["spec"]["clusterIP"] = clusterIp;
    ObjectDefaults::apply(kindOf("", "Service"), s);
    s["status"] = {{"loadBalancer", json::object()}};
    add(std::move(s));
}

std::vector<json> PlatformInstall::build() {
    workloads();
    services();
    networking();
    monitoring();
    configMaps();
    storage();
    accounts();
    secrets();
    helmReleases();
    batch();
    return std::move(m_objects);
}

void PlatformInstall::workloads() {
    const json small = {{"cpu", "100m"}, {"memory", "128Mi"}};
    const json smallLimits = {{"cpu", "500m"}, {"memory", "512Mi"}};
    const json masters = {{"node-role.kubernetes.io/control-plane", ""}};
    const auto w = [&](const char *name, const char *ns, json labels, const char *container,
                       const char *image, int port, int replicas, int ageDays, json nodeSelector) {
        return Workload{
            name, ns,       std::move(labels),       container,    image, small, smallLimits,
            port, replicas, std::move(nodeSelector), days(ageDays)};
    };
    deployment(w("kubeflow-dashboard-frontend", "infra", {{"app", "kubeflow-dashboard-frontend"}},
                 "frontend",
                 "ccr.ccs.tencentyun.com/cube-studio/kubeflow-dashboard-frontend:2026.03.01", 80, 1,
                 60, {{"kubeflow-dashboard", "true"}}));
    deployment(w("redis", "infra", {{"app", "redis"}}, "redis", "redis:6.2.12", 6379, 1, 200,
                 {{"redis", "true"}}));
    deployment(w("training-operator", "kubeflow", {{"control-plane", "kubeflow-training-operator"}},
                 "training-operator", "kubeflow/training-operator:v1-855e096", 8080, 1, 180,
                 {{"kubeflow", "true"}}));
    deployment(w("mpi-operator", "kubeflow", {{"app.kubernetes.io/name", "mpi-operator"}},
                 "mpi-operator", "mpioperator/mpi-operator:0.4.0", 8080, 1, 180,
                 {{"kubeflow", "true"}}));
    deployment(w("prometheus-operator", "monitoring",
                 {{"app.kubernetes.io/name", "prometheus-operator"}}, "prometheus-operator",
                 "quay.io/prometheus-operator/prometheus-operator:v0.63.0", 8080, 1, 90,
                 {{"monitoring", "true"}}));
    deployment(w("kube-state-metrics", "monitoring",
                 {{"app.kubernetes.io/name", "kube-state-metrics"}}, "kube-state-metrics",
                 "registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.8.2", 8080, 1, 90,
                 {{"monitoring", "true"}}));
    deployment(w("grafana", "monitoring", {{"app.kubernetes.io/name", "grafana"}}, "grafana",
                 "grafana/grafana:9.5.2", 3000, 1, 90, {{"monitoring", "true"}}));
    deployment(w("istiod", "istio-system", {{"app", "istiod"}, {"istio", "pilot"}}, "discovery",
                 "docker.io/istio/pilot:1.15.7", 15010, 1, 200, {{"istio", "true"}}));
    deployment(w("istio-ingressgateway", "istio-system",
                 {{"app", "istio-ingressgateway"}, {"istio", "ingressgateway"}}, "istio-proxy",
                 "docker.io/istio/proxyv2:1.15.7", 8080, 2, 200, {{"istio", "true"}}));
    deployment(w("metrics-server", "kube-system", {{"k8s-app", "metrics-server"}}, "metrics-server",
                 "registry.k8s.io/metrics-server/metrics-server:v0.7.2", 10250, 1, 200, masters));
    Workload mysql = w("mysql", "infra", {{"app", "mysql"}}, "mysql", "mysql:8.0.32", 3306, 1, 200,
                       {{"mysql", "true"}});
    mysql.requests = {{"cpu", "1"}, {"memory", "2Gi"}};
    mysql.limits = {{"cpu", "4"}, {"memory", "8Gi"}};
    statefulSet(mysql, "mysql", "data", "50Gi");
    statefulSet(w("alertmanager-main", "monitoring",
                  {{"app.kubernetes.io/name", "alertmanager"}, {"alertmanager", "main"}},
                  "alertmanager", "quay.io/prometheus/alertmanager:v0.25.0", 9093, 1, 90,
                  {{"monitoring", "true"}}),
                "alertmanager-operated", "alertmanager-main-db", "10Gi");
}

void PlatformInstall::services() {
    const auto port = [](const char *name, int number, const char *protocol = "TCP") {
        return json{{"name", name}, {"port", number}, {"protocol", protocol}};
    };
    service("kubernetes", "default", json::object(), "10.96.0.1",
            json::array({{{"name", "https"}, {"port", 443}, {"targetPort", 6443}}}), days(210),
            {{"component", "apiserver"}, {"provider", "kubernetes"}});
    add({{"apiVersion", "v1"},
         {"kind", "Endpoints"},
         {"metadata", meta("kubernetes", "default", days(210),
                           {{"endpointslice.kubernetes.io/skip-mirror", "true"}})},
         {"subsets",
          json::array(
              {{{"addresses",
                 json::array(
                     {{{"ip", "10.10.0.10"}}, {{"ip", "10.10.0.11"}}, {{"ip", "10.10.0.12"}}})},
                {"ports",
                 json::array({{{"name", "https"}, {"port", 6443}, {"protocol", "TCP"}}})}}})}});
    service("kube-dns", "kube-system", {{"k8s-app", "kube-dns"}}, "10.96.0.10",
            json::array({port("dns", 53, "UDP"), port("dns-tcp", 53), port("metrics", 9153)}),
            days(200), {{"k8s-app", "kube-dns"}, {"kubernetes.io/name", "CoreDNS"}});
    service("metrics-server", "kube-system", {{"k8s-app", "metrics-server"}}, "",
            json::array({{{"name", "https"}, {"port", 443}, {"targetPort", "https"}}}), days(200));
    service("kubeflow-dashboard-frontend", "infra", {{"app", "kubeflow-dashboard-frontend"}}, "",
            json::array({port("http", 80)}), days(60));
    service("kubeflow-dashboard", "infra", {{"app", "kubeflow-dashboard"}}, "",
            json::array({port("backend", 80)}), days(60));
    service("redis", "infra", {{"app", "redis"}}, "", json::array({port("redis", 6379)}),
            days(200));
    service("mysql", "infra", {{"app", "mysql"}}, "", json::array({port("mysql", 3306)}),
            days(200));
    service("training-operator", "kubeflow", {{"control-plane", "kubeflow-training-operator"}}, "",
            json::array({port("monitoring-port", 8080)}), days(180));
    service("grafana", "monitoring", {{"app.kubernetes.io/name", "grafana"}}, "",
            json::array({port("http", 3000)}), days(90));
    service("kube-state-metrics", "monitoring", {{"app.kubernetes.io/name", "kube-state-metrics"}},
            "None", json::array({port("http-metrics", 8080)}), days(90));
    service("node-exporter", "monitoring", {{"app.kubernetes.io/name", "node-exporter"}}, "None",
            json::array({port("https", 9100)}), days(90));
    service("alertmanager-main", "monitoring", {{"alertmanager", "main"}}, "",
            json::array({port("web", 9093)}), days(90));
    service("istiod", "istio-system", {{"app", "istiod"}, {"istio", "pilot"}}, "",
            json::array(
                {port("grpc-xds", 15010), port("https-dns", 15012), port("https-webhook", 443)}),
            days(200));
    json gateway = {
        {"apiVersion", "v1"},
        {"kind", "Service"},
        {"metadata", meta("istio-ingressgateway", "istio-system", days(200),
                          {{"app", "istio-ingressgateway"}, {"istio", "ingressgateway"}})},
        {"spec",
         {{"type", "NodePort"},
          {"selector", {{"app", "istio-ingressgateway"}, {"istio", "ingressgateway"}}},
          {"externalTrafficPolicy", "Cluster"},
          {"ports",
           json::array(
               {{{"name", "http2"}, {"port", 80}, {"targetPort", 8080}, {"nodePort", 30080}},
                {{"name", "https"}, {"port", 443}, {"targetPort", 8443}, {"nodePort", 30443}}})}}}};
    ObjectDefaults::apply(kindOf("", "Service"), gateway);
    gateway["status"] = {{"loadBalancer", json::object()}};
    add(std::move(gateway));
}

void PlatformInstall::networking() {
    add({{"apiVersion", "networking.k8s.io/v1"},
         {"kind", "IngressClass"},
         {"metadata", meta("nginx", "", days(200), {{"app.kubernetes.io/name", "ingress-nginx"}},
                           {{"ingressclass.kubernetes.io/is-default-class", "true"}})},
         {"spec", {{"controller", "k8s.io/ingress-nginx"}}}});
    const auto ingress = [this](const std::string &name, const std::string &ns,
                                const std::string &host, const std::string &backend, int port,
                                const std::string &tlsSecret) {
        json i = {
            {"apiVersion", "networking.k8s.io/v1"},
            {"kind", "Ingress"},
            {"metadata", meta(name, ns, days(60))},
            {"spec",
             {{"ingressClassName", "nginx"},
              {"rules",
               json::array(
                   {{{"host", host},
                     {"http",
                      {{"paths", json::array({{{"path", "/"},
                                               {"pathType", "Prefix"},
                                               {"backend",
                                                {{"service",
                                                  {{"name", backend},
                                                   {"port", {{"number", port}}}}}}}}})}}}}})}}},
            {"status",
             {{"loadBalancer",
               {{"ingress", json::array({{{"ip", "10.10.0.10"}}, {{"ip", "10.10.0.11"}}})}}}}}};
        if (!tlsSecret.empty())
            i["spec"]["tls"] =
                json::array({{{"hosts", json::array({host})}, {"secretName", tlsSecret}}});
        add(std::move(i));
    };
    ingress("kubeflow-dashboard", "infra", "kubeflow.local.com", "kubeflow-dashboard-frontend", 80,
            "kubeflow-tls");
    ingress("grafana", "monitoring", "grafana.local.com", "grafana", 3000, "");

    add({{"apiVersion", "networking.istio.io/v1beta1"},
         {"kind", "Gateway"},
         {"metadata", meta("kubeflow-gateway", "kubeflow", days(200))},
         {"spec",
          {{"selector", {{"istio", "ingressgateway"}}},
           {"servers",
            json::array({{{"port", {{"number", 80}, {"name", "http"}, {"protocol", "HTTP"}}},
                          {"hosts", json::array({"*"})}},
                         {{"port", {{"number", 443}, {"name", "https"}, {"protocol", "HTTPS"}}},
                          {"hosts", json::array({"*"})},
                          {"tls", {{"mode", "SIMPLE"}, {"credentialName", "kubeflow-tls"}}}}})}}}});
    const auto route = [](const std::string &prefix, const std::string &host, int port,
                          const std::string &rewrite) {
        json r = {
            {"match", json::array({{{"uri", {{"prefix", prefix}}}}})},
            {"route",
             json::array({{{"destination", {{"host", host}, {"port", {{"number", port}}}}}}})},
            {"timeout", "300s"}};
        if (!rewrite.empty())
            r["rewrite"] = {{"uri", rewrite}};
        return r;
    };
    const auto virtualService = [this](const std::string &name, const std::string &ns, json hosts,
                                       json http) {
        add({{"apiVersion", "networking.istio.io/v1beta1"},
             {"kind", "VirtualService"},
             {"metadata", meta(name, ns, days(200))},
             {"spec",
              {{"gateways", json::array({"kubeflow/kubeflow-gateway"})},
               {"hosts", std::move(hosts)},
               {"http", std::move(http)}}}});
    };
    virtualService(
        "kubeflow-dashboard", "infra", json::array({"*"}),
        json::array({route("/api/", "kubeflow-dashboard.infra.svc.cluster.local", 80, ""),
                     route("/", "kubeflow-dashboard-frontend.infra.svc.cluster.local", 80, "")}));
    virtualService(
        "grafana", "monitoring", json::array({"*"}),
        json::array({route("/grafana/", "grafana.monitoring.svc.cluster.local", 3000, "/")}));
    virtualService("prometheus", "monitoring", json::array({"*"}),
                   json::array({route("/prometheus/", "prometheus-k8s.monitoring.svc.cluster.local",
                                      9090, "/")}));
}

void PlatformInstall::monitoring() {
    const std::string since = ago(days(90));
    const auto reconciled = [&since](const char *type) {
        return json{{"type", type},
                    {"status", "True"},
                    {"lastTransitionTime", since},
                    {"observedGeneration", 1},
                    {"reason", ""},
                    {"message", ""}};
    };
    const json operatorStatus = {
        {"availableReplicas", 1},
        {"replicas", 1},
        {"updatedReplicas", 1},
        {"unavailableReplicas", 0},
        {"paused", false},
        {"conditions", json::array({reconciled("Available"), reconciled("Reconciled")})}};
    json prometheus = {{"apiVersion", "monitoring.coreos.com/v1"},
                       {"kind", "Prometheus"},
                       {"metadata", meta("k8s", "monitoring", days(90), {{"prometheus", "k8s"}})},
                       {"spec",
                        {{"version", "v2.42.0"},
                         {"replicas", 1},
                         {"image", "prom/prometheus:v2.42.0"},
                         {"serviceAccountName", "prometheus-k8s"},
                         {"serviceMonitorSelector", json::object()},
                         {"podMonitorSelector", json::object()},
                         {"ruleSelector", json::object()},
                         {"retention", "15d"},
                         {"nodeSelector", {{"monitoring", "true"}}},
                         {"alerting",
                          {{"alertmanagers", json::array({{{"name", "alertmanager-main"},
                                                           {"namespace", "monitoring"},
                                                           {"port", "web"}}})}}},
                         {"resources", {{"requests", {{"cpu", "1"}, {"memory", "4Gi"}}}}}}},
                       {"status", operatorStatus}};
    prometheus["status"]["shards"] = 1;
    prometheus["status"]["selector"] =
        "app.kubernetes.io/instance=k8s,app.kubernetes.io/name=prometheus";
    add(std::move(prometheus));
    add({{"apiVersion", "monitoring.coreos.com/v1"},
         {"kind", "Alertmanager"},
         {"metadata", meta("main", "monitoring", days(90), {{"alertmanager", "main"}})},
         {"spec",
          {{"version", "v0.25.0"},
           {"replicas", 1},
           {"image", "quay.io/prometheus/alertmanager:v0.25.0"},
           {"nodeSelector", {{"monitoring", "true"}}}}},
         {"status", operatorStatus}});
    const auto serviceMonitor = [this](const std::string &name, const json &selector,
                                       const std::string &port, const std::string &interval,
                                       bool honorLabels) {
        json endpoint = {{"port", port}, {"interval", interval}, {"path", "/metrics"}};
        if (honorLabels)
            endpoint["honorLabels"] = true;
        add({{"apiVersion", "monitoring.coreos.com/v1"},
             {"kind", "ServiceMonitor"},
             {"metadata", meta(name, "monitoring", days(90), {{"app.kubernetes.io/name", name}})},
             {"spec",
              {{"jobLabel", "app.kubernetes.io/name"},
               {"selector", {{"matchLabels", selector}}},
               {"namespaceSelector", {{"matchNames", json::array({"monitoring"})}}},
               {"endpoints", json::array({endpoint})}}}});
    };
    serviceMonitor("dcgm-exporter", {{"app.kubernetes.io/name", "dcgm-exporter"}}, "metrics", "15s",
                   false);
    serviceMonitor("kube-state-metrics", {{"app.kubernetes.io/name", "kube-state-metrics"}},
                   "http-metrics", "30s", true);
    serviceMonitor("node-exporter", {{"app.kubernetes.io/name", "node-exporter"}}, "https", "15s",
                   false);
    const auto rule = [](const char *alert, const char *expr, const char *duration,
                         const char *severity, const char *summary) {
        return json{{"alert", alert},
                    {"expr", expr},
                    {"for", duration},
                    {"labels", {{"severity", severity}}},
                    {"annotations", {{"summary", summary}}}};
    };
    add({{"apiVersion", "monitoring.coreos.com/v1"},
         {"kind", "PrometheusRule"},
         {"metadata", meta("gpu-rules", "monitoring", days(90),
                           {{"prometheus", "k8s"}, {"role", "alert-rules"}})},
         {"spec",
          {{"groups",
            json::array(
                {{{"name", "gpu.rules"},
                  {"rules",
                   json::array(
                       {rule("GPUXidError", "DCGM_FI_DEV_XID_ERRORS > 0", "1m", "critical",
                             "GPU {{ $labels.gpu }} on {{ $labels.Hostname }} reported XID "
                             "{{ $value }}"),
                        rule("GPUHighTemperature", "DCGM_FI_DEV_GPU_TEMP > 85", "5m", "warning",
                             "GPU {{ $labels.gpu }} on {{ $labels.Hostname }} runs hot"),
                        rule("GPUIdleAllocated",
                             "avg_over_time(DCGM_FI_DEV_GPU_UTIL[6h]) == 0 and on(pod) "
                             "DCGM_FI_DEV_FB_USED > 0",
                             "6h", "info",
                             "{{ $labels.exported_pod }} holds a GPU it has not used for "
                             "6h")})}}})}}}});
}

void PlatformInstall::configMaps() {
    add({{"apiVersion", "v1"},
         {"kind", "ConfigMap"},
         {"metadata", meta("coredns", "kube-system", days(200))},
         {"data", {{"Corefile", kCorefile}}}});
    add({{"apiVersion", "v1"},
         {"kind", "ConfigMap"},
         {"metadata", meta("scheduler-policy-config", "kube-system", days(200))},
         {"data", {{"policy.cfg", schedulerPolicy().dump(2) + '\n'}}}});
    add({{"apiVersion", "v1"},
         {"kind", "ConfigMap"},
         {"metadata",
          meta("kubeflow-dashboard-config", "infra", days(60), {{"app", "kubeflow-dashboard"}})},
         {"data",
          {{"ENVIRONMENT", "prod"},
           {"MYSQL_SERVICE", "mysql.infra"},
           {"REDIS_HOST", "redis.infra"},
           {"SERVICE_DOMAIN", "service.local.com"}}}});
}

void PlatformInstall::storage() {
    add({{"apiVersion", "storage.k8s.io/v1"},
         {"kind", "StorageClass"},
         {"metadata", meta("nfs-client", "", days(210), json::object(),
                           {{"storageclass.kubernetes.io/is-default-class", "true"}})},
         {"provisioner", "cluster.local/nfs-subdir-external-provisioner"},
         {"parameters", {{"archiveOnDelete", "true"}}},
         {"reclaimPolicy", "Delete"},
         {"volumeBindingMode", "Immediate"},
         {"allowVolumeExpansion", true}});
    add({{"apiVersion", "storage.k8s.io/v1"},
         {"kind", "StorageClass"},
         {"metadata", meta("local-path", "", days(210))},
         {"provisioner", "rancher.io/local-path"},
         {"reclaimPolicy", "Delete"},
         {"volumeBindingMode", "WaitForFirstConsumer"}});
    // The platform's shared workspaces (one NFS export per namespace, ReadWriteMany) and the
    // StatefulSets' local volumes, each claim bound to its volume.
    int index = 0;
    const auto bound = [this, &index](const std::string &claim, const std::string &ns,
                                      const std::string &size, const std::string &mode,
                                      const std::string &storageClass, std::chrono::seconds age) {
        ++index;
        const std::string volume = "pvc-" + std::to_string(10000000 + 7919 * index) +
                                   "-4c2e-9a1b-" + std::to_string(300000000000LL + index);
        const json modes = json::array({mode});
        json pvSpec = {
            {"capacity", {{"storage", size}}},
            {"accessModes", modes},
            {"persistentVolumeReclaimPolicy", storageClass == "local-path" ? "Delete" : "Retain"},
            {"storageClassName", storageClass},
            {"volumeMode", "Filesystem"},
            {"claimRef",
             {{"apiVersion", "v1"},
              {"kind", "PersistentVolumeClaim"},
              {"namespace", ns},
              {"name", claim},
              {"uid", uidFor("PersistentVolumeClaim", ns, claim)}}}};
        if (storageClass == "local-path")
            pvSpec["hostPath"] = {{"path", "/opt/local-path-provisioner/" + volume},
                                  {"type", "DirectoryOrCreate"}};
        else
            pvSpec["nfs"] = {{"server", "10.10.0.5"}, {"path", "/data/nfs/" + ns + '-' + claim}};
        // The protection controllers' finalizers, as on every bound volume and claim.
        json pv = {{"apiVersion", "v1"},
                   {"kind", "PersistentVolume"},
                   {"metadata", meta(volume, "", age, json::object(),
                                     {{"pv.kubernetes.io/provisioned-by",
                                       storageClass == "local-path"
                                           ? "rancher.io/local-path"
                                           : "cluster.local/nfs-subdir-external-provisioner"}})},
                   {"spec", pvSpec},
                   {"status", {{"phase", "Bound"}}}};
        pv["metadata"]["finalizers"] = json::array({"kubernetes.io/pv-protection"});
        add(std::move(pv));
        json pvc = {
            {"apiVersion", "v1"},
            {"kind", "PersistentVolumeClaim"},
            {"metadata", meta(claim, ns, age, json::object(),
                              {{"pv.kubernetes.io/bind-completed", "yes"},
                               {"pv.kubernetes.io/bound-by-controller", "yes"}})},
            {"spec",
             {{"accessModes", modes},
              {"resources", {{"requests", {{"storage", size}}}}},
              {"storageClassName", storageClass},
              {"volumeMode", "Filesystem"},
              {"volumeName", volume}}},
            {"status",
             {{"phase", "Bound"}, {"accessModes", modes}, {"capacity", {{"storage", size}}}}}};
        pvc["metadata"]["uid"] = uidFor("PersistentVolumeClaim", ns, claim);
        pvc["metadata"]["finalizers"] = json::array({"kubernetes.io/pvc-protection"});
        add(std::move(pvc));
    };
    for (const char *ns : {"infra", "jupyter", "pipeline", "service", "automl"})
        bound("kubeflow-user-workspace", ns, "500Gi", "ReadWriteMany", "nfs-client", days(200));
    bound("kubeflow-archives", "infra", "200Gi", "ReadWriteMany", "nfs-client", days(200));
    bound("data-mysql-0", "infra", "50Gi", "ReadWriteOnce", "local-path", days(200));
    bound("alertmanager-main-db-alertmanager-main-0", "monitoring", "10Gi", "ReadWriteOnce",
          "local-path", days(90));
    bound("prometheus-k8s-db-prometheus-k8s-0", "monitoring", "100Gi", "ReadWriteOnce",
          "local-path", days(90));
    // A claim no volume satisfies yet: local-path waits for a consumer.
    add({{"apiVersion", "v1"},
         {"kind", "PersistentVolumeClaim"},
         {"metadata", meta("dataset-imagenet-cache", "pipeline", mins(40))},
         {"spec",
          {{"accessModes", json::array({"ReadWriteOnce"})},
           {"resources", {{"requests", {{"storage", "2Ti"}}}}},
           {"storageClassName", "local-path"},
           {"volumeMode", "Filesystem"}}},
         {"status", {{"phase", "Pending"}}}});
}

void PlatformInstall::accounts() {
    const auto account = [this](const std::string &name, const std::string &ns,
                                std::chrono::seconds age, json secrets) {
        json sa = {
            {"apiVersion", "v1"}, {"kind", "ServiceAccount"}, {"metadata", meta(name, ns, age)}};
        if (!secrets.empty())
            sa["secrets"] = std::move(secrets);
        add(std::move(sa));
    };
    for (const auto &ns : m_namespaces)
        account("default", ns, days(210), json::array());
    account("kubeflow-dashboard", "infra", days(60), json::array());
    account("kubeflow-pipeline", "pipeline", days(200), json::array({{{"name", "hubsecret"}}}));
    account("training-operator", "kubeflow", days(180), json::array());
    account("prometheus-k8s", "monitoring", days(90), json::array());
    account("prometheus-operator", "monitoring", days(90), json::array());
    account("coredns", "kube-system", days(200), json::array());
    account("istiod", "istio-system", days(200), json::array());

    const auto clusterRole = [this](const std::string &name, json rules, json labels) {
        add({{"apiVersion", "rbac.authorization.k8s.io/v1"},
             {"kind", "ClusterRole"},
             {"metadata", meta(name, "", days(210), std::move(labels))},
             {"rules", std::move(rules)}});
    };
    const auto rule = [](json groups, json resources, json verbs) {
        return json{{"apiGroups", std::move(groups)},
                    {"resources", std::move(resources)},
                    {"verbs", std::move(verbs)}};
    };
    const json bootstrap = {{"kubernetes.io/bootstrapping", "rbac-defaults"}};
    clusterRole(
        "cluster-admin",
        json::array({rule({"*"}, {"*"}, {"*"}),
                     {{"nonResourceURLs", json::array({"*"})}, {"verbs", json::array({"*"})}}}),
        bootstrap);
    clusterRole(
        "view",
        json::array({rule({""},
                          {"pods", "services", "configmaps", "events", "persistentvolumeclaims",
                           "namespaces"},
                          {"get", "list", "watch"}),
                     rule({"apps"}, {"deployments", "replicasets", "statefulsets", "daemonsets"},
                          {"get", "list", "watch"}),
                     rule({"batch"}, {"jobs", "cronjobs"}, {"get", "list", "watch"})}),
        bootstrap);
    const json readWrite = {"get", "list", "watch", "create", "update", "patch", "delete"};
    clusterRole(
        "kubeflow-dashboard",
        json::array(
            {rule({""},
                  {"pods", "pods/log", "pods/exec", "services", "configmaps", "secrets", "events",
                   "nodes", "namespaces", "persistentvolumeclaims", "resourcequotas"},
                  readWrite),
             rule({"apps"}, {"deployments", "statefulsets", "daemonsets"}, readWrite),
             rule({"kubeflow.org"}, {"*"}, readWrite),
             rule({"networking.istio.io"}, {"virtualservices", "gateways"}, readWrite)}),
        {{"app", "kubeflow-dashboard"}});
    clusterRole("prometheus-k8s",
                json::array({rule({""}, {"nodes/metrics", "services", "endpoints", "pods"},
                                  {"get", "list", "watch"}),
                             {{"nonResourceURLs", json::array({"/metrics"})},
                              {"verbs", json::array({"get"})}}}),
                {{"app.kubernetes.io/name", "prometheus"}});
    const auto binding = [this](const std::string &kind, const std::string &name,
                                const std::string &ns, const std::string &roleKind,
                                const std::string &role, json subjects) {
        add({{"apiVersion", "rbac.authorization.k8s.io/v1"},
             {"kind", kind},
             {"metadata", meta(name, ns, days(ns.empty() ? 210 : 60))},
             {"roleRef",
              {{"apiGroup", "rbac.authorization.k8s.io"}, {"kind", roleKind}, {"name", role}}},
             {"subjects", std::move(subjects)}});
    };
    const auto sa = [](const std::string &name, const std::string &ns) {
        return json{{"kind", "ServiceAccount"}, {"name", name}, {"namespace", ns}};
    };
    const auto subject = [](const char *kind, const std::string &name) {
        return json{{"apiGroup", "rbac.authorization.k8s.io"}, {"kind", kind}, {"name", name}};
    };
    binding("ClusterRoleBinding", "cluster-admin", "", "ClusterRole", "cluster-admin",
            json::array({subject("Group", "system:masters")}));
    binding("ClusterRoleBinding", "kubeflow-dashboard", "", "ClusterRole", "kubeflow-dashboard",
            json::array({sa("kubeflow-dashboard", "infra")}));
    binding("ClusterRoleBinding", "prometheus-k8s", "", "ClusterRole", "prometheus-k8s",
            json::array({sa("prometheus-k8s", "monitoring")}));
    add({{"apiVersion", "rbac.authorization.k8s.io/v1"},
         {"kind", "Role"},
         {"metadata", meta("pipeline-runner", "pipeline", days(200))},
         {"rules",
          json::array({rule({""}, {"pods", "pods/log", "configmaps", "secrets"}, readWrite),
                       rule({"kubeflow.org", "batch.volcano.sh"}, {"*"}, readWrite),
                       rule({"argoproj.io"}, {"workflows"}, readWrite)})}});
    binding("RoleBinding", "pipeline-runner", "pipeline", "Role", "pipeline-runner",
            json::array({sa("kubeflow-pipeline", "pipeline")}));
    binding("RoleBinding", "notebook-users", "jupyter", "ClusterRole", "view",
            json::array({subject("User", "alice"), subject("User", "bob"),
                         subject("Group", "org:vision"), sa("default", "jupyter")}));
}

void PlatformInstall::secrets() {
    const auto secret = [this](const std::string &name, const std::string &ns, const char *type,
                               const json &plain, std::chrono::seconds age) {
        json data = json::object();
        for (const auto &[k, v] : plain.items())
            data[k] = Base64::encode(v.get<std::string>());
        add({{"apiVersion", "v1"},
             {"kind", "Secret"},
             {"metadata", meta(name, ns, age)},
             {"type", type},
             {"data", std::move(data)}});
    };
    secret("mysql-secret", "infra", "Opaque",
           {{"username", "root"}, {"password", "admin"}, {"database", "kubeflow"}}, days(200));
    secret("kubeflow-tls", "istio-system", "kubernetes.io/tls",
           {{"tls.crt", "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUKubeflowDemo\n"
                        "-----END CERTIFICATE-----\n"},
            {"tls.key", "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIKubeflowDemo\n"
                        "-----END EC PRIVATE KEY-----\n"}},
           days(200));
    secret("kubeflow-tls", "infra", "kubernetes.io/tls",
           {{"tls.crt", "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUKubeflowDemo\n"
                        "-----END CERTIFICATE-----\n"},
            {"tls.key", "-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIKubeflowDemo\n"
                        "-----END EC PRIVATE KEY-----\n"}},
           days(200));
    // CubeStudio's image pull secret, created in every namespace users run in.
    const json docker = {{"auths",
                          {{"ccr.ccs.tencentyun.com",
                            {{"username", "cube-studio"},
                             {"password", "demo-token"},
                             {"auth", Base64::encode("cube-studio:demo-token")}}}}}};
    for (const char *ns : {"pipeline", "jupyter", "service", "automl", "infra"})
        secret("hubsecret", ns, "kubernetes.io/dockerconfigjson",
               {{".dockerconfigjson", docker.dump()}}, days(200));
}

void PlatformInstall::helmReleases() {
    struct Revision {
        int version;
        const char *status;
        std::chrono::seconds deployed;
        const char *description;
        json config;
    };
    const auto release = [this](const std::string &name, const std::string &ns,
                                const json &chartMetadata, const json &chartValues,
                                const std::string &manifest, const std::string &notes,
                                const std::vector<Revision> &revisions) {
        const std::string first = ago(revisions.front().deployed);
        for (std::size_t i = 0; i < revisions.size(); ++i) {
            const Revision &r = revisions[i];
            const json templates = json::array(
                {{{"name", "templates/NOTES.txt"}, {"data", Base64::encode(notes)}},
                 {{"name", "templates/_helpers.tpl"},
                  {"data", Base64::encode("{{- define \"" + name +
                                          ".fullname\" -}}\n"
                                          "{{- .Release.Name | trunc 63 -}}\n{{- end -}}\n")}}});
            const json doc = {{"name", name},
                              {"info",
                               {{"first_deployed", first},
                                {"last_deployed", ago(r.deployed)},
                                {"deleted", ""},
                                {"description", r.description},
                                {"status", r.status},
                                {"notes", notes}}},
                              {"chart",
                               {{"metadata", chartMetadata},
                                {"lock", nullptr},
                                {"templates", templates},
                                {"values", chartValues},
                                {"schema", nullptr},
                                {"files", json::array()}}},
                              {"config", r.config},
                              {"manifest", manifest},
                              {"version", r.version},
                              {"namespace", ns}};
            // A superseded record was last modified when the next revision replaced it.
            const auto modified =
                m_now - (i + 1 < revisions.size() ? revisions[i + 1].deployed : r.deployed);
            auto secret = HelmRelease::storageSecret(doc, m_now - r.deployed, modified);
            if (!secret.ok())
                continue;
            json s = std::move(secret.value());
            s["metadata"]["creationTimestamp"] = ago(r.deployed);
            add(std::move(s));
        }
    };
    const json promChart = {
        {"apiVersion", "v2"},
        {"name", "kube-prometheus-stack"},
        {"version", "45.7.1"},
        {"appVersion", "v0.63.0"},
        {"kubeVersion", ">=1.16.0-0"},
        {"description",
         "kube-prometheus-stack collects Kubernetes manifests, Grafana dashboards, and Prometheus "
         "rules combined with documentation and scripts to provide easy to operate end-to-end "
         "Kubernetes cluster monitoring with Prometheus using the Prometheus Operator."},
        {"home", "https://github.com/prometheus-operator/kube-prometheus"},
        {"type", "application"},
        {"keywords", json::array({"operator", "prometheus", "kube-prometheus"})},
        {"dependencies",
         json::array({{{"name", "kube-state-metrics"},
                       {"version", "5.0.*"},
                       {"repository", "https://prometheus-community.github.io/helm-charts"},
                       {"condition", "kubeStateMetrics.enabled"}},
                      {{"name", "grafana"},
                       {"version", "6.50.*"},
                       {"repository", "https://grafana.github.io/helm-charts"},
                       {"condition", "grafana.enabled"}}})}};
    const json promValues = {
        {"alertmanager", {{"enabled", true}}},
        {"grafana", {{"enabled", true}, {"adminPassword", "prom-operator"}}},
        {"kubeStateMetrics", {{"enabled", true}}},
        {"prometheus",
         {{"prometheusSpec",
           {{"retention", "10d"}, {"replicas", 1}, {"nodeSelector", json::object()}}}}}};
    const std::string promManifest =
        "---\n# Source: kube-prometheus-stack/templates/prometheus/prometheus.yaml\n"
        "apiVersion: monitoring.coreos.com/v1\nkind: Prometheus\nmetadata:\n  name: k8s\n"
        "  namespace: monitoring\nspec:\n  version: v2.42.0\n  replicas: 1\n  retention: 15d\n"
        "---\n# Source: kube-prometheus-stack/templates/alertmanager/alertmanager.yaml\n"
        "apiVersion: monitoring.coreos.com/v1\nkind: Alertmanager\nmetadata:\n  name: main\n"
        "  namespace: monitoring\nspec:\n  version: v0.25.0\n  replicas: 1\n";
    const std::string promNotes =
        "kube-prometheus-stack has been installed. Check its status by running:\n"
        "  kubectl --namespace monitoring get pods -l \"release=prometheus\"\n";
    release("prometheus", "monitoring", promChart, promValues, promManifest, promNotes,
            {{1,
              "superseded",
              days(90),
              "Install complete",
              {{"prometheus", {{"prometheusSpec", {{"nodeSelector", {{"monitoring", "true"}}}}}}}}},
             {2,
              "superseded",
              days(40),
              "Upgrade complete",
              {{"prometheus",
                {{"prometheusSpec",
                  {{"nodeSelector", {{"monitoring", "true"}}}, {"retention", "15d"}}}}}}},
             {3,
              "deployed",
              days(7),
              "Upgrade complete",
              {{"grafana", {{"ingress", {{"enabled", true}, {"hosts", {"grafana.local.com"}}}}}},
               {"prometheus",
                {{"prometheusSpec",
                  {{"nodeSelector", {{"monitoring", "true"}}}, {"retention", "15d"}}}}}}}});
    const json gpuChart = {{"apiVersion", "v2"},
                           {"name", "gpu-operator"},
                           {"version", "v23.9.1"},
                           {"appVersion", "v23.9.1"},
                           {"kubeVersion", ">= 1.16.0-0"},
                           {"description", "NVIDIA GPU Operator creates/configures/manages GPUs "
                                           "atop Kubernetes"},
                           {"home", "https://github.com/NVIDIA/gpu-operator"},
                           {"type", "application"}};
    release("gpu-operator", "kube-system", gpuChart,
            {{"driver", {{"enabled", true}}},
             {"toolkit", {{"enabled", true}}},
             {"dcgmExporter", {{"enabled", true}}},
             {"mig", {{"strategy", "single"}}}},
            "---\n# Source: gpu-operator/templates/operator.yaml\napiVersion: apps/v1\nkind: "
            "Deployment\nmetadata:\n  name: gpu-operator\n  namespace: kube-system\n",
            "GPU Operator installed.\n",
            {{1,
              "deployed",
              days(120),
              "Install complete",
              {{"driver", {{"enabled", false}}},
               {"mig", {{"strategy", "mixed"}}},
               {"dcgmExporter", {{"enabled", false}}}}}});
    const json volcanoChart = {{"apiVersion", "v2"},
                               {"name", "volcano"},
                               {"version", "1.9.0"},
                               {"appVersion", "1.9.0"},
                               {"description", "A Helm chart for Volcano"},
                               {"home", "https://volcano.sh"},
                               {"type", "application"}};
    release(
        "volcano", "kube-system", volcanoChart,
        {{"basic", {{"image_tag_version", "v1.9.0"}}}, {"custom", {{"scheduler_replicas", 1}}}},
        "---\n# Source: volcano/templates/scheduler.yaml\napiVersion: apps/v1\nkind: "
        "Deployment\nmetadata:\n  name: volcano-scheduler\n  namespace: kube-system\n",
        "Thank you for installing volcano.\n",
        {{1, "deployed", days(150), "Install complete", {{"custom", {{"scheduler_replicas", 1}}}}},
         {2,
          "failed",
          days(2),
          "Upgrade \"volcano\" failed: cannot patch \"volcano-admission\" with kind "
          "Deployment: Deployment.apps \"volcano-admission\" is invalid: "
          "spec.selector: Invalid value: field is immutable",
          {{"custom", {{"scheduler_replicas", 2}, {"admission_replicas", 2}}}}}});
}

void PlatformInstall::batch() {
    const auto podSpec = [](const std::string &image, const json &command) {
        json tmpl = {
            {"metadata", json::object()},
            {"spec",
             {{"restartPolicy", "Never"},
              {"nodeSelector", {{"cpu", "true"}, {"train", "true"}}},
              {"containers", json::array({{{"name", "main"},
                                           {"image", image},
                                           {"command", command},
                                           {"resources",
                                            {{"requests", {{"cpu", "1"}, {"memory", "2Gi"}}},
                                             {"limits", {{"cpu", "2"}, {"memory", "4Gi"}}}}}}})}}}};
        json holder = {{"spec", {{"template", tmpl}}}};
        ObjectDefaults::apply(kindOf("apps", "ReplicaSet"), holder);
        return holder["spec"]["template"];
    };
    const auto condition = [this](const char *type, const char *reason, const std::string &message,
                                  std::chrono::seconds when) {
        return json{
            {"type", type},       {"status", "True"},           {"reason", reason},
            {"message", message}, {"lastProbeTime", ago(when)}, {"lastTransitionTime", ago(when)}};
    };
    struct JobRun {
        std::string name;
        std::string ns;
        std::string image;
        json command;
        std::chrono::seconds age;
        std::chrono::seconds ran; ///< zero: still running
        int outcome;              ///< 1 complete, -1 failed, 0 running
    };
    const auto job = [&](const JobRun &r, const json &owner) {
        const std::string uid = uidFor("Job", r.ns, r.name);
        const json selectorLabels = {{"batch.kubernetes.io/controller-uid", uid}};
        json tmpl = podSpec(r.image, r.command);
        tmpl["metadata"]["labels"] = {{"batch.kubernetes.io/controller-uid", uid},
                                      {"batch.kubernetes.io/job-name", r.name},
                                      {"controller-uid", uid},
                                      {"job-name", r.name}};
        json status = {{"startTime", ago(r.age)}};
        if (r.outcome == 1) {
            status["completionTime"] = ago(r.age - r.ran);
            status["succeeded"] = 1;
            status["conditions"] = json::array(
                {condition("SuccessCriteriaMet", "CompletionsReached",
                           "Reached expected number of succeeded pods", r.age - r.ran),
                 condition("Complete", "CompletionsReached",
                           "Reached expected number of succeeded pods", r.age - r.ran)});
        } else if (r.outcome == -1) {
            status["failed"] = 7;
            status["conditions"] = json::array(
                {condition("FailureTarget", "BackoffLimitExceeded",
                           "Job has reached the specified backoff limit", r.age - r.ran),
                 condition("Failed", "BackoffLimitExceeded",
                           "Job has reached the specified backoff limit", r.age - r.ran)});
        } else {
            status["active"] = 1;
            status["ready"] = 1;
        }
        status["uncountedTerminatedPods"] = json::object();
        status["terminating"] = 0;
        json j = {{"apiVersion", "batch/v1"},
                  {"kind", "Job"},
                  {"metadata", meta(r.name, r.ns, r.age, tmpl["metadata"]["labels"])},
                  {"spec",
                   {{"backoffLimit", 6},
                    {"completions", 1},
                    {"parallelism", 1},
                    {"selector", {{"matchLabels", selectorLabels}}},
                    {"manualSelector", false},
                    {"template", tmpl}}},
                  {"status", status}};
        j["metadata"]["uid"] = uid;
        if (!owner.empty())
            j["metadata"]["ownerReferences"] = owner;
        ObjectDefaults::apply(kindOf("batch", "Job"), j);
        if (r.outcome == 0) {
            json pod = {{"apiVersion", "v1"},
                        {"kind", "Pod"},
                        {"metadata", meta(r.name + '-' + WorkloadController::nameSuffix(uid), r.ns,
                                          r.age, tmpl["metadata"]["labels"])},
                        {"spec", tmpl["spec"]},
                        {"status", {{"phase", "Pending"}}}};
            pod["metadata"]["ownerReferences"] = controllerRef("batch/v1", "Job", r.ns, r.name);
            add(std::move(j));
            m_place(pod, r.age);
            add(std::move(pod));
        } else {
            add(std::move(j));
        }
    };
    const json python = json::array({"python3", "-u"});
    job({"dataset-prepare-coco-20260301", "pipeline",
         "ccr.ccs.tencentyun.com/cube-studio/ubuntu-gpu:cuda11.8.0-cudnn8-python3.9",
         json::array({"python3", "/mnt/admin/pipeline/prepare_coco.py"}), days(3), mins(47), 1},
        json::array());
    job({"model-evaluate-resnet50", "pipeline",
         "ccr.ccs.tencentyun.com/cube-studio/ubuntu-gpu:cuda11.8.0-cudnn8-python3.9",
         json::array({"python3", "/mnt/admin/pipeline/evaluate.py", "--model", "resnet50"}),
         days(1), mins(12), -1},
        json::array());
    job({"feature-extract-asr-zh", "pipeline",
         "ccr.ccs.tencentyun.com/cube-studio/ubuntu-gpu:cuda11.8.0-cudnn8-python3.9",
         json::array({"python3", "/mnt/admin/pipeline/extract_features.py", "--lang", "zh"}),
         mins(25), std::chrono::seconds(0), 0},
        json::array());
    const auto cronJob = [&](const std::string &name, const std::string &ns,
                             const std::string &schedule, bool suspend, const std::string &timeZone,
                             const std::string &image, const json &command,
                             std::chrono::seconds age, std::chrono::seconds lastRun) {
        json tmpl = podSpec(image, command);
        json c = {
            {"apiVersion", "batch/v1"},
            {"kind", "CronJob"},
            {"metadata", meta(name, ns, age)},
            {"spec",
             {{"schedule", schedule},
              {"suspend", suspend},
              {"jobTemplate", {{"metadata", json::object()}, {"spec", {{"template", tmpl}}}}}}},
            {"status", json::object()}};
        c["metadata"]["uid"] = uidFor("CronJob", ns, name);
        if (!timeZone.empty())
            c["spec"]["timeZone"] = timeZone;
        if (lastRun.count() > 0) {
            c["status"]["lastScheduleTime"] = ago(lastRun);
            c["status"]["lastSuccessfulTime"] = ago(lastRun - std::chrono::seconds(95));
        }
        ObjectDefaults::apply(kindOf("batch", "CronJob"), c);
        add(std::move(c));
        if (lastRun.count() > 0)
            job({name + '-' +
                     std::to_string(std::chrono::duration_cast<std::chrono::minutes>(
                                        (m_now - lastRun).time_since_epoch())
                                        .count()),
                 ns, image, command, lastRun, std::chrono::seconds(95), 1},
                controllerRef("batch/v1", "CronJob", ns, name));
    };
    cronJob("mysql-backup", "infra", "0 2 * * *", false, "Asia/Shanghai", "mysql:8.0.32",
            json::array({"sh", "-c",
                         "mysqldump -h mysql.infra -uroot -p$MYSQL_PASSWORD --all-databases | gzip "
                         "> /backup/kubeflow-$(date +%F).sql.gz"}),
            days(200), hours(9));
    cronJob("notebook-idle-check", "infra", "*/10 * * * *", false, "",
            "ccr.ccs.tencentyun.com/cube-studio/kubeflow-dashboard:2026.03.01", python, days(60),
            mins(4));
    cronJob("clean-pipeline-workspace", "pipeline", "30 3 * * 0", true, "", "busybox:1.36",
            json::array({"sh", "-c", "find /mnt -mtime +30 -delete"}), days(120),
            std::chrono::seconds(0));
}

} // namespace cubedesk::sim
