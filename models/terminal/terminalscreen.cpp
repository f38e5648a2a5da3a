#include "models/terminal/terminalscreen.h"

#include <algorithm>
#include <array>
#include <climits>
#include <cstring>

#include <vterm.h>

namespace cubedesk::models {

namespace {

/// libvterm marks the right half of a wide character with this in chars[0].
constexpr uint32_t WideTail = 0xFFFFFFFFu;
/// At most this much of an unfinished escape sequence (an OSC string) waits for the next
/// write(); a longer one is dropped.
constexpr qsizetype MaxHeld = 4096;

enum Flag : uint8_t {
    Bold = 1,
    Italic = 2,
    Underline = 4,
    Reverse = 8,
    Strike = 16,
};

/// A VTermColor as 4 comparable bytes (the indexed variant leaves bytes 2–3 undefined).
uint32_t packColor(const VTermColor &c) {
    if (VTERM_COLOR_IS_INDEXED(&c))
        return uint32_t(c.type) | (uint32_t(c.indexed.idx) << 8);
    return uint32_t(c.type) | (uint32_t(c.rgb.red) << 8) | (uint32_t(c.rgb.green) << 16) |
           (uint32_t(c.rgb.blue) << 24);
}

VTermColor unpackColor(uint32_t v) {
    VTermColor c;
    std::memset(&c, 0, sizeof c);
    c.type = uint8_t(v & 0xff);
    if (VTERM_COLOR_IS_INDEXED(&c)) {
        c.indexed.idx = uint8_t(v >> 8);
    } else {
        c.rgb.red = uint8_t(v >> 8);
        c.rgb.green = uint8_t(v >> 16);
        c.rgb.blue = uint8_t(v >> 24);
    }
    return c;
}

/// Cell flags beyond the painted attributes.
constexpr uint8_t Protected = 32; ///< DECSCA: a selective erase keeps it

VTermModifier toVTermModifier(Qt::KeyboardModifiers m) {
    int mod = VTERM_MOD_NONE;
    if (m & Qt::ShiftModifier)
        mod |= VTERM_MOD_SHIFT;
    if (m & Qt::AltModifier)
        mod |= VTERM_MOD_ALT;
    if (m & Qt::ControlModifier)
        mod |= VTERM_MOD_CTRL;
    return VTermModifier(mod);
}

/// The length of the UTF-8 sequence that `lead` starts (1 for anything else).
qsizetype utf8Length(uchar lead) {
    if (lead >= 0xF0 && lead < 0xF8)
        return 4;
    if (lead >= 0xE0 && lead < 0xF0)
        return 3;
    if (lead >= 0xC0 && lead < 0xE0)
        return 2;
    return 1;
}

/// How many bytes at the end of `bytes` are an incomplete UTF-8 sequence.
qsizetype incompleteUtf8Tail(QByteArrayView bytes) {
    const qsizetype size = bytes.size();
    for (qsizetype back = 1; back <= 3 && back <= size; ++back) {
        const uchar c = uchar(bytes.at(size - back));
        if ((c & 0xC0) == 0x80)
            continue; // a continuation byte: look further back
        return utf8Length(c) > back ? back : 0;
    }
    return 0;
}

/// The UTF-8 sequence at bytes[i]: its length when well-formed (RFC 3629: no overlongs,
/// surrogates or code points above U+10FFFF) and printable (not a C1 control), else 0 and in
/// `prefix` how many of its bytes are a maximal ill-formed subpart (Unicode's "U+FFFD
/// substitution of maximal subparts"; a C1 control is one).
qsizetype validUtf8At(QByteArrayView bytes, qsizetype i, qsizetype *prefix = nullptr) {
    const uchar c = uchar(bytes.at(i));
    qsizetype length = 0;
    uchar low = 0x80;
    uchar high = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        low = c == 0xE0 ? 0xA0 : 0x80;
        high = c == 0xED ? 0x9F : 0xBF;
    } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        low = c == 0xF0 ? 0x90 : 0x80;
        high = c == 0xF4 ? 0x8F : 0xBF;
    }
    qsizetype good = 1;
    if (c == 0xC2 && i + 1 < bytes.size() && uchar(bytes.at(i + 1)) < 0xA0 &&
        uchar(bytes.at(i + 1)) >= 0x80) {
        // A C1 control (U+0080–U+009F): libvterm 0.1 prints it with width -1, moving the
        // cursor left of column 0 (insert mode then writes outside its arrays).
        if (prefix)
            *prefix = 2;
        return 0;
    }
    if (length > 0 && i + 1 < bytes.size()) {
        const uchar second = uchar(bytes.at(i + 1));
        if (second >= low && second <= high) {
            good = 2;
            while (good < length && i + good < bytes.size() &&
                   (uchar(bytes.at(i + good)) & 0xC0) == 0x80)
                ++good;
        }
    }
    if (length > 0 && good == length)
        return length;
    if (prefix)
        *prefix = good;
    return 0;
}

/// The offset of the first byte of `bytes` that is not well-formed UTF-8, or its size.
qsizetype firstInvalidUtf8(QByteArrayView bytes) {
    const qsizetype size = bytes.size();
    qsizetype i = 0;
    while (i < size) {
        while (i + 8 <= size) { // ASCII eight bytes at a time
            quint64 word;
            std::memcpy(&word, bytes.data() + i, sizeof word);
            if (word & 0x8080808080808080ULL)
                break;
            i += 8;
        }
        if (i >= size)
            break;
        if (uchar(bytes.at(i)) < 0x80) {
            ++i;
            continue;
        }
        const qsizetype length = validUtf8At(bytes, i);
        if (length == 0)
            return i;
        i += length;
    }
    return size;
}

/// `bytes` with each maximal ill-formed subpart of UTF-8 (a stray byte, or a lead byte with the
/// continuation bytes that were right so far) replaced by U+FFFD, from `from` on.
QByteArray sanitizedUtf8(QByteArrayView bytes, qsizetype from) {
    QByteArray out;
    out.reserve(bytes.size() + 16);
    out.append(bytes.first(from));
    qsizetype i = from;
    while (i < bytes.size()) {
        const uchar c = uchar(bytes.at(i));
        if (c < 0x80) {
            out.append(char(c));
            ++i;
            continue;
        }
        if (const qsizetype length = validUtf8At(bytes, i)) {
            out.append(bytes.sliced(i, length));
            i += length;
            continue;
        }
        qsizetype prefix = 1;
        validUtf8At(bytes, i, &prefix);
        out.append("\xEF\xBF\xBD");
        i += prefix;
    }
    return out;
}

enum EscapeState : uint8_t {
    InEsc,
    InStringEsc, ///< ESC inside an OSC/DCS string: ST (ESC \) or a new escape
    InCsiLeader,
    InCsiArgs,
    InCsiIntermediates,
    InString,
};

enum class Sequence { Other, Rep, Decrc, Dropped, Incomplete };

/// libvterm 0.1.4's parser keeps CSI arguments in an array of CSI_ARGS_MAX (16) and writes past
/// its end from the 17th argument on: such a sequence never reaches it.
constexpr int MaxCsiArguments = 16;

struct SequenceEnd {
    Sequence kind = Sequence::Other;
    qsizetype end = 0; ///< after its last byte (or at the ESC that aborted it)
    int count = 1;     ///< REP's repeat count
};

bool isIntermediate(uchar c) {
    return c >= 0x20 && c <= 0x2f;
}

} // namespace

struct TerminalScreenParser {
    /// Runs the escape sequence in `e` on over bytes[i...] as libvterm 0.1's parser (parser.c)
    /// does, to its end. A CSI with too many arguments is Dropped however it ends.
    static SequenceEnd scan(QByteArrayView bytes, qsizetype i, TerminalScreen::Escape &e) {
        SequenceEnd end = scanTo(bytes, i, e);
        if (end.kind != Sequence::Incomplete && e.argIndex >= MaxCsiArguments)
            end.kind = Sequence::Dropped;
        return end;
    }
    static SequenceEnd scanTo(QByteArrayView bytes, qsizetype i, TerminalScreen::Escape &e);
};

SequenceEnd TerminalScreenParser::scanTo(QByteArrayView bytes, qsizetype i,
                                         TerminalScreen::Escape &e) {
    const qsizetype size = bytes.size();
    for (; i < size; ++i) {
        const uchar c = uchar(bytes.at(i));
        if (c == 0x00 || c == 0x7f)
            continue; // ignored everywhere
        if (c == 0x18 || c == 0x1a)
            return {Sequence::Other, i + 1}; // CAN, SUB: back to normal
        if (c == 0x1b) {
            if (e.state == InString) {
                e.state = InStringEsc;
                continue;
            }
            return {Sequence::Other, i}; // a new escape starts here
        }
        if (c == 0x07 && e.state == InString)
            return {Sequence::Other, i + 1}; // BEL ends a string
        if (c < 0x20)
            continue; // other C0 controls are executed; the sequence goes on
        switch (e.state) {
        case InString:
            continue;
        case InStringEsc:
            if (c == '\\')
                return {Sequence::Other, i + 1}; // ST
            e.state = InEsc;
            [[fallthrough]];
        case InEsc:
            if (c == 'P' || c == ']') {
                e.state = InString;
            } else if (c == '[') {
                e = TerminalScreen::Escape{InCsiLeader, false, 0, -1, 0};
            } else if (isIntermediate(c)) {
                ++e.intermediates;
            } else if (e.intermediates == 0 && c >= 0x40 && c < 0x60) {
                return {Sequence::Other, i + 1}; // a C1 control
            } else if (c >= 0x30 && c < 0x7f) {
                const bool decrc = c == '8' && e.intermediates == 0;
                return {decrc ? Sequence::Decrc : Sequence::Other, i + 1};
            } // else ignored
            continue;
        case InCsiLeader:
            if (c >= 0x3c && c <= 0x3f) {
                e.leader = true;
                continue;
            }
            e.state = InCsiArgs;
            [[fallthrough]];
        case InCsiArgs:
            if (c >= '0' && c <= '9') {
                if (e.argIndex == 0)
                    e.firstArg = std::min<qint64>(std::max<qint64>(e.firstArg, 0) * 10 + (c - '0'),
                                                  TerminalScreen::MaxDimension);
                continue;
            }
            if (c == ':' || c == ';') {
                ++e.argIndex;
                continue;
            }
            e.state = InCsiIntermediates;
            [[fallthrough]];
        case InCsiIntermediates:
            if (isIntermediate(c)) {
                ++e.intermediates;
                continue;
            }
            if (c == 'b' && !e.leader && e.intermediates == 0)
                return {Sequence::Rep, i + 1, int(std::max<qint64>(e.firstArg, 1))};
            return {Sequence::Other, i + 1}; // its final byte, or an invalid one ending it
        }
    }
    return {Sequence::Incomplete, size};
}

namespace {

QString graphemeText(const uint32_t *chars, int max) {
    char32_t buffer[VTERM_MAX_CHARS_PER_CELL];
    int n = 0;
    for (; n < max && n < VTERM_MAX_CHARS_PER_CELL && chars[n] != 0; ++n)
        buffer[n] = chars[n] <= 0x10FFFF ? char32_t(chars[n]) : char32_t(0xFFFD);
    return QString::fromUcs4(buffer, n);
}

} // namespace

struct TerminalScreen::Run {
    uint16_t col = 0; ///< first column of the run
    uint8_t flags = 0;
    uint32_t fg = 0; ///< packColor()
    uint32_t bg = 0;
};

struct TerminalScreen::Combining {
    uint16_t col = 0;
    std::array<uint32_t, VTERM_MAX_CHARS_PER_CELL - 1> rest{}; ///< zero-terminated unless full
};

/// One cell of the live grid: the base character (0 blank, WideTail the right half of a wide
/// character), the packed colours and the flags; combining marks live in the Line.
struct TerminalScreen::Cell {
    uint32_t ch = 0;
    uint32_t fg = 0;
    uint32_t bg = 0;
    uint8_t flags = 0;
    bool operator==(const Cell &) const = default;
    /// Paints like the default background: trailing ones are not kept in the scrollback.
    bool plainBlank() const {
        return ch == 0 && !(flags & (Reverse | Underline | Strike)) &&
               ((bg & 0xff) & VTERM_COLOR_DEFAULT_BG); // packColor(): the type is the low byte
    }
};

/// A line of the live grid. Cells from `used` on are all `fill` (what the last clear wrote),
/// so that clearing and scrolling a short line costs its length, not the screen's width.
struct TerminalScreen::Line {
    std::vector<Cell> cells; ///< columns() of them
    std::vector<Combining> combining;
    int used = 0;
    Cell fill;

    void touch(int end) { used = std::max(used, end); }
};

/// One scrollback line: chars[] per cell up to the last non-blank one (0 blank, WideTail the
/// right half of a wide character), attributes as runs from column 0, combining marks aside.
struct TerminalScreen::SbLine {
    std::vector<uint32_t> chars;
    std::vector<Run> runs;
    std::vector<Combining> combining;
};

/// The C callbacks of libvterm's state layer, forwarding to the TerminalScreen in `user`.
struct TerminalScreenCallbacks {
    static TerminalScreen *self(void *user) { return static_cast<TerminalScreen *>(user); }

    static int putGlyph(VTermGlyphInfo *info, VTermPos pos, void *user) {
        self(user)->onGlyph(info->chars, info->width, info->protected_cell != 0, pos.row, pos.col);
        return 1;
    }
    static int moveCursor(VTermPos, VTermPos, int, void *user) {
        self(user)->markChanged();
        return 1;
    }
    static int scrollRect(VTermRect r, int downward, int rightward, void *user) {
        return self(user)->onScroll(r.start_row, r.end_row, r.start_col, r.end_col, downward,
                                    rightward)
                   ? 1
                   : 0; // 0: libvterm moves and erases through moveRect() and erase()
    }
    static int moveRect(VTermRect dest, VTermRect src, void *user) {
        self(user)->onMove(dest.start_row, dest.start_col, src.start_row, src.start_col,
                           dest.end_row - dest.start_row, dest.end_col - dest.start_col);
        return 1;
    }
    static int erase(VTermRect r, int selective, void *user) {
        self(user)->onErase(r.start_row, r.end_row, r.start_col, r.end_col, selective != 0);
        return 1;
    }
    static int setPenAttr(VTermAttr attr, VTermValue *val, void *user) {
        self(user)->onPen(attr, val);
        return 1;
    }
    static int setTermProp(VTermProp prop, VTermValue *val, void *user) {
        self(user)->onProperty(prop, val);
        return 1;
    }
    static int bell(void *user) {
        self(user)->m_bellPending = true;
        return 1;
    }
    static int resize(int rows, int cols, VTermPos *delta, void *user) {
        self(user)->onResize(rows, cols, &delta->row);
        return 1;
    }
    static int setLineInfo(int, const VTermLineInfo *, const VTermLineInfo *, void *) {
        return 1; // double-width and double-height lines paint as normal ones
    }
    static void output(const char *s, size_t len, void *user) {
        self(user)->m_output.append(s, qsizetype(len));
    }

    static constexpr VTermStateCallbacks state{
        .putglyph = &putGlyph,
        .movecursor = &moveCursor,
        .scrollrect = &scrollRect,
        .moverect = &moveRect,
        .erase = &erase,
        .initpen = nullptr, // the pen is reset through setpenattr
        .setpenattr = &setPenAttr,
        .settermprop = &setTermProp,
        .bell = &bell,
        .resize = &resize,
        .setlineinfo = &setLineInfo,
    };
};

TerminalScreen::TerminalScreen(int rows, int cols, QObject *parent)
    : QObject(parent)
    , m_rows(std::clamp(rows, 1, MaxDimension))
    , m_cols(std::clamp(cols, MinColumns, MaxDimension)) {
    m_changeTimer.setSingleShot(true);
    m_changeTimer.setInterval(0);
    connect(&m_changeTimer, &QTimer::timeout, this, &TerminalScreen::emitChanged);

    m_vt = vterm_new(m_rows, m_cols);
    vterm_set_utf8(m_vt, 1);
    vterm_output_set_callback(m_vt, &TerminalScreenCallbacks::output, this);
    m_state = vterm_obtain_state(m_vt);
    vterm_state_set_callbacks(m_state, &TerminalScreenCallbacks::state, this);
    m_grids[0] = newGrid(m_rows);
    vterm_state_reset(m_state, 1); // sets the default pen and erases the grid
    // The 16 ANSI colours readable on light and dark palettes (libvterm's blue, 0,0,224, is
    // not on dark ones); bold colours 0–7 show bright, as most terminals do for `ls --color`.
    static constexpr uint8_t ansi[16][3] = {
        {0x00, 0x00, 0x00}, {0xcd, 0x31, 0x31}, {0x0d, 0xbc, 0x79}, {0xc8, 0xa6, 0x00},
        {0x24, 0x72, 0xc8}, {0xbc, 0x3f, 0xbc}, {0x11, 0xa8, 0xcd}, {0xc8, 0xc8, 0xc8},
        {0x66, 0x66, 0x66}, {0xf1, 0x4c, 0x4c}, {0x23, 0xd1, 0x8b}, {0xf5, 0xd5, 0x43},
        {0x3b, 0x8e, 0xea}, {0xd6, 0x70, 0xd6}, {0x29, 0xb8, 0xdb}, {0xf2, 0xf2, 0xf2},
    };
    for (int i = 0; i < 16; ++i) {
        VTermColor c;
        vterm_color_rgb(&c, ansi[i][0], ansi[i][1], ansi[i][2]);
        vterm_state_set_palette_color(m_state, i, &c);
    }
    vterm_state_set_bold_highbright(m_state, 1);
    m_output.clear();
    m_titlePending = false;
    m_bellPending = false;
    m_damage = QRect(0, 0, m_cols, m_rows);
}

TerminalScreen::~TerminalScreen() {
    vterm_free(m_vt);
}

void TerminalScreen::write(QByteArrayView bytes) {
    if (bytes.isEmpty())
        return;
    if (m_held.isEmpty()) {
        feed(bytes);
    } else {
        QByteArray joined;
        joined.swap(m_held);
        joined.append(bytes);
        feed(joined);
    }
    finishCall();
}

void TerminalScreen::feed(QByteArrayView bytes) {
    // Guards for libvterm 0.1.4:
    //  * it loses what it has seen of an OSC/DCS string (a title) when the string continues in
    //    the next vterm_input_write, and decodes a UTF-8 sequence split after ASCII as U+FFFD:
    //    an unfinished escape sequence (up to MaxHeld bytes; a longer one is dropped) or UTF-8
    //    sequence at the end waits for the next write(), which also leaves the parser between
    //    sequences for what resize() and parse() send it;
    //  * a truncated UTF-8 sequence followed by more text overflows its decoding buffer (on the
    //    stack; `cat` of a binary file does it): ill-formed UTF-8 becomes U+FFFD here.
    const qsizetype utf8Tail = incompleteUtf8Tail(bytes);
    QByteArrayView now = bytes.first(bytes.size() - utf8Tail);
    QByteArray clean;
    const qsizetype invalid = firstInvalidUtf8(now);
    if (invalid < now.size()) {
        clean = sanitizedUtf8(now, invalid);
        now = clean;
    }
    const qsizetype parsed = parse(now);
    m_held = now.sliced(parsed).toByteArray();
    m_held.append(bytes.last(utf8Tail));
}

qsizetype TerminalScreen::parse(QByteArrayView bytes) {
    // The escape sequences are followed as libvterm's parser sees them (scan()), for
    // two it gets wrong:
    //  * REP (CSI n b, which ncurses sends for xterm: the character, then REP n-1) repeats the
    //    last character up to the end of the line. libvterm loops forever when there is none
    //    yet (`printf '\e[5b'` in a new terminal) and puts a wide one's right half past the end
    //    of the line: REP is done here instead, by printing the character left of the cursor.
    //  * DECRC (ESC 8) restores a cursor saved before the screen shrank without clamping it;
    //    the next character reads outside libvterm's arrays: it is clamped right after.
    const char *data = bytes.data();
    const qsizetype size = bytes.size();
    qsizetype from = 0;
    if (m_discarding) { // the rest of a sequence too long to hold
        const SequenceEnd end = TerminalScreenParser::scan(bytes, 0, m_discard);
        if (end.kind == Sequence::Incomplete)
            return size;
        m_discarding = false;
        from = end.end;
    }
    for (qsizetype i = from; i < size;) {
        const void *found = std::memchr(data + i, 0x1b, std::size_t(size - i));
        if (!found)
            break;
        const qsizetype esc = static_cast<const char *>(found) - data;
        Escape state;
        const SequenceEnd end = TerminalScreenParser::scan(bytes, esc + 1, state);
        switch (end.kind) {
        case Sequence::Incomplete:
            vterm_input_write(m_vt, data + from, std::size_t(esc - from));
            if (size - esc <= MaxHeld)
                return esc;      // held for the next write
            m_discarding = true; // nothing useful is that long: dropped
            m_discard = state;
            return size;
        case Sequence::Rep:
            vterm_input_write(m_vt, data + from, std::size_t(esc - from));
            cancelSequence();
            repeatLastCharacter(end.count);
            from = end.end;
            break;
        case Sequence::Decrc:
            vterm_input_write(m_vt, data + from, std::size_t(end.end - from));
            clampCursor();
            from = end.end;
            break;
        case Sequence::Dropped:
            vterm_input_write(m_vt, data + from, std::size_t(esc - from));
            cancelSequence();
            from = end.end;
            break;
        case Sequence::Other:
            break;
        }
        i = end.end;
    }
    vterm_input_write(m_vt, data + from, std::size_t(size - from));
    return size;
}

void TerminalScreen::cancelSequence() {
    // A sequence libvterm is still inside (one that the escape it never sees would have ended)
    // must not swallow what comes next: CAN ends it, and does nothing between sequences.
    vterm_input_write(m_vt, "\x18", 1);
}

void TerminalScreen::clampCursor() {
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    if (pos.row >= 0 && pos.row < m_rows && pos.col >= 0 && pos.col < m_cols)
        return;
    const QByteArray cup = "\x1b[" + QByteArray::number(std::clamp(pos.row, 0, m_rows - 1) + 1) +
                           ';' + QByteArray::number(std::clamp(pos.col, 0, m_cols - 1) + 1) + 'H';
    vterm_input_write(m_vt, cup.constData(), std::size_t(cup.size()));
}

void TerminalScreen::repeatLastCharacter(int count) {
    // The character left of the cursor, as ncurses prints it right before the REP.
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    if (pos.row < 0 || pos.row >= m_rows || pos.col < 1 || pos.col > m_cols)
        return;
    const Line &line = *grid()[std::size_t(pos.row)];
    int col = pos.col - 1;
    int width = 1;
    if (line.cells[std::size_t(col)].ch == WideTail) {
        width = 2;
        if (--col < 0)
            return;
    }
    const uint32_t ch = line.cells[std::size_t(col)].ch;
    if (ch == 0 || ch == WideTail)
        return;
    // As REP: up to the end of the line, without wrapping.
    const int times = std::min(count, (m_cols - pos.col) / width);
    if (times <= 0)
        return;
    const QByteArray glyphs = grapheme(ch, line.combining, col).toUtf8().repeated(times);
    vterm_input_write(m_vt, glyphs.constData(), std::size_t(glyphs.size()));
}

void TerminalScreen::resize(int rows, int cols) {
    rows = std::clamp(rows, 1, MaxDimension);
    cols = std::clamp(cols, MinColumns, MaxDimension);
    if (rows == m_rows && cols == m_cols)
        return;
    vterm_set_size(m_vt, rows, cols);
    // libvterm 0.1.4 leaves two traps behind a resize, which the next output springs (reads and
    // writes outside its arrays): the cursor above the screen when the lines kept below it need
    // more scrolling than its row (fixed upstream by clamping to row 0), and a scrolling region
    // whose top is below the new bottom. Like xterm, reset the region (and the left/right
    // margins) on a resize; the cursor stays where it is, clamped to the screen. No API does
    // either: the sequences do, the parser being between sequences (see feed()).
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    const QByteArray fix = "\x1b[r\x1b[s\x1b[" +
                           QByteArray::number(std::clamp(pos.row, 0, rows - 1) + 1) + ';' +
                           QByteArray::number(std::clamp(pos.col, 0, cols - 1) + 1) + 'H';
    vterm_input_write(m_vt, fix.constData(), std::size_t(fix.size()));
    m_rows = rows;
    m_cols = cols;
    m_damage = QRect(0, 0, cols, rows);
    markChanged();
    finishCall();
    Q_EMIT sizeChanged(cols, rows);
}

void TerminalScreen::sendText(const QString &text, Qt::KeyboardModifiers modifiers) {
    const VTermModifier mod = toVTermModifier(modifiers);
    for (const char32_t cp : text.toUcs4())
        vterm_keyboard_unichar(m_vt, uint32_t(cp), mod);
    finishCall();
}

bool TerminalScreen::sendKey(int qtKey, Qt::KeyboardModifiers modifiers) {
    VTermModifier mod = toVTermModifier(modifiers);
    const bool alt = modifiers & Qt::AltModifier;
    VTermKey key = VTERM_KEY_NONE;
    switch (qtKey) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        key = VTERM_KEY_ENTER;
        break;
    case Qt::Key_Tab:
        key = VTERM_KEY_TAB;
        break;
    case Qt::Key_Backtab:
        key = VTERM_KEY_TAB;
        mod = VTermModifier(mod | VTERM_MOD_SHIFT);
        break;
    case Qt::Key_Backspace:
        if (modifiers & Qt::ControlModifier) { // ^H, as xterm sends for Ctrl+Backspace
            m_output.append(alt ? "\x1b\x08" : "\x08");
            finishCall();
            return true;
        }
        key = VTERM_KEY_BACKSPACE;
        break;
    case Qt::Key_Escape:
        key = VTERM_KEY_ESCAPE;
        break;
    case Qt::Key_Up:
        key = VTERM_KEY_UP;
        break;
    case Qt::Key_Down:
        key = VTERM_KEY_DOWN;
        break;
    case Qt::Key_Left:
        key = VTERM_KEY_LEFT;
        break;
    case Qt::Key_Right:
        key = VTERM_KEY_RIGHT;
        break;
    case Qt::Key_Insert:
        key = VTERM_KEY_INS;
        break;
    case Qt::Key_Delete:
        key = VTERM_KEY_DEL;
        break;
    case Qt::Key_Home:
        key = VTERM_KEY_HOME;
        break;
    case Qt::Key_End:
        key = VTERM_KEY_END;
        break;
    case Qt::Key_PageUp:
        key = VTERM_KEY_PAGEUP;
        break;
    case Qt::Key_PageDown:
        key = VTERM_KEY_PAGEDOWN;
        break;
    default:
        if (qtKey >= Qt::Key_F1 && qtKey <= Qt::Key_F12)
            key = VTermKey(VTERM_KEY_FUNCTION(qtKey - Qt::Key_F1 + 1));
        break;
    }
    if (key == VTERM_KEY_ENTER || key == VTERM_KEY_BACKSPACE || key == VTERM_KEY_ESCAPE) {
        // libvterm would send CSI 13;2u for Shift+Enter, which shells do not understand.
        mod = VTermModifier(mod & VTERM_MOD_ALT);
    }
    if (key != VTERM_KEY_NONE) {
        vterm_keyboard_key(m_vt, key, mod);
        finishCall();
        return true;
    }
    if (!(modifiers & Qt::ControlModifier))
        return false;
    int code = -1;
    if (qtKey >= Qt::Key_A && qtKey <= Qt::Key_Z) {
        code = qtKey - Qt::Key_A + 1;
    } else {
        switch (qtKey) {
        case Qt::Key_Space:
        case Qt::Key_At:
        case Qt::Key_2:
            code = 0;
            break;
        case Qt::Key_BracketLeft:
        case Qt::Key_3:
            code = 0x1b;
            break;
        case Qt::Key_Backslash:
        case Qt::Key_4:
            code = 0x1c;
            break;
        case Qt::Key_BracketRight:
        case Qt::Key_5:
            code = 0x1d;
            break;
        case Qt::Key_AsciiCircum:
        case Qt::Key_6:
            code = 0x1e;
            break;
        case Qt::Key_Underscore:
        case Qt::Key_Slash:
        case Qt::Key_7:
            code = 0x1f;
            break;
        case Qt::Key_Question:
        case Qt::Key_8:
            code = 0x7f;
            break;
        default:
            break;
        }
    }
    if (code < 0)
        return false;
    if (alt)
        m_output.append('\x1b');
    m_output.append(char(code));
    finishCall();
    return true;
}

void TerminalScreen::paste(const QString &text) {
    QString clean;
    clean.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        const char16_t c = text.at(i).unicode();
        if (c == u'\r') {
            clean.append(u'\r');
            if (i + 1 < text.size() && text.at(i + 1) == u'\n')
                ++i;
        } else if (c == u'\n') {
            clean.append(u'\r');
        } else if (c == u'\t' || (c >= 0x20 && c != 0x7f && (c < 0x80 || c > 0x9f))) {
            clean.append(QChar(c));
        }
    }
    vterm_keyboard_start_paste(m_vt);
    m_output.append(clean.toUtf8());
    vterm_keyboard_end_paste(m_vt);
    finishCall();
}

void TerminalScreen::setFocused(bool focused) {
    if (focused)
        vterm_state_focus_in(m_state);
    else
        vterm_state_focus_out(m_state);
    finishCall();
}

void TerminalScreen::setScrollbackLimit(int lines) {
    lines = std::max(0, lines);
    if (lines == m_sbLimit)
        return;
    const int keep = std::min(m_sbCount, lines);
    std::vector<SbLine> ring;
    ring.reserve(std::size_t(keep));
    const int capacity = int(m_ring.size());
    for (int i = m_sbCount - keep; i < m_sbCount; ++i)
        ring.push_back(std::move(m_ring[std::size_t((m_sbHead + i) % capacity)]));
    m_ring = std::move(ring);
    m_sbHead = 0;
    m_sbCount = keep;
    m_sbLimit = lines;
    markChanged();
}

QPoint TerminalScreen::cursor() const {
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    return {std::clamp(pos.col, 0, m_cols - 1), std::clamp(pos.row, 0, m_rows - 1)};
}

// --- reading ---------------------------------------------------------------------------------

QColor TerminalScreen::resolve(uint32_t packed, bool foreground) const {
    VTermColor c = unpackColor(packed);
    if (foreground ? VTERM_COLOR_IS_DEFAULT_FG(&c) : VTERM_COLOR_IS_DEFAULT_BG(&c))
        return {};
    if (VTERM_COLOR_IS_INDEXED(&c))
        vterm_state_convert_color_to_rgb(m_state, &c);
    return QColor(c.rgb.red, c.rgb.green, c.rgb.blue);
}

void TerminalScreen::applyAttributes(TerminalCell &cell, uint8_t flags, uint32_t fg,
                                     uint32_t bg) const {
    cell.fg = resolve(fg, true);
    cell.bg = resolve(bg, false);
    cell.bold = flags & Bold;
    cell.italic = flags & Italic;
    cell.underline = flags & Underline;
    cell.inverse = flags & Reverse;
    cell.strike = flags & Strike;
}

QString TerminalScreen::grapheme(uint32_t base, const std::vector<Combining> &marks, int col) {
    uint32_t chars[VTERM_MAX_CHARS_PER_CELL] = {base};
    for (const Combining &mark : marks) {
        if (mark.col == col) {
            std::copy(mark.rest.begin(), mark.rest.end(), chars + 1);
            break;
        }
    }
    return graphemeText(chars, VTERM_MAX_CHARS_PER_CELL);
}

const TerminalScreen::SbLine *TerminalScreen::scrollbackLine(int row) const {
    if (row >= 0 || row < -m_sbCount)
        return nullptr;
    const int index = m_sbCount + row; // 0 = oldest
    return &m_ring[std::size_t((m_sbHead + index) % int(m_ring.size()))];
}

TerminalCell TerminalScreen::decodeScrollback(const SbLine &line, int col) const {
    TerminalCell cell;
    if (col < 0 || col >= int(line.chars.size()))
        return cell;
    const auto run = std::upper_bound(line.runs.begin(), line.runs.end(), col,
                                      [](int c, const Run &r) { return c < r.col; }) -
                     1;
    applyAttributes(cell, run->flags, run->fg, run->bg);
    const uint32_t ch = line.chars[std::size_t(col)];
    if (ch == WideTail) {
        cell.width = 0;
        return cell;
    }
    if (ch == 0)
        return cell;
    cell.text = grapheme(ch, line.combining, col);
    if (col + 1 < int(line.chars.size()) && line.chars[std::size_t(col) + 1] == WideTail)
        cell.width = 2;
    return cell;
}

TerminalCell TerminalScreen::decodeLive(int row, int col) const {
    TerminalCell cell;
    const Line &line = *grid()[std::size_t(row)];
    const Cell &c = line.cells[std::size_t(col)];
    if (c.ch == WideTail) {
        cell.width = 0;
        // The right half paints as its left half.
        const Cell &left = col > 0 ? line.cells[std::size_t(col) - 1] : c;
        applyAttributes(cell, left.flags, left.fg, left.bg);
        return cell;
    }
    applyAttributes(cell, c.flags, c.fg, c.bg);
    if (c.ch == 0)
        return cell;
    cell.text = grapheme(c.ch, line.combining, col);
    if (col + 1 < m_cols && line.cells[std::size_t(col) + 1].ch == WideTail)
        cell.width = 2;
    return cell;
}

TerminalCell TerminalScreen::cell(int row, int col) const {
    if (row >= 0)
        return row < m_rows && col >= 0 && col < m_cols ? decodeLive(row, col) : TerminalCell{};
    const SbLine *line = scrollbackLine(row);
    return line ? decodeScrollback(*line, col) : TerminalCell{};
}

std::vector<TerminalCell> TerminalScreen::line(int row) const {
    std::vector<TerminalCell> cells(static_cast<std::size_t>(m_cols));
    const SbLine *sb = row < 0 ? scrollbackLine(row) : nullptr;
    if (row < 0 && !sb)
        return cells;
    if (row >= m_rows)
        return cells;
    for (int col = 0; col < m_cols; ++col)
        cells[std::size_t(col)] = sb ? decodeScrollback(*sb, col) : decodeLive(row, col);
    if (sb && m_cols > 0 && cells.back().width == 2)
        cells.back().width = 1; // its right half is beyond the screen
    return cells;
}

QString TerminalScreen::text(QPoint from, QPoint to) const {
    if (from.y() > to.y() || (from.y() == to.y() && from.x() > to.x()))
        std::swap(from, to);
    const int firstRow = std::max(from.y(), -m_sbCount);
    const int lastRow = std::min(to.y(), m_rows - 1);
    QString out;
    for (int row = firstRow; row <= lastRow; ++row) {
        const SbLine *sb = scrollbackLine(row);
        const int width = sb ? std::max(m_cols, int(sb->chars.size())) : m_cols;
        int first = row == from.y() ? std::clamp(from.x(), 0, width - 1) : 0;
        const int last = row == to.y() ? std::clamp(to.x(), 0, width - 1) : width - 1;
        if (first > 0 && cell(row, first).width == 0)
            --first; // starts on the right half: take the whole character
        QString lineText;
        for (int col = first; col <= last; ++col) {
            const TerminalCell c = cell(row, col);
            if (c.width == 0)
                continue;
            if (c.text.isEmpty())
                lineText.append(u' ');
            else
                lineText.append(c.text);
        }
        qsizetype end = lineText.size();
        while (end > 0 && lineText.at(end - 1) == u' ')
            --end;
        lineText.truncate(end);
        out.append(lineText);
        if (row < lastRow)
            out.append(u'\n');
    }
    return out;
}

// --- the grid: libvterm's state callbacks ------------------------------------------------------

void TerminalScreen::dropCombining(std::vector<Combining> &marks, int from, int to) {
    if (marks.empty())
        return;
    std::erase_if(marks, [from, to](const Combining &m) { return m.col >= from && m.col < to; });
}

TerminalScreen::Grid TerminalScreen::newGrid(int rows) const {
    Grid lines;
    lines.resize(std::size_t(rows));
    for (auto &line : lines) {
        line = std::make_unique<Line>();
        clearLine(*line, blank());
    }
    return lines;
}

TerminalScreen::Cell TerminalScreen::blank() const {
    return Cell{0, m_penFg, m_penBg, 0}; // an erase keeps the pen's colours only (BCE)
}

TerminalScreen::Cell TerminalScreen::defaultBlank() const {
    VTermColor fg;
    VTermColor bg;
    vterm_state_get_default_colors(m_state, &fg, &bg);
    return Cell{0, packColor(fg), packColor(bg), 0};
}

void TerminalScreen::clearLine(Line &line, const Cell &with) const {
    if (with == line.fill && int(line.cells.size()) == m_cols)
        std::fill(line.cells.begin(), line.cells.begin() + line.used, with);
    else
        line.cells.assign(std::size_t(m_cols), with);
    line.used = 0;
    line.fill = with;
    line.combining.clear();
}

void TerminalScreen::damage(int startRow, int endRow, int startCol, int endCol) {
    // Bounds, not a QRect: this runs for every glyph.
    m_damageTop = std::min(m_damageTop, startRow);
    m_damageBottom = std::max(m_damageBottom, endRow);
    m_damageLeft = std::min(m_damageLeft, startCol);
    m_damageRight = std::max(m_damageRight, endCol);
    markChanged();
}

void TerminalScreen::onGlyph(const uint32_t *chars, int width, bool protectedCell, int row,
                             int col) {
    if (row < 0 || row >= m_rows || col < 0 || col >= m_cols)
        return;
    width = std::clamp(width, 1, m_cols - col);
    Line &line = *grid()[std::size_t(row)];
    std::vector<Cell> &cells = line.cells;
    // Overwriting half of a wide character leaves no orphan half.
    if (cells[std::size_t(col)].ch == WideTail && col > 0)
        cells[std::size_t(col) - 1].ch = 0;
    const auto after = std::size_t(col) + std::size_t(width);
    if (after < cells.size() && cells[after].ch == WideTail)
        cells[after].ch = 0;
    const uint8_t flags = uint8_t(m_penFlags | (protectedCell ? Protected : 0));
    cells[std::size_t(col)] = Cell{chars[0], m_penFg, m_penBg, flags};
    if (width == 2)
        cells[std::size_t(col) + 1] = Cell{WideTail, m_penFg, m_penBg, flags};
    if (!line.combining.empty())
        dropCombining(line.combining, col, col + width);
    line.touch(col + width);
    if (chars[0] != 0 && chars[1] != 0) {
        Combining mark;
        mark.col = uint16_t(col);
        for (int i = 1; i < VTERM_MAX_CHARS_PER_CELL && chars[i] != 0; ++i)
            mark.rest[std::size_t(i - 1)] = chars[i];
        line.combining.push_back(mark);
    }
    damage(row, row + 1, col, col + width);
}

bool TerminalScreen::onScroll(int startRow, int endRow, int startCol, int endCol, int downward,
                              int rightward) {
    startRow = std::max(startRow, 0);
    endRow = std::min(endRow, m_rows);
    if (rightward != 0 || startCol != 0 || endCol != m_cols)
        return false; // a part of the width: libvterm moves and erases cell by cell
    if (startRow >= endRow)
        return true;
    Grid &lines = grid();
    const auto first = lines.begin() + startRow;
    const auto end = lines.begin() + endRow;
    const int height = endRow - startRow;
    const Cell with = blank();
    if (std::abs(downward) >= height) {
        for (auto it = first; it != end; ++it)
            clearLine(**it, with);
    } else if (downward > 0) { // up: the top lines leave (into the scrollback from row 0)
        if (startRow == 0 && !m_altScreen) {
            for (int i = 0; i < downward; ++i)
                pushLine(*lines[std::size_t(i)]);
        }
        std::rotate(first, first + downward, end);
        for (auto it = end - downward; it != end; ++it)
            clearLine(**it, with);
    } else if (downward < 0) {
        std::rotate(first, end + downward, end);
        for (auto it = first; it != first - downward; ++it)
            clearLine(**it, with);
    }
    damage(startRow, endRow, 0, m_cols);
    return true;
}

void TerminalScreen::onMove(int destRow, int destCol, int srcRow, int srcCol, int rows, int cols) {
    // Clip both rectangles to the grid together.
    const auto clip = [](int &dest, int &src, int &size, int limit) {
        const int skip = std::max({0, -dest, -src});
        dest += skip;
        src += skip;
        size -= skip;
        size = std::min({size, limit - dest, limit - src});
    };
    clip(destRow, srcRow, rows, m_rows);
    clip(destCol, srcCol, cols, m_cols);
    if (rows <= 0 || cols <= 0)
        return;
    Grid &lines = grid();
    const bool down = destRow > srcRow;
    for (int i = 0; i < rows; ++i) {
        const int r = down ? rows - 1 - i : i; // the order that never reads a written row
        Line &src = *lines[std::size_t(srcRow) + std::size_t(r)];
        Line &dest = *lines[std::size_t(destRow) + std::size_t(r)];
        std::vector<Combining> moved;
        for (const Combining &m : src.combining) {
            if (m.col >= srcCol && m.col < srcCol + cols) {
                moved.push_back(m);
                moved.back().col = uint16_t(m.col - srcCol + destCol);
            }
        }
        const auto from = src.cells.begin() + srcCol;
        if (&src == &dest && destCol > srcCol) // overlapping, to the right
            std::copy_backward(from, from + cols, dest.cells.begin() + destCol + cols);
        else
            std::copy(from, from + cols, dest.cells.begin() + destCol);
        dest.touch(destCol + cols);
        dropCombining(dest.combining, destCol, destCol + cols);
        dest.combining.insert(dest.combining.end(), moved.begin(), moved.end());
    }
    damage(destRow, destRow + rows, destCol, destCol + cols);
}

void TerminalScreen::onErase(int startRow, int endRow, int startCol, int endCol, bool selective) {
    startRow = std::max(startRow, 0);
    endRow = std::min(endRow, m_rows);
    startCol = std::max(startCol, 0);
    endCol = std::min(endCol, m_cols);
    if (startRow >= endRow || startCol >= endCol)
        return;
    const Cell with = blank();
    for (int row = startRow; row < endRow; ++row) {
        Line &line = *grid()[std::size_t(row)];
        if (with != line.fill)
            line.touch(endCol);
        // Half of a wide character erased: the other half goes too.
        if (startCol > 0 && line.cells[std::size_t(startCol)].ch == WideTail)
            line.cells[std::size_t(startCol) - 1].ch = 0;
        for (int col = startCol; col < endCol; ++col) {
            Cell &c = line.cells[std::size_t(col)];
            if (selective && (c.flags & Protected))
                continue;
            c = with;
            if (!line.combining.empty())
                dropCombining(line.combining, col, col + 1);
        }
        if (endCol < m_cols && line.cells[std::size_t(endCol)].ch == WideTail)
            line.cells[std::size_t(endCol)].ch = 0;
    }
    damage(startRow, endRow, startCol, endCol);
}

void TerminalScreen::onPen(int attr, const void *data) {
    const auto *value = static_cast<const VTermValue *>(data);
    const auto flag = [this, value](uint8_t bit) {
        m_penFlags = value->boolean ? uint8_t(m_penFlags | bit) : uint8_t(m_penFlags & ~bit);
    };
    switch (attr) {
    case VTERM_ATTR_BOLD:
        flag(Bold);
        break;
    case VTERM_ATTR_UNDERLINE:
        m_penFlags = value->number != VTERM_UNDERLINE_OFF ? uint8_t(m_penFlags | Underline)
                                                          : uint8_t(m_penFlags & ~Underline);
        break;
    case VTERM_ATTR_ITALIC:
        flag(Italic);
        break;
    case VTERM_ATTR_REVERSE:
        flag(Reverse);
        break;
    case VTERM_ATTR_STRIKE:
        flag(Strike);
        break;
    case VTERM_ATTR_FOREGROUND:
        m_penFg = packColor(value->color);
        break;
    case VTERM_ATTR_BACKGROUND:
        m_penBg = packColor(value->color);
        break;
    default: // blink, conceal, fonts, small, baseline: not painted
        break;
    }
}

void TerminalScreen::pushLine(const Line &from) {
    ++m_sbPosition;
    markChanged();
    if (m_sbLimit == 0)
        return;
    SbLine *line = nullptr;
    const int capacity = int(m_ring.size());
    if (m_sbCount < capacity) {
        line = &m_ring[std::size_t((m_sbHead + m_sbCount) % capacity)];
        ++m_sbCount;
    } else if (capacity < m_sbLimit) { // still growing: m_sbHead is 0
        m_ring.emplace_back();
        line = &m_ring.back();
        ++m_sbCount;
    } else { // full: overwrite the oldest
        line = &m_ring[std::size_t(m_sbHead)];
        m_sbHead = (m_sbHead + 1) % capacity;
    }

    const std::vector<Cell> &cells = from.cells;
    int length = std::min(from.fill.plainBlank() ? from.used : int(cells.size()), int(UINT16_MAX));
    while (length > 0 && cells[std::size_t(length) - 1].plainBlank())
        --length; // trailing blanks are not stored
    line->chars.resize(std::size_t(length));
    line->runs.clear();
    line->combining.clear();
    for (const Combining &mark : from.combining) {
        if (mark.col < length)
            line->combining.push_back(mark);
    }
    for (int col = 0; col < length; ++col) {
        const Cell &c = cells[std::size_t(col)];
        line->chars[std::size_t(col)] = c.ch;
        if (c.ch == WideTail && col > 0)
            continue; // keeps its left half's attributes
        const uint8_t f = uint8_t(c.flags & ~Protected);
        if (line->runs.empty() || f != line->runs.back().flags || c.fg != line->runs.back().fg ||
            c.bg != line->runs.back().bg)
            line->runs.push_back(Run{uint16_t(col), f, c.fg, c.bg});
    }
}

bool TerminalScreen::popLine(Line &to, int cols) {
    if (m_sbCount == 0)
        return false;
    const SbLine &line = m_ring[std::size_t((m_sbHead + m_sbCount - 1) % int(m_ring.size()))];
    to.fill = defaultBlank();
    to.cells.assign(std::size_t(cols), to.fill);
    to.combining.clear();
    const int length = std::min(int(line.chars.size()), cols);
    to.used = length;
    std::size_t run = 0;
    for (int col = 0; col < length; ++col) {
        while (run + 1 < line.runs.size() && line.runs[run + 1].col <= col)
            ++run;
        const Run &r = line.runs[run];
        to.cells[std::size_t(col)] = Cell{line.chars[std::size_t(col)], r.fg, r.bg, r.flags};
    }
    // A wide character cut by the new width, or a right half without its left: blanks.
    if (length > 0 && length < int(line.chars.size()) &&
        line.chars[std::size_t(length)] == WideTail)
        to.cells[std::size_t(length) - 1].ch = 0;
    if (length > 0 && to.cells[0].ch == WideTail)
        to.cells[0].ch = 0;
    for (const Combining &mark : line.combining) {
        if (mark.col < length)
            to.combining.push_back(mark);
    }
    --m_sbCount;
    --m_sbPosition;
    markChanged();
    return true;
}

void TerminalScreen::resizeGrid(Grid &lines, int rows, int cols, int cursorRow, bool main,
                                int *rowDelta) {
    const Cell fresh = defaultBlank();
    const int oldRows = int(lines.size());
    if (rows < oldRows) {
        // Keep the lowest line that has text or the cursor: the lines above go (into the
        // scrollback from the main screen), blank ones below are cut.
        int keep = rows - 1;
        for (int row = oldRows - 1; row >= rows; --row) {
            const auto &cells = lines[std::size_t(row)]->cells;
            const bool text =
                std::any_of(cells.begin(), cells.end(), [](const Cell &c) { return c.ch != 0; });
            if (text || row == cursorRow) {
                keep = row;
                break;
            }
        }
        const int gone = keep + 1 - rows;
        if (gone > 0) {
            if (main) {
                for (int i = 0; i < gone; ++i)
                    pushLine(*lines[std::size_t(i)]);
            }
            lines.erase(lines.begin(), lines.begin() + gone);
            if (rowDelta)
                *rowDelta -= std::min(gone, std::max(cursorRow, 0)); // never above row 0
        }
        lines.resize(std::size_t(rows));
    }
    for (auto &handle : lines) { // the width
        Line &line = *handle;
        const int old = int(line.cells.size());
        if (cols < old) {
            if (line.cells[std::size_t(cols)].ch == WideTail) // cut in half: a blank
                line.cells[std::size_t(cols) - 1].ch = 0;
            dropCombining(line.combining, cols, old);
        }
        if (cols > old && fresh != line.fill)
            line.touch(cols);
        line.cells.resize(std::size_t(cols), fresh);
        line.used = std::min(line.used, cols);
    }
    if (rows > oldRows) {
        int popped = 0;
        if (main) {
            const int wanted = rows - oldRows;
            Grid back;
            auto line = std::make_unique<Line>();
            while (popped < wanted && popLine(*line, cols)) {
                back.push_back(std::move(line));
                line = std::make_unique<Line>();
                ++popped;
            }
            std::reverse(back.begin(), back.end());
            lines.insert(lines.begin(), std::make_move_iterator(back.begin()),
                         std::make_move_iterator(back.end()));
            if (rowDelta)
                *rowDelta += popped;
        }
        while (int(lines.size()) < rows) {
            lines.push_back(std::make_unique<Line>());
            lines.back()->cells.assign(std::size_t(cols), fresh);
            lines.back()->fill = fresh;
        }
    }
}

void TerminalScreen::onResize(int rows, int cols, int *rowDelta) {
    VTermPos pos;
    vterm_state_get_cursorpos(m_state, &pos);
    m_rows = rows;
    m_cols = cols;
    for (int i = 0; i < 2; ++i) {
        if (m_grids[i].empty())
            continue;
        const bool active = (i == 1) == m_altScreen;
        resizeGrid(m_grids[i], rows, cols, active ? pos.row : -1, i == 0,
                   active ? rowDelta : nullptr);
    }
    m_damage = QRect(0, 0, cols, rows);
    markChanged();
}

void TerminalScreen::onProperty(int prop, const void *data) {
    const auto *value = static_cast<const VTermValue *>(data);
    switch (prop) {
    case VTERM_PROP_CURSORVISIBLE:
        m_cursorVisible = value->boolean;
        markChanged();
        break;
    case VTERM_PROP_ALTSCREEN:
        if (value->boolean && m_grids[1].empty()) {
            m_grids[1] = newGrid(m_rows);
        }
        m_altScreen = value->boolean; // libvterm erases the alternate screen when entering it
        m_damage = QRect(0, 0, m_cols, m_rows);
        markChanged();
        break;
    case VTERM_PROP_TITLE:
        m_title = QString::fromUtf8(value->string ? value->string : "");
        m_titlePending = true;
        break;
    case VTERM_PROP_MOUSE:
        m_mouseMode = value->number;
        break;
    default:
        break;
    }
}

// --- notification ----------------------------------------------------------------------------

void TerminalScreen::markChanged() {
    if (m_dirty)
        return;
    m_dirty = true;
    m_changeTimer.start();
}

void TerminalScreen::finishCall() {
    if (!m_output.isEmpty()) {
        QByteArray out;
        out.swap(m_output);
        Q_EMIT outputReady(out);
    }
    if (m_titlePending) {
        m_titlePending = false;
        Q_EMIT titleChanged(m_title);
    }
    if (m_bellPending) {
        m_bellPending = false;
        Q_EMIT bell();
    }
}

void TerminalScreen::emitChanged() {
    const QRect screen(0, 0, m_cols, m_rows);
    const QPoint now = cursor();
    if (m_damageTop < m_damageBottom) {
        m_damage |= QRect(m_damageLeft, m_damageTop, m_damageRight - m_damageLeft,
                          m_damageBottom - m_damageTop);
    }
    m_damageTop = m_damageLeft = INT_MAX;
    m_damageBottom = m_damageRight = 0;
    m_damage |= QRect(m_lastCursor, QSize(2, 1));
    m_damage |= QRect(now, QSize(2, 1));
    m_lastCursor = now;
    m_lastDamage = m_damage & screen;
    m_damage = QRect();
    m_dirty = false;
    Q_EMIT changed();
}

} // namespace cubedesk::models
