#include "models/clusterconnection.h"

#include "k8s/cube/jobkinds.h"
#include "k8s/write/nodewrites.h"
#include "models/freedmemory.h"

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QTimer>

namespace cubedesk::models {

Q_LOGGING_CATEGORY(lcConnection, "cubedesk.models.connection")

ClusterConnection::ClusterConnection(QString context, QString source, QObject *parent)
    : QObject(parent)
    , m_name(std::move(context))
    , m_source(std::move(source)) {
    m_freshness = Freshness::from({});
}

ClusterConnection::~ClusterConnection() {
    // Streams on the session (log feeds) end first: they hold the session by reference.
    Q_EMIT sessionEnding();
    if (m_session)
        m_session->stop();
}

void ClusterConnection::start(k8s::TransportSettings settings) {
    m_server = QString::fromStdString(settings.server);
    k8s::ClusterSession::Options o;
    o.name = m_name.toStdString();
    o.transport = std::move(settings);
    o.resources.push_back({k8s::ObjectKind::Event, "", "v1", "events", true});
    o.resources.push_back({k8s::ObjectKind::ResourceQuota, "", "v1", "resourcequotas", true});
    o.resources.push_back({k8s::ObjectKind::LimitRange, "", "v1", "limitranges", true});
    o.ifServed = k8s::JobKinds::descriptors();
    o.followStatusKinds = true;
    o.watchStatusKinds = false; // only while a pane needs them: setStatusKindsWatched()
    o.skipStatusKinds = k8s::JobKinds::notJobs();
    if (m_session)
        Q_EMIT sessionEnding();
    m_session = std::make_unique<k8s::ClusterSession>(std::move(o));
    // Runs on the session thread: only post. The session is stopped in our destructor, so
    // `this` outlives every call.
    m_session->setOnChanges([this] {
        // The analyzer does not see Qt take the queued slot object over.
        // NOLINTNEXTLINE(clang-analyzer-cplusplus.NewDeleteLeaks)
        QMetaObject::invokeMethod(
            this, [this] { Q_EMIT changesPending(); }, Qt::QueuedConnection);
    });
    m_session->setOnStatesChanged([this] {
        if (m_statePollPosted.exchange(true))
            return; // one is on its way and reads the states when it runs
        // NOLINTNEXTLINE(clang-analyzer-cplusplus.NewDeleteLeaks)
        QMetaObject::invokeMethod(
            this,
            [this] {
                m_statePollPosted = false; // before reading: a later change posts again
                pollState();
            },
            Qt::QueuedConnection);
    });
    m_session->start();
    qCInfo(lcConnection) << "connecting" << m_name << "to" << m_server;
}

void ClusterConnection::setConfigError(const QString &error, const QString &server) {
    m_configError = error;
    m_server = server;
    m_freshness = Freshness::from({}, error);
    qCWarning(lcConnection).noquote() << m_name << ":" << error;
    Q_EMIT stateChanged();
}

void ClusterConnection::reconnect() {
    if (m_session)
        m_session->reconnect();
}

void ClusterConnection::setStatusKindsWatched(bool watched) {
    if (m_session)
        m_session->setStatusKindsWatched(watched);
}

void ClusterConnection::setReadOnly(bool readOnly) {
    if (m_readOnly == readOnly)
        return;
    m_readOnly = readOnly;
    Q_EMIT stateChanged();
}

QString ClusterConnection::anyWriteBlockedReason() const {
    if (m_readOnly)
        return tr("CubeDesk runs read-only (--read-only): writes are disabled.");
    if (!m_session)
        return tr("%1 is not connected: %2").arg(m_name, m_configError);
    return {};
}

QString ClusterConnection::writeBlockedReason() const {
    if (QString reason = anyWriteBlockedReason(); !reason.isEmpty())
        return reason;
    if (m_mayPatchNodes == false)
        return tr("You may not change nodes on %1: %2").arg(m_name, m_accessReason);
    return {};
}

void ClusterConnection::submit(std::vector<k8s::WriteRequest> requests, const QObject *context,
                               std::function<void(std::vector<k8s::WriteResult>)> done,
                               std::size_t concurrency) {
    Q_ASSERT(context != nullptr);
    if (!m_session) {
        std::vector<k8s::WriteResult> results(requests.size());
        for (auto &r : results) {
            r.error.message = tr("not connected").toStdString();
            r.error.reason = "NotConnected";
        }
        done(std::move(results));
        return;
    }
    // Writes finish on the session thread, which only posts: the results are taken here, on
    // the GUI thread, without a poll while they are in flight (a Prometheus query may take
    // seconds) and without a thread per write. The session stops in our destructor before
    // QObject's, so a post never outlives us; one posted for an earlier batch finds nothing.
    auto wake = [this] {
        // The analyzer does not see Qt take the queued slot object over.
        // NOLINTNEXTLINE(clang-analyzer-cplusplus.NewDeleteLeaks)
        QMetaObject::invokeMethod(this, &ClusterConnection::deliverWrites, Qt::QueuedConnection);
    };
    m_writes.push_back(
        {m_session->submit(std::move(requests), concurrency, wake), context, std::move(done)});
}

void ClusterConnection::deliverWrites() {
    for (std::size_t i = 0; i < m_writes.size();) {
        auto &w = m_writes[i];
        if (w.future.wait_for(std::chrono::seconds(0)) != std::future_status::ready) {
            ++i;
            continue;
        }
        auto results = w.future.get();
        auto done = std::move(w.done);
        const bool delivered = !w.context.isNull();
        m_writes.erase(m_writes.begin() + static_cast<std::ptrdiff_t>(i));
        if (delivered)
            done(std::move(results));
    }
}

std::size_t ClusterConnection::applyPending(std::size_t maxDeltas) {
    if (!m_session || maxDeltas == 0)
        return 0;
    if (!hasBacklog()) {
        m_backlog = m_session->drainDeltas();
        m_backlogAt = 0;
    }
    const std::size_t n = std::min(maxDeltas, m_backlog.size() - m_backlogAt);
    applySlice(std::span(m_backlog).subspan(m_backlogAt, n));
    m_backlogAt += n;
    if (!hasBacklog()) {
        m_backlog.clear();
        m_backlogAt = 0;
    }
    return n;
}

void ClusterConnection::applyDeltas(const std::vector<k8s::ClusterSession::Delta> &deltas) {
    applySlice(deltas);
}

void ClusterConnection::applySlice(std::span<const k8s::ClusterSession::Delta> deltas) {
    if (deltas.empty())
        return;
    const ClusterChange change = m_store.apply(deltas);
    if (!change.empty())
        Q_EMIT changed(change);
}

std::optional<k8s::CrdStatusKinds::Kind>
ClusterConnection::statusKind(const std::string &resourceId) const {
    if (!m_session)
        return std::nullopt;
    const auto kinds = m_session->statusKinds();
    auto it = kinds.find(resourceId);
    return it == kinds.end() ? std::nullopt : std::optional(it->second);
}

bool ClusterConnection::servesJobKinds() const {
    if (!m_session || !m_session->optionalSettled())
        return true; // not known yet: assume it does
    for (const auto &[id, state] : m_session->states())
        if (k8s::JobKinds::isJobResource(id) && state.phase != k8s::WatchState::Phase::Unavailable)
            return true;
    return !m_session->statusKinds().empty();
}

void ClusterConnection::returnSyncBuffersWhenApplied() {
    if (hasBacklog()) {
        QTimer::singleShot(500, this, &ClusterConnection::returnSyncBuffersWhenApplied);
        return;
    }
    // The sync's transient buffers (response bodies, decoder scratch, delta batches) are freed
    // by now; keepFreedMemory() would keep them for good.
    FreedMemory::returnInBackground();
}

void ClusterConnection::pollState() {
    if (!m_session)
        return;
    Freshness f = Freshness::from(m_session->states(), m_configError);
    const QString version = QString::fromStdString(m_session->serverVersion());
    if (f == m_freshness && version == m_version)
        return;
    m_freshness = std::move(f);
    m_version = version;
    if (!m_listed && m_freshness.level == Freshness::Level::Live) {
        qCInfo(lcConnection) << m_name << "synced"; // its first sync (tests/bench/startup.sh)
        returnSyncBuffersWhenApplied();
    }
    m_listed = m_listed || m_freshness.level == Freshness::Level::Live;
    if (m_freshness.level == Freshness::Level::Live && !m_accessAsked)
        checkAccess();
    Q_EMIT stateChanged();
}

void ClusterConnection::checkAccess() {
    // Ask once the cluster answers: may this user patch nodes? (docs/writes.md)
    m_accessAsked = true;
    submit(
        {k8s::NodeWrites::accessReview("patch", "", "nodes")}, this,
        [this](std::vector<k8s::WriteResult> results) {
            const auto &r = results.front();
            m_mayPatchNodes = k8s::NodeWrites::allowed(r);
            if (!*m_mayPatchNodes)
                m_accessReason = r.ok() ? tr("the cluster's RBAC does not allow patching nodes")
                                        : QString::fromStdString(r.error.message);
            qCInfo(lcConnection) << m_name << "may patch nodes:" << *m_mayPatchNodes;
            Q_EMIT stateChanged();
        },
        1);
}

} // namespace cubedesk::models
