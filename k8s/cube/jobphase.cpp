#include "k8s/cube/jobphase.h"

#include "k8s/api/asciicase.h"
#include "k8s/objects/customresource.h"

#include <algorithm>
#include <cctype>

namespace cubedesk::k8s {

std::string_view JobPhase::name(Value v) {
    switch (v) {
    case Value::Pending:
        return "Pending";
    case Value::Created:
        return "Created";
    case Value::Running:
        return "Running";
    case Value::Restarting:
        return "Restarting";
    case Value::Suspended:
        return "Suspended";
    case Value::Succeeded:
        return "Succeeded";
    case Value::Failed:
        return "Failed";
    case Value::Unknown:
        return "Unknown";
    }
    return "Unknown";
}

JobPhase::Value JobPhase::byName(std::string_view text) {
    const std::string t = AsciiCase::lower(text);
    for (Value v : {Value::Pending, Value::Created, Value::Running, Value::Restarting,
                    Value::Suspended, Value::Succeeded, Value::Failed})
        if (t == AsciiCase::lower(name(v)))
            return v;
    if (t == "completed" || t == "complete")
        return Value::Succeeded;
    if (t == "error")
        return Value::Failed;
    return Value::Unknown;
}

JobPhase::Value JobPhase::kubeflow(const CustomResource &job) {
    const Condition *latest = nullptr;
    for (const auto &c : job.conditions())
        if (c.status == "True" && (!latest || c.lastTransitionTime >= latest->lastTransitionTime))
            latest = &c;
    if (latest)
        return byName(latest->type);
    if (!job.rawPhase().empty())
        return byName(job.rawPhase());
    return Value::Pending; // submitted, not seen by the operator yet
}

JobPhase::Value JobPhase::of(const CustomResource &job) {
    const JobKinds::Kind *kind = JobKinds::find(job.apiVersion(), job.kindName());
    const std::string raw = AsciiCase::lower(job.rawPhase());
    if (!kind) {
        if (!raw.empty()) {
            if (const Value v = byName(raw); v != Value::Unknown)
                return v;
        }
        const Value v = kubeflow(job);
        return job.conditions().empty() && raw.empty() ? Value::Unknown : v;
    }
    switch (kind->family) {
    case JobKinds::Family::Kubeflow:
        return kubeflow(job);
    case JobKinds::Family::Volcano:
        if (raw.empty() || raw == "pending" || raw == "inqueue")
            return Value::Pending;
        if (raw == "running" || raw == "completing")
            return Value::Running;
        if (raw == "restarting")
            return Value::Restarting;
        if (raw == "aborting" || raw == "aborted")
            return Value::Suspended;
        if (raw == "completed")
            return Value::Succeeded;
        if (raw == "failed" || raw == "terminating" || raw == "terminated")
            return Value::Failed;
        return Value::Unknown;
    case JobKinds::Family::Spark:
        if (raw.empty() || raw == "submitted" || raw == "pending_submission" || raw == "new")
            return Value::Pending;
        if (raw == "running" || raw == "succeeding" || raw == "failing")
            return Value::Running;
        if (raw == "pending_rerun")
            return Value::Restarting;
        if (raw == "completed")
            return Value::Succeeded;
        if (raw == "failed" || raw == "submission_failed")
            return Value::Failed;
        return Value::Unknown;
    case JobKinds::Family::Argo:
        if (raw.empty()) {
            // No status yet, or a workflow archived without one: the controller's phase label.
            const auto label = job.labels().value("workflows.argoproj.io/phase");
            if (label && !label->empty())
                return byName(*label);
            return Value::Pending;
        }
        if (raw == "pending")
            return Value::Pending;
        if (raw == "running")
            return Value::Running;
        if (raw == "succeeded")
            return Value::Succeeded;
        if (raw == "failed" || raw == "error")
            return Value::Failed;
        return Value::Unknown;
    }
    return Value::Unknown;
}

bool JobPhase::pastTimeout(const CustomResource &job, Value phase, std::int64_t now) {
    if (phase != Value::Running && phase != Value::Restarting)
        return false;
    const std::int64_t since = job.startTime() != 0 ? job.startTime() : job.creationTimestamp();
    return since != 0 && now - since > kTimeoutSeconds;
}

} // namespace cubedesk::k8s
