#pragma once
// TerminalView: paints a models::TerminalScreen (an exec session's terminal) and feeds it the
// keyboard. Rows and columns follow the viewport and the cell size of a monospace font; while
// the view is visible, a resize calls screen->resize(), whose sizeChanged() the caller forwards
// to the remote side (a hidden view leaves the screen's size alone).
//
// Painting: the screen's changed() signals are coalesced into at most one update per frame
// (16 ms); only the damaged rows are repainted while nothing scrolled. Runs of cells with equal
// attributes are drawn with one drawText (ASCII; other characters, such as CJK at two cells,
// one by one at their cells), backgrounds as rectangles; default colours come from the palette
// (Base, Text), inverse swaps them, the selection uses Highlight/HighlightedText, the cursor is
// a block (hollow without focus).
//
// Scrollback: the vertical scroll bar, the wheel and Shift+PgUp/PgDn move through the screen's
// scrollback (not on the alternate screen, where the wheel sends arrow keys); output arriving
// while scrolled up keeps the lines in place; a key that goes to the program scrolls back to
// the bottom.
//
// Keys: everything goes to the program (Tab and Backtab too; Ctrl+C is 0x03) except
// Ctrl+Shift+C (copy), Ctrl+Shift+V and Shift+Insert (paste), and Shift+PgUp/PgDn; on macOS Cmd+C
// and Cmd+V copy and paste, and the Control key (Qt::MetaModifier) is the terminal's Ctrl.
// Keys are claimed before the application's shortcuts (ShortcutOverride), except other
// Ctrl+Shift combinations, Meta/Super ones, and Command ones on macOS.
// Input-method text is sent as typed; the preedit string is drawn at the cursor.
//
// Mouse: drag selects (the selection follows the text as it scrolls), double-click selects a
// word, triple-click a line; a finished selection goes to the X11 selection clipboard, copy()
// to the clipboard too; middle-click pastes the X11 selection.
//
// Thread: GUI thread. Owned by its parent widget; does not own the screen, which must outlive
// the view or be cleared with setScreen(nullptr) first (a destroyed screen is dropped too).

#include "models/terminal/terminalscreen.h"

#include <QAbstractScrollArea>
#include <QElapsedTimer>
#include <QFont>
#include <QPoint>
#include <QPointer>
#include <QRect>
#include <QString>
#include <QTimer>

#include <array>

class QPainter;

namespace cubedesk::widgets {

class TerminalView final : public QAbstractScrollArea {
    Q_OBJECT
public:
    explicit TerminalView(models::TerminalScreen *screen = nullptr, QWidget *parent = nullptr);

    /// Shows `screen` (nullptr: nothing) and resizes it to the view.
    void setScreen(models::TerminalScreen *screen);
    models::TerminalScreen *screen() const { return m_screen; }

    /// Defaults to QFontDatabase::systemFont(QFontDatabase::FixedFont).
    void setTerminalFont(const QFont &font);
    QFont terminalFont() const { return m_font; }
    /// One cell in pixels: horizontalAdvance('M') × height of the font.
    QSize cellSize() const { return {m_cellWidth, m_cellHeight}; }

    int columns() const { return m_cols; }
    int rows() const { return m_rows; }
    /// Lines scrolled up from the bottom (0: the live screen fills the view).
    int scrollOffset() const { return m_offset; }
    void scrollToBottom();

    bool hasSelection() const { return m_hasSelection; }
    /// The selected text (QPoint(col, row), combined rows as in TerminalScreen).
    QString selectedText() const;
    void clearSelection();
    /// Puts the selection on the clipboard and the X11 selection clipboard.
    void copy();
    /// Pastes the clipboard into the terminal.
    void paste();

    /// 80 × 24 cells plus the frame and the scroll bar.
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    QVariant inputMethodQuery(Qt::InputMethodQuery query) const override;

protected:
    bool event(QEvent *event) override;
    bool focusNextPrevChild(bool next) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void inputMethodEvent(QInputMethodEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void changeEvent(QEvent *event) override;

private:
    enum class SelectionMode { Character, Word, Line };

    void onScreenChanged();
    void onFrame();
    void updateGeometryFromViewport();
    void syncScrollBar();
    void scrollBy(int lines);
    QPoint cellAt(QPoint viewportPos) const; ///< QPoint(col, combined row)
    bool isSelected(int row, int col) const;
    void extendSelection(QPoint cell);
    /// Whether the cell (or the wide character it is the right half of) belongs to a word.
    bool isWordCell(int row, int col) const;
    QPoint wordStart(QPoint cell) const;
    QPoint wordEnd(QPoint cell) const;
    void paintRow(QPainter &p, int viewRow, const QColor &base, const QColor &text);
    const QFont &fontFor(bool bold, bool italic, bool underline, bool strike) const;
    bool handleShortcut(QKeyEvent *event);
    Qt::KeyboardModifiers terminalModifiers(Qt::KeyboardModifiers modifiers) const;

    QPointer<models::TerminalScreen> m_screen;
    QFont m_font;
    std::array<QFont, 16> m_fonts; ///< bold | italic << 1 | underline << 2 | strike << 3
    int m_cellWidth = 8;
    int m_cellHeight = 16;
    int m_ascent = 12;
    int m_rows = 24;
    int m_cols = 80;

    int m_offset = 0;
    qint64 m_scrollbackPosition = 0;
    bool m_syncingScrollBar = false;

    QRect m_pendingDamage; ///< screen cells, since the last frame
    bool m_pendingFull = false;
    QTimer m_frameTimer;
    QElapsedTimer m_sinceFrame;

    bool m_hasSelection = false;
    bool m_selecting = false;
    SelectionMode m_selectionMode = SelectionMode::Character;
    QPoint m_anchor;    ///< where the selection started (QPoint(col, combined row))
    QPoint m_anchorEnd; ///< its end: the clicked word's or line's last cell
    QPoint m_selStart;  ///< the selection, inclusive, m_selStart <= m_selStop
    QPoint m_selStop;
    QPoint m_pressPos;
    QElapsedTimer m_sinceDoubleClick;

    int m_wheelAccumulator = 0; ///< angle delta not yet sent as arrow keys
    QString m_preedit;
};

} // namespace cubedesk::widgets
