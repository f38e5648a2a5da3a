#pragma once

// WatchStream: the body of one WATCH response — the initial ADDED events (when the watch starts
// from a list), then every change of the collection after the starting resourceVersion that the
// watch's selectors see (an object leaving the selection is DELETED, one entering it ADDED),
// BOOKMARKs when asked, an ERROR event for a 410 or an injected expiry, and the end at the
// timeout. Faults cut the stream as a dropped connection would (no terminating chunk). Events
// are written in batches of up to 256 KB: at 10,000 events/s a write per event cost the
// simulator more than making the events; a client sees what TCP coalescing would give it from a
// real API server under load.
//
// Threads: run() is called on the HTTP server's connection thread and blocks while the watch is
// open; it returns when the stream ends, the client goes away or the server stops. Owns its
// state; the store, the faults and the stop flag belong to the ApiServer and outlive it.

#include "k8s/sim/faultinjector.h"
#include "k8s/sim/objectstore.h"
#include "k8s/sim/resourcetype.h"

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <httplib.h>

namespace cubedesk::sim {

class WatchStream final {
public:
    /// What the stream reads, from the server that opened it.
    struct Server {
        ObjectStore &store;
        FaultInjector &faults;
        const std::atomic<bool> &stopping;
        std::chrono::milliseconds bookmarkInterval;
        /// The object as a watch event carries it (JSON), and as one Table row.
        std::function<std::string(const ObjectPtr &)> objectJson;
        std::function<std::string(const ObjectPtr &)> tableRow;
    };
    /// What the request asked for.
    struct Request {
        ResourceType type;
        std::string ns; ///< "" for every namespace
        bool table = false;
        bool bookmarks = false;
        std::chrono::seconds timeout{1800};
        std::function<bool(const StoredObject &)> matches; ///< the label and field selectors
    };
    /// Where the stream starts: the objects of the list it starts from (sent as ADDED), the
    /// resourceVersion after which changes are sent, whether an initial-events-end BOOKMARK
    /// follows the list, and an error to answer at once (an injected expiry).
    struct Start {
        std::vector<ObjectPtr> initial;
        std::uint64_t cursor = 0;
        bool initialEnd = false;
        std::optional<ApiError> error;
    };

    WatchStream(Server server, Request request, Start start);

    /// Writes the stream to `sink`. True when it ended cleanly (sink.done() was called), false
    /// when the connection is to be cut.
    bool run(httplib::DataSink &sink);

    /// The event a watch that selects with `matches` sends for `e`: "ADDED", "MODIFIED",
    /// "DELETED", or nullptr when the object is outside the selection before and after.
    static const char *eventType(const WatchEvent &e,
                                 const std::function<bool(const StoredObject &)> &matches);

private:
    bool flush(httplib::DataSink &sink);
    bool emit(httplib::DataSink &sink, const char *kind, const ObjectPtr &object);
    bool bookmark(httplib::DataSink &sink, std::uint64_t rv, bool initialEnd);
    bool fail(httplib::DataSink &sink, const ApiError &error);

    Server m_server;
    Request m_request;
    Start m_start;
    std::string m_pending;     ///< events not written yet
    bool m_headerSent = false; ///< the Table's column definitions went with the first row
};

} // namespace cubedesk::sim
