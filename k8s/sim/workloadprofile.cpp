#include "k8s/sim/workloadprofile.h"

namespace cubedesk::sim {

using nlohmann::json;

namespace {
std::string label(const json &pod, const char *key) {
    const json labels = pod.value("metadata", json::object()).value("labels", json::object());
    return labels.is_object() && labels.contains(key) && labels[key].is_string()
               ? labels[key].get<std::string>()
               : std::string();
}
} // namespace

WorkloadProfile workloadProfileOf(const json &pod, const std::string &container) {
    if (container == "istio-init")
        return WorkloadProfile::IstioInit;
    if (container == "istio-proxy")
        return WorkloadProfile::IstioProxy;
    const std::string role = label(pod, "training.kubeflow.org/replica-type");
    const std::string volcanoTask = label(pod, "volcano.sh/task-spec");
    if (role == "master" || role == "chief" || role == "launcher" || volcanoTask == "master")
        return WorkloadProfile::TrainingMaster;
    if (!role.empty() || !volcanoTask.empty())
        return WorkloadProfile::TrainingWorker;
    const std::string podType = label(pod, "pod-type");
    if (podType == "notebook")
        return WorkloadProfile::Notebook;
    if (podType == "inferenceservice")
        return WorkloadProfile::Inference;
    return WorkloadProfile::Service;
}

} // namespace cubedesk::sim
