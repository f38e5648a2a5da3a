#pragma once

// WatchLineSplitter: splits a watch response body (one JSON document per '\n'-terminated line,
// docs/kubernetes-api.md) into lines while chunks arrive cut anywhere.
//
// Each complete line is passed to the callback without its '\n' (and without a '\r' before it);
// empty lines are skipped. A line that lies entirely inside one chunk is passed as a view into
// the chunk; only the one partial line at the end of a chunk is buffered, in a buffer that keeps
// its capacity, so very long lines (a big object is one line) cost one copy and no re-scans.
// A line longer than maxLineLength() makes feed() fail (protects against a stream that never
// sends '\n'); reset() recovers.
//
// Threads: not thread-safe; one splitter per watch stream, on the session thread. The view
// passed to the callback is valid only during the call.

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class WatchLineSplitter final {
public:
    using LineCallback = std::function<void(std::string_view line)>;

    /// The default longest line: an event carries one object, which the API server keeps to a
    /// few MiB.
    static constexpr std::size_t kDefaultMaxLineLength = std::size_t{64} << 20;

    explicit WatchLineSplitter(std::size_t maxLineLength = kDefaultMaxLineLength)
        : m_maxLineLength(maxLineLength) {}

    /// Consumes a chunk; returns false once a line exceeded maxLineLength().
    bool feed(std::string_view chunk, const LineCallback &onLine);
    /// At the end of the stream: emits a final line that lacked its '\n' (if any).
    void flush(const LineCallback &onLine);
    /// Drops the partial line (keeps the buffer's capacity) and clears the failure.
    void reset();

    std::size_t bufferedBytes() const { return m_partial.size(); }
    std::size_t maxLineLength() const { return m_maxLineLength; }
    bool failed() const { return m_failed; }

private:
    void emit(std::string_view line, const LineCallback &onLine);

    std::string m_partial;
    std::size_t m_maxLineLength;
    bool m_failed = false;
};

} // namespace cubedesk::k8s
