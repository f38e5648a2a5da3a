#pragma once
// The many-clusters mode of cubedesk-bench-gui (issue 25, docs/performance.md):
//
//   cubedesk-bench-gui --clusters N [--pods 15000] [--nodes 500] [--churn 1000] [--seconds 20]
//                      [--no-peers]
//
// Starts N simulators (scale scenario, each churning --churn writes per second) on the
// simulators' CPUs, then opens the real MainWindow on all N contexts at once and measures, from
// the moment the window is shown:
//   * each cluster's time to sync (Live with its backlog applied), and the event-loop gaps and
//     frame times while N clusters connect and sync (a freeze shows as a stall over 100 ms);
//   * once synced and settled, --seconds of use (frame time p99, stalls, the process's CPU);
//   * memory: the process's resident memory and heap in use before the window and after the
//     sync, per cached pod;
// then, the window closed, each cluster alone in a fresh window (its sync time alone, the
// baseline of "synced within 2× its time alone"), and — unless --no-peers — the peer a user would
// otherwise run: one `kubectl get pods -A -w` per cluster for --seconds (their summed resident
// memory and CPU). Prints JSON on stdout. A benchmark, not a test.

#include <vector>

namespace cubedesk::bench {

/// Runs the mode; `simCpus` are the simulators' CPUs (empty: shared with the window). GUI thread,
/// after the QApplication exists. Returns the process exit code.
int runManyClusters(int argc, char **argv, const std::vector<int> &simCpus);

} // namespace cubedesk::bench
