#include "k8s/sim/builtincrds.h"

#include <string>
#include <tuple>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

json column(const char *name, const char *type, const char *path, int priority = 0,
            const char *description = nullptr) {
    json c = {{"name", name}, {"type", type}, {"jsonPath", path}, {"priority", priority}};
    if (description != nullptr)
        c["description"] = description;
    return c;
}

json age() {
    return column("Age", "date", ".metadata.creationTimestamp");
}

/// The columns prometheus-operator's Prometheus and Alertmanager CRDs print
/// (example/prometheus-operator-crd); only the replicas column's name differs.
json operatorWorkloadColumns(const char *application, const char *replicasName) {
    const std::string version = std::string("The version of ") + application;
    return json::array(
        {column("Version", "string", ".spec.version", 0, version.c_str()),
         column(replicasName, "integer", ".spec.replicas", 0, "The number of desired replicas"),
         column("Ready", "integer", ".status.availableReplicas", 0, "The number of ready replicas"),
         column("Reconciled", "string", ".status.conditions[?(@.type == 'Reconciled')].status"),
         column("Available", "string", ".status.conditions[?(@.type == 'Available')].status"),
         age(),
         column("Paused", "boolean", ".status.paused", 1,
                "Whether the resource reconciliation is paused or not")});
}

json crd(const std::string &group, const std::string &kind, const std::string &plural,
         bool namespaced, const std::vector<std::string> &versions, const json &columns,
         const std::vector<std::string> &shortNames = {},
         const std::vector<std::string> &categories = {}) {
    std::string singular = kind;
    for (char &c : singular)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    json names = {
        {"kind", kind}, {"listKind", kind + "List"}, {"plural", plural}, {"singular", singular}};
    if (!shortNames.empty())
        names["shortNames"] = shortNames;
    if (!categories.empty())
        names["categories"] = categories;
    json vs = json::array();
    for (std::size_t i = 0; i < versions.size(); ++i) {
        json v = {{"name", versions[i]},
                  {"served", true},
                  {"storage", i == 0},
                  {"schema",
                   {{"openAPIV3Schema",
                     {{"type", "object"}, {"x-kubernetes-preserve-unknown-fields", true}}}}},
                  {"subresources", {{"status", json::object()}}}};
        // A CRD without columns omits the field, as the real ones do.
        if (!columns.empty())
            v["additionalPrinterColumns"] = columns;
        vs.push_back(std::move(v));
    }
    return {{"apiVersion", "apiextensions.k8s.io/v1"},
            {"kind", "CustomResourceDefinition"},
            {"metadata", {{"name", plural + '.' + group}}},
            {"spec",
             {{"group", group},
              {"names", names},
              {"scope", namespaced ? "Namespaced" : "Cluster"},
              {"versions", vs}}}};
}

} // namespace

std::vector<json> builtinCrds() {
    const json trainingColumns =
        json::array({column("State", "string", ".status.conditions[-1:].type"), age()});
    std::vector<json> out;
    const std::vector<std::string> kubeflow = {"all", "kubeflow"};
    out.push_back(
        crd("kubeflow.org", "TFJob", "tfjobs", true, {"v1"}, trainingColumns, {"tfjob"}, kubeflow));
    out.push_back(crd("kubeflow.org", "PyTorchJob", "pytorchjobs", true, {"v1"}, trainingColumns,
                      {"pytorchjob"}, kubeflow));
    out.push_back(
        crd("kubeflow.org", "MXJob", "mxjobs", true, {"v1"}, trainingColumns, {"mxjob"}, kubeflow));
    out.push_back(crd("kubeflow.org", "XGBoostJob", "xgboostjobs", true, {"v1"}, trainingColumns,
                      {"xgboostjob"}, kubeflow));
    out.push_back(crd("kubeflow.org", "MPIJob", "mpijobs", true, {"v1", "v2beta1"}, trainingColumns,
                      {"mpijob"}, kubeflow));
    out.push_back(crd("kubeflow.org", "PaddleJob", "paddlejobs", true, {"v1"}, trainingColumns,
                      {"paddlejob"}, kubeflow));
    out.push_back(crd("kubeflow.org", "JAXJob", "jaxjobs", true, {"v1"}, trainingColumns,
                      {"jaxjob"}, kubeflow));
    out.push_back(crd("xgboostjob.kubeflow.org", "XGBoostJob", "xgboostjobs", true, {"v1alpha1"},
                      trainingColumns));
    out.push_back(crd("batch.paddlepaddle.org", "PaddleJob", "paddlejobs", true, {"v1"},
                      json::array({column("Status", "string", ".status.phase"), age()}), {"pdj"}));
    out.push_back(crd("batch.volcano.sh", "Job", "jobs", true, {"v1alpha1"},
                      json::array({column("STATUS", "string", ".status.state.phase"),
                                   column("minAvailable", "integer", ".status.minAvailable"),
                                   column("RUNNINGS", "integer", ".status.running"), age(),
                                   column("QUEUE", "string", ".spec.queue", 1)}),
                      {"vcjob", "vj"}));
    out.push_back(crd("scheduling.volcano.sh", "Queue", "queues", false, {"v1beta1"},
                      json::array({column("STATE", "string", ".status.state"), age()}),
                      {"q", "queue-v1beta1"}));
    out.push_back(crd("scheduling.volcano.sh", "PodGroup", "podgroups", true, {"v1beta1"},
                      json::array({column("STATUS", "string", ".status.phase"),
                                   column("MINMEMBER", "integer", ".spec.minMember"),
                                   column("RUNNINGS", "integer", ".status.running"), age(),
                                   column("QUEUE", "string", ".spec.queue", 1)}),
                      {"pg", "podgroup-v1beta1"}));
    out.push_back(crd("sparkoperator.k8s.io", "SparkApplication", "sparkapplications", true,
                      {"v1beta2"},
                      json::array({column("Status", "string", ".status.applicationState.state"),
                                   column("Attempts", "string", ".status.submissionAttempts"),
                                   column("Start", "string", ".status.lastSubmissionAttemptTime"),
                                   column("Finish", "string", ".status.terminationTime"), age()}),
                      {"sparkapp"}));
    out.push_back(crd("argoproj.io", "Workflow", "workflows", true, {"v1alpha1"},
                      json::array({column("Status", "string", ".status.phase"),
                                   column("Age", "date", ".status.startedAt"),
                                   column("Message", "string", ".status.message", 1)}),
                      {"wf"}));
    // Istio's CRDs (manifests/charts/base/files/crd-all.gen.yaml): VirtualService prints its
    // gateways and hosts; Gateway declares no columns (apiextensions' default Name and Age).
    out.push_back(crd(
        "networking.istio.io", "VirtualService", "virtualservices", true,
        {"v1", "v1beta1", "v1alpha3"},
        json::array({column("Gateways", "string", ".spec.gateways", 0,
                            "The names of gateways and sidecars that should apply these routes"),
                     column("Hosts", "string", ".spec.hosts", 0,
                            "The destination hosts to which traffic is being sent"),
                     age()}),
        {"vs"}, {"istio-io", "networking-istio-io"}));
    out.push_back(crd("networking.istio.io", "Gateway", "gateways", true,
                      {"v1", "v1beta1", "v1alpha3"}, json::array(), {"gw"},
                      {"istio-io", "networking-istio-io"}));
    // prometheus-operator's CRDs: the scrape and rule kinds declare no printer columns.
    const std::vector<std::string> operatorCategory = {"prometheus-operator"};
    out.push_back(crd("monitoring.coreos.com", "Prometheus", "prometheuses", true, {"v1"},
                      operatorWorkloadColumns("Prometheus", "Desired"), {"prom"},
                      operatorCategory));
    out.push_back(crd("monitoring.coreos.com", "Alertmanager", "alertmanagers", true, {"v1"},
                      operatorWorkloadColumns("Alertmanager", "Replicas"), {"am"},
                      operatorCategory));
    for (const auto &[kind, plural, shortName] :
         {std::tuple{"ServiceMonitor", "servicemonitors", "smon"},
          std::tuple{"PodMonitor", "podmonitors", "pmon"},
          std::tuple{"PrometheusRule", "prometheusrules", "promrule"}})
        out.push_back(crd("monitoring.coreos.com", kind, plural, true, {"v1"}, json::array(),
                          {shortName}, operatorCategory));
    out.push_back(crd("topology.node.k8s.io", "NodeResourceTopology", "noderesourcetopologies",
                      false, {"v1alpha2"}, json::array({age()}), {"node-res-topo"}));
    return out;
}

} // namespace cubedesk::sim
