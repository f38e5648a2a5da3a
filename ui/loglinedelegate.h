#pragma once
// LogLineDelegate: paints a log view's lines with the current search's matches highlighted —
// every occurrence of the plain text (ASCII letters folded) or of the regular expression on the
// visible lines, as LogViewModel::find() matches whole lines. Wraps when the view wraps. Only
// the rows being painted are matched, so the cost follows the window's height, not the log's.
//
// Threads: GUI thread only. Owned by its view's panel.

#include <QRegularExpression>
#include <QStyledItemDelegate>

namespace cubedesk::ui {

class LogLineDelegate final : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    /// What to highlight; an empty pattern (or an invalid expression) highlights nothing.
    void setPattern(const QString &pattern, bool regularExpression);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;

private:
    QRegularExpression m_pattern;
};

} // namespace cubedesk::ui
