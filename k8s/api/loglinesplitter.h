#pragma once

// LogLineSplitter: the bytes of a pod log stream, as they arrive in chunks of any size, into
// lines — with the kubelet's timestamp taken off the front when the request asked for
// timestamps (docs/kubernetes-api.md, "Pod logs").
//
// Memory is bounded by construction: a line longer than `maxLineBytes` keeps its first
// `maxLineBytes` bytes and is marked truncated (the rest is skipped up to its newline, never
// stored). Bytes are kept as they came: invalid UTF-8 and ANSI escapes are the viewer's concern.
// A last line without a newline is held until more bytes come or finish() says the stream
// ended (then it is a line of its own, marked as having no newline).
//
// Thread-safety: none; one owner (the thread reading the stream).

#include "k8s/api/rfc3339.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

struct LogLine {
    /// The kubelet's timestamp, when the stream carried them and this line has one.
    std::optional<Rfc3339::Instant> time;
    std::string text;          ///< without the timestamp and without the line feed
    bool truncated = false;    ///< longer than the splitter's cap: only its start is kept
    bool unterminated = false; ///< the stream ended before its line feed
    /// Bytes this line took in the stream (timestamp and line feed included).
    std::size_t streamBytes = 0;
};

class LogLineSplitter final {
public:
    static constexpr std::size_t kDefaultMaxLineBytes = std::size_t{64} * 1024;

    explicit LogLineSplitter(bool timestamps, std::size_t maxLineBytes = kDefaultMaxLineBytes)
        : m_timestamps(timestamps)
        , m_maxLineBytes(maxLineBytes) {}

    /// Appends the complete lines in `chunk` (with what was held from before) to `out`.
    void feed(std::string_view chunk, std::vector<LogLine> &out);
    /// The stream ended: a held partial line becomes a line of its own.
    void finish(std::vector<LogLine> &out);
    /// Bytes held for a line that has not ended yet (at most the cap plus a timestamp).
    std::size_t heldBytes() const { return m_partial.size(); }

private:
    void emit(std::vector<LogLine> &out, bool unterminated);

    bool m_timestamps;
    std::size_t m_maxLineBytes;
    std::string m_partial; ///< the current line's bytes so far (capped)
    std::size_t m_partialStreamBytes = 0;
    bool m_partialTruncated = false;
};

} // namespace cubedesk::k8s
