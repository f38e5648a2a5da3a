#include "k8s/cube/jobrow.h"

#include "k8s/cube/dumprows.h"
#include "k8s/objects/customresource.h"

#include <algorithm>

namespace cubedesk::k8s {

std::string JobRow::replicasText() const {
    std::string out;
    for (const auto &r : roles) {
        if (!out.empty())
            out += " · ";
        out += r.role + ' ' + std::to_string(r.active) + '/' +
               std::to_string(std::max(r.replicas, r.active + r.succeeded + r.failed));
        if (r.succeeded > 0)
            out += " +" + std::to_string(r.succeeded) + "✓";
        if (r.failed > 0)
            out += ' ' + std::to_string(r.failed) + "✗";
    }
    return out;
}

std::int64_t JobRow::durationSeconds(std::int64_t now) const {
    if (started == 0)
        return 0;
    const std::int64_t end = finished != 0 ? finished : now;
    return std::max<std::int64_t>(0, end - started);
}

JobRow JobRow::from(const std::string &cluster, const std::string &key, const CustomResource &job,
                    std::int64_t now) {
    JobRow r;
    r.cluster = cluster;
    r.key = key;
    r.ns = std::string(job.namespaceName());
    r.kind = job.kindName();
    r.apiVersion = job.apiVersion();
    r.name = std::string(job.name());
    r.phase = JobPhase::of(job);
    r.rawPhase = job.rawPhase();
    for (const auto &spec : job.replicaSpecs())
        r.roles.push_back({spec.role, spec.replicas, 0, 0, 0});
    for (const auto &status : job.replicaStatuses()) {
        auto it = std::find_if(r.roles.begin(), r.roles.end(),
                               [&](const Role &role) { return role.role == status.role; });
        if (it == r.roles.end()) {
            r.roles.push_back({status.role, 0, 0, 0, 0});
            it = r.roles.end() - 1;
        }
        it->active = status.active;
        it->succeeded = status.succeeded;
        it->failed = status.failed;
    }
    const ResourceList gpus = job.gpuRequests();
    const auto &whole = DumpRows::gpuResourceNames();
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        const auto e = gpus.at(i);
        if (std::find(whole.begin(), whole.end(), e.name) != whole.end())
            r.gpus += e.value;
        if (!r.gpuDetail.empty())
            r.gpuDetail += ", ";
        r.gpuDetail += std::to_string(e.value) + ' ' + std::string(e.name);
    }
    const auto labels = job.labels();
    r.runId = std::string(labels.value("run-id").value_or(""));
    r.pipelineName = std::string(labels.value("pipeline-name").value_or(""));
    r.runUsername = std::string(labels.value("run-username").value_or(""));
    r.taskName = std::string(labels.value("task-name").value_or(""));
    r.created = job.creationTimestamp();
    r.started = job.startTime();
    r.finished = JobPhase::finished(r.phase) ? job.completionTime() : 0;
    r.suspendable = job.hasRunPolicy();
    r.suspended = job.suspended();
    r.pastTimeout = JobPhase::pastTimeout(job, r.phase, now);
    return r;
}

} // namespace cubedesk::k8s
