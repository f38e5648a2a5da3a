#pragma once
// TerminalScreen: the screen of an exec session's terminal — libvterm's parser and terminal
// state (VTerm + VTermState, UTF-8) fed with the remote program's output, drawing into a cell
// grid of our own (main and alternate screen) plus a bounded scrollback. It never sees the
// WebSocket: bytes come in through write() and the bytes the terminal sends back (keys, paste,
// answers to queries such as DSR and DA) leave through outputReady().
//
// Why not libvterm's VTermScreen: it copies the whole screen for every scrolled line and the
// scrollback reads each cell through a call, which capped parsing at 10–25 MB/s; here a
// scroll of full-width lines rotates line handles and a line leaves for the scrollback once
// (docs/performance.md, "Measured: the terminal").
//
// Rows use one combined space: 0..rows()-1 are the live screen, -1 the most recent scrollback
// line down to -scrollbackLines() the oldest. Scrollback is a ring of compact lines (cells up to
// the last non-blank one, attributes as runs) capped at scrollbackLimit() lines, so its memory
// is bounded by limit × columns however much output arrives; lines scrolled off the top of the
// main screen go in, and growing the screen takes the newest back. The alternate screen has no
// scrollback. There is no reflow: narrowing truncates lines (as libvterm 0.1 did).
//
// Notification: write() only parses and accumulates damage; changed() is emitted at most once
// per event-loop turn (a zero-timer started by the first change), with the live screen cells
// touched since the previous changed() in lastDamage(). outputReady(), titleChanged() and
// bell() are emitted synchronously at the end of the call that caused them (write, resize, the
// keyboard helpers), never from inside libvterm, so a receiver may call back into the screen.
// sizeChanged() is emitted by resize() when the size really changed.
//
// The remote program's output is untrusted. libvterm 0.1.4's parser and state (Debian 12) crash
// or hang on some of it — a CSI with more than 16 arguments, REP (CSI b) with no or a wide last
// character, DECRC after the screen shrank, a truncated UTF-8 sequence before more text, a C1
// control in UTF-8 (width -1), a scrolling region below a new bottom — and garble OSC strings and
// UTF-8 split between two writes; the screen steers around each (terminalscreen.cpp says how; found
// by fuzzing under ASan, tests in terminalscreen_test.cpp, fuzz target
// tests/fuzz/fuzz_terminalscreen.cpp). The cell grid checks every position libvterm hands it.
//
// Thread-safety: GUI thread only (owns a QTimer). Owns its VTerm, the grids and the scrollback.

#include "models/terminal/terminalcell.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QObject>
#include <QPoint>
#include <QRect>
#include <QString>
#include <QTimer>

#include <climits>
#include <cstdint>
#include <memory>
#include <vector>

struct VTerm;
struct VTermState;

namespace cubedesk::models {

class TerminalScreen final : public QObject {
    Q_OBJECT
public:
    static constexpr int DefaultScrollbackLimit = 10000;
    static constexpr int MaxDimension = 4096; ///< rows: 1..4096, columns: MinColumns..4096
    /// A wide character must fit on a line (libvterm 0.1 writes past one column otherwise).
    static constexpr int MinColumns = 2;

    explicit TerminalScreen(int rows = 24, int cols = 80, QObject *parent = nullptr);
    ~TerminalScreen() override;

    /// Feeds output of the remote program. Any split of UTF-8 and escape sequences between
    /// calls is fine: an unfinished UTF-8 or escape sequence at the end waits for the next
    /// call (one longer than 4 KiB, such as a huge OSC string, is dropped whole). Ill-formed
    /// UTF-8 and C1 controls encoded in UTF-8 show as U+FFFD.
    void write(QByteArrayView bytes);
    /// Resizes the screen (lines move to or come back from scrollback; the scrolling region
    /// and margins are reset, as xterm does; the cursor stays, clamped); emits sizeChanged()
    /// when the size changed, and changed() later. Columns are at least MinColumns.
    void resize(int rows, int cols);
    int rows() const { return m_rows; }
    int columns() const { return m_cols; }

    // Keyboard. Modifiers are the terminal's: ControlModifier is the Ctrl key (a view on macOS
    // maps Qt::MetaModifier to it), AltModifier is Meta/Alt (ESC prefix), ShiftModifier.
    /// Sends each code point as typed (vterm_keyboard_unichar).
    void sendText(const QString &text, Qt::KeyboardModifiers modifiers = Qt::NoModifier);
    /// Sends a special key: Enter/Return, Backspace, Tab, Backtab, Escape, arrows, Home/End,
    /// PgUp/PgDn, Insert/Delete, F1–F12, and Ctrl+letter (and Ctrl+Space @ [ \ ] ^ _ / 2–8) as
    /// control codes. Returns false, sending nothing, for any other key (send its text instead).
    bool sendKey(int qtKey, Qt::KeyboardModifiers modifiers = Qt::NoModifier);
    /// Sends pasted text, bracketed (ESC[200~ … ESC[201~) when the program enabled bracketed
    /// paste. Line ends become CR; other C0/C1 controls except TAB are dropped, so a paste
    /// cannot end the bracket early or smuggle escape sequences.
    void paste(const QString &text);
    /// Focus reporting (ESC[I / ESC[O) when the program enabled it.
    void setFocused(bool focused);

    // Reading, for painting and selection.
    TerminalCell cell(int row, int col) const;
    /// The columns() cells of `row` (combined space); cheaper than columns() calls of cell().
    std::vector<TerminalCell> line(int row) const;
    /// The text from `from` to `to` inclusive (QPoint(col, row), combined rows, either order):
    /// trailing blanks of each line trimmed, '\n' between lines, a wide character once.
    QString text(QPoint from, QPoint to) const;

    int scrollbackLines() const { return m_sbCount; }
    int scrollbackLimit() const { return m_sbLimit; }
    /// Keeps the newest `lines` (≥ 0) of the scrollback.
    void setScrollbackLimit(int lines);
    /// Lines pushed into the scrollback minus lines taken back, since construction (it keeps
    /// counting when the oldest lines are dropped). A view scrolled up adds the difference since
    /// its last look to its offset to keep showing the same lines.
    qint64 scrollbackPosition() const { return m_sbPosition; }

    QPoint cursor() const; ///< QPoint(col, row) on the live screen
    bool cursorVisible() const { return m_cursorVisible; }
    bool altScreen() const { return m_altScreen; }
    QString title() const { return m_title; }
    /// VTERM_PROP_MOUSE: 0 none, 1 click, 2 drag, 3 move (reporting itself is not implemented).
    int mouseMode() const { return m_mouseMode; }
    /// The live screen cells (QRect(col, row, w, h)) damaged before the latest changed(),
    /// including the old and new cursor cells; the whole screen after a resize or a scroll.
    QRect lastDamage() const { return m_lastDamage; }

Q_SIGNALS:
    /// The screen changed (at most once per event-loop turn); see lastDamage().
    void changed();
    void sizeChanged(int cols, int rows);
    /// Bytes for the remote program's input.
    void outputReady(const QByteArray &bytes);
    void titleChanged(const QString &title);
    void bell();

private:
    struct Run;
    struct Combining;
    struct Cell;
    struct Line;
    struct SbLine;

    /// Where libvterm's parser is inside an escape sequence (see parse()).
    struct Escape {
        uint8_t state = 0; ///< an EscapeState (.cpp)
        bool leader = false;
        int intermediates = 0;
        qint64 firstArg = -1; ///< -1: missing
        int argIndex = 0;
    };
    friend struct TerminalScreenParser;

    // libvterm's state callbacks (static trampolines in the .cpp call these); positions and
    // rectangles are checked against the grid here.
    friend struct TerminalScreenCallbacks;
    void onGlyph(const uint32_t *chars, int width, bool protectedCell, int row, int col);
    bool onScroll(int startRow, int endRow, int startCol, int endCol, int downward, int rightward);
    void onMove(int destRow, int destCol, int srcRow, int srcCol, int rows, int cols);
    void onErase(int startRow, int endRow, int startCol, int endCol, bool selective);
    void onPen(int attr, const void *value);
    void onResize(int rows, int cols, int *rowDelta);
    void onProperty(int prop, const void *value);

    /// Lines by handle, so that a scroll moves pointers, not cells.
    using Grid = std::vector<std::unique_ptr<Line>>;
    Grid &grid() { return m_grids[m_altScreen ? 1 : 0]; }
    const Grid &grid() const { return m_grids[m_altScreen ? 1 : 0]; }
    Grid newGrid(int rows) const;
    static void dropCombining(std::vector<Combining> &marks, int from, int to);
    /// The blank an erase writes: the pen's colours.
    Cell blank() const;
    /// A blank in the default colours (new cells, lines back from the scrollback).
    Cell defaultBlank() const;
    void clearLine(Line &line, const Cell &with) const;
    void resizeGrid(Grid &grid, int rows, int cols, int cursorRow, bool main, int *rowDelta);
    void pushLine(const Line &line);
    bool popLine(Line &line, int cols);
    void damage(int startRow, int endRow, int startCol, int endCol);

    void feed(QByteArrayView bytes);
    qsizetype parse(QByteArrayView bytes);
    void repeatLastCharacter(int count);
    void cancelSequence();
    void clampCursor();
    void finishCall();
    void markChanged();
    void emitChanged();
    const SbLine *scrollbackLine(int row) const;
    TerminalCell decodeScrollback(const SbLine &line, int col) const;
    TerminalCell decodeLive(int row, int col) const;
    /// The text of a cell: its base character and the combining marks kept for its column.
    static QString grapheme(uint32_t base, const std::vector<Combining> &marks, int col);
    void applyAttributes(TerminalCell &cell, uint8_t flags, uint32_t fg, uint32_t bg) const;
    QColor resolve(uint32_t packed, bool foreground) const;

    VTerm *m_vt = nullptr;
    VTermState *m_state = nullptr;
    int m_rows = 0;
    int m_cols = 0;
    Grid m_grids[2];      ///< main, alternate (allocated when first used)
    uint32_t m_penFg = 0; ///< packed colours and flags of the pen (setpenattr)
    uint32_t m_penBg = 0;
    uint8_t m_penFlags = 0;

    std::vector<SbLine> m_ring; ///< grows to m_sbLimit, then reused
    int m_sbHead = 0;           ///< index of the oldest line in m_ring
    int m_sbCount = 0;
    int m_sbLimit = DefaultScrollbackLimit;
    qint64 m_sbPosition = 0;

    QByteArray m_held;         ///< the end of the last write(), held for the next (see feed())
    bool m_discarding = false; ///< dropping the rest of a sequence too long to hold
    Escape m_discard;
    QByteArray m_output; ///< gathered during a call, emitted at its end
    QString m_title;
    bool m_titlePending = false;
    bool m_bellPending = false;
    bool m_cursorVisible = true;
    bool m_altScreen = false;
    int m_mouseMode = 0;

    bool m_dirty = false;
    QRect m_damage;            ///< with the bounds below, since the last changed()
    int m_damageTop = INT_MAX; ///< rows m_damageTop..m_damageBottom-1, columns likewise
    int m_damageBottom = 0;
    int m_damageLeft = INT_MAX;
    int m_damageRight = 0;
    QRect m_lastDamage;
    QPoint m_lastCursor;
    QTimer m_changeTimer;
};

} // namespace cubedesk::models
