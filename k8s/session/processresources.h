#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

/// How a CubeDesk process uses the machine's memory and cores. Call these from main() before
/// any thread starts: Linux applies both per thread, and threads inherit them from their creator.
/// Elsewhere (no glibc, no sched_setaffinity) they do nothing and say so where it matters.
class ProcessResources final {
public:
    /// Keeps freed heap memory in the process instead of handing it back to the kernel, and
    /// serves big blocks (up to 64 MB: a table's row vector, a sort permutation) from the heap
    /// rather than from a fresh mapping each time. A cluster cache turns its objects over at the
    /// watch rate; without this, every first touch of a page that glibc trimmed or unmapped costs
    /// a page fault (~12 µs on the machines we measure on; a 150,000-row table's regrowth made
    /// 4,000 of them in one 6 ms update slice). Costs: the process's resident size stays at its
    /// high-water mark.
    static void keepFreedMemory();

    /// Hands the heap memory freed so far back to the kernel, once (glibc: malloc_trim over every
    /// arena; elsewhere nothing). For after a burst whose transient buffers will not be needed
    /// again soon — a cluster's first sync leaves ~20 MB of them at 150,000 pods — while
    /// keepFreedMemory() keeps the steady state's. Any thread; it holds each arena's lock for a
    /// moment, so call it off the GUI thread.
    static void returnFreedMemory();

    /// Parses a CPU list as taskset(1) and cpuset(7) write it ("1", "0,2", "0-3,6"). nullopt if
    /// it is malformed or empty.
    static std::optional<std::vector<int>> parseCpuList(std::string_view text);

    /// The CPUs this process may run on now (its affinity), ascending; empty if unknown.
    static std::vector<int> allowedCpus();

    /// Restricts the calling thread, and every thread it starts afterwards, to `cpus`. An error
    /// message if the system refused (or cannot do it), nullopt on success.
    static std::optional<std::string> restrictToCpus(const std::vector<int> &cpus);

    /// Background work: lowers the calling thread's priority by kBackgroundNice (Linux: its own
    /// nice value; threads it starts inherit it), so that when it competes for a CPU with the
    /// GUI thread the window wins — a session thread still gets every cycle the window does not
    /// want. Nothing elsewhere, nor when the system refuses.
    /// Not lower: nice is weighed against every process of the machine, and at +19 (weight 15
    /// against 1024) a build or a second test program starved the cache — a churn test under
    /// `ctest -j2` fell a minute behind. Ten clusters syncing at once at +5 (weight 335 each)
    /// still leave the GUI thread only a quarter of a shared CPU (docs/performance.md).
    static void becomeBackgroundThread();
    static constexpr int kBackgroundNice = 5;
};

} // namespace cubedesk::k8s
