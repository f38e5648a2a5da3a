#pragma once

#include "k8s/cube/jobkinds.h"

#include <string>
#include <string_view>

namespace cubedesk::k8s {

class CustomResource;

/// A job's state normalised across kinds — the mapping the Jobs pane, `--dump jobs`, the README
/// and docs/platform.md use:
///   * Kubeflow (training-operator kinds, xgboostjob.kubeflow.org, batch.paddlepaddle.org): the
///     latest condition whose status is "True" (latest by lastTransitionTime, then document
///     order) — Created, Running, Restarting, Suspended, Succeeded, Failed; no condition yet →
///     Pending; a kind that reports status.phase instead (the legacy PaddleJob) → by phase text.
///   * Volcano Job: status.state.phase — Pending/Inqueue → Pending, Running/Completing →
///     Running, Restarting → Restarting, Aborting/Aborted → Suspended (vcctl suspend aborts),
///     Completed → Succeeded, Failed/Terminating/Terminated → Failed; no state yet → Pending.
///   * Spark: status.applicationState.state — SUBMITTED/PENDING_SUBMISSION/"" → Pending,
///     RUNNING/SUCCEEDING/FAILING → Running, PENDING_RERUN → Restarting, COMPLETED →
///     Succeeded, FAILED/SUBMISSION_FAILED → Failed, anything else (UNKNOWN, INVALIDATING) →
///     Unknown.
///   * Argo Workflow: status.phase — Pending → Pending, Running → Running, Succeeded →
///     Succeeded, Failed/Error → Failed; without status.phase the controller's
///     `workflows.argoproj.io/phase` label, else Pending.
///   * Other kinds: status.phase (or the Volcano/Spark fields) matched case-insensitively to the
///     eight names, else the latest true condition, else Unknown.
/// Pure functions; any thread.
class JobPhase final {
public:
    enum class Value {
        Pending,
        Created,
        Running,
        Restarting,
        Suspended,
        Succeeded,
        Failed,
        Unknown
    };

    static Value of(const CustomResource &job);
    /// "Pending", "Created", ... (stable English names: dump output, logs).
    static std::string_view name(Value v);
    /// Succeeded or Failed.
    static bool finished(Value v) { return v == Value::Succeeded || v == Value::Failed; }

    /// The platform's timeout for a running job (2 days, docs/platform.md).
    static constexpr std::int64_t kTimeoutSeconds = std::int64_t{2} * 24 * 3600;
    /// True when the job is Running or Restarting and started (or, without a start time, was
    /// created) more than kTimeoutSeconds before `now` (seconds since the epoch).
    static bool pastTimeout(const CustomResource &job, Value phase, std::int64_t now);

private:
    static Value kubeflow(const CustomResource &job);
    static Value byName(std::string_view text);
};

} // namespace cubedesk::k8s
