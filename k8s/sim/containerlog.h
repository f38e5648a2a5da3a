#pragma once

// ContainerLog: what one run of one container of a simulated pod printed — deterministic,
// computed from the pod object alone, and produced lazily (a pod that has run for days at a line
// every few seconds has tens of thousands of lines; none of them is stored).
//
// Which run: the current one when it is running or terminated; with `previous` the last
// terminated run (lastState.terminated). As the kubelet does, a container whose current state is
// waiting but that ran before (CrashLoopBackOff) serves its last run. Which content: a profile
// chosen from the pod's labels, container and phase (docs/simulator.md, "Logs"): training
// replicas (the master or launcher differs from the workers) with epoch/step/loss lines, a
// Python traceback when the run failed (a CUDA out-of-memory among them), an OOM-killed run cut
// in the middle of a progress bar; notebooks, inference servers (some with ANSI colours), the
// istio init container and sidecar, and a generic service. A few pods print a very long line or
// bytes that are not UTF-8.
//
// Timing: line k has a fixed instant; a running container has printed the lines whose instant is
// not after `now`, a terminated one all of them, the last at its finishedAt.
//
// Thread-safety: an immutable value; all members are const and may be called from any thread.

#include "k8s/sim/apierror.h"
#include "k8s/sim/workloadprofile.h"

#include <chrono>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace cubedesk::sim {

class ContainerLog final {
public:
    using TimePoint = std::chrono::system_clock::time_point;

    using Profile = WorkloadProfile;

    /// The run of `container` that a log request reads (`previous`: the last terminated run),
    /// or the kubelet's 400 for it (waiting, no previous run, not available) — word for word.
    static Result<ContainerLog> forPod(const nlohmann::json &pod, const std::string &container,
                                       bool previous);

    /// Lines printed at `now` (all of them once the run has ended).
    std::uint64_t countAt(TimePoint now) const;
    /// Every line of the run; meaningful once it ended (running: lines until the far future).
    std::uint64_t total() const { return m_total; }
    /// The first line printed at or after `t`.
    std::uint64_t firstAtOrAfter(TimePoint t) const;
    /// When line `k` was printed.
    TimePoint timeOf(std::uint64_t k) const;
    /// Line `k` without its line feed (it may hold ANSI escapes or bytes that are not UTF-8).
    std::string textOf(std::uint64_t k) const;
    /// Line `k` ends with a line feed (false only for a run cut in the middle of a line).
    bool terminated(std::uint64_t k) const;
    /// The run is still going (a follow stream waits for more).
    bool running() const { return m_running; }
    /// When the run started; a log request re-reads the pod and keeps following while this run
    /// is the one it reads.
    TimePoint startedAt() const { return m_start; }
    Profile profile() const { return m_profile; }

private:
    ContainerLog() = default;
    std::uint64_t steadyIndexAt(TimePoint t) const; ///< first line at or after t, ignoring the end
    TimePoint endingStart() const;                  ///< when a finished run's ending begins
    std::string steadyText(std::uint64_t k) const;
    std::string endingText(std::uint64_t i) const;

    Profile m_profile = Profile::Service;
    std::uint64_t m_seed = 0;
    TimePoint m_start;
    TimePoint m_end; ///< finishedAt; far future while running
    bool m_running = true;
    bool m_failed = false;    ///< exited non-zero (a traceback ends it)
    bool m_oomKilled = false; ///< killed mid-line
    int m_exitCode = 0;
    int m_failure = 0; ///< a failed training run: 0 CUDA out of memory, 1 NCCL, 2 a plain bug
    std::uint64_t m_banner = 0; ///< start-up lines, 40 ms apart
    std::chrono::nanoseconds m_period{std::chrono::milliseconds(5000)}; ///< between steady lines
    std::uint64_t m_steady = 0; ///< lines before the ending (a finished run)
    std::uint64_t m_ending = 0; ///< lines of the ending (traceback, summary)
    std::uint64_t m_total = 0;
    std::string m_podName;
    std::string m_container;
    int m_replicaIndex = 0;
};

} // namespace cubedesk::sim
