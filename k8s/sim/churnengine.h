#pragma once

#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <thread>
#include <vector>

namespace cubedesk::sim {

/// `--churn R`: R realistic changes per second — pods created (the scheduler places them),
/// completed and deleted, pod status updates, training jobs created and advanced through their
/// phases, node labels flipping, CPU nodes going NotReady and back. It only deletes or finishes
/// what it created itself, so a scenario's fixed story (the full `vision` org, the pending pods)
/// stays intact; the scenario's own Running pods only get kubelet-style status heartbeats (a
/// probe condition's time), which change their resourceVersion and nothing else. Deterministic
/// sequence for a seed.
///
/// Cost: the node, namespace and pod-key lists are snapshots refreshed every 2 s (a 150,000-pod
/// store is not copied per change), so one core sustains well over 10,000 changes per second.
///
/// Threads: start() runs one worker thread; stop() joins it. step() runs one change (tests).
class ChurnEngine final {
public:
    ChurnEngine(ObjectStore &store, const ResourceRegistry &registry, std::uint64_t seed);
    ~ChurnEngine();
    ChurnEngine(const ChurnEngine &) = delete;
    ChurnEngine &operator=(const ChurnEngine &) = delete;

    /// Changes the store `perSecond` times a second on a thread of its own, for
    /// `durationSeconds` (0: until stop()); then calls `finished` (on that thread) with the
    /// number of changes made.
    void start(double perSecond, double durationSeconds,
               std::function<void(std::uint64_t)> finished = {});
    void stop();
    /// The churn ran for its duration and stopped (false while running, or without a duration).
    bool finished() const { return m_finished.load(); }
    /// Makes one change; returns false if the chosen change had nothing to act on.
    bool step();
    std::uint64_t changes() const { return m_changes.load(); }
    /// A Running pod's text with the kubelet probe condition's lastProbeTime set to `time` (JSON-
    /// free, for ObjectStore::rewriteText); nullopt when the pod is not Running or has no such
    /// condition yet.
    static std::optional<std::string> withProbeTime(const StoredObject &pod,
                                                    const std::string &time);
    /// Sets the value of `node`'s existing label `key` in its text and its label index, for
    /// ObjectStore::rewrite (`value` must need no JSON escaping). False when the label is not
    /// there yet or its key occurs elsewhere in the text: then use update().
    static bool withLabelValue(StoredObject &node, std::string_view key, std::string_view value);
    /// Sets `node`'s Ready condition (status True or Unknown, with the kubelet's reason and
    /// message, lastTransitionTime `time`) in its text and its table row's Status cell, for
    /// ObjectStore::rewrite: what readyMutation() writes through update(), without parsing and
    /// re-serialising the whole node. False when the node has no single Ready condition.
    static bool withReadyCondition(StoredObject &node, bool ready, const std::string &time);
    /// The same change through the JSON path (ObjectStore::update, status subresource).
    static ObjectStore::Mutation readyMutation(bool ready, const std::string &time);
    /// The same heartbeat through the JSON path (ObjectStore::update, status subresource): sets
    /// the probe condition's lastProbeTime, adding the condition on a pod's first heartbeat;
    /// 409 when the pod is not Running.
    static ObjectStore::Mutation probedAt(const std::string &time);

private:
    bool createPod();
    bool updatePod();
    bool heartbeatPod();
    bool finishPod();
    bool deletePod();
    bool createJob();
    bool advanceJob();
    bool flipNodeLabel();
    bool toggleNodeReady();
    /// Re-reads the node, namespace and pod-key snapshots when they are older than 2 s.
    void refreshViews();
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
    std::vector<ObjectPtr> m_nodeView;
    std::vector<ObjectPtr> m_namespaceView;
    std::vector<ObjectPtr> m_podView;
    std::vector<std::string> m_cpuNodeNames; ///< CPU-only nodes (NotReady candidates)
    std::chrono::steady_clock::time_point m_viewsAt;
    bool m_haveViews = false;
    std::uint64_t m_counter = 0;
    std::atomic<bool> m_stop{false};
    std::atomic<bool> m_finished{false};
    std::atomic<std::uint64_t> m_changes{0};
    std::thread m_thread;
};

} // namespace cubedesk::sim
