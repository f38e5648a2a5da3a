#include "k8s/cube/jobpods.h"

#include "k8s/api/asciicase.h"
#include "k8s/cube/jobkinds.h"

namespace cubedesk::k8s {

bool JobPods::belongsTo(std::string_view kind, std::string_view name,
                        const std::vector<Owner> &owners, const LabelLookup &labels) {
    for (const Owner &o : owners)
        if (o.name == name && AsciiCase::equal(o.kind, kind))
            return true;
    for (const std::string &label : JobKinds::podJobNameLabels())
        if (labels(label) == std::optional<std::string_view>(name))
            return true;
    return false;
}

int JobPods::rank(const LabelLookup &labels) {
    const std::string role =
        AsciiCase::lower(labels("training.kubeflow.org/replica-type").value_or(std::string_view()));
    if (role == "launcher" || role == "master" || role == "chief")
        return 0;
    if (labels("training.kubeflow.org/job-role") == std::optional<std::string_view>("master") ||
        labels("spark-role") == std::optional<std::string_view>("driver") ||
        labels("volcano.sh/task-spec") == std::optional<std::string_view>("master"))
        return 0;
    return 1;
}

std::string JobPods::replica(std::string_view podName, const LabelLookup &labels) {
    const auto index = labels("training.kubeflow.org/replica-index");
    if (const auto role = labels("training.kubeflow.org/replica-type"); role && !role->empty())
        return AsciiCase::lower(*role) + (index ? "-" + std::string(*index) : std::string());
    if (const auto spark = labels("spark-role"); spark && *spark == "driver")
        return "driver";
    if (const auto task = labels("volcano.sh/task-spec"); task && !task->empty()) {
        const auto taskIndex = labels("volcano.sh/task-index");
        return std::string(*task) + (taskIndex ? "-" + std::string(*taskIndex) : std::string());
    }
    return std::string(podName);
}

} // namespace cubedesk::k8s
