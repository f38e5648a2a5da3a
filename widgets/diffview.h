#pragma once
// DiffView: a line diff (k8s::LineDiff) shown read-only — removed lines on a red ground with
// "-", added on green with "+", unchanged context with neither, and "…" where unchanged lines
// were left out; an empty diff reads as a message (setEmptyText). Monospace.
//
// Threads: GUI thread only. Owns its document.

#include "k8s/api/linediff.h"

#include <QPlainTextEdit>

#include <vector>

namespace cubedesk::widgets {

class DiffView final : public QPlainTextEdit {
    Q_OBJECT
public:
    explicit DiffView(QWidget *parent = nullptr);

    void setDiff(const std::vector<k8s::LineDiff::Line> &lines);
    /// What an empty diff shows ("No changes").
    void setEmptyText(const QString &text) { m_empty = text; }
    /// Lines added and removed in what is shown.
    k8s::LineDiff::Counts counts() const { return m_counts; }

private:
    QString m_empty;
    k8s::LineDiff::Counts m_counts;
};

} // namespace cubedesk::widgets
