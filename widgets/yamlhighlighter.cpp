#include "widgets/yamlhighlighter.h"

#include <QRegularExpression>

namespace cubedesk::widgets {

namespace {

// Where the comment starts (-1: none): a '#' at the start or after a blank, outside quotes.
int commentStart(const QString &text) {
    QChar quote;
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            continue;
        }
        if (c == QLatin1Char('"') || c == QLatin1Char('\''))
            quote = c;
        else if (c == QLatin1Char('#') && (i == 0 || text[i - 1].isSpace()))
            return i;
    }
    return -1;
}

} // namespace

YamlHighlighter::YamlHighlighter(QTextDocument *document, bool dark)
    : QSyntaxHighlighter(document) {
    m_key.setForeground(dark ? QColor(0x7c, 0xb7, 0xff) : QColor(0x0b, 0x4f, 0xa8));
    m_comment.setForeground(dark ? QColor(0x8a, 0x94, 0x9e) : QColor(0x6a, 0x73, 0x7d));
    m_comment.setFontItalic(true);
    m_string.setForeground(dark ? QColor(0x9c, 0xd6, 0x8c) : QColor(0x22, 0x74, 0x1c));
    m_literal.setForeground(dark ? QColor(0xe5, 0xa8, 0x6b) : QColor(0xa3, 0x4a, 0x00));
    m_separator.setForeground(dark ? QColor(0xd0, 0x9c, 0xf0) : QColor(0x7a, 0x2c, 0xa8));
    m_separator.setFontWeight(QFont::Bold);
    m_error.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    m_error.setUnderlineColor(QColor(0xd0, 0x30, 0x30));
}

void YamlHighlighter::setErrorLine(int line) {
    if (line == m_errorLine)
        return;
    m_errorLine = line;
    rehighlight();
}

void YamlHighlighter::highlightBlock(const QString &text) {
    static const QRegularExpression key(
        QStringLiteral(R"(^(\s*(?:-\s+)*)((?:"[^"]*"|'[^']*'|[^\s#'"][^:#]*?))\s*:(?=\s|$))"));
    static const QRegularExpression literal(QStringLiteral(
        R"((?<=[:\-\[,]\s|^)\s*(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|true|false|True|False|yes|no|null|~|[&*][\w-]+)\s*$)"));
    static const QRegularExpression quoted(QStringLiteral(R"("(?:[^"\\]|\\.)*"|'[^']*')"));
    if (text.startsWith(QLatin1String("---")) || text.startsWith(QLatin1String("..."))) {
        setFormat(0, int(text.size()), m_separator);
    } else {
        const int comment = commentStart(text);
        const QString code = comment >= 0 ? text.left(comment) : text;
        int valueFrom = 0;
        if (const auto m = key.match(code); m.hasMatch()) {
            setFormat(int(m.capturedStart(2)), int(m.capturedLength(2)), m_key);
            valueFrom = int(m.capturedEnd(0));
        }
        for (auto it = quoted.globalMatch(code, valueFrom); it.hasNext();) {
            const auto m = it.next();
            setFormat(int(m.capturedStart()), int(m.capturedLength()), m_string);
        }
        const QString value = code.mid(valueFrom).trimmed();
        if (const auto m = literal.match(code, valueFrom); m.hasMatch() && !value.isEmpty())
            setFormat(int(m.capturedStart(1)), int(m.capturedLength(1)), m_literal);
        if (comment >= 0)
            setFormat(comment, int(text.size()) - comment, m_comment);
    }
    if (m_errorLine > 0 && currentBlock().blockNumber() + 1 == m_errorLine) {
        for (int i = 0; i < text.size(); ++i) {
            QTextCharFormat f = format(i);
            f.setUnderlineStyle(QTextCharFormat::WaveUnderline);
            f.setUnderlineColor(m_error.underlineColor());
            setFormat(i, 1, f);
        }
    }
}

} // namespace cubedesk::widgets
