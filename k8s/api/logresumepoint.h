#pragma once

// LogResumePoint: where a followed log stream stands, so that after a dropped connection it can
// be asked for again without losing or repeating a line (docs/kubernetes-api.md, "Pod logs").
//
// The stream must carry timestamps. The point is the last line's instant and how many lines
// shown so far carry exactly that instant. The new request asks from that instant's second
// (sinceTime: the API server floors it to the second and its bound is inclusive); accept() then
// drops every line older than the point and, at the point's instant, as many lines as were
// already shown. Lines without a timestamp (an error the kubelet appended) are accepted.
//
// Thread-safety: a value type with one owner.

#include "k8s/api/loglinesplitter.h"
#include "k8s/api/rfc3339.h"

#include <cstdint>
#include <optional>

namespace cubedesk::k8s {

class LogResumePoint final {
public:
    /// A line was shown: it becomes the point when it is the newest.
    void shown(const LogLine &line);
    /// The `sinceTime` to ask from (seconds since the epoch); nullopt before any line.
    std::optional<std::int64_t> sinceTime() const;
    /// Starts reading a resumed stream: the lines at the point are skipped again from here.
    void resume() { m_toSkip = m_atPoint; }
    /// A line of the resumed stream is new (show it, then call shown()); false: already shown.
    bool accept(const LogLine &line);

private:
    std::optional<Rfc3339::Instant> m_point;
    std::uint64_t m_atPoint = 0; ///< lines shown with exactly the point's instant
    std::uint64_t m_toSkip = 0;  ///< of those, still to skip in the resumed stream
};

} // namespace cubedesk::k8s
