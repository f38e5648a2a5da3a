#pragma once

#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <random>
#include <thread>
#include <vector>

namespace cubedesk::sim {

/// `--churn R`: R realistic changes per second — pods created (the scheduler places them),
/// completed and deleted, pod status updates, training jobs created and advanced through their
/// phases, node labels flipping, CPU nodes going NotReady and back. It only deletes or finishes
/// what it created itself, so a scenario's fixed story (the full `vision` org, the pending pods)
/// stays intact. Deterministic sequence for a seed.
///
/// Threads: start() runs one worker thread; stop() joins it. step() runs one change (tests).
class ChurnEngine final {
public:
    ChurnEngine(ObjectStore &store, const ResourceRegistry &registry, std::uint64_t seed);
    ~ChurnEngine();
    ChurnEngine(const ChurnEngine &) = delete;
    ChurnEngine &operator=(const ChurnEngine &) = delete;

    void start(double perSecond, double durationSeconds);
    void stop();
    /// Makes one change; returns false if the chosen change had nothing to act on.
    bool step();
    std::uint64_t changes() const { return m_changes.load(); }

private:
    bool createPod();
    bool updatePod();
    bool finishPod();
    bool deletePod();
    bool createJob();
    bool advanceJob();
    bool flipNodeLabel();
    bool toggleNodeReady();
    template <class T>
    const T &pick(const std::vector<T> &from) {
        return from[m_rng() % from.size()];
    }

    ObjectStore &m_store;
    ResourceType m_pods;
    ResourceType m_nodes;
    ResourceType m_namespaces;
    std::optional<ResourceType> m_pytorchJobs;
    std::mt19937_64 m_rng;
    std::vector<std::pair<std::string, std::string>> m_ownPods; ///< ns, name
    std::vector<std::pair<std::string, std::string>> m_ownJobs;
    std::vector<std::string> m_notReady;
    std::uint64_t m_counter = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<std::uint64_t> m_changes{0};
    std::thread m_thread;
};

} // namespace cubedesk::sim
