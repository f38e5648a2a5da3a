#pragma once

// LogBuffer: the lines a log view holds — a ring capped by lines and by bytes (defaults a user
// can change), the oldest dropped first and counted, so following a chatty pod for hours costs
// the cap and nothing more (docs/threads-and-data-flow.md, "Streams").
//
// Lines have stable absolute numbers: line n stays line n while it is kept; firstNumber() grows
// as old lines go. A view maps its rows to numbers, so dropping from the front never shifts
// what a row means mid-paint; it is told how many went (append()'s result).
//
// Thread-safety: none; the GUI thread owns it (lines arrive from LogStream::drain()).

#include "k8s/api/loglinesplitter.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

namespace cubedesk::models {

class LogBuffer final {
public:
    static constexpr std::size_t kDefaultMaxLines = 100'000;
    static constexpr std::size_t kDefaultMaxBytes = std::size_t{32} << 20;

    explicit LogBuffer(std::size_t maxLines = kDefaultMaxLines,
                       std::size_t maxBytes = kDefaultMaxBytes);

    /// Appends `lines` (moved from); returns how many of the oldest lines were dropped to stay
    /// within the caps (they may include some of `lines` when one batch alone exceeds them).
    std::size_t append(std::vector<k8s::LogLine> &&lines);
    /// How many lines append(`lines`) would drop (old ones first, then the batch's own oldest):
    /// a model announces the removals before they happen.
    std::size_t overflowIfAppended(const std::vector<k8s::LogLine> &lines) const;
    /// How many kept lines setCaps(`maxLines`, `maxBytes`) would drop.
    std::size_t overflowWithCaps(std::size_t maxLines, std::size_t maxBytes) const;
    /// Drops the `n` oldest kept lines (counted as dropped).
    void dropOldest(std::size_t n);
    /// New caps; lines beyond them are dropped at once (returns how many).
    std::size_t setCaps(std::size_t maxLines, std::size_t maxBytes);
    void clear();

    std::size_t size() const { return m_lines.size(); }
    /// The number of the oldest kept line (0 until anything was dropped).
    std::uint64_t firstNumber() const { return m_first; }
    /// Lines dropped so far: by the caps here, and upstream (addUpstreamDropped()); lines the
    /// user cleared do not count.
    std::uint64_t dropped() const { return m_first - m_cleared + m_upstreamDropped; }
    /// Lines the stream itself dropped before they reached this buffer (a slow consumer).
    void addUpstreamDropped(std::uint64_t n) { m_upstreamDropped += n; }
    /// The kept line at `row` (0 = the oldest kept).
    const k8s::LogLine &at(std::size_t row) const { return m_lines[row]; }
    /// Bytes of text held (what the byte cap counts, plus a fixed cost per line).
    std::size_t bytes() const { return m_bytes; }
    std::size_t maxLines() const { return m_maxLines; }
    std::size_t maxBytes() const { return m_maxBytes; }

private:
    std::size_t trim();
    /// Lines dropped if `lines` were appended under these caps.
    std::size_t overflow(const std::vector<k8s::LogLine> &lines, std::size_t maxLines,
                         std::size_t maxBytes) const;
    static std::size_t cost(const k8s::LogLine &line);

    std::deque<k8s::LogLine> m_lines;
    std::size_t m_bytes = 0;
    std::size_t m_maxLines;
    std::size_t m_maxBytes;
    std::uint64_t m_first = 0;
    std::uint64_t m_upstreamDropped = 0;
    std::uint64_t m_cleared = 0;
};

} // namespace cubedesk::models
