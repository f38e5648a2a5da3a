#include "k8s/session/clustersession.h"

#include "k8s/api/apistatus.h"
#include "k8s/api/urlescape.h"
#include "k8s/objects/stringpool.h"
#include "k8s/session/processresources.h"
#include "k8s/session/writeexchange.h"
#include "k8s/watch/listitemsplitter.h"

#include <QLoggingCategory>
#include <QString>

#include <algorithm>
#include <chrono>
#include <random>
#include <utility>

#include <simdjson.h>

#ifdef __linux__
#include <pthread.h>
#endif

Q_LOGGING_CATEGORY(lcSession, "cubedesk.k8s.session")

namespace cubedesk::k8s {

struct ClusterSession::TableWatch {
    std::shared_ptr<TableWatchFeed> feed;
    // The decoder outlives the watch that uses it: members are destroyed in reverse order.
    std::unique_ptr<ObjectDecoder> decoder;
    std::unique_ptr<ResourceWatch> watch;
    bool rowsHanded = false; ///< rows went to the feed under the current columns
};

namespace {

/// A discovery document or a write's answer, read whole: beyond this it is not one.
constexpr std::size_t kMaxDocumentBytes = std::size_t{256} << 20;
/// The session loop's longest sleep when nothing is due (everything due wakes it earlier).
constexpr std::chrono::milliseconds kIdleWait{60000};

std::vector<std::string> keyPrefixes(const std::vector<ResourceDescriptor> &resources) {
    std::vector<std::string> prefixes;
    prefixes.reserve(resources.size());
    for (const auto &r : resources)
        prefixes.push_back(r.id() + '/');
    return prefixes;
}

} // namespace

ClusterSession::ClusterSession(Options options)
    : m_options(std::move(options))
    , m_deltas(keyPrefixes(m_options.resources))
    , m_transport(std::make_unique<HttpTransport>(m_options.transport))
    , m_seed(m_options.seed) {
    if (m_seed == 0) {
        std::random_device device;
        m_seed = (std::uint64_t{device()} << 32) ^ device();
    }
    for (const auto &r : m_options.resources)
        m_states[r.id()] = WatchState{};
}

ClusterSession::~ClusterSession() {
    stop();
}

void ClusterSession::start() {
    m_thread = std::thread([this] { run(); });
}

void ClusterSession::stop() {
    m_stop.store(true);
    m_transport->wakeup();
    if (m_thread.joinable())
        m_thread.join();
}

void ClusterSession::post(std::function<void()> job) {
    {
        std::unique_lock lock(m_mutex);
        if (m_exited) {
            // The session thread is gone: answer here so no caller waits forever.
            lock.unlock();
            job();
            return;
        }
        m_jobs.push_back(std::move(job));
    }
    m_transport->wakeup();
}

void ClusterSession::reconnect() {
    post([this] {
        for (auto &w : m_watches)
            w->restart();
        for (auto &t : m_tableWatches)
            t->watch->restart();
    });
}

std::map<std::string, WatchState> ClusterSession::states() const {
    std::lock_guard lock(m_mutex);
    return m_states;
}

bool ClusterSession::synced() const {
    std::lock_guard lock(m_mutex);
    return (m_options.ifServed.empty() || m_optionalSettled) &&
           std::all_of(m_states.begin(), m_states.end(),
                       [](const auto &s) { return s.second.live(); });
}

bool ClusterSession::optionalSettled() const {
    std::lock_guard lock(m_mutex);
    return m_optionalSettled;
}

std::string ClusterSession::blockingError() const {
    std::lock_guard lock(m_mutex);
    for (const auto &[id, s] : m_states)
        if (s.phase == WatchState::Phase::AuthError || s.phase == WatchState::Phase::Forbidden ||
            s.phase == WatchState::Phase::Unavailable)
            return id + ": " + s.reason;
    return {};
}

std::vector<ObjectPtr> ClusterSession::snapshot(const std::string &resourceId) {
    std::promise<std::vector<ObjectPtr>> promise;
    auto future = promise.get_future();
    post([&] {
        for (const auto &w : m_watches)
            if (w->resource().id() == resourceId) {
                promise.set_value(w->snapshot());
                return;
            }
        promise.set_value({});
    });
    return future.get();
}

struct ClusterSession::Batch {
    std::vector<WriteRequest> requests;
    std::vector<WriteResult> results;
    std::vector<std::shared_ptr<std::string>> bodies;
    std::size_t concurrency = 8;
    std::size_t next = 0;
    std::size_t done = 0;
    std::promise<std::vector<WriteResult>> promise;
    std::function<void()> ready;

    /// Hands the results over (moved: a body may be 50 MB) and says so.
    void finish() {
        promise.set_value(std::move(results));
        if (ready)
            ready();
    }
};

std::shared_ptr<TableWatchFeed> ClusterSession::openTableWatch(ResourceDescriptor resource,
                                                               std::function<void()> wake) {
    resource.kind = ObjectKind::TableRow;
    auto feed = std::make_shared<TableWatchFeed>(std::move(resource), std::move(wake));
    post([this, feed] {
        if (m_exited || m_stop.load())
            return feed->setClosed();
        auto table = std::make_unique<TableWatch>();
        table->feed = feed;
        startTableWatch(*table);
        m_tableWatches.push_back(std::move(table));
        m_tableWatchCount.store(m_tableWatches.size() + m_retiredTableWatches.size());
    });
    return feed;
}

void ClusterSession::closeTableWatch(const std::shared_ptr<TableWatchFeed> &feed) {
    post([this, feed] {
        const auto it = std::find_if(m_tableWatches.begin(), m_tableWatches.end(),
                                     [&](const auto &t) { return t->feed == feed; });
        if (it == m_tableWatches.end())
            return;
        (*it)->watch->stop();
        (*it)->feed->setClosed();
        // Kept until the transport reported the cancellation (its callback still names it).
        m_retiredTableWatches.push_back(std::move(*it));
        m_tableWatches.erase(it);
    });
}

void ClusterSession::startTableWatch(TableWatch &table) {
    // A pool of its own: the strings of a browsed type go with its rows, not into the cache's.
    table.decoder = std::make_unique<ObjectDecoder>(StringPool::create());
    TableWatchFeed *feed = table.feed.get();
    table.rowsHanded = false;
    table.watch = std::make_unique<ResourceWatch>(
        feed->resource(), *m_transport, *table.decoder,
        [feed, &table](KubeReflector::DeltaType type, const ObjectPtr &row) {
            table.rowsHanded = true;
            feed->add(type == KubeReflector::DeltaType::Added ? DeltaBuffer<ObjectPtr>::Type::Added
                      : type == KubeReflector::DeltaType::Updated
                          ? DeltaBuffer<ObjectPtr>::Type::Updated
                          : DeltaBuffer<ObjectPtr>::Type::Deleted,
                      row);
        },
        m_nextSeed++, m_options.timeouts);
    table.watch->setColumnsSink([this, feed, &table](const std::vector<ServerTable::Column> &c) {
        feed->setColumns(c);
        if (table.rowsHanded) // rows printed under other columns: list them again
            post([this, feed] { relistTableWatch(feed); });
    });
    table.watch->start();
}

void ClusterSession::relistTableWatch(TableWatchFeed *feed) {
    const auto it = std::find_if(m_tableWatches.begin(), m_tableWatches.end(),
                                 [&](const auto &t) { return t->feed.get() == feed; });
    if (it == m_tableWatches.end())
        return;
    TableWatch &table = **it;
    for (const auto &row : table.watch->snapshot())
        feed->add(DeltaBuffer<ObjectPtr>::Type::Deleted, row);
    table.watch->stop();
    auto retired = std::make_unique<TableWatch>();
    retired->decoder = std::move(table.decoder);
    retired->watch = std::move(table.watch);
    m_retiredTableWatches.push_back(std::move(retired));
    startTableWatch(table);
}

ClusterSession::StreamId
ClusterSession::openStream(HttpRequest request, std::function<void(const HttpResponse &)> done) {
    const StreamId id = m_nextStream.fetch_add(1);
    auto shared = std::make_shared<std::function<void(const HttpResponse &)>>(std::move(done));
    auto req = std::make_shared<HttpRequest>(std::move(request));
    post([this, id, shared, req] {
        if (m_stop.load() || m_exited) {
            HttpResponse cancelled;
            cancelled.cancelled = true;
            (*shared)(cancelled);
            return;
        }
        const auto rid = m_transport->start(
            std::move(*req), [this, id, shared](HttpTransport::RequestId, const HttpResponse &r) {
                m_streams.erase(id);
                (*shared)(r);
            });
        m_streams[id] = rid;
    });
    return id;
}

void ClusterSession::cancelStream(StreamId id) {
    post([this, id] {
        if (m_exited)
            return;
        const auto it = m_streams.find(id);
        if (it != m_streams.end())
            m_transport->cancel(it->second);
    });
}

void ClusterSession::postAfter(std::chrono::milliseconds delay, std::function<void()> job) {
    const auto due = std::chrono::steady_clock::now() + delay;
    auto shared = std::make_shared<std::function<void()>>(std::move(job));
    post([this, due, shared] {
        if (!m_exited)
            m_timers.emplace(due, [shared] { (*shared)(); });
    });
}

std::future<std::vector<WriteResult>> ClusterSession::submit(std::vector<WriteRequest> requests,
                                                             std::size_t concurrency,
                                                             std::function<void()> ready) {
    auto batch = std::make_shared<Batch>();
    batch->requests = std::move(requests);
    batch->results.resize(batch->requests.size());
    batch->concurrency = std::max<std::size_t>(1, concurrency);
    batch->ready = std::move(ready);
    auto future = batch->promise.get_future();
    if (batch->requests.empty()) {
        batch->finish();
        return future;
    }
    post([this, batch] {
        if (m_stop.load() || m_exited) {
            for (auto &r : batch->results)
                r.error = ApiStatus::transportError("the session has stopped");
            batch->finish();
            return;
        }
        pump(batch);
    });
    return future;
}

void ClusterSession::pump(const std::shared_ptr<Batch> &batch) {
    while (batch->next < batch->requests.size() && batch->next - batch->done < batch->concurrency) {
        const std::size_t i = batch->next++;
        WriteExchange::start(*m_transport, batch->requests[i], [this, batch, i](WriteResult r) {
            batch->results[i] = std::move(r);
            ++batch->done;
            const bool stopping = m_stop.load();
            if (!stopping)
                pump(batch);
            if (batch->done == batch->next && (batch->next == batch->requests.size() || stopping)) {
                for (std::size_t j = batch->next; j < batch->requests.size(); ++j)
                    batch->results[j].error =
                        ApiStatus::transportError("not sent: the session stopped");
                batch->finish();
            }
        });
    }
}

std::optional<Discovery> ClusterSession::discovery() const {
    std::lock_guard lock(m_mutex);
    return m_discoveryResult;
}

std::string ClusterSession::discoveryError() const {
    std::lock_guard lock(m_mutex);
    return m_discoveryError;
}

void ClusterSession::startDiscovery() {
    m_discovery = Discovery();
    m_discoveryPending = 0;
    m_discoveryFirstError.clear();
    fetchDiscovery("/api", true);
    fetchDiscovery("/apis", true);
}

void ClusterSession::fetchDiscovery(const std::string &path, bool root) {
    ++m_discoveryPending;
    auto body = std::make_shared<std::string>();
    HttpRequest req;
    req.path = path;
    req.headers = {root ? Discovery::acceptHeader() : "Accept: application/json"};
    req.timeout = std::chrono::seconds(32);
    req.responseTimeout = m_options.timeouts.response;
    req.onData = [body](std::string_view chunk, int) {
        body->append(chunk);
        return body->size() <= kMaxDocumentBytes;
    };
    m_transport->start(std::move(req), [this, body, path, root](HttpTransport::RequestId,
                                                                const HttpResponse &r) {
        std::string error;
        if (r.status != 200) {
            error =
                path + ": " +
                (r.status == 0
                     ? r.error
                     : ApiStatus::fromResponse(r.status, *body, r.retryAfterSeconds).toString());
        } else if (root && Discovery::isAggregated(r.contentType)) {
            if (const auto added = m_discovery.addAggregated(*body); !added)
                error = added.error();
        } else if (root) {
            // Legacy discovery: the answer names the group-versions to fetch one by one.
            if (auto gvs = m_discovery.legacyGroupVersions(*body); !gvs)
                error = gvs.error();
            else
                for (const auto &gv : *gvs)
                    fetchDiscovery(gv.find('/') == std::string::npos ? "/api/" + gv : "/apis/" + gv,
                                   false);
        } else if (const auto added = m_discovery.addResourceList(*body); !added) {
            error = added.error();
        }
        discoveryStepDone(error);
    });
}

void ClusterSession::discoveryStepDone(const std::string &error) {
    if (!error.empty() && m_discoveryFirstError.empty())
        m_discoveryFirstError = error;
    if (--m_discoveryPending > 0)
        return;
    {
        std::lock_guard lock(m_mutex);
        if (m_discoveryFirstError.empty()) {
            m_discoveryResult = m_discovery;
            m_discoveryError.clear();
        } else {
            m_discoveryError = m_discoveryFirstError;
        }
    }
    if (!m_discoveryFirstError.empty())
        retryLater(&ClusterSession::startDiscovery);
    addServedResources();
}

void ClusterSession::retryLater(void (ClusterSession::*step)()) {
    // Like the watches' backoff: 1 s doubling to 30 s, so a cluster whose discovery failed once
    // (a 503 while the API server started) still gets its job kinds watched.
    m_retryBackoff = std::min<std::chrono::milliseconds>(
        std::chrono::seconds(30),
        std::max<std::chrono::milliseconds>(std::chrono::seconds(1), m_retryBackoff * 2));
    m_retryAt = std::chrono::steady_clock::now() + m_retryBackoff;
    m_retryStep = step;
}

void ClusterSession::addServedResources() {
    // Once per session: a relist (F5) keeps the watches it has. With a failed discovery nothing
    // is added yet and discoveryError() says why; the retry comes back here.
    if (m_servedAdded)
        return;
    const bool ok = m_discoveryFirstError.empty();
    if (!ok)
        return settleOptional();
    m_servedAdded = true;
    for (const auto &wanted : m_options.ifServed) {
        if (!ok)
            break;
        const auto found = m_discovery.find(wanted.group, wanted.plural);
        if (!found || !found->can("list") || !found->can("watch"))
            continue;
        ResourceDescriptor r = wanted;
        r.version = found->version;
        r.namespaced = found->namespaced;
        addWatch(r, m_deltas.addChannel(r.id() + '/'));
        m_watches.back()->start();
    }
    if (m_options.followStatusKinds)
        fetchStatusKinds(); // settles when the CRD list is in
    else
        settleOptional();
}

void ClusterSession::settleOptional() {
    publishStates();
    std::lock_guard lock(m_mutex);
    m_optionalSettled = true;
}

void ClusterSession::fetchStatusKinds() {
    m_crdFound.clear();
    m_crdSkipped = 0;
    fetchStatusKindsPage({});
}

void ClusterSession::fetchStatusKindsPage(const std::string &continueToken) {
    // Streamed and paged like any other list: a cluster with hundreds of CRDs has a CRD list of
    // tens of MiB, and only one item at a time is held.
    struct Page {
        ListItemSplitter splitter;
        std::string error;
        std::string errorBody;
    };
    auto page = std::make_shared<Page>();
    HttpRequest req;
    req.path = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions?limit=100";
    if (!continueToken.empty())
        req.path += "&continue=" + UrlEscape::queryValue(continueToken);
    req.headers = {"Accept: application/json"};
    req.timeout = m_options.timeouts.listPage;
    req.responseTimeout = m_options.timeouts.response;
    req.onData = [this, page](std::string_view chunk, int status) {
        if (status != 200) {
            page->errorBody.append(
                chunk.substr(0, 65536 - std::min<std::size_t>(65536, page->errorBody.size())));
            return true;
        }
        const bool ok = page->splitter.feed(chunk, [&](std::string_view item) {
            auto kind = CrdStatusKinds::parseItem(item);
            if (!kind) {
                page->error = kind.error();
                return;
            }
            if (*kind)
                considerStatusKind(std::move(**kind));
        });
        return ok && page->error.empty();
    };
    m_transport->start(std::move(req), [this, page](HttpTransport::RequestId,
                                                    const HttpResponse &r) {
        std::string error = page->error;
        if (error.empty() && r.status != 200)
            error = r.status == 0
                        ? r.error
                        : ApiStatus::fromResponse(r.status, page->errorBody, r.retryAfterSeconds)
                              .toString();
        else if (error.empty() && r.curlCode != CURLE_OK)
            error = r.error;
        else if (error.empty() && !page->splitter.finish())
            error = "malformed list: " + page->splitter.error();
        if (error.empty() && !page->splitter.continueToken().empty())
            return fetchStatusKindsPage(page->splitter.continueToken());
        if (!error.empty()) {
            error = "customresourcedefinitions: " + error;
            retryLater(&ClusterSession::fetchStatusKinds);
        }
        {
            std::lock_guard lock(m_mutex);
            if (error.empty()) // keep what an earlier read found when this one failed
                m_statusKinds = m_crdFound;
            m_statusKindsError = error;
            m_statusKindsSkipped = m_crdSkipped;
        }
        if (m_statusKindsWanted)
            watchStatusKinds(true);
        settleOptional();
    });
}

void ClusterSession::considerStatusKind(CrdStatusKinds::Kind kind) {
    const std::string id = kind.id();
    const auto &skip = m_options.skipStatusKinds;
    if (std::find(skip.begin(), skip.end(), id) != skip.end())
        return;
    const bool builtIn = std::any_of(m_options.ifServed.begin(), m_options.ifServed.end(),
                                     [&](const auto &r) { return r.id() == id; });
    if (builtIn)
        return; // watched as a job kind already
    const auto served = m_discovery.find(kind.group, kind.plural);
    if (!served || !served->can("list") || !served->can("watch"))
        return;
    if (m_crdFound.size() >= m_options.statusKindBudget) {
        ++m_crdSkipped;
        return;
    }
    m_crdFound.emplace(id, std::move(kind));
}

void ClusterSession::setStatusKindsWatched(bool watched) {
    post([this, watched] {
        m_statusKindsWanted = watched;
        watchStatusKinds(watched);
    });
}

void ClusterSession::watchStatusKinds(bool watched) {
    std::map<std::string, CrdStatusKinds::Kind> kinds;
    {
        std::lock_guard lock(m_mutex);
        kinds = m_statusKinds;
    }
    if (watched) {
        for (const auto &[id, k] : kinds) {
            const std::string &wanted = id; // a lambda may not capture a structured binding
            const bool running =
                std::any_of(m_watches.begin(), m_watches.end(),
                            [&](const auto &w) { return w->resource().id() == wanted; });
            if (running)
                continue;
            auto channel = m_statusKindChannels.find(id);
            if (channel == m_statusKindChannels.end())
                channel = m_statusKindChannels.emplace(id, m_deltas.addChannel(id + '/')).first;
            addWatch({ObjectKind::CustomResource, k.group, k.version, k.plural, k.namespaced},
                     channel->second);
            m_watches.back()->start();
        }
        publishStates();
        return;
    }
    // Nobody needs them now: stop the watches and hand their objects back as deletions, so
    // the consumer's copies go too and the memory is returned.
    for (auto it = m_watches.begin(); it != m_watches.end();) {
        const std::string id = (*it)->resource().id();
        const auto channel = m_statusKindChannels.find(id);
        if (channel == m_statusKindChannels.end()) {
            ++it;
            continue;
        }
        for (const auto &object : (*it)->snapshot())
            m_deltas.add(ObjectDeltaQueue::Type::Deleted, channel->second, object);
        (*it)->stop();
        // Kept until the transport reported the cancellation (its callback still names it).
        m_retiredWatches.push_back(std::move(*it));
        it = m_watches.erase(it);
        {
            std::lock_guard lock(m_mutex);
            m_states.erase(id);
        }
        if (m_onStatesChanged)
            m_onStatesChanged();
    }
}

std::size_t ClusterSession::statusKindsSkipped() const {
    std::lock_guard lock(m_mutex);
    return m_statusKindsSkipped;
}

std::map<std::string, CrdStatusKinds::Kind> ClusterSession::statusKinds() const {
    std::lock_guard lock(m_mutex);
    return m_statusKinds;
}

std::string ClusterSession::statusKindsError() const {
    std::lock_guard lock(m_mutex);
    return m_statusKindsError;
}

void ClusterSession::addWatch(const ResourceDescriptor &resource, std::uint16_t channel) {
    m_watches.push_back(std::make_unique<ResourceWatch>(
        resource, *m_transport, *m_decoder,
        [this, channel](KubeReflector::DeltaType type, const ObjectPtr &obj) {
            const auto t = type == KubeReflector::DeltaType::Added ? ObjectDeltaQueue::Type::Added
                           : type == KubeReflector::DeltaType::Updated
                               ? ObjectDeltaQueue::Type::Updated
                               : ObjectDeltaQueue::Type::Deleted;
            m_deltas.add(t, channel, obj);
        },
        m_nextSeed++, m_options.timeouts));
}

std::string ClusterSession::serverVersion() const {
    std::lock_guard lock(m_mutex);
    return m_version;
}

std::pair<std::uint64_t, double> ClusterSession::transferStats() {
    std::promise<std::pair<std::uint64_t, double>> promise;
    auto future = promise.get_future();
    post([&] {
        std::uint64_t bytes = 0;
        double seconds = 0;
        for (const auto &w : m_watches) {
            bytes += w->bytesReceived();
            seconds += w->decodeSeconds();
        }
        promise.set_value({bytes, seconds});
    });
    return future.get();
}

void ClusterSession::publishStates() {
    bool changed = false;
    {
        std::lock_guard lock(m_mutex);
        for (const auto &w : m_watches) {
            WatchState &published = m_states[w->resource().id()];
            WatchState counted = published; // a new object count alone is no news
            counted.objects = w->state().objects;
            changed = changed || !(counted == w->state());
            published = w->state();
        }
    }
    if (changed && m_onStatesChanged)
        m_onStatesChanged();
}

void ClusterSession::checkStringPool() {
    m_timers.emplace(std::chrono::steady_clock::now() + m_options.poolCheckInterval,
                     [this] { checkStringPool(); });
    // Every watch live with its last renewal done, or waiting for the user (its objects are
    // renewed once it lists again).
    const bool settled = std::all_of(m_watches.begin(), m_watches.end(), [](const auto &w) {
        const auto phase = w->state().phase;
        return phase == WatchState::Phase::AuthError || phase == WatchState::Phase::Forbidden ||
               phase == WatchState::Phase::Unavailable ||
               (phase == WatchState::Phase::Synced && !w->renewing());
    });
    if (!settled)
        return;
    const std::size_t bytes = m_decoder->pool()->arenaBytesInUse();
    if (m_poolBaseline == 0) {
        m_poolBaseline = bytes; // what the live objects need, after the first sync or a renewal
        return;
    }
    const auto proportional =
        static_cast<std::size_t>(static_cast<double>(m_poolBaseline) * m_options.poolRenewalRatio);
    if (bytes <= m_poolBaseline + std::max(proportional, m_options.poolRenewalGrowth))
        return;
    qCInfo(lcSession).noquote() << QString::fromStdString(m_options.name)
                                << "string pool's arena at" << bytes / 1024
                                << "KiB, after the last renewal" << m_poolBaseline / 1024
                                << "KiB: listing every resource again into a fresh pool";
    m_decoder->renewPool(StringPool::create());
    for (auto &w : m_watches)
        w->renew();
    m_poolBaseline = 0;
    m_poolRenewals.fetch_add(1);
}

void ClusterSession::run() {
    ProcessResources::becomeBackgroundThread(); // the window comes first when they compete
#ifdef __linux__
    // "k8s:<context>" in top -H, perf and gdb (the kernel keeps 15 bytes of it).
    pthread_setname_np(pthread_self(), ("k8s:" + m_options.name).substr(0, 15).c_str());
#endif
    m_decoder = std::make_unique<ObjectDecoder>(StringPool::create());
    m_nextSeed = m_seed;
    m_statusKindsWanted = m_options.watchStatusKinds;
    std::uint16_t channel = 0;
    for (const auto &r : m_options.resources)
        addWatch(r, channel++);
    auto versionBody = std::make_shared<std::string>();
    HttpRequest version;
    version.path = "/version";
    version.headers = {"Accept: application/json"};
    version.timeout = std::chrono::seconds(30);
    version.onData = [versionBody](std::string_view chunk, int) {
        versionBody->append(chunk);
        return versionBody->size() < 65536;
    };
    m_transport->start(std::move(version),
                       [this, versionBody](HttpTransport::RequestId, const HttpResponse &r) {
                           if (r.status != 200)
                               return;
                           simdjson::dom::parser parser;
                           simdjson::dom::element doc;
                           std::string_view v;
                           if (parser.parse(*versionBody).get(doc) == simdjson::SUCCESS &&
                               doc["gitVersion"].get(v) == simdjson::SUCCESS) {
                               {
                                   std::lock_guard lock(m_mutex);
                                   m_version = std::string(v);
                               }
                               if (m_onStatesChanged)
                                   m_onStatesChanged();
                           }
                       });
    startDiscovery();
    for (auto &w : m_watches)
        w->start();
    m_timers.emplace(std::chrono::steady_clock::now() + m_options.poolCheckInterval,
                     [this] { checkStringPool(); });
    while (!m_stop.load()) {
        std::vector<std::function<void()>> jobs;
        {
            std::lock_guard lock(m_mutex);
            jobs.swap(m_jobs);
        }
        for (auto &job : jobs)
            job();
        // Sleep until something happens: the transport wakes for traffic, posted jobs and its
        // requests' deadlines; timers, retries and backoffs are below. Nothing polls.
        auto wait = kIdleWait;
        const auto now = std::chrono::steady_clock::now();
        if (m_retryStep && now >= m_retryAt)
            (this->*std::exchange(m_retryStep, nullptr))();
        while (!m_timers.empty() && m_timers.begin()->first <= now) {
            auto job = std::move(m_timers.begin()->second);
            m_timers.erase(m_timers.begin());
            job();
        }
        if (!m_timers.empty())
            wait = std::min(wait, std::max(std::chrono::milliseconds(0),
                                           std::chrono::duration_cast<std::chrono::milliseconds>(
                                               m_timers.begin()->first - now)));
        if (m_retryStep)
            wait = std::min(wait, std::max(std::chrono::milliseconds(0),
                                           std::chrono::duration_cast<std::chrono::milliseconds>(
                                               m_retryAt - now)));
        auto wakeFor = [&](const ResourceWatch &w) {
            if (auto at = w.wakeAt())
                wait = std::min(
                    wait,
                    std::max(std::chrono::milliseconds(0),
                             std::chrono::duration_cast<std::chrono::milliseconds>(*at - now)));
        };
        for (const auto &w : m_watches)
            wakeFor(*w);
        for (const auto &t : m_tableWatches)
            wakeFor(*t->watch);
        m_transport->perform(wait);
        m_retiredWatches.clear(); // perform() reported their cancelled requests
        m_retiredTableWatches.clear();
        m_tableWatchCount.store(m_tableWatches.size());
        for (auto &w : m_watches)
            w->tick();
        for (auto &t : m_tableWatches) {
            t->watch->tick();
            t->feed->setState(t->watch->state());
        }
        publishStates();
    }
    for (auto &w : m_watches)
        w->stop();
    for (auto &t : m_tableWatches) {
        t->watch->stop();
        t->feed->setClosed();
    }
    m_transport->perform(std::chrono::milliseconds(0));
    m_transport->cancelAll(); // writes and streams in flight report "cancelled" to their callers
    m_timers.clear();
    m_watches.clear();
    m_retiredWatches.clear();
    m_tableWatches.clear();
    m_retiredTableWatches.clear();
    m_tableWatchCount.store(0);
    m_decoder.reset();
    // Answer any request still waiting, so no caller blocks forever.
    std::vector<std::function<void()>> jobs;
    {
        std::lock_guard lock(m_mutex);
        m_exited = true;
        jobs.swap(m_jobs);
    }
    for (auto &job : jobs)
        job();
}

} // namespace cubedesk::k8s
