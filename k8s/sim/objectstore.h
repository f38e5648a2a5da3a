#pragma once

#include "k8s/api/fieldselector.h"
#include "k8s/api/labelselector.h"
#include "k8s/sim/apierror.h"
#include "k8s/sim/resourcetype.h"
#include "k8s/sim/storedobject.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::sim {

enum class EventType { Added, Modified, Deleted };

/// One change, as watchers receive it. `previous` is the state before a MODIFIED (selectors use
/// it to turn an object that leaves a watcher's selector into a DELETED for that watcher).
struct WatchEvent {
    EventType type = EventType::Added;
    std::uint64_t rv = 0;
    ObjectPtr object;
    ObjectPtr previous;
};

/// What a write may do besides the object itself.
struct WriteOptions {
    bool dryRun = false;
    bool statusSubresource = false; ///< the write targets /status
    bool keepStatus = false;        ///< create with the given status (scenario and --load only)
    /// The server's own graceful deletion: the update may set metadata.deletionTimestamp and
    /// deletionGracePeriodSeconds, which a client's write can never change, and the status
    /// together with them (a namespace becomes Terminating).
    bool marksDeletion = false;
};

/// One page of a LIST.
struct ListPage {
    std::vector<ObjectPtr> items;
    std::uint64_t rv = 0;
    std::string continueToken;
    std::optional<std::size_t> remaining;
};

struct ListQuery {
    std::string ns; ///< empty: every namespace
    const k8s::LabelSelector *labels = nullptr;
    const k8s::FieldSelector *fields = nullptr;
    std::size_t limit = 0; ///< 0: everything
    std::string continueToken;
    std::string resourceVersion;
    std::string resourceVersionMatch;
};

/// The simulator's storage: every collection of every resource, one cluster-global
/// resourceVersion counter, a bounded history of changes per collection for WATCH and for
/// consistent paginated LISTs, and change listeners.
///
/// Thread-safety: every public member may be called from any thread; one mutex guards the data,
/// held only while pointers are copied (never while bytes are sent). Objects are immutable
/// (ObjectPtr); a write swaps the pointer, so readers keep a consistent object for as long as they
/// hold it. Listeners run on the writing thread after the write is committed, without the lock.
class ObjectStore final {
public:
    using Listener = std::function<void(const ResourceType &, const WatchEvent &)>;
    using Mutation = std::function<std::optional<ApiError>(nlohmann::json &object)>;

    explicit ObjectStore(std::size_t historyWindow = 10000);

    std::uint64_t currentRv() const;
    void addListener(Listener listener);
    std::size_t historyWindow() const { return m_historyWindow; }

    Result<ObjectPtr> get(const ResourceType &type, const std::string &ns,
                          const std::string &name) const;
    Result<ListPage> list(const ResourceType &type, const ListQuery &query) const;
    /// Every object of a collection (all namespaces), sorted by key; cheap pointer copies.
    std::vector<ObjectPtr> all(const ResourceType &type) const;
    std::size_t count(const ResourceType &type) const;

    Result<ObjectPtr> create(const ResourceType &type, nlohmann::json object,
                             const WriteOptions &options = {});
    /// PUT: replaces the object; a metadata.resourceVersion in the body is a precondition.
    Result<ObjectPtr> replace(const ResourceType &type, const std::string &ns,
                              const std::string &name, nlohmann::json object,
                              const WriteOptions &options = {});
    /// PATCH and internal read-modify-write: `mutate` edits the current document; a
    /// resourceVersion or uid it leaves different from the stored one is a failed precondition.
    Result<ObjectPtr> update(const ResourceType &type, const std::string &ns,
                             const std::string &name, const Mutation &mutate,
                             const WriteOptions &options = {});
    /// A write on the stored text, for the churn engine's high-rate status heartbeats, which the
    /// parse–mutate–serialise path of update() cannot sustain at 10,000 per second. `edit` gets
    /// the current object and returns its new compact JSON, or nullopt when it does not apply
    /// (the caller then uses update()). The edit must leave alone everything the stored object
    /// derives from the text — name, uid, labels, selectable fields, table cells, requests,
    /// spec (generation) — and the resourceVersion, which the store sets. Same bytes and same
    /// watch event as update() with the equivalent mutation (tested); an unchanged text is a
    /// no-op that returns the current object. 404 when the object is gone.
    using TextEdit = std::function<std::optional<std::string>(const StoredObject &object)>;
    Result<ObjectPtr> rewriteText(const ResourceType &type, const std::string &ns,
                                  const std::string &name, const TextEdit &edit);
    /// rewriteText for edits that also change a derived field: `edit` gets a copy of the current
    /// object and changes its JSON text together with every derived field the change affects
    /// (e.g. a label's value in both the text and `labels`), or returns false when it does not
    /// apply (nothing is written; the caller then uses update()). Same rules as rewriteText.
    using ObjectEdit = std::function<bool(StoredObject &copy)>;
    Result<ObjectPtr> rewrite(const ResourceType &type, const std::string &ns,
                              const std::string &name, const ObjectEdit &edit);
    Result<ObjectPtr> remove(const ResourceType &type, const std::string &ns,
                             const std::string &name, const std::string &preconditionUid = {},
                             const std::string &preconditionRv = {});
    /// Loads `count` objects made by `make(i)` (called on several threads) without recording
    /// history or notifying listeners: for generated scenarios of any size. Server-owned metadata
    /// (uid, resourceVersion, generation; creationTimestamp when absent) is filled in; objects
    /// whose key already exists are skipped. Returns the number inserted.
    std::size_t bulkLoad(const ResourceType &type, std::size_t count,
                         const std::function<nlohmann::json(std::size_t)> &make);
    /// Deletes every object of every namespaced collection in `ns` (namespace deletion), except
    /// the collection whose collectionKey() is `except` (pods, which terminate gracefully).
    void removeNamespaceContents(const std::string &ns, std::string_view except = {});
    /// Deletes a whole collection (its CRD went away).
    void dropCollection(const ResourceType &type);

    /// Starts a watch: the events of the collection after `afterRv`, waiting up to `timeout` for
    /// at least one. Returns the resourceVersion up to which the collection is complete (for
    /// bookmarks), or 410 Expired when `afterRv` is older than the retained history.
    Result<std::uint64_t> waitForEvents(const ResourceType &type, std::uint64_t afterRv,
                                        std::vector<WatchEvent> &out,
                                        std::chrono::milliseconds timeout);
    /// Wakes every waiting watcher (shutdown).
    void wakeAll();

private:
    struct Snapshot {
        std::uint64_t stateRv = 0; ///< the collection's last change at or before the snapshot
        std::vector<ObjectPtr> items;
    };
    struct Collection {
        ResourceType type;
        std::map<std::string, ObjectPtr> objects;
        std::deque<WatchEvent> history;
        std::uint64_t compactedRv = 0; ///< history before this RV is gone
        std::uint64_t lastEventRv = 0;
        mutable std::vector<std::shared_ptr<const Snapshot>> snapshots;
        /// Notified (under m_mutex) on each of this collection's events: a watch wakes for its
        /// own resource only, not for every write to the store.
        std::shared_ptr<std::condition_variable> changed =
            std::make_shared<std::condition_variable>();
    };

    /// An event to hand to the listeners once the lock is released; `type` points into its
    /// Collection (collections are never erased).
    using PendingEvent = std::pair<const ResourceType *, WatchEvent>;

    Collection &collection(const ResourceType &type);
    const Collection *findCollection(const ResourceType &type) const;
    std::shared_ptr<const Snapshot> snapshotAt(const Collection &c, std::uint64_t rv,
                                               bool cache) const;
    void record(Collection &c, WatchEvent event, std::vector<PendingEvent> &notify);
    void notify(const std::vector<PendingEvent> &events);
    ObjectPtr withRv(const ResourceType &type, const ObjectPtr &object, std::uint64_t rv) const;

    const std::size_t m_historyWindow;
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_changed;
    std::uint64_t m_rv = 1;
    std::uint64_t m_uidCounter = 0;
    std::map<std::string, Collection> m_collections;
    /// Replaced, never modified, so a write copies a pointer rather than the listeners.
    std::shared_ptr<const std::vector<Listener>> m_listeners =
        std::make_shared<const std::vector<Listener>>();
    std::atomic<std::uint64_t> m_wakeGeneration{0};
};

} // namespace cubedesk::sim
