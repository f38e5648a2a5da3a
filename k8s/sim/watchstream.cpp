#include "k8s/sim/watchstream.h"

#include "k8s/sim/tableprinter.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <thread>

namespace cubedesk::sim {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

constexpr std::size_t kWatchChunk = std::size_t{256} * 1024;

} // namespace

WatchStream::WatchStream(Server server, Request request, Start start)
    : m_server(std::move(server))
    , m_request(std::move(request))
    , m_start(std::move(start)) {}

const char *WatchStream::eventType(const WatchEvent &e,
                                   const std::function<bool(const StoredObject &)> &matches) {
    if (e.type == EventType::Added)
        return matches(*e.object) ? "ADDED" : nullptr;
    if (e.type == EventType::Deleted)
        return matches(e.previous ? *e.previous : *e.object) ? "DELETED" : nullptr;
    const bool now = matches(*e.object);
    const bool before = e.previous && matches(*e.previous);
    if (now && before)
        return "MODIFIED";
    if (now)
        return "ADDED";
    return before ? "DELETED" : nullptr;
}

bool WatchStream::flush(httplib::DataSink &sink) {
    if (m_pending.empty())
        return true;
    const bool ok = sink.write(m_pending.data(), m_pending.size());
    m_pending.clear();
    return ok;
}

bool WatchStream::emit(httplib::DataSink &sink, const char *kind, const ObjectPtr &o) {
    if (m_server.faults.malformedEvent()) {
        // A broken chunk in place of this event, then the stream is cut: a client that resumes
        // from its last good version loses nothing.
        m_pending += "{\"type\":\"MODIFIED\",\"object\":{\"kind\"\n";
        flush(sink);
        return false;
    }
    m_pending += R"({"type":")";
    m_pending += kind;
    m_pending += R"(","object":)";
    if (m_request.table) {
        json t = {{"kind", "Table"},
                  {"apiVersion", "meta.k8s.io/v1"},
                  {"metadata", {{"resourceVersion", std::to_string(o->rv)}}},
                  {"rows", json::array({json::parse(m_server.tableRow(o))})}};
        t["columnDefinitions"] =
            m_headerSent ? json() : TablePrinter::columnDefinitions(m_request.type);
        m_headerSent = true;
        m_pending += t.dump();
    } else {
        m_pending += m_server.objectJson(o);
    }
    m_pending += "}\n";
    return m_pending.size() < kWatchChunk || flush(sink);
}

bool WatchStream::bookmark(httplib::DataSink &sink, std::uint64_t rv, bool initialEnd) {
    if (!flush(sink))
        return false;
    json meta = {{"resourceVersion", std::to_string(rv)}};
    if (initialEnd)
        meta["annotations"] = {{"k8s.io/initial-events-end", "true"}};
    const std::string line = json{{"type", "BOOKMARK"},
                                  {"object",
                                   {{"kind", m_request.type.kind},
                                    {"apiVersion", m_request.type.apiVersion()},
                                    {"metadata", meta}}}}
                                 .dump() +
                             "\n";
    return sink.write(line.data(), line.size());
}

bool WatchStream::fail(httplib::DataSink &sink, const ApiError &error) {
    flush(sink);
    const std::string line = json{{"type", "ERROR"}, {"object", error.toStatus()}}.dump() + "\n";
    sink.write(line.data(), line.size());
    sink.done();
    return true;
}

bool WatchStream::run(httplib::DataSink &sink) {
    const auto started = Clock::now();
    const auto deadline = started + m_request.timeout;
    const auto dropAfter = m_server.faults.dropWatchAfter();
    const std::uint64_t resetGen = m_server.faults.resetGeneration();
    auto nextBookmark = started + m_server.bookmarkInterval;
    if (m_start.error)
        return fail(sink, *m_start.error);
    for (const auto &o : m_start.initial) {
        if (m_request.matches(*o) && !emit(sink, "ADDED", o))
            return false;
    }
    m_start.initial.clear();
    if (!flush(sink))
        return false;
    if (m_start.initialEnd && !bookmark(sink, m_start.cursor, true))
        return false;

    std::vector<WatchEvent> events;
    std::uint64_t complete = m_start.cursor;
    while (!m_server.stopping.load()) {
        const auto now = Clock::now();
        if (now >= deadline) {
            if (m_request.bookmarks)
                bookmark(sink, complete, false);
            sink.done();
            return true;
        }
        if ((dropAfter.count() > 0 && now - started >= dropAfter) ||
            m_server.faults.resetGeneration() != resetGen)
            return false; // cut the connection without a terminating chunk
        events.clear();
        const auto wait = std::min<Clock::duration>(std::chrono::milliseconds(250), deadline - now);
        auto r = m_server.store.waitForEvents(
            m_request.type, m_start.cursor, events,
            std::chrono::duration_cast<std::chrono::milliseconds>(wait));
        if (!r.ok())
            return fail(sink, r.error());
        for (const auto &e : events) {
            m_start.cursor = e.rv;
            if (!m_request.ns.empty() && e.object->ns != m_request.ns)
                continue;
            const char *kind = eventType(e, m_request.matches);
            if (kind != nullptr && !emit(sink, kind, e.object))
                return false;
        }
        if (!flush(sink))
            return false;
        // Let a busy collection's events gather for 2 ms before the next batch: at thousands of
        // writes per second a watch then writes hundreds of events per chunk instead of waking
        // and writing for each one (a latency no client can tell from the network's).
        if (!events.empty())
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        complete = std::max(m_start.cursor, r.value());
        if (m_request.bookmarks && Clock::now() >= nextBookmark) {
            if (!bookmark(sink, complete, false))
                return false;
            nextBookmark = Clock::now() + m_server.bookmarkInterval;
        }
    }
    return false;
}

} // namespace cubedesk::sim
