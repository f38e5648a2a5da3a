#pragma once

#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <set>
#include <string>
#include <thread>

namespace cubedesk::sim {

/// The resource-quota controller: keeps every ResourceQuota's status (hard and used) current.
/// `used` counts the non-terminal pods of the namespace: requests.cpu / cpu, requests.memory /
/// memory, requests.<extended resource>, limits.cpu, limits.memory, pods, and count/<resource>
/// (count/pods, count/pytorchjobs.kubeflow.org, …) over the namespace's objects.
///
/// Threads: a worker thread recomputes the namespaces that changed (fed by store listeners), at
/// most one pass per kMinPassInterval; recompute() may be called directly (tests). A pass reads
/// the pods' indexed requests and limits, never their JSON.
class QuotaController final {
public:
    QuotaController(ObjectStore &store, const ResourceRegistry &registry);
    ~QuotaController();
    QuotaController(const QuotaController &) = delete;
    QuotaController &operator=(const QuotaController &) = delete;

    void start();
    void stop();
    /// Brings the status of every quota in `ns` up to date.
    void recompute(const std::string &ns);

    static constexpr std::chrono::milliseconds kMinPassInterval{100};

private:
    ObjectStore &m_store;
    const ResourceRegistry &m_registry;
    ResourceType m_quotas;
    ResourceType m_pods;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::set<std::string> m_dirty;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace cubedesk::sim
