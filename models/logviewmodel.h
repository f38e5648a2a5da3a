#pragma once

// LogViewModel: the rows of one log view — a list model over a LogBuffer, fed in batches
// (never a signal per line), with the buffer's caps: when lines go, the oldest rows are removed
// first (one beginRemoveRows for all of them), then the batch is inserted (one beginInsertRows).
//
// Display: the text without escape sequences (AnsiText), the time in local time when
// timestamps are shown, the source prefix of an aggregated log; roles in modelroles.h. Search
// runs over the kept lines' bytes (plain text: a byte search on UTF-8, case-insensitive for
// ASCII) or their display text (a regular expression).
//
// Thread-safety: GUI thread only.

#include "k8s/api/loglinesplitter.h"
#include "models/logbuffer.h"

#include <QAbstractListModel>
#include <QColor>
#include <QStringList>

#include <deque>
#include <vector>

namespace cubedesk::models {

class LogViewModel final : public QAbstractListModel {
    Q_OBJECT
public:
    explicit LogViewModel(QObject *parent = nullptr);

    /// Appends a batch (moved from); `sources` (optional, same length) names each line's pod
    /// and container in an aggregated log, as indexes into addSource()'s names.
    void append(std::vector<k8s::LogLine> &&lines, const std::vector<int> &sources = {});
    /// Registers an aggregated log's source ("[pod/container] "); returns its index.
    int addSource(const QString &name);
    void clear();
    void setCaps(std::size_t maxLines, std::size_t maxBytes);
    void setShowTimestamps(bool show);
    bool showTimestamps() const { return m_showTimestamps; }
    /// Counts lines the stream dropped before they arrived (LogStream::Batch::dropped).
    void addUpstreamDropped(std::uint64_t n);

    const LogBuffer &buffer() const { return m_buffer; }

    /// Rows whose text contains `pattern` (plain) or matches it (regular expression); empty
    /// for an empty pattern or an invalid expression.
    std::vector<int> find(const QString &pattern, bool regularExpression, bool caseSensitive) const;
    /// The colour of an aggregated log's `source` (its lines without a severity).
    static QColor sourceColor(int source);
    /// The text of `row` as copy and save write it (timestamp and source when shown).
    QString lineText(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;

Q_SIGNALS:
    /// The dropped-line count changed (for the counters).
    void droppedChanged(quint64 dropped);

private:
    LogBuffer m_buffer;
    std::deque<int> m_sources; ///< parallel to the buffer when the log is aggregated
    QStringList m_sourceNames;
    bool m_showTimestamps = false;
};

} // namespace cubedesk::models
