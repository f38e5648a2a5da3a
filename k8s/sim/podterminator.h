#pragma once

#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourceregistry.h"

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <tuple>

namespace cubedesk::sim {

/// What a DELETE of one pod asks for (metav1.DeleteOptions, the parts the simulator honours).
struct PodDeleteRequest {
    std::optional<std::int64_t> gracePeriodSeconds; ///< unset: the pod's own
    std::string preconditionUid;
    std::string preconditionRv;
    bool dryRun = false;
};

/// Graceful pod deletion, both halves: the API server's (a DELETE of a running pod marks it with
/// metadata.deletionTimestamp = now + grace and deletionGracePeriodSeconds, and answers the
/// marked pod; an unscheduled or finished pod, or grace 0, goes at once; a second DELETE may
/// only shorten the grace) and the kubelet's (the containers stop and the pod object is removed
/// `shutdown` after the mark, or at the end of a shorter grace period). Watchers see MODIFIED,
/// then DELETED, as from a real cluster.
///
/// Threads: remove() from any thread (request threads); one worker thread removes pods when
/// their time comes. Pods marked by any writer are noticed through a store listener.
class PodTerminator final {
public:
    /// `shutdown`: how long a container takes to stop after SIGTERM (the pod then goes, unless
    /// its grace period ends first).
    PodTerminator(ObjectStore &store, const ResourceRegistry &registry,
                  std::chrono::milliseconds shutdown);
    ~PodTerminator();
    PodTerminator(const PodTerminator &) = delete;
    PodTerminator &operator=(const PodTerminator &) = delete;

    void start();
    void stop();

    /// The API server's DELETE of a pod: the pod as marked (200), the pod as removed, or the
    /// error (404, 409 for a failed precondition).
    Result<ObjectPtr> remove(const std::string &ns, const std::string &name,
                             const PodDeleteRequest &request);

    /// The grace period a DELETE gets: the request's, else the pod's
    /// spec.terminationGracePeriodSeconds (30 when absent); 0 for a pod not bound to a node or
    /// already finished (the API server's CheckGracefulDelete).
    static std::int64_t gracePeriod(const nlohmann::json &pod,
                                    std::optional<std::int64_t> requested);

private:
    void run();
    void schedule(const StoredObject &pod);

    ObjectStore &m_store;
    ResourceType m_pods;
    std::chrono::milliseconds m_shutdown;
    std::mutex m_mutex;
    std::condition_variable m_wake;
    /// When each marked pod goes: (due, namespace, name) → uid.
    std::map<std::tuple<std::chrono::steady_clock::time_point, std::string, std::string>,
             std::string>
        m_due;
    bool m_stop = false;
    std::thread m_thread;
};

} // namespace cubedesk::sim
