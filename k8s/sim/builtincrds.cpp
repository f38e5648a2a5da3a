#include "k8s/sim/builtincrds.h"

#include <string>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

json column(const char *name, const char *type, const char *path, int priority = 0) {
    return {{"name", name}, {"type", type}, {"jsonPath", path}, {"priority", priority}};
}

json age() {
    return column("Age", "date", ".metadata.creationTimestamp");
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
    for (std::size_t i = 0; i < versions.size(); ++i)
        vs.push_back({{"name", versions[i]},
                      {"served", true},
                      {"storage", i == 0},
                      {"schema",
                       {{"openAPIV3Schema",
                         {{"type", "object"}, {"x-kubernetes-preserve-unknown-fields", true}}}}},
                      {"subresources", {{"status", json::object()}}},
                      {"additionalPrinterColumns", columns}});
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
    out.push_back(crd("networking.istio.io", "VirtualService", "virtualservices", true,
                      {"v1", "v1beta1", "v1alpha3"},
                      json::array({column("Gateways", "string", ".spec.gateways"),
                                   column("Hosts", "string", ".spec.hosts"), age()}),
                      {"vs"}, {"istio-io", "networking-istio-io"}));
    out.push_back(crd("networking.istio.io", "Gateway", "gateways", true,
                      {"v1", "v1beta1", "v1alpha3"}, json::array({age()}), {"gw"},
                      {"istio-io", "networking-istio-io"}));
    out.push_back(crd("topology.node.k8s.io", "NodeResourceTopology", "noderesourcetopologies",
                      false, {"v1alpha2"}, json::array({age()}), {"node-res-topo"}));
    return out;
}

} // namespace cubedesk::sim
