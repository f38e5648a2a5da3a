#pragma once
// The soak mode of cubedesk-bench-gui (issue 25, docs/performance.md):
//
//   cubedesk-bench-gui --soak DURATION [--pods 15000] [--nodes 500] [--churn 1000]
//                      [--fault-every 120s] [--sample-every 60s]
//
// One simulator (scale scenario) churns --churn writes per second for DURATION ("2h", "30m",
// "900s") with a fault every --fault-every (`--faults cycle:every=…`: every connection closed,
// then in turn a 410 on every watch start, 500s, 401s — docs/simulator.md). The real MainWindow
// shows it on the Nodes pane the whole time. Every --sample-every it records the process's
// resident memory and heap in use, the event-loop gaps and frame times of that interval, and how
// often the cluster left the Live state (a fault the window saw). When the churn has run its
// course it compares the window's cache with a fresh LIST made by kubectl (every pod's and
// node's namespace/name and resourceVersion) until they are equal or 120 s pass. Prints JSON:
// the memory curve, the growth after the first ten minutes, stalls, faults seen, and whether
// the cache equals the LIST (and the entries that differ). A benchmark, not a test.

#include <vector>

namespace cubedesk::bench {

/// Runs the mode; `simCpus` are the simulator's CPUs (empty: shared with the window). GUI
/// thread, after the QApplication exists. Returns the process exit code.
int runSoak(int argc, char **argv, const std::vector<int> &simCpus);

} // namespace cubedesk::bench
