#include "models/logviewmodel.h"

#include "models/ansitext.h"
#include "models/logseverity.h"
#include "models/modelroles.h"

#include <QColor>
#include <QDateTime>
#include <QRegularExpression>

#include <algorithm>
#include <cctype>
#include <functional>

namespace cubedesk::models {

LogViewModel::LogViewModel(QObject *parent)
    : QAbstractListModel(parent) {}

int LogViewModel::addSource(const QString &name) {
    m_sourceNames.append(name);
    return static_cast<int>(m_sourceNames.size() - 1);
}

void LogViewModel::append(std::vector<k8s::LogLine> &&lines, const std::vector<int> &sources) {
    if (lines.empty())
        return;
    const bool aggregated = !sources.empty() && sources.size() == lines.size();
    const std::size_t overflow = m_buffer.overflowIfAppended(lines);
    const std::size_t oldRows = m_buffer.size();
    const std::size_t fromOld = std::min(overflow, oldRows);
    if (fromOld > 0) {
        beginRemoveRows({}, 0, static_cast<int>(fromOld) - 1);
        m_buffer.dropOldest(fromOld);
        m_sources.erase(m_sources.begin(),
                        m_sources.begin() + static_cast<std::ptrdiff_t>(
                                                std::min<std::size_t>(fromOld, m_sources.size())));
        endRemoveRows();
    }
    // A batch larger than the caps keeps its own newest lines.
    const std::size_t skip = overflow - fromOld;
    std::vector<k8s::LogLine> kept(
        std::make_move_iterator(lines.begin() + static_cast<std::ptrdiff_t>(skip)),
        std::make_move_iterator(lines.end()));
    lines.clear();
    if (skip > 0)
        m_buffer.addUpstreamDropped(skip);
    if (!kept.empty()) {
        const int first = static_cast<int>(m_buffer.size());
        beginInsertRows({}, first, first + static_cast<int>(kept.size()) - 1);
        if (aggregated)
            m_sources.insert(m_sources.end(), sources.begin() + static_cast<std::ptrdiff_t>(skip),
                             sources.end());
        m_buffer.append(std::move(kept));
        endInsertRows();
    }
    if (overflow > 0)
        Q_EMIT droppedChanged(m_buffer.dropped());
}

void LogViewModel::clear() {
    beginResetModel();
    m_buffer.clear();
    m_sources.clear();
    m_sourceNames.clear();
    endResetModel();
}

void LogViewModel::setCaps(std::size_t maxLines, std::size_t maxBytes) {
    // Announce the removal first: how many go with the new caps.
    const std::size_t gone = m_buffer.overflowWithCaps(maxLines, maxBytes);
    if (gone > 0)
        beginRemoveRows({}, 0, static_cast<int>(gone) - 1);
    m_buffer.setCaps(maxLines, maxBytes);
    if (gone > 0) {
        m_sources.erase(m_sources.begin(), m_sources.begin() + static_cast<std::ptrdiff_t>(std::min(
                                                                   gone, m_sources.size())));
        endRemoveRows();
        Q_EMIT droppedChanged(m_buffer.dropped());
    }
}

void LogViewModel::setShowTimestamps(bool show) {
    if (show == m_showTimestamps)
        return;
    m_showTimestamps = show;
    if (rowCount() > 0)
        Q_EMIT dataChanged(index(0), index(rowCount() - 1), {Qt::DisplayRole});
}

void LogViewModel::addUpstreamDropped(std::uint64_t n) {
    if (n == 0)
        return;
    m_buffer.addUpstreamDropped(n);
    Q_EMIT droppedChanged(m_buffer.dropped());
}

QColor LogViewModel::sourceColor(int source) {
    // Hues that stay apart from each other and from the error red and warning amber, readable
    // on a light background.
    static const QColor colors[] = {
        QColor(0x1f, 0x5f, 0xb4), QColor(0x2e, 0x7d, 0x32), QColor(0x6a, 0x1b, 0x9a),
        QColor(0x00, 0x77, 0x7a), QColor(0x8d, 0x4e, 0x00), QColor(0x37, 0x47, 0x4f),
        QColor(0xad, 0x14, 0x57), QColor(0x3f, 0x51, 0xb5),
    };
    return colors[static_cast<std::size_t>(source) % std::size(colors)];
}

int LogViewModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_buffer.size());
}

QString LogViewModel::lineText(int row) const {
    const k8s::LogLine &line = m_buffer.at(static_cast<std::size_t>(row));
    QString out;
    if (static_cast<std::size_t>(row) < m_sources.size())
        out += m_sourceNames.value(m_sources[static_cast<std::size_t>(row)]);
    if (m_showTimestamps && line.time) {
        const auto t = QDateTime::fromMSecsSinceEpoch(
                           line.time->seconds * 1000 + line.time->nanos / 1000000, Qt::UTC)
                           .toLocalTime();
        out += t.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss.zzz ")); // local time
    }
    out += AnsiText::display(line.text);
    return out;
}

QVariant LogViewModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const k8s::LogLine &line = m_buffer.at(row);
    switch (role) {
    case Qt::DisplayRole:
        return lineText(index.row());
    case LogTimeRole:
        if (!line.time)
            return QDateTime();
        return QDateTime::fromMSecsSinceEpoch(
                   line.time->seconds * 1000 + line.time->nanos / 1000000, Qt::UTC)
            .toLocalTime();
    case LogSeverityRole:
        return static_cast<int>(LogSeverity::of(AnsiText::strip(line.text)));
    case Qt::ForegroundRole:
        // Errors and warnings stand out; the palette's text colour for the rest.
        switch (LogSeverity::of(AnsiText::strip(line.text))) {
        case LogSeverity::Error:
            return QColor(0xc6, 0x28, 0x28);
        case LogSeverity::Warning:
            return QColor(0xb2, 0x6a, 0x00);
        case LogSeverity::None:
            break;
        }
        // An aggregated log: each pod its own colour.
        if (row < m_sources.size())
            return sourceColor(m_sources[row]);
        return {};
    case LogSourceRole:
        return row < m_sources.size() ? m_sourceNames.value(m_sources[row]) : QString();
    case LogNumberRole:
        return static_cast<qulonglong>(m_buffer.firstNumber() + row);
    default:
        return {};
    }
}

std::vector<int> LogViewModel::find(const QString &pattern, bool regularExpression,
                                    bool caseSensitive) const {
    std::vector<int> rows;
    if (pattern.isEmpty())
        return rows;
    const std::size_t n = m_buffer.size();
    if (regularExpression) {
        const QRegularExpression re(pattern, caseSensitive
                                                 ? QRegularExpression::NoPatternOption
                                                 : QRegularExpression::CaseInsensitiveOption);
        if (!re.isValid())
            return rows;
        for (std::size_t i = 0; i < n; ++i)
            if (re.match(AnsiText::display(m_buffer.at(i).text)).hasMatch())
                rows.push_back(static_cast<int>(i));
        return rows;
    }
    // Plain text: a byte search in UTF-8 (ASCII letters fold when case-insensitive).
    std::string needle = pattern.toStdString();
    const auto fold = [caseSensitive](unsigned char c) {
        return caseSensitive ? c : static_cast<unsigned char>(std::tolower(c));
    };
    std::transform(needle.begin(), needle.end(), needle.begin(), fold);
    const std::boyer_moore_horspool_searcher searcher(
        needle.begin(), needle.end(),
        [&fold](char c) { return std::hash<unsigned char>()(fold(static_cast<unsigned char>(c))); },
        [&fold](char a, char b) {
            return fold(static_cast<unsigned char>(a)) == fold(static_cast<unsigned char>(b));
        });
    for (std::size_t i = 0; i < n; ++i) {
        const std::string &text = m_buffer.at(i).text;
        if (std::search(text.begin(), text.end(), searcher) != text.end())
            rows.push_back(static_cast<int>(i));
    }
    return rows;
}

} // namespace cubedesk::models
