#pragma once

#include "k8s/api/servertable.h"
#include "k8s/net/httptransport.h"
#include "k8s/objects/kubeobject.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/resourcedescriptor.h"
#include "k8s/watch/listitemsplitter.h"
#include "k8s/watch/reflector.h"
#include "k8s/watch/watchlinesplitter.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

/// The identity of a cached object within one resource: views of its namespace and name inside
/// the object itself — no copy per cached object. Texts, not pool ids: objects decoded into two
/// string pools (while the session renews its pool) have the same key.
struct ObjectKey {
    std::string_view ns;
    std::string_view name;
    bool operator==(const ObjectKey &) const = default;
};

struct ObjectKeyHash {
    std::size_t operator()(const ObjectKey &k) const {
        return std::hash<std::string_view>{}(k.name) * 31u + std::hash<std::string_view>{}(k.ns);
    }
};

/// Key and version of a cached object, for the Reflector.
struct KubeObjectTraits {
    using Key = ObjectKey;
    using Hash = ObjectKeyHash;
    static ObjectKey key(const KubeObject &o) { return {o.namespaceName(), o.name()}; }
    static std::string version(const KubeObject &o) { return o.resourceVersion(); }
    /// version(a) == version(b) without building strings.
    static bool sameVersion(const KubeObject &a, const KubeObject &b) {
        const auto na = a.resourceVersionNumber();
        const auto nb = b.resourceVersionNumber();
        if (na || nb)
            return na == nb; // a canonical number never equals a textual version
        return a.resourceVersion() == b.resourceVersion();
    }
    /// "namespace/name", for messages and delta keys.
    static std::string text(const KubeObject &o) {
        std::string k(o.namespaceName());
        k += '/';
        k += o.name();
        return k;
    }
};

using ObjectPtr = std::shared_ptr<const KubeObject>;
using KubeReflector = Reflector<KubeObject, KubeObjectTraits>;

/// Deadlines that turn a silent server into a visible failure (docs/cache.md, "Silence"). With
/// the defaults a path that goes silent shows as stale within watchIdle + response = 85 s.
struct WatchTimeouts {
    /// Any LIST or WATCH: until the status line arrives.
    std::chrono::milliseconds response{20000};
    /// One paged LIST page (at most 500 objects), whole.
    std::chrono::milliseconds listPage{60000};
    /// An unpaged LIST (the fallback after an expired continue token): the longest pause.
    std::chrono::milliseconds listIdle{30000};
    /// A watch that delivered nothing (no event, no bookmark) this long is re-opened.
    std::chrono::milliseconds watchIdle{65000};
};

/// One list+watch of one resource of one cluster: drives a Reflector over HttpTransport, with
/// LIST bodies split item by item and watch streams line by line while the bytes arrive, each
/// item decoded straight into its slim projection. Every change goes to the sink.
///
/// A resource of kind ObjectKind::TableRow is listed and watched as the server's Table
/// (`as=Table`): its items are TableRows, and the Table's column definitions go to the columns
/// sink whenever they arrive different from the last ones (the first page, the first event of
/// a watch). A server that answers anything but a Table is a failure that says so.
///
/// Threads: the session thread only (the transport's owner). Owned by ClusterSession.
class ResourceWatch final {
public:
    using Sink = std::function<void(KubeReflector::DeltaType, const ObjectPtr &)>;
    using ColumnsSink = std::function<void(const std::vector<ServerTable::Column> &)>;

    ResourceWatch(ResourceDescriptor resource, HttpTransport &transport, ObjectDecoder &decoder,
                  Sink sink, std::uint64_t seed, WatchTimeouts timeouts = {});
    ~ResourceWatch();
    ResourceWatch(const ResourceWatch &) = delete;
    ResourceWatch &operator=(const ResourceWatch &) = delete;

    /// Table rows only: where the column definitions go (before start()).
    void setColumnsSink(ColumnsSink sink) { m_columnsSink = std::move(sink); }
    void start();
    /// Retries a backed-off request when due, ends a streaming list that missed its deadline;
    /// call every loop iteration.
    void tick();
    /// Drops the current request and relists (F5, wake from sleep).
    void restart();
    /// Lists again and replaces every cached object with one decoded from now on (the decoder
    /// renewed its string pool): Reflector::renew. A watch in progress is dropped; the state
    /// stays as it is.
    void renew();
    /// A renew() whose list has not finished yet.
    bool renewing() const { return m_reflector.renewing(); }
    void stop();

    const ResourceDescriptor &resource() const { return m_resource; }
    const WatchState &state() const { return m_reflector.state(); }
    std::optional<std::chrono::steady_clock::time_point> wakeAt() const {
        return m_streamDeadline ? m_streamDeadline : m_reflector.wakeAt();
    }
    std::vector<ObjectPtr> snapshot() const;
    /// Bytes received and time spent decoding (for cubedesk-bench).
    std::uint64_t bytesReceived() const { return m_bytes; }
    double decodeSeconds() const { return m_decodeSeconds; }

private:
    void execute(const ReflectorCommand &command);
    /// Cancels the request in flight, if any, and ignores whatever of it is still on its way.
    void abandonRequest();
    /// Starts `request` (a GET with its path and deadlines set) whose 200 body goes to `onBody`
    /// (decode time and bytes counted, an error body kept for the message) and whose end goes
    /// to `onDone`; abandoned when restarted.
    void send(HttpRequest request, const std::function<void(std::string_view)> &onBody,
              void (ResourceWatch::*onDone)(const HttpResponse &));
    void startList(const std::string &continueToken, bool unpaged = false);
    void startWatch(const ReflectorCommand &command);
    void fail(const ReflectorFailure &failure);
    void onListDone(const HttpResponse &response);
    void onWatchDone(const HttpResponse &response);
    static ReflectorFailure failureOf(const HttpResponse &response, const std::string &body);
    /// Table rows: takes the column definitions in `json` ("" when the answer had none).
    void takeColumns(const std::string &json);
    bool tableRows() const { return m_resource.kind == ObjectKind::TableRow; }

    ResourceDescriptor m_resource;
    WatchTimeouts m_timeouts;
    HttpTransport &m_transport;
    ObjectDecoder &m_decoder;
    KubeReflector m_reflector;
    std::optional<HttpTransport::RequestId> m_request;
    std::uint64_t m_generation = 0; ///< ignores completions of requests we abandoned
    ListItemSplitter m_listSplitter;
    ColumnsSink m_columnsSink;
    std::vector<ServerTable::Column> m_columns;
    WatchLineSplitter m_lineSplitter;
    std::vector<ObjectPtr> m_page;
    std::string m_errorBody;
    std::optional<ReflectorFailure> m_pendingFailure;
    WatchEvent m_event;
    /// A streaming list's state must keep coming: every kStreamPage objects within
    /// WatchTimeouts::listPage, as a LIST's pages must (unset when not streaming).
    std::optional<std::chrono::steady_clock::time_point> m_streamDeadline;
    std::size_t m_streamedSinceDeadline = 0;
    std::uint64_t m_bytes = 0;
    double m_decodeSeconds = 0;
    bool m_stopped = false;
};

} // namespace cubedesk::k8s
