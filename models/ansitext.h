#pragma once

// AnsiText: what a log line shows once its terminal escape sequences are taken out — CSI
// (colours, cursor moves: ESC [ … final byte), OSC (titles, links: ESC ] … BEL or ESC \) and the
// other two-byte escapes — and its other control characters (a tab kept, a carriage return
// ending a progress bar's redraw, the rest shown as U+FFFD). Bytes that are not UTF-8 become
// U+FFFD too (QString::fromUtf8). Pure functions; any thread.

#include <QString>

#include <string>
#include <string_view>

namespace cubedesk::models {

class AnsiText final {
public:
    AnsiText() = delete;
    /// `bytes` without escape sequences (still bytes: a search can run on them).
    static std::string strip(std::string_view bytes);
    /// The text a view shows for `bytes`.
    static QString display(std::string_view bytes);
};

} // namespace cubedesk::models
