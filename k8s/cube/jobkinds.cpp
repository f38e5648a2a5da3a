#include "k8s/cube/jobkinds.h"

namespace cubedesk::k8s {

const std::vector<JobKinds::Kind> &JobKinds::all() {
    static const std::vector<Kind> kinds = {
        {"kubeflow.org", "pytorchjobs", "PyTorchJob", Family::Kubeflow},
        {"kubeflow.org", "tfjobs", "TFJob", Family::Kubeflow},
        {"kubeflow.org", "mpijobs", "MPIJob", Family::Kubeflow},
        {"kubeflow.org", "xgboostjobs", "XGBoostJob", Family::Kubeflow},
        {"kubeflow.org", "mxjobs", "MXJob", Family::Kubeflow},
        {"kubeflow.org", "paddlejobs", "PaddleJob", Family::Kubeflow},
        {"kubeflow.org", "jaxjobs", "JAXJob", Family::Kubeflow},
        {"xgboostjob.kubeflow.org", "xgboostjobs", "XGBoostJob", Family::Kubeflow},
        {"batch.paddlepaddle.org", "paddlejobs", "PaddleJob", Family::Kubeflow},
        {"batch.volcano.sh", "jobs", "Job", Family::Volcano},
        {"sparkoperator.k8s.io", "sparkapplications", "SparkApplication", Family::Spark},
        {"argoproj.io", "workflows", "Workflow", Family::Argo},
    };
    return kinds;
}

const JobKinds::Kind *JobKinds::find(std::string_view apiVersion, std::string_view kind) {
    const auto slash = apiVersion.find('/');
    const std::string_view group =
        slash == std::string_view::npos ? std::string_view() : apiVersion.substr(0, slash);
    for (const auto &k : all())
        if (k.group == group && k.kind == kind)
            return &k;
    return nullptr;
}

std::vector<ResourceDescriptor> JobKinds::descriptors() {
    std::vector<ResourceDescriptor> out;
    for (const auto &k : all())
        out.push_back({ObjectKind::CustomResource, k.group, "", k.plural, true});
    out.push_back(volcanoQueues());
    return out;
}

ResourceDescriptor JobKinds::volcanoQueues() {
    return {ObjectKind::CustomResource, "scheduling.volcano.sh", "", "queues", false};
}

std::vector<std::string> JobKinds::notJobs() {
    // The Prometheus operator's servers report conditions too; they are monitoring, not jobs.
    return {"podgroups.scheduling.volcano.sh",
            "noderesourcetopologies.topology.node.k8s.io",
            volcanoQueues().id(),
            "prometheuses.monitoring.coreos.com",
            "alertmanagers.monitoring.coreos.com",
            "thanosrulers.monitoring.coreos.com",
            "prometheusagents.monitoring.coreos.com"};
}

bool JobKinds::isJobResource(std::string_view resourceId) {
    for (const auto &k : all())
        if (resourceId.size() == k.plural.size() + 1 + k.group.size() &&
            resourceId.substr(0, k.plural.size()) == k.plural &&
            resourceId[k.plural.size()] == '.' && resourceId.substr(k.plural.size() + 1) == k.group)
            return true;
    return false;
}

const std::vector<std::string> &JobKinds::podJobNameLabels() {
    static const std::vector<std::string> labels = {"training.kubeflow.org/job-name",
                                                    "job-name",
                                                    "volcano.sh/job-name",
                                                    "spark-app-name",
                                                    "sparkoperator.k8s.io/app-name",
                                                    "workflows.argoproj.io/workflow"};
    return labels;
}

} // namespace cubedesk::k8s
