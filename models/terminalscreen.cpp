#include "models/terminalscreen.h"

#include <algorithm>
#include <array>
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

uint8_t flagsOf(const VTermScreenCellAttrs &a) {
    return uint8_t((a.bold ? Bold : 0) | (a.italic ? Italic : 0) | (a.underline ? Underline : 0) |
                   (a.reverse ? Reverse : 0) | (a.strike ? Strike : 0));
}

/// A blank that paints like the default background: trailing ones are not stored.
bool isPlainBlank(const VTermScreenCell &c) {
    return c.chars[0] == 0 && VTERM_COLOR_IS_DEFAULT_BG(&c.bg) && !c.attrs.reverse &&
           !c.attrs.underline && !c.attrs.strike;
}

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

enum class Sequence { Other, Rep, Decrc, Incomplete };

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
    /// does, to its end.
    static SequenceEnd scan(QByteArrayView bytes, qsizetype i, TerminalScreen::Escape &e);
};

SequenceEnd TerminalScreenParser::scan(QByteArrayView bytes, qsizetype i,
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

/// One scrollback line: chars[] per cell up to the last non-blank one (0 blank, WideTail the
/// right half of a wide character), attributes as runs from column 0, combining marks aside.
struct TerminalScreen::SbLine {
    std::vector<uint32_t> chars;
    std::vector<Run> runs;
    std::vector<Combining> combining;
};

/// The C callbacks of libvterm, forwarding to the TerminalScreen in `user`.
struct TerminalScreenCallbacks {
    static TerminalScreen *self(void *user) { return static_cast<TerminalScreen *>(user); }

    static int damage(VTermRect r, void *user) {
        self(user)->onDamage(r.start_row, r.end_row, r.start_col, r.end_col);
        return 1;
    }
    static int moveCursor(VTermPos, VTermPos, int, void *user) {
        self(user)->markChanged();
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
    static int pushLine(int cols, const VTermScreenCell *cells, void *user) {
        self(user)->onPushLine(cols, cells);
        return 1;
    }
    static int popLine(int cols, VTermScreenCell *cells, void *user) {
        return self(user)->onPopLine(cols, cells) ? 1 : 0;
    }
    static void output(const char *s, size_t len, void *user) {
        self(user)->m_output.append(s, qsizetype(len));
    }

    static constexpr VTermScreenCallbacks screen{
        .damage = &damage,
        .moverect = nullptr, // moved areas arrive as damage
        .movecursor = &moveCursor,
        .settermprop = &setTermProp,
        .bell = &bell,
        .resize = nullptr,
        .sb_pushline = &pushLine,
        .sb_popline = &popLine,
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
    m_screen = vterm_obtain_screen(m_vt);
    vterm_screen_set_callbacks(m_screen, &TerminalScreenCallbacks::screen, this);
    vterm_screen_set_damage_merge(m_screen, VTERM_DAMAGE_SCROLL);
    vterm_screen_enable_altscreen(m_screen, 1);
    vterm_screen_reset(m_screen, 1);
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
            repeatLastCharacter(end.count);
            from = end.end;
            break;
        case Sequence::Decrc:
            vterm_input_write(m_vt, data + from, std::size_t(end.end - from));
            clampCursor();
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
    VTermScreenCell last;
    int width = 1;
    if (pos.col < 1 || !vterm_screen_get_cell(m_screen, VTermPos{pos.row, pos.col - 1}, &last))
        return;
    if (last.chars[0] == WideTail) {
        width = 2;
        if (pos.col < 2 || !vterm_screen_get_cell(m_screen, VTermPos{pos.row, pos.col - 2}, &last))
            return;
    }
    if (last.chars[0] == 0 || last.chars[0] == WideTail)
        return;
    // As REP: up to the end of the line, without wrapping.
    const int times = std::min(count, (m_cols - pos.col) / width);
    if (times <= 0)
        return;
    const QByteArray glyphs =
        graphemeText(last.chars, VTERM_MAX_CHARS_PER_CELL).toUtf8().repeated(times);
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

namespace {

QColor resolve(const VTermScreen *screen, uint32_t packed, bool foreground) {
    VTermColor c = unpackColor(packed);
    if (foreground ? VTERM_COLOR_IS_DEFAULT_FG(&c) : VTERM_COLOR_IS_DEFAULT_BG(&c))
        return {};
    if (VTERM_COLOR_IS_INDEXED(&c))
        vterm_screen_convert_color_to_rgb(screen, &c);
    return QColor(c.rgb.red, c.rgb.green, c.rgb.blue);
}

void applyAttributes(TerminalCell &cell, const VTermScreen *screen, uint8_t flags, uint32_t fg,
                     uint32_t bg) {
    cell.fg = resolve(screen, fg, true);
    cell.bg = resolve(screen, bg, false);
    cell.bold = flags & Bold;
    cell.italic = flags & Italic;
    cell.underline = flags & Underline;
    cell.inverse = flags & Reverse;
    cell.strike = flags & Strike;
}

} // namespace

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
    applyAttributes(cell, m_screen, run->flags, run->fg, run->bg);
    const uint32_t ch = line.chars[std::size_t(col)];
    if (ch == WideTail) {
        cell.width = 0;
        return cell;
    }
    if (ch == 0)
        return cell;
    uint32_t chars[VTERM_MAX_CHARS_PER_CELL] = {ch};
    for (const Combining &c : line.combining) {
        if (c.col == col) {
            std::copy(c.rest.begin(), c.rest.end(), chars + 1);
            break;
        }
    }
    cell.text = graphemeText(chars, VTERM_MAX_CHARS_PER_CELL);
    if (col + 1 < int(line.chars.size()) && line.chars[std::size_t(col) + 1] == WideTail)
        cell.width = 2;
    return cell;
}

TerminalCell TerminalScreen::decodeLive(int row, int col) const {
    TerminalCell cell;
    VTermScreenCell c;
    if (!vterm_screen_get_cell(m_screen, VTermPos{row, col}, &c))
        return cell;
    if (c.chars[0] == WideTail) {
        cell.width = 0;
        VTermScreenCell left;
        if (col > 0 && vterm_screen_get_cell(m_screen, VTermPos{row, col - 1}, &left))
            c = left; // the right half's own pen is stale; it paints as its left half
        applyAttributes(cell, m_screen, flagsOf(c.attrs), packColor(c.fg), packColor(c.bg));
        return cell;
    }
    applyAttributes(cell, m_screen, flagsOf(c.attrs), packColor(c.fg), packColor(c.bg));
    cell.text = graphemeText(c.chars, VTERM_MAX_CHARS_PER_CELL);
    cell.width = c.chars[0] != 0 && c.width == 2 ? 2 : 1;
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

// --- libvterm callbacks ----------------------------------------------------------------------

void TerminalScreen::onDamage(int startRow, int endRow, int startCol, int endCol) {
    m_damage |= QRect(startCol, startRow, endCol - startCol, endRow - startRow);
    markChanged();
}

void TerminalScreen::onPushLine(int cols, const void *data) {
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

    const auto *cells = static_cast<const VTermScreenCell *>(data);
    cols = std::min(cols, int(UINT16_MAX));
    int length = cols;
    while (length > 0 && isPlainBlank(cells[length - 1]))
        --length;
    line->chars.resize(std::size_t(length));
    line->runs.clear();
    line->combining.clear();
    uint8_t flags = 0;
    uint32_t fg = 0;
    uint32_t bg = 0;
    for (int col = 0; col < length; ++col) {
        const VTermScreenCell &c = cells[col];
        const uint32_t ch = c.chars[0];
        line->chars[std::size_t(col)] = ch;
        if (ch == WideTail && col > 0)
            continue; // keeps its left half's attributes
        if (ch != 0 && c.chars[1] != 0) {
            Combining extra;
            extra.col = uint16_t(col);
            for (int i = 1; i < VTERM_MAX_CHARS_PER_CELL && c.chars[i] != 0; ++i)
                extra.rest[std::size_t(i - 1)] = c.chars[i];
            line->combining.push_back(extra);
        }
        const uint8_t f = flagsOf(c.attrs);
        const uint32_t cfg = packColor(c.fg);
        const uint32_t cbg = packColor(c.bg);
        if (line->runs.empty() || f != flags || cfg != fg || cbg != bg) {
            line->runs.push_back(Run{uint16_t(col), f, cfg, cbg});
            flags = f;
            fg = cfg;
            bg = cbg;
        }
    }
}

bool TerminalScreen::onPopLine(int cols, void *data) {
    if (m_sbCount == 0)
        return false;
    const SbLine &line = m_ring[std::size_t((m_sbHead + m_sbCount - 1) % int(m_ring.size()))];
    VTermColor defaultFg;
    VTermColor defaultBg;
    vterm_state_get_default_colors(m_state, &defaultFg, &defaultBg);
    auto *cells = static_cast<VTermScreenCell *>(data);
    const int length = int(line.chars.size());
    std::size_t run = 0;
    for (int col = 0; col < cols; ++col) {
        VTermScreenCell &c = cells[col];
        std::memset(&c, 0, sizeof c);
        c.width = 1;
        if (col >= length) {
            c.fg = defaultFg;
            c.bg = defaultBg;
            continue;
        }
        while (run + 1 < line.runs.size() && line.runs[run + 1].col <= col)
            ++run;
        const Run &r = line.runs[run];
        c.attrs.bold = (r.flags & Bold) != 0;
        c.attrs.italic = (r.flags & Italic) != 0;
        c.attrs.underline = (r.flags & Underline) ? VTERM_UNDERLINE_SINGLE : VTERM_UNDERLINE_OFF;
        c.attrs.reverse = (r.flags & Reverse) != 0;
        c.attrs.strike = (r.flags & Strike) != 0;
        c.fg = unpackColor(r.fg);
        c.bg = unpackColor(r.bg);
        const uint32_t ch = line.chars[std::size_t(col)];
        if (ch == WideTail)
            continue; // a right half whose left half did not fit: a blank
        const bool wide = col + 1 < length && line.chars[std::size_t(col) + 1] == WideTail;
        if (wide && col + 1 >= cols)
            continue; // a wide character that no longer fits: a blank
        c.chars[0] = ch;
        if (ch != 0) {
            for (const Combining &extra : line.combining) {
                if (extra.col == col) {
                    std::copy(extra.rest.begin(), extra.rest.end(), c.chars + 1);
                    break;
                }
            }
        }
        c.width = wide ? 2 : 1;
        if (wide) { // libvterm skips the right half (col += width)
            ++col;
            std::memset(&cells[col], 0, sizeof cells[col]);
            cells[col].width = 1;
            cells[col].fg = c.fg;
            cells[col].bg = c.bg;
        }
    }
    --m_sbCount;
    --m_sbPosition;
    markChanged();
    return true;
}

void TerminalScreen::onProperty(int prop, const void *data) {
    const auto *value = static_cast<const VTermValue *>(data);
    switch (prop) {
    case VTERM_PROP_CURSORVISIBLE:
        m_cursorVisible = value->boolean;
        markChanged();
        break;
    case VTERM_PROP_ALTSCREEN:
        m_altScreen = value->boolean;
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
    vterm_screen_flush_damage(m_screen);
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
    m_damage |= QRect(m_lastCursor, QSize(2, 1));
    m_damage |= QRect(now, QSize(2, 1));
    m_lastCursor = now;
    m_lastDamage = m_damage & screen;
    m_damage = QRect();
    m_dirty = false;
    Q_EMIT changed();
}

} // namespace cubedesk::models
