#pragma once
// TerminalCell: one cell of a TerminalScreen as a view paints it — the grapheme, its width and
// its resolved attributes. Plain value type, built on demand by TerminalScreen::cell()/line();
// GUI thread.

#include <QColor>
#include <QString>

namespace cubedesk::models {

struct TerminalCell {
    QString text;  ///< the grapheme (base character and combining marks); empty for a blank
    int width = 1; ///< 1, 2 for a wide (CJK) character, 0 for the right half of a wide one
    QColor fg;     ///< resolved RGB; invalid: the default foreground (the palette's Text)
    QColor bg;     ///< resolved RGB; invalid: the default background (the palette's Base)
    bool bold = false;
    bool italic = false;
    bool underline = false;
    bool inverse = false; ///< the view swaps fg and bg (after resolving the defaults)
    bool strike = false;
};

} // namespace cubedesk::models
