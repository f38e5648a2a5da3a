#include "k8s/watch/watchlinesplitter.h"

#include <cstring>

namespace cubedesk::k8s {

void WatchLineSplitter::emit(std::string_view line, const LineCallback &onLine) {
    if (!line.empty() && line.back() == '\r')
        line.remove_suffix(1);
    if (!line.empty())
        onLine(line);
}

bool WatchLineSplitter::feed(std::string_view chunk, const LineCallback &onLine) {
    if (m_failed)
        return false;
    const char *p = chunk.data();
    const char *end = p + chunk.size();
    while (p < end) {
        const auto *nl = static_cast<const char *>(std::memchr(p, '\n', end - p));
        if (!nl) {
            if (m_partial.size() + (end - p) > m_maxLineLength) {
                m_failed = true;
                m_partial.clear();
                return false;
            }
            m_partial.append(p, end);
            return true;
        }
        if (m_partial.empty()) {
            emit(std::string_view(p, nl - p), onLine);
        } else {
            m_partial.append(p, nl);
            emit(m_partial, onLine);
            m_partial.clear();
        }
        p = nl + 1;
    }
    return true;
}

void WatchLineSplitter::flush(const LineCallback &onLine) {
    if (!m_failed && !m_partial.empty())
        emit(m_partial, onLine);
    m_partial.clear();
}

void WatchLineSplitter::reset() {
    m_partial.clear();
    m_failed = false;
}

} // namespace cubedesk::k8s
