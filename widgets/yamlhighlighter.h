#pragma once
// YamlHighlighter: syntax highlighting of YAML in a text document (the YAML editor and the
// read-only YAML panels): mapping keys, comments, quoted strings, numbers and the YAML 1.1
// booleans and null kubectl reads as such, anchors and aliases, document separators (`---`),
// and one line marked as where the parser failed (setErrorLine). Line by line, no parsing: a
// half-typed document is still coloured. Colours follow the palette's lightness (readable in the
// light and the dark theme).
//
// Threads: GUI thread only. Owned by the document it highlights (QObject parent).

#include <QSyntaxHighlighter>
#include <QTextCharFormat>

namespace cubedesk::widgets {

class YamlHighlighter final : public QSyntaxHighlighter {
    Q_OBJECT
public:
    /// Highlights `document`; `dark`: the palette's window is dark.
    YamlHighlighter(QTextDocument *document, bool dark);

    /// Underlines 1-based line `line` as the parser's error (0: none).
    void setErrorLine(int line);

protected:
    void highlightBlock(const QString &text) override;

private:
    QTextCharFormat m_key;
    QTextCharFormat m_comment;
    QTextCharFormat m_string;
    QTextCharFormat m_literal;
    QTextCharFormat m_separator;
    QTextCharFormat m_error;
    int m_errorLine = 0;
};

} // namespace cubedesk::widgets
