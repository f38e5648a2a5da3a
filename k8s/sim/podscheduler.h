#pragma once

#include "k8s/api/quantity.h"
#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace cubedesk::sim {

/// A tiny kube-scheduler: binds pods that have no node to a Ready, schedulable node whose labels
/// match the pod's nodeSelector and required node affinity, whose taints the pod tolerates, and
/// whose allocatable minus the requests of the pods already on it covers every requested resource
/// (cpu, memory, pods, nvidia.com/gpu, any extended resource). A pod that fits nowhere stays
/// Pending with PodScheduled=False, reason Unschedulable and kube-scheduler's message. It
/// re-evaluates whenever pods or nodes change, so relabelling a node into an org lets that org's
/// pending pods run. A bound pod is marked Running, as a kubelet would.
///
/// Threads: start() runs a worker thread fed by store listeners; schedulePass() may also be
/// called directly (tests). decide() is a pure function.
class PodScheduler final {
public:
    struct Taint {
        std::string key;
        std::string value;
        std::string effect;
    };
    /// What the scheduler knows of a node.
    struct NodeView {
        std::string name;
        std::string internalIp;
        std::vector<std::pair<std::string, std::string>> labels;
        bool ready = true;
        bool unschedulable = false;
        std::vector<Taint> taints;
        std::map<std::string, k8s::Quantity> allocatable;
        std::map<std::string, k8s::Quantity> used; ///< requests of the pods bound to it
        std::int64_t pods = 0;                     ///< pods bound to it
    };
    struct Decision {
        std::optional<std::string> node; ///< where to bind, or nullopt
        std::string message;             ///< the Unschedulable message when nullopt
    };

    PodScheduler(ObjectStore &store, const ResourceRegistry &registry);
    ~PodScheduler();
    PodScheduler(const PodScheduler &) = delete;
    PodScheduler &operator=(const PodScheduler &) = delete;

    void start();
    void stop();
    /// Binds what fits and updates the Unschedulable messages; returns the number of pods bound.
    std::size_t schedulePass();

    static NodeView nodeView(const nlohmann::json &node);
    static Decision decide(const nlohmann::json &pod,
                           const std::vector<std::pair<std::string, k8s::Quantity>> &requests,
                           const std::vector<NodeView> &nodes);

    /// The status a kubelet would report for a pod that started on a node with that IP.
    static nlohmann::json runningStatus(const nlohmann::json &pod, const std::string &hostIp,
                                        const std::string &podIp, const std::string &now);

private:
    void run();

    ObjectStore &m_store;
    ResourceType m_podType;
    ResourceType m_nodeType;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    bool m_dirty = true;
    std::chrono::milliseconds m_lastPass{0}; ///< how long the last pass took (worker thread)
    bool m_stop = false;
    std::thread m_thread;
    std::map<std::string, std::pair<std::uint64_t, NodeView>> m_nodeCache; ///< name → (rv, view)
    std::uint64_t m_podIpCounter = 0;
};

} // namespace cubedesk::sim
