#include "k8s/api/loglinesplitter.h"

#include <algorithm>

namespace cubedesk::k8s {

namespace {

/// Room for "2006-01-02T15:04:05.000000000+07:00 " before the text counts against the cap.
constexpr std::size_t kTimestampRoom = 40;

} // namespace

void LogLineSplitter::feed(std::string_view chunk, std::vector<LogLine> &out) {
    const std::size_t cap = m_maxLineBytes + (m_timestamps ? kTimestampRoom : 0);
    while (!chunk.empty()) {
        const std::size_t nl = chunk.find('\n');
        const std::string_view piece = chunk.substr(0, nl);
        m_partialStreamBytes += piece.size();
        if (m_partial.size() < cap) {
            const std::size_t room = cap - m_partial.size();
            m_partial.append(piece.substr(0, room));
            if (piece.size() > room)
                m_partialTruncated = true;
        } else if (!piece.empty()) {
            m_partialTruncated = true;
        }
        if (nl == std::string_view::npos)
            return;
        ++m_partialStreamBytes; // the line feed
        emit(out, false);
        chunk.remove_prefix(nl + 1);
    }
}

void LogLineSplitter::finish(std::vector<LogLine> &out) {
    if (m_partialStreamBytes > 0)
        emit(out, true);
}

void LogLineSplitter::emit(std::vector<LogLine> &out, bool unterminated) {
    LogLine line;
    line.streamBytes = m_partialStreamBytes;
    line.unterminated = unterminated;
    std::string_view text = m_partial;
    if (m_timestamps) {
        const std::size_t space = text.find(' ');
        if (space != std::string_view::npos) {
            if (auto t = Rfc3339::parse(text.substr(0, space))) {
                line.time = *t;
                text.remove_prefix(space + 1);
            }
        }
    }
    line.truncated = m_partialTruncated || text.size() > m_maxLineBytes;
    line.text.assign(text.substr(0, std::min(text.size(), m_maxLineBytes)));
    out.push_back(std::move(line));
    m_partial.clear();
    m_partialStreamBytes = 0;
    m_partialTruncated = false;
}

} // namespace cubedesk::k8s
