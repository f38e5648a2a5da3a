#include "models/logbuffer.h"

#include <algorithm>

namespace cubedesk::models {

LogBuffer::LogBuffer(std::size_t maxLines, std::size_t maxBytes)
    : m_maxLines(std::max<std::size_t>(1, maxLines))
    , m_maxBytes(maxBytes) {}

std::size_t LogBuffer::cost(const k8s::LogLine &line) {
    return line.text.size() + sizeof(k8s::LogLine);
}

std::size_t LogBuffer::append(std::vector<k8s::LogLine> &&lines) {
    for (auto &line : lines) {
        m_bytes += cost(line);
        m_lines.push_back(std::move(line));
    }
    lines.clear();
    return trim();
}

std::size_t LogBuffer::overflow(const std::vector<k8s::LogLine> &lines, std::size_t maxLines,
                                std::size_t maxBytes) const {
    maxLines = std::max<std::size_t>(1, maxLines);
    std::size_t count = m_lines.size() + lines.size();
    std::size_t bytes = m_bytes;
    for (const auto &line : lines)
        bytes += cost(line);
    std::size_t gone = 0;
    // Drop from the front of old + new until within both caps.
    while (count > 0 && (count > maxLines || bytes > maxBytes)) {
        bytes -= cost(gone < m_lines.size() ? m_lines[gone] : lines[gone - m_lines.size()]);
        --count;
        ++gone;
    }
    return gone;
}

std::size_t LogBuffer::overflowIfAppended(const std::vector<k8s::LogLine> &lines) const {
    return overflow(lines, m_maxLines, m_maxBytes);
}

std::size_t LogBuffer::overflowWithCaps(std::size_t maxLines, std::size_t maxBytes) const {
    return overflow({}, maxLines, maxBytes);
}

void LogBuffer::dropOldest(std::size_t n) {
    n = std::min(n, m_lines.size());
    for (std::size_t i = 0; i < n; ++i) {
        m_bytes -= cost(m_lines.front());
        m_lines.pop_front();
    }
    m_first += n;
}

std::size_t LogBuffer::setCaps(std::size_t maxLines, std::size_t maxBytes) {
    m_maxLines = std::max<std::size_t>(1, maxLines);
    m_maxBytes = maxBytes;
    return trim();
}

void LogBuffer::clear() {
    m_first += m_lines.size();
    m_cleared += m_lines.size();
    m_lines.clear();
    m_bytes = 0;
}

std::size_t LogBuffer::trim() {
    std::size_t gone = 0;
    while (!m_lines.empty() && (m_lines.size() > m_maxLines || m_bytes > m_maxBytes)) {
        m_bytes -= cost(m_lines.front());
        m_lines.pop_front();
        ++gone;
    }
    m_first += gone;
    return gone;
}

} // namespace cubedesk::models
