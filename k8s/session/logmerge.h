#pragma once

// LogMerge: the lines of several logs (a job's pods) interleaved by their timestamps while they
// still arrive (docs/threads-and-data-flow.md, "Streams"). Each source's lines come in order;
// a line is released once no open source can still bring an earlier one: every source that is
// not finished has delivered a line at or after it, or has been silent for `patience` (a quiet
// replica must not hold the others back). Lines without a timestamp take their predecessor's.
// Sources that arrive late (a replica that started after the others) may bring lines older than
// ones already released: those are released at once, not reordered after the fact. No line is
// held longer than `patience` after it arrived, whatever the others say: a node whose clock runs
// behind would otherwise hold every other pod's lines (and the memory they take) for as long as
// its clock is off; such lines come out of order instead.
//
// Thread-safety: none; one owner (the GUI thread for the window, the main thread for the CLI).

#include "k8s/api/loglinesplitter.h"

#include <chrono>
#include <deque>
#include <optional>
#include <vector>

namespace cubedesk::k8s {

class LogMerge final {
public:
    using Clock = std::chrono::steady_clock;
    struct Released {
        int source = 0;
        LogLine line;
    };

    explicit LogMerge(std::chrono::milliseconds patience = std::chrono::milliseconds(1000));

    /// A new source, added at `now` (it may hold the others back for `patience` before its
    /// first line); returns its index (0, 1, …).
    int addSource(Clock::time_point now);
    /// Lines of `source`, in its order, received at `now`.
    void push(int source, std::vector<LogLine> &&lines, Clock::time_point now);
    /// `source` will bring no more lines (its log ended or failed).
    void finish(int source);
    /// The lines that can be shown now, in time order (ties: source order, then arrival).
    std::vector<Released> release(Clock::time_point now);
    /// Lines held back, waiting for other sources.
    std::size_t held() const;

private:
    struct Pending {
        LogLine line;
        Clock::time_point arrived;
    };
    struct Source {
        std::deque<Pending> lines;
        std::optional<Rfc3339::Instant> last; ///< the newest time this source delivered
        Clock::time_point heard{};
        bool finished = false;
    };
    static bool before(const Rfc3339::Instant &a, const Rfc3339::Instant &b) {
        return a.seconds != b.seconds ? a.seconds < b.seconds : a.nanos < b.nanos;
    }

    std::vector<Source> m_sources;
    std::chrono::milliseconds m_patience;
};

} // namespace cubedesk::k8s
