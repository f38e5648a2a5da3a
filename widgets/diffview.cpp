#include "widgets/diffview.h"

#include <QFontDatabase>
#include <QTextBlock>

namespace cubedesk::widgets {

DiffView::DiffView(QWidget *parent)
    : QPlainTextEdit(parent)
    , m_empty(tr("No changes")) {
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
}

void DiffView::setDiff(const std::vector<k8s::LineDiff::Line> &lines) {
    m_counts = k8s::LineDiff::count(lines);
    if (lines.empty()) {
        setPlainText(m_empty);
        setExtraSelections({});
        return;
    }
    QString text;
    for (const auto &line : lines) {
        const QString body = QString::fromStdString(line.text);
        switch (line.op) {
        case k8s::LineDiff::Op::Added:
            text += QStringLiteral("+ ") + body;
            break;
        case k8s::LineDiff::Op::Removed:
            text += QStringLiteral("- ") + body;
            break;
        case k8s::LineDiff::Op::Same:
            text += line.oldLine == 0 && line.newLine == 0 ? QStringLiteral("…")
                                                           : QStringLiteral("  ") + body;
            break;
        }
        text += QLatin1Char('\n');
    }
    setPlainText(text);
    const bool dark = palette().color(QPalette::Base).lightness() < 128;
    QList<QTextEdit::ExtraSelection> marks;
    QTextBlock block = document()->firstBlock();
    for (const auto &line : lines) {
        if (!block.isValid())
            break;
        if (line.op != k8s::LineDiff::Op::Same) {
            QTextEdit::ExtraSelection mark;
            mark.cursor = QTextCursor(block);
            mark.format.setProperty(QTextFormat::FullWidthSelection, true);
            const bool added = line.op == k8s::LineDiff::Op::Added;
            mark.format.setBackground(
                added ? (dark ? QColor(0x1f, 0x4d, 0x2b) : QColor(0xd7, 0xf5, 0xdd))
                      : (dark ? QColor(0x5c, 0x22, 0x22) : QColor(0xfb, 0xdc, 0xdc)));
            marks << mark;
        }
        block = block.next();
    }
    setExtraSelections(marks);
}

} // namespace cubedesk::widgets
