#pragma once
// ClusterConnection: one kubeconfig context as the GUI sees it — its ClusterSession (a thread of
// its own), the GUI-side ClusterStore the session's batches are applied to, its freshness, its
// server version and whether the user may write to it. ClusterHub owns every connection.
//
// Threads: GUI thread only. The session's wake-up arrives as a queued call (changesPending);
// UpdateDispatcher then calls applyPending() at frame rate.

#include "k8s/net/transportsettings.h"
#include "k8s/session/clustersession.h"
#include "k8s/write/writerequest.h"
#include "models/clusterstore.h"
#include "models/freshness.h"
#include "models/updatedispatcher.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <atomic>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace cubedesk::models {

class ClusterConnection final : public QObject {
    Q_OBJECT
public:
    /// `context` is the kubeconfig context name, `source` the file that defined it.
    ClusterConnection(QString context, QString source, QObject *parent = nullptr);
    ~ClusterConnection() override;

    /// Connects with `settings` (starts the session thread).
    void start(k8s::TransportSettings settings);
    /// Marks the context as unusable (broken kubeconfig entry, failing credential source): it
    /// stays listed with the error and never connects. `server` is shown when known.
    void setConfigError(const QString &error, const QString &server = {});
    /// Relists everything (F5); a no-op without a session.
    void reconnect();
    /// Watch the cluster's other CRDs with a lifecycle (the Jobs pane is shown) or not (their
    /// objects leave the store). Off when the connection starts.
    void setStatusKindsWatched(bool watched);

    const QString &name() const { return m_name; }
    const QString &source() const { return m_source; }
    const QString &server() const { return m_server; }
    QString version() const { return m_version; }
    const Freshness &freshness() const { return m_freshness; }
    /// Every watch is live and the store holds all it drained: no backlog waits to be applied
    /// (a big sync is applied over several frames; the advisor must not plan on half of it).
    bool synced() const { return m_freshness.level == Freshness::Level::Live && !hasBacklog(); }
    /// Every watch has listed at least once since the connection started (its data may be
    /// stale now, but the store holds the cluster): an empty pane means the cluster is empty.
    bool listed() const { return m_listed; }
    const ClusterStore &store() const { return m_store; }

    /// Why writes to this cluster are disabled ("" when they are allowed): read-only mode, a
    /// SelfSubjectAccessReview that said no, or a cluster that is not connected.
    QString writeBlockedReason() const;
    /// Why no write at all may be sent ("" when writes may be sent, each after its own access
    /// review): read-only mode, or a cluster that is not connected.
    QString anyWriteBlockedReason() const;
    void setReadOnly(bool readOnly);

    /// Sends `requests` through the session (bounded concurrency); `done` runs on the GUI
    /// thread with one result per request, in order — unless `context` was destroyed
    /// meanwhile: then the results are dropped and `done` is destroyed uncalled (a panel or
    /// dialog that closed; a write whose outcome must outlive the window part that asked for it
    /// is sent by a controller that lives as long as the window). Without a session every
    /// result is an error saying so, delivered at once. `context` must not be null.
    void submit(std::vector<k8s::WriteRequest> requests, const QObject *context,
                std::function<void(std::vector<k8s::WriteResult>)> done,
                std::size_t concurrency = 8);

    /// The connection's session for streams (LogFeed); null while not connected. The session
    /// lives until the connection is destroyed or reconfigured: hold the connection, not this.
    k8s::ClusterSession *session() const { return m_session.get(); }
    /// The dispatcher that applies this connection's changes (null until one watches it):
    /// streams on the connection are paced by it too (UpdateDispatcher::schedule()).
    UpdateDispatcher *dispatcher() const { return m_dispatcher; }
    void setDispatcher(UpdateDispatcher *dispatcher) { m_dispatcher = dispatcher; }

    /// Requests submitted whose results have not been handed out yet.
    std::size_t writesInFlight() const { return m_writes.size(); }

    /// Applies up to `maxDeltas` of the session's deltas to the store, oldest first, as one
    /// batch; emits changed() when anything changed. Drains the session only when what it
    /// drained before is all applied, so deltas are applied in the order the session saw them;
    /// the rest waits in a backlog (hasBacklog()) for the next call. Returns the number applied.
    std::size_t applyPending(std::size_t maxDeltas = std::size_t(-1));
    /// Drained deltas not applied yet (a previous applyPending() hit its limit).
    bool hasBacklog() const { return m_backlogAt < m_backlog.size(); }
    /// Applies deltas that did not come from this connection's session (model tests, replays);
    /// emits changed() like applyPending().
    void applyDeltas(const std::vector<k8s::ClusterSession::Delta> &deltas);
    /// The generic job kind `resourceId` ("experiments.kubeflow.org") when the session follows
    /// it as a CRD with a lifecycle (with its printer columns); nullopt otherwise.
    std::optional<k8s::CrdStatusKinds::Kind> statusKind(const std::string &resourceId) const;
    /// False once discovery has shown that the cluster serves none of the job kinds CubeDesk
    /// knows (JobKinds) and no other CRD with a lifecycle; true before that is known.
    bool servesJobKinds() const;
    /// Re-reads watch states and version; emits stateChanged() when they differ. The session
    /// asks for it whenever they change; ClusterHub calls it every second while the freshness
    /// counts down.
    void pollState();
    /// After the first sync has been applied (no backlog left), hands the memory its transient
    /// buffers used back to the system (FreedMemory).
    void returnSyncBuffersWhenApplied();

Q_SIGNALS:
    /// The session is about to be destroyed (the connection goes): streams on it must end now.
    void sessionEnding();
    /// The session has deltas waiting (coalesced: once per drain).
    void changesPending();
    void changed(const cubedesk::models::ClusterChange &change);
    void stateChanged();

private:
    void applySlice(std::span<const k8s::ClusterSession::Delta> deltas);
    void checkAccess();
    /// Hands the results of every finished write to its callback (the session wakes it).
    void deliverWrites();

    QString m_name;
    QString m_source;
    QString m_server;
    QString m_version;
    QString m_configError;
    Freshness m_freshness;
    ClusterStore m_store;
    std::vector<k8s::ClusterSession::Delta> m_backlog; ///< drained, applied up to m_backlogAt
    std::size_t m_backlogAt = 0;
    std::unique_ptr<k8s::ClusterSession> m_session;
    /// A pollState() is posted and not run yet (the session thread sets it, we clear it).
    std::atomic<bool> m_statePollPosted{false};
    QPointer<UpdateDispatcher> m_dispatcher;
    bool m_readOnly = false;
    std::optional<bool> m_mayPatchNodes; ///< nullopt until the access review answered
    QString m_accessReason;
    bool m_accessAsked = false;
    bool m_listed = false; ///< was Live once (listed())

    struct PendingWrite {
        std::future<std::vector<k8s::WriteResult>> future;
        QPointer<const QObject> context;
        std::function<void(std::vector<k8s::WriteResult>)> done;
    };
    std::vector<PendingWrite> m_writes;
};

} // namespace cubedesk::models
