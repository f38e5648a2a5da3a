#pragma once

#include "k8s/api/crdstatuskinds.h"
#include "k8s/api/discovery.h"
#include "k8s/net/httptransport.h"
#include "k8s/objects/resourcedescriptor.h"
#include "k8s/session/deltabuffer.h"
#include "k8s/session/objectdeltaqueue.h"
#include "k8s/session/resourcewatch.h"
#include "k8s/session/tablewatchfeed.h"
#include "k8s/write/writerequest.h"

#include <atomic>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace cubedesk::k8s {

/// A live, slim, in-memory copy of one cluster (one kubeconfig context): a thread of its own
/// that runs one libcurl multi handle for all the cluster's watches, decodes and diffs on that
/// thread, and hands finished changes to the consumer through a coalescing DeltaBuffer with a
/// single queued wake-up (docs/threads-and-data-flow.md). A slow or dead cluster never delays
/// another cluster or the GUI.
///
/// Threads: construct, start(), stop() and the accessors from any thread (one owner, usually
/// the GUI thread); everything else runs on the session thread. snapshot() and transferStats()
/// wait for the session thread: call them after start(). Objects handed out are
/// immutable and shared.
class ClusterSession final {
public:
    struct Options {
        std::string name; ///< the context name shown to the user
        TransportSettings transport;
        std::vector<ResourceDescriptor> resources = {ResourceDescriptor::namespaces(),
                                                     ResourceDescriptor::nodes(),
                                                     ResourceDescriptor::pods()};
        /// Watched too when discovery finds them served (group + plural; the version is the
        /// group's preferred one, scope as served); nothing happens for the others. Job kinds,
        /// Volcano queues.
        std::vector<ResourceDescriptor> ifServed;
        /// Also find every other CRD with a lifecycle (CrdStatusKinds: status.phase or
        /// conditions) in the cluster's CRD list after discovery (streamed and paged); ids in
        /// `skipStatusKinds` ("podgroups.scheduling.volcano.sh") are left out, and at most
        /// `statusKindBudget` are kept (statusKindsSkipped() counts the rest). They are watched
        /// while setStatusKindsWatched(true) holds, from the start with `watchStatusKinds`.
        bool followStatusKinds = false;
        std::vector<std::string> skipStatusKinds;
        std::size_t statusKindBudget = 40;
        bool watchStatusKinds = true;
        /// When silence counts as failure (docs/cache.md, "Silence"); tests shorten them.
        WatchTimeouts timeouts;
        /// Seeds the watches' backoff jitter and watch timeouts. 0 (the default): from the
        /// system, so that the sessions of every CubeDesk instance do not retry in lockstep.
        std::uint64_t seed = 0;
        /// The cache's string pool never frees a string (docs/cache.md), and label values that
        /// come and go — a run id per training run, a job's uid — would grow it for as long as
        /// the window is open. Every `poolCheckInterval`, with every watch live, the session
        /// renews the pool when its arena in use has grown by more than `poolRenewalRatio`
        /// times its size after the last renewal (or the first sync) and by more than
        /// `poolRenewalGrowth` bytes:
        /// every resource is listed again into a fresh pool, and the old one is freed with its
        /// last object. The ratio keeps a renewal's cost (a relist) in proportion to what it
        /// frees; the floor keeps small clusters from relisting for little.
        double poolRenewalRatio = 1.0;
        std::size_t poolRenewalGrowth = std::size_t{2} << 20;
        std::chrono::milliseconds poolCheckInterval{30000};
    };
    using Delta = DeltaBuffer<ObjectPtr>::Delta;

    explicit ClusterSession(Options options);
    ~ClusterSession();
    ClusterSession(const ClusterSession &) = delete;
    ClusterSession &operator=(const ClusterSession &) = delete;

    void start();
    void stop();
    /// Relists every resource (F5).
    void reconnect();

    const std::string &name() const { return m_options.name; }
    const Options &options() const { return m_options; }
    /// The seed in use: Options::seed, or the one drawn from the system when that was 0.
    std::uint64_t seed() const { return m_seed; }
    /// Watch states by resource id ("pods", "nodes", "pytorchjobs.kubeflow.org").
    std::map<std::string, WatchState> states() const;
    /// True when every watch has synced at least once and is live now, and — with ifServed
    /// resources — discovery has decided which of them to watch.
    bool synced() const;
    /// Discovery has finished (or failed) and the ifServed watches it found were added.
    bool optionalSettled() const;
    /// The first watch that cannot make progress without the user (auth error, forbidden,
    /// resource not served), as "pods: 403 Forbidden: ..."; "" when none.
    std::string blockingError() const;
    /// A copy of the cached objects of one resource (taken on the session thread).
    std::vector<ObjectPtr> snapshot(const std::string &resourceId);
    /// The changes since the last call; `onChanges` fires once after the first change that
    /// follows a drain (from the session thread: post, do not work, in it).
    std::vector<Delta> drainDeltas() { return m_deltas.drain(); }
    void setOnChanges(std::function<void()> callback) { m_deltas.setWake(std::move(callback)); }
    /// Called on the session thread when a watch's state changed (anything but its object count)
    /// or the server's version arrived, so the owner reads states() then instead of polling:
    /// post, do not work, in it. Set before start().
    void setOnStatesChanged(std::function<void()> callback) {
        m_onStatesChanged = std::move(callback);
    }
    /// The server's gitVersion from /version ("" until known).
    std::string serverVersion() const;
    /// What the cluster serves (groups, versions, CRDs); nullopt until discovery finished, or
    /// when it failed (then discoveryError() says why).
    std::optional<Discovery> discovery() const;
    std::string discoveryError() const;
    /// The CRDs found through followStatusKinds (within the budget), by resource id, with their
    /// printer columns; statusKindsError() says why the CRD list could not be read ("" when it
    /// was); statusKindsSkipped() how many qualifying kinds the budget left out.
    std::map<std::string, CrdStatusKinds::Kind> statusKinds() const;
    std::string statusKindsError() const;
    std::size_t statusKindsSkipped() const;
    /// Watches the kinds of statusKinds() (a pane that shows them is open) or stops watching
    /// them, handing their cached objects back as deletions (nobody needs them: the memory is
    /// returned). Any thread; takes effect on the session thread.
    void setStatusKindsWatched(bool watched);
    /// Runs `requests` with at most `concurrency` in flight; the results come in request order.
    /// Writes go out only through here, so the GUI never blocks on the network. `ready`, when
    /// given, runs once the future holds the results — on the session thread (or the caller's,
    /// when the session has stopped): it must only post, e.g. wake the GUI thread to take them.
    std::future<std::vector<WriteResult>> submit(std::vector<WriteRequest> requests,
                                                 std::size_t concurrency = 8,
                                                 std::function<void()> ready = {});
    /// A read beside the watches on the session's connection (a pod's log): `request.onData` and
    /// `done` run on the session thread; `done` runs exactly once (response.cancelled after
    /// cancelStream() or stop()). Any thread; returns the id cancelStream() takes.
    using StreamId = std::uint64_t;
    StreamId openStream(HttpRequest request, std::function<void(const HttpResponse &)> done);
    /// Ends a stream (its `done` reports cancelled). Any thread; unknown ids are ignored.
    void cancelStream(StreamId id);
    /// Runs `job` on the session thread after `delay` (a stream's reconnect backoff); dropped
    /// when the session stops. Any thread.
    void postAfter(std::chrono::milliseconds delay, std::function<void()> job);
    /// Lists and watches `resource` as the server's Table (its kind is taken as TableRow),
    /// beside the cache and with a string pool of its own, until closeTableWatch() or stop():
    /// the rows, columns and state arrive through the returned feed, whose `wake` runs on the
    /// session thread (post, do not work, in it). Closing hands nothing back: the consumer drops
    /// its rows, and with the last reference to them the watch's memory is returned. Any thread.
    std::shared_ptr<TableWatchFeed> openTableWatch(ResourceDescriptor resource,
                                                   std::function<void()> wake);
    /// Stops the table watch of `feed` (its closed() turns true). Any thread; a feed that is
    /// not open here is ignored.
    void closeTableWatch(const std::shared_ptr<TableWatchFeed> &feed);
    /// Table watches running or still being cancelled (benchmarks, tests: 0 once the browser
    /// closed its tables and the session took a turn). Any thread.
    std::size_t tableWatchCount() const { return m_tableWatchCount.load(); }
    /// Bytes received and seconds spent decoding, all resources (benchmarks).
    std::pair<std::uint64_t, double> transferStats();
    /// How often the cache's string pool was renewed (Options::poolRenewalGrowth). Any thread.
    std::size_t poolRenewals() const { return m_poolRenewals.load(); }

private:
    void run();
    /// Session thread: renews the cache's string pool when it grew enough (Options), then
    /// checks again after poolCheckInterval.
    void checkStringPool();
    void post(std::function<void()> job);
    void publishStates();
    void startDiscovery();
    void fetchDiscovery(const std::string &path, bool root);
    void discoveryStepDone(const std::string &error);
    void addWatch(const ResourceDescriptor &resource, std::uint16_t channel);
    void addServedResources();
    void fetchStatusKinds();
    void fetchStatusKindsPage(const std::string &continueToken);
    /// Keeps a qualifying CRD of the list being read, within the budget.
    void considerStatusKind(CrdStatusKinds::Kind kind);
    void watchStatusKinds(bool watched);
    void settleOptional();
    /// Runs `step` again after a backoff (discovery or the CRD list failed).
    void retryLater(void (ClusterSession::*step)());
    struct Batch;
    void pump(const std::shared_ptr<Batch> &batch);
    struct TableWatch;
    /// Session thread: a new ResourceWatch (and decoder) for the table watch, started.
    void startTableWatch(TableWatch &table);
    /// Session thread: the table's columns changed under rows already handed over.
    void relistTableWatch(TableWatchFeed *feed);

    Options m_options;
    ObjectDeltaQueue m_deltas; ///< compact while pending; drains to DeltaBuffer's Delta values
    std::unique_ptr<HttpTransport> m_transport;
    std::thread m_thread;
    mutable std::mutex m_mutex;
    std::map<std::string, WatchState> m_states;
    std::function<void()> m_onStatesChanged;
    std::string m_version;
    std::optional<Discovery> m_discoveryResult;
    std::map<std::string, CrdStatusKinds::Kind> m_statusKinds;
    std::string m_statusKindsError;
    std::size_t m_statusKindsSkipped = 0;
    std::string m_discoveryError;
    // Session-thread discovery in progress.
    Discovery m_discovery;
    std::string m_discoveryFirstError;
    // Session-thread status kinds: the list being read, and what is watched.
    std::map<std::string, CrdStatusKinds::Kind> m_crdFound;
    std::size_t m_crdSkipped = 0;
    std::map<std::string, std::uint16_t> m_statusKindChannels;
    void (ClusterSession::*m_retryStep)() = nullptr;
    std::chrono::steady_clock::time_point m_retryAt;
    std::chrono::milliseconds m_retryBackoff{0};
    std::vector<std::function<void()>> m_jobs;
    // Session-thread streams and timers.
    std::atomic<StreamId> m_nextStream{1};
    std::map<StreamId, HttpTransport::RequestId> m_streams;
    std::multimap<std::chrono::steady_clock::time_point, std::function<void()>> m_timers;
    // Session-thread state.
    std::unique_ptr<ObjectDecoder> m_decoder;
    std::vector<std::unique_ptr<ResourceWatch>> m_watches;
    std::vector<std::unique_ptr<ResourceWatch>> m_retiredWatches; ///< stopped, freed next turn
    std::vector<std::unique_ptr<TableWatch>> m_tableWatches;
    std::vector<std::unique_ptr<TableWatch>> m_retiredTableWatches; ///< freed next turn
    std::atomic<std::size_t> m_tableWatchCount{0};
    std::atomic<std::size_t> m_poolRenewals{0};
    std::size_t m_poolBaseline = 0; ///< session thread: the arena in use once settled; 0: not yet
    std::uint64_t m_seed = 0;
    std::uint64_t m_nextSeed = 1;
    // The small members together, so that they share one padded word.
    std::atomic<bool> m_stop{false};
    bool m_optionalSettled = false;  ///< under m_mutex
    bool m_servedAdded = false;      ///< the ifServed watches were added (once per session)
    bool m_statusKindsWanted = true; ///< session thread: status kinds
    bool m_exited = false;           ///< the session thread has finished (jobs then run in post())
    int m_discoveryPending = 0;      ///< session thread: discovery in progress
};

} // namespace cubedesk::k8s
