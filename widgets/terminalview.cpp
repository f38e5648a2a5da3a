#include "widgets/terminalview.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QFontMetrics>
#include <QFontMetricsF>
#include <QInputMethodEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPaintEvent>
#include <QScopedValueRollback>
#include <QScrollBar>
#include <QStyleHints>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <vector>

namespace cubedesk::widgets {

using models::TerminalCell;
using models::TerminalScreen;

namespace {

constexpr int FrameMs = 16;

bool before(QPoint a, QPoint b) {
    return a.y() < b.y() || (a.y() == b.y() && a.x() < b.x());
}

/// Cells drawn as part of a run: printable ASCII (the font's own advance is the cell width) and
/// blanks. Anything else is drawn at its own cell, whatever its advance in a fallback font.
bool runnable(const TerminalCell &cell) {
    if (cell.text.isEmpty())
        return true;
    if (cell.text.size() != 1)
        return false;
    const char16_t c = cell.text.at(0).unicode();
    return c > 0x20 && c < 0x7f;
}

bool isWordText(const QString &text) {
    if (text.isEmpty())
        return false;
    const QChar c = text.at(0);
    return c.isLetterOrNumber() || c.isHighSurrogate() || c.isMark() ||
           QStringView(u"-_.~/:@%+=?&#").contains(c);
}

bool isModifierKey(int key) {
    switch (key) {
    case Qt::Key_Shift:
    case Qt::Key_Control:
    case Qt::Key_Meta:
    case Qt::Key_Alt:
    case Qt::Key_AltGr:
    case Qt::Key_CapsLock:
    case Qt::Key_NumLock:
    case Qt::Key_ScrollLock:
    case Qt::Key_Super_L:
    case Qt::Key_Super_R:
    case Qt::Key_Hyper_L:
    case Qt::Key_Hyper_R:
        return true;
    default:
        return false;
    }
}

} // namespace

TerminalView::TerminalView(TerminalScreen *screen, QWidget *parent)
    : QAbstractScrollArea(parent) {
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_InputMethodEnabled);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn); // no column change when it would appear
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    viewport()->setCursor(Qt::IBeamCursor);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setAutoFillBackground(false);
    m_frameTimer.setSingleShot(true);
    connect(&m_frameTimer, &QTimer::timeout, this, &TerminalView::onFrame);
    setTerminalFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setScreen(screen);
}

void TerminalView::setScreen(TerminalScreen *screen) {
    if (m_screen == screen)
        return;
    if (m_screen)
        disconnect(m_screen, nullptr, this, nullptr);
    m_screen = screen;
    m_offset = 0;
    m_hasSelection = false;
    m_selecting = false;
    m_pendingDamage = QRect();
    if (screen) {
        connect(screen, &TerminalScreen::changed, this, &TerminalView::onScreenChanged);
        connect(screen, &QObject::destroyed, this, [this] {
            m_hasSelection = false;
            syncScrollBar();
            viewport()->update();
        });
        m_scrollbackPosition = screen->scrollbackPosition();
        if (isVisible())
            screen->resize(m_rows, m_cols);
        screen->setFocused(hasFocus());
    }
    syncScrollBar();
    viewport()->update();
}

void TerminalView::setTerminalFont(const QFont &font) {
    m_font = font;
    m_font.setStyleHint(QFont::TypeWriter);
    m_font.setKerning(false);
    const QFontMetrics metrics(m_font);
    m_cellWidth = std::max(1, metrics.horizontalAdvance(QLatin1Char('M')));
    m_cellHeight = std::max(1, metrics.height());
    m_ascent = metrics.ascent();
    for (int i = 0; i < int(m_fonts.size()); ++i) {
        QFont f = m_font;
        f.setBold(i & 1);
        f.setItalic(i & 2);
        f.setUnderline(i & 4);
        f.setStrikeOut(i & 8);
        // Runs are drawn as one string: its advance must be exactly the cell width.
        const qreal advance = QFontMetricsF(f).horizontalAdvance(QLatin1Char('M'));
        if (std::abs(advance - m_cellWidth) > 0.001)
            f.setLetterSpacing(QFont::AbsoluteSpacing, m_cellWidth - advance);
        m_fonts[i] = f;
    }
    updateGeometry();
    updateGeometryFromViewport();
}

const QFont &TerminalView::fontFor(bool bold, bool italic, bool underline, bool strike) const {
    return m_fonts[(bold ? 1 : 0) | (italic ? 2 : 0) | (underline ? 4 : 0) | (strike ? 8 : 0)];
}

QSize TerminalView::sizeHint() const {
    const int frame = 2 * frameWidth();
    return {80 * m_cellWidth + frame + verticalScrollBar()->sizeHint().width(),
            24 * m_cellHeight + frame};
}

QSize TerminalView::minimumSizeHint() const {
    const int frame = 2 * frameWidth();
    return {10 * m_cellWidth + frame + verticalScrollBar()->sizeHint().width(),
            3 * m_cellHeight + frame};
}

// --- geometry and scrolling ------------------------------------------------------------------

void TerminalView::resizeEvent(QResizeEvent *event) {
    QAbstractScrollArea::resizeEvent(event);
    updateGeometryFromViewport();
}

void TerminalView::showEvent(QShowEvent *event) {
    QAbstractScrollArea::showEvent(event);
    updateGeometryFromViewport();
}

void TerminalView::updateGeometryFromViewport() {
    const QSize size = viewport()->size();
    m_cols = std::clamp(size.width() / m_cellWidth, TerminalScreen::MinColumns,
                        TerminalScreen::MaxDimension);
    m_rows = std::clamp(size.height() / m_cellHeight, 1, TerminalScreen::MaxDimension);
    // Not while hidden: a view not laid out yet would cut a live screen down to its default
    // size (libvterm truncates columns for good).
    if (m_screen && isVisible())
        m_screen->resize(m_rows, m_cols);
    syncScrollBar();
    viewport()->update();
}

void TerminalView::syncScrollBar() {
    const QScopedValueRollback guard(m_syncingScrollBar, true);
    const int lines = m_screen && !m_screen->altScreen() ? m_screen->scrollbackLines() : 0;
    m_offset = std::clamp(m_offset, 0, lines);
    QScrollBar *bar = verticalScrollBar();
    bar->setRange(0, lines);
    bar->setPageStep(std::max(1, m_rows));
    bar->setSingleStep(1);
    bar->setValue(lines - m_offset);
}

void TerminalView::scrollContentsBy(int, int) {
    if (m_syncingScrollBar)
        return;
    const QScrollBar *bar = verticalScrollBar();
    m_offset = bar->maximum() - bar->value();
    viewport()->update();
}

void TerminalView::scrollBy(int lines) {
    const int before = m_offset;
    m_offset += lines;
    syncScrollBar();
    if (m_offset != before)
        viewport()->update();
}

void TerminalView::scrollToBottom() {
    scrollBy(-m_offset);
}

void TerminalView::onScreenChanged() {
    if (!m_screen)
        return;
    m_pendingDamage |= m_screen->lastDamage();
    if (m_frameTimer.isActive())
        return;
    const qint64 since = m_sinceFrame.isValid() ? m_sinceFrame.elapsed() : FrameMs;
    m_frameTimer.start(int(std::max<qint64>(0, FrameMs - since)));
}

void TerminalView::onFrame() {
    m_sinceFrame.start();
    const QRect damage = m_pendingDamage;
    m_pendingDamage = QRect();
    if (!m_screen)
        return;
    const qint64 position = m_screen->scrollbackPosition();
    const int delta = int(position - m_scrollbackPosition);
    m_scrollbackPosition = position;
    bool full = m_pendingFull || delta != 0 || !m_preedit.isEmpty();
    m_pendingFull = false;
    if (delta != 0) {
        // The lines moved up by `delta` in the combined space: follow them.
        if (m_offset > 0)
            m_offset += delta;
        m_anchor.ry() -= delta;
        m_anchorEnd.ry() -= delta;
        m_selStart.ry() -= delta;
        m_selStop.ry() -= delta;
        if (m_hasSelection && m_selStop.y() < -m_screen->scrollbackLines())
            m_hasSelection = false;
    }
    syncScrollBar();
    if (full) {
        viewport()->update();
    } else if (!damage.isEmpty()) {
        const int top = (damage.top() + m_offset) * m_cellHeight;
        viewport()->update(QRect(0, top, viewport()->width(), damage.height() * m_cellHeight));
    }
}

// --- painting --------------------------------------------------------------------------------

void TerminalView::paintEvent(QPaintEvent *event) {
    QPainter p(viewport());
    const QColor base = palette().color(QPalette::Base);
    const QColor text = palette().color(QPalette::Text);
    const QRect area = event->rect();
    p.fillRect(area, base);
    if (!m_screen)
        return;
    const int first = std::max(0, area.top() / m_cellHeight);
    const int last = std::min(m_screen->rows() - 1, area.bottom() / m_cellHeight);
    for (int viewRow = first; viewRow <= last; ++viewRow)
        paintRow(p, viewRow, base, text);
}

void TerminalView::paintRow(QPainter &p, int viewRow, const QColor &base, const QColor &text) {
    const int row = viewRow - m_offset;
    const std::vector<TerminalCell> cells = m_screen->line(row);
    const int count = int(cells.size());
    const int y = viewRow * m_cellHeight;
    const QColor highlight = palette().color(QPalette::Highlight);
    const QColor highlightedText = palette().color(QPalette::HighlightedText);

    std::vector<QColor> fg(cells.size());
    std::vector<QColor> bg(cells.size());
    for (int col = 0; col < count; ++col) {
        const TerminalCell &c = cells[col];
        if (c.width == 0 && col > 0) { // the right half paints as its left half
            fg[col] = fg[col - 1];
            bg[col] = bg[col - 1];
            continue;
        }
        QColor f = c.fg.isValid() ? c.fg : text;
        QColor b = c.bg.isValid() ? c.bg : base;
        if (c.inverse)
            std::swap(f, b);
        if (isSelected(row, col)) {
            f = highlightedText;
            b = highlight;
        }
        fg[col] = f;
        bg[col] = b;
    }

    // Backgrounds: one rectangle per run of equal colour.
    for (int col = 0; col < count;) {
        int end = col + 1;
        while (end < count && bg[end] == bg[col])
            ++end;
        if (bg[col] != base)
            p.fillRect(col * m_cellWidth, y, (end - col) * m_cellWidth, m_cellHeight, bg[col]);
        col = end;
    }

    // Text: runs of ASCII cells with equal attributes as one string, other cells alone.
    const int baseline = y + m_ascent;
    auto sameLook = [&](int a, int b) {
        const TerminalCell &x = cells[a];
        const TerminalCell &z = cells[b];
        return fg[a] == fg[b] && x.bold == z.bold && x.italic == z.italic &&
               x.underline == z.underline && x.strike == z.strike;
    };
    QString run;
    for (int col = 0; col < count;) {
        const TerminalCell &c = cells[col];
        const bool decorated = c.underline || c.strike;
        if (c.width == 0 || (c.text.isEmpty() && !decorated)) {
            ++col;
            continue;
        }
        p.setFont(fontFor(c.bold, c.italic, c.underline, c.strike));
        p.setPen(fg[col]);
        if (!runnable(c)) {
            const int cellsWide = c.width == 2 && col + 1 < count ? 2 : 1;
            const qreal advance = QFontMetricsF(p.font()).horizontalAdvance(c.text);
            const qreal x =
                col * m_cellWidth + std::max<qreal>(0, (cellsWide * m_cellWidth - advance) / 2);
            p.drawText(QPointF(x, baseline), c.text);
            col += cellsWide;
            continue;
        }
        run.clear();
        int end = col;
        int lastVisible = col;
        while (end < count && runnable(cells[end]) && sameLook(col, end)) {
            const TerminalCell &e = cells[end];
            if (e.text.isEmpty()) {
                run.append(u' ');
            } else {
                run.append(e.text);
                lastVisible = end;
            }
            ++end;
        }
        if (!decorated)
            run.truncate(lastVisible - col + 1); // no trailing blanks
        p.drawText(QPointF(col * m_cellWidth, baseline), run);
        col = end;
    }

    // The cursor (or the input method's preedit text) on its cell.
    const QPoint cursor = m_screen->cursor();
    if (row != cursor.y() || cursor.x() >= count)
        return;
    const TerminalCell &c = cells[cursor.x()];
    const QRect cellRect(cursor.x() * m_cellWidth, y, (c.width == 2 ? 2 : 1) * m_cellWidth,
                         m_cellHeight);
    if (!m_preedit.isEmpty()) {
        QFont font = m_font;
        font.setUnderline(true);
        const int width = QFontMetrics(font).horizontalAdvance(m_preedit);
        p.fillRect(QRect(cellRect.topLeft(), QSize(width, m_cellHeight)), base);
        p.setFont(font);
        p.setPen(text);
        p.drawText(QPointF(cellRect.left(), baseline), m_preedit);
        return;
    }
    if (!m_screen->cursorVisible())
        return;
    const QColor cursorColor = fg[cursor.x()];
    if (hasFocus()) {
        p.fillRect(cellRect, cursorColor);
        if (!c.text.isEmpty()) {
            p.setFont(fontFor(c.bold, c.italic, c.underline, c.strike));
            p.setPen(bg[cursor.x()]);
            const qreal advance = QFontMetricsF(p.font()).horizontalAdvance(c.text);
            const qreal x =
                cellRect.left() + (c.width == 2 && !runnable(c)
                                       ? std::max<qreal>(0, (cellRect.width() - advance) / 2)
                                       : 0);
            p.drawText(QPointF(x, baseline), c.text);
        }
    } else {
        p.setPen(cursorColor);
        p.setBrush(Qt::NoBrush);
        p.drawRect(cellRect.adjusted(0, 0, -1, -1));
    }
}

void TerminalView::changeEvent(QEvent *event) {
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        viewport()->update();
}

// --- keyboard --------------------------------------------------------------------------------

Qt::KeyboardModifiers TerminalView::terminalModifiers(Qt::KeyboardModifiers modifiers) const {
    Qt::KeyboardModifiers out = modifiers & (Qt::ShiftModifier | Qt::AltModifier);
#ifdef Q_OS_MACOS
    if (modifiers & Qt::MetaModifier) // the Control key; ControlModifier is Command
        out |= Qt::ControlModifier;
#else
    if (modifiers & Qt::ControlModifier)
        out |= Qt::ControlModifier;
#endif
    return out;
}

bool TerminalView::handleShortcut(QKeyEvent *event) {
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    const int key = event->key();
#ifdef Q_OS_MACOS
    if (event->matches(QKeySequence::Copy)) {
        copy();
        return true;
    }
    if (event->matches(QKeySequence::Paste)) {
        paste();
        return true;
    }
#endif
    if (mods == (Qt::ControlModifier | Qt::ShiftModifier) && key == Qt::Key_C) {
        copy();
        return true;
    }
    if ((mods == (Qt::ControlModifier | Qt::ShiftModifier) && key == Qt::Key_V) ||
        (mods == Qt::ShiftModifier && key == Qt::Key_Insert)) {
        paste();
        return true;
    }
    if (mods == Qt::ShiftModifier && (key == Qt::Key_PageUp || key == Qt::Key_PageDown)) {
        const int page = std::max(1, m_rows - 1);
        scrollBy(key == Qt::Key_PageUp ? page : -page);
        return true;
    }
    return false;
}

bool TerminalView::event(QEvent *event) {
    if (event->type() == QEvent::ShortcutOverride) {
        // Keys go to the program, not to the application's shortcuts (a Delete or F5 shortcut
        // must not fire while typing), except Ctrl+Shift combinations other than our copy and
        // paste (Command ones on macOS) and Meta/Super ones.
        auto *key = static_cast<QKeyEvent *>(event);
        const Qt::KeyboardModifiers raw = key->modifiers();
#ifdef Q_OS_MACOS
        const bool claim = key->matches(QKeySequence::Copy) || key->matches(QKeySequence::Paste) ||
                           !(raw & Qt::ControlModifier);
#else
        const bool ours = key->key() == Qt::Key_C || key->key() == Qt::Key_V;
        const bool claim = (raw & Qt::ControlModifier) && (raw & Qt::ShiftModifier)
                               ? ours
                               : !(raw & Qt::MetaModifier);
#endif
        if (claim && !isModifierKey(key->key())) {
            event->accept();
            return true;
        }
    }
    return QAbstractScrollArea::event(event);
}

bool TerminalView::focusNextPrevChild(bool) {
    return false; // Tab and Backtab go to the program
}

void TerminalView::keyPressEvent(QKeyEvent *event) {
    if (!m_screen || isModifierKey(event->key())) {
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    if (handleShortcut(event)) {
        event->accept();
        return;
    }
    const Qt::KeyboardModifiers mods = terminalModifiers(event->modifiers());
    const QString text = event->text();
    // AltGr on Windows arrives as Ctrl+Alt with the composed character as text.
    const bool altGrText = (mods & Qt::ControlModifier) && (mods & Qt::AltModifier) &&
                           !text.isEmpty() && text.at(0).isPrint();
    if (altGrText || !m_screen->sendKey(event->key(), mods)) {
        if (text.isEmpty()) {
            event->ignore();
            return;
        }
#ifdef Q_OS_MACOS
        const Qt::KeyboardModifiers textMods = Qt::NoModifier; // Option composes characters
#else
        const Qt::KeyboardModifiers textMods =
            altGrText ? Qt::NoModifier : (mods & Qt::AltModifier);
#endif
        m_screen->sendText(text, textMods);
    }
    scrollToBottom();
    event->accept();
}

void TerminalView::inputMethodEvent(QInputMethodEvent *event) {
    if (m_screen && !event->commitString().isEmpty()) {
        m_screen->sendText(event->commitString());
        scrollToBottom();
    }
    if (m_preedit != event->preeditString()) {
        m_preedit = event->preeditString();
        viewport()->update();
    }
    event->accept();
}

QVariant TerminalView::inputMethodQuery(Qt::InputMethodQuery query) const {
    switch (query) {
    case Qt::ImEnabled:
        return true;
    case Qt::ImFont:
        return m_font;
    case Qt::ImCursorRectangle: {
        const QPoint cursor = m_screen ? m_screen->cursor() : QPoint();
        const QRect cell((cursor.x()) * m_cellWidth, (cursor.y() + m_offset) * m_cellHeight,
                         m_cellWidth, m_cellHeight);
        return cell.translated(viewport()->pos());
    }
    case Qt::ImCursorPosition:
    case Qt::ImAnchorPosition:
        return 0;
    case Qt::ImSurroundingText:
    case Qt::ImCurrentSelection:
        return QString();
    default:
        return QAbstractScrollArea::inputMethodQuery(query);
    }
}

void TerminalView::focusInEvent(QFocusEvent *event) {
    QAbstractScrollArea::focusInEvent(event);
    if (m_screen)
        m_screen->setFocused(true);
    viewport()->update();
}

void TerminalView::focusOutEvent(QFocusEvent *event) {
    QAbstractScrollArea::focusOutEvent(event);
    if (m_screen)
        m_screen->setFocused(false);
    viewport()->update();
}

// --- selection and mouse ---------------------------------------------------------------------

QPoint TerminalView::cellAt(QPoint pos) const {
    const int cols = m_screen ? m_screen->columns() : m_cols;
    const int col = std::clamp(pos.x() / m_cellWidth, 0, cols - 1);
    const int viewRow = std::clamp(int(std::floor(double(pos.y()) / m_cellHeight)), 0, m_rows - 1);
    return {col, viewRow - m_offset};
}

bool TerminalView::isSelected(int row, int col) const {
    const QPoint p(col, row);
    return m_hasSelection && !before(p, m_selStart) && !before(m_selStop, p);
}

QString TerminalView::selectedText() const {
    if (!m_hasSelection || !m_screen)
        return {};
    return m_screen->text(m_selStart, m_selStop);
}

void TerminalView::clearSelection() {
    if (!m_hasSelection)
        return;
    m_hasSelection = false;
    viewport()->update();
}

void TerminalView::copy() {
    const QString text = selectedText();
    if (text.isEmpty())
        return;
    QClipboard *clipboard = QGuiApplication::clipboard();
    clipboard->setText(text, QClipboard::Clipboard);
    if (clipboard->supportsSelection())
        clipboard->setText(text, QClipboard::Selection);
}

void TerminalView::paste() {
    const QString text = QGuiApplication::clipboard()->text(QClipboard::Clipboard);
    if (!m_screen || text.isEmpty())
        return;
    m_screen->paste(text);
    scrollToBottom();
}

bool TerminalView::isWordCell(int row, int col) const {
    TerminalCell c = m_screen->cell(row, col);
    if (c.width == 0 && col > 0) // the right half of a wide character: its left half decides
        c = m_screen->cell(row, col - 1);
    return isWordText(c.text);
}

QPoint TerminalView::wordStart(QPoint cell) const {
    const auto word = [&](int col) { return isWordCell(cell.y(), col); };
    if (!word(cell.x()))
        return cell;
    int col = cell.x();
    while (col > 0 && word(col - 1))
        --col;
    return {col, cell.y()};
}

QPoint TerminalView::wordEnd(QPoint cell) const {
    const auto word = [&](int col) { return isWordCell(cell.y(), col); };
    if (!word(cell.x()))
        return cell;
    int col = cell.x();
    while (col + 1 < m_screen->columns() && word(col + 1))
        ++col;
    return {col, cell.y()};
}

void TerminalView::extendSelection(QPoint cell) {
    switch (m_selectionMode) {
    case SelectionMode::Character:
        m_selStart = before(cell, m_anchor) ? cell : m_anchor;
        m_selStop = before(cell, m_anchor) ? m_anchor : cell;
        break;
    case SelectionMode::Word:
        if (before(cell, m_anchor)) {
            m_selStart = wordStart(cell);
            m_selStop = m_anchorEnd;
        } else {
            m_selStart = m_anchor;
            m_selStop = before(m_anchorEnd, cell) ? wordEnd(cell) : m_anchorEnd;
        }
        break;
    case SelectionMode::Line:
        m_selStart = QPoint(0, std::min(m_anchor.y(), cell.y()));
        m_selStop = QPoint(m_screen->columns() - 1, std::max(m_anchorEnd.y(), cell.y()));
        break;
    }
    m_hasSelection = true;
    viewport()->update();
}

void TerminalView::mousePressEvent(QMouseEvent *event) {
    if (!m_screen) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    const QPoint pos = event->position().toPoint();
    if (event->button() == Qt::LeftButton) {
        const QPoint cell = cellAt(pos);
        m_pressPos = pos;
        m_selecting = true;
        if (m_sinceDoubleClick.isValid() &&
            m_sinceDoubleClick.elapsed() <
                QGuiApplication::styleHints()->mouseDoubleClickInterval()) {
            m_sinceDoubleClick.invalidate();
            m_selectionMode = SelectionMode::Line; // triple click
            m_anchor = QPoint(0, cell.y());
            m_anchorEnd = QPoint(m_screen->columns() - 1, cell.y());
            extendSelection(cell);
        } else {
            m_selectionMode = SelectionMode::Character;
            m_anchor = m_anchorEnd = cell;
            clearSelection();
        }
        event->accept();
        return;
    }
    if (event->button() == Qt::MiddleButton) {
        QClipboard *clipboard = QGuiApplication::clipboard();
        if (clipboard->supportsSelection()) {
            const QString text = clipboard->text(QClipboard::Selection);
            if (!text.isEmpty()) {
                m_screen->paste(text);
                scrollToBottom();
            }
        }
        event->accept();
        return;
    }
    QAbstractScrollArea::mousePressEvent(event);
}

void TerminalView::mouseMoveEvent(QMouseEvent *event) {
    if (!m_screen || !m_selecting || !(event->buttons() & Qt::LeftButton)) {
        QAbstractScrollArea::mouseMoveEvent(event);
        return;
    }
    const QPoint pos = event->position().toPoint();
    if (pos.y() < 0)
        scrollBy(1);
    else if (pos.y() >= viewport()->height())
        scrollBy(-1);
    const QPoint cell = cellAt(pos);
    if (!m_hasSelection && m_selectionMode == SelectionMode::Character && cell == m_anchor &&
        (pos - m_pressPos).manhattanLength() < QApplication::startDragDistance())
        return;
    extendSelection(cell);
    event->accept();
}

void TerminalView::mouseReleaseEvent(QMouseEvent *event) {
    if (event->button() != Qt::LeftButton || !m_selecting) {
        QAbstractScrollArea::mouseReleaseEvent(event);
        return;
    }
    m_selecting = false;
    QClipboard *clipboard = QGuiApplication::clipboard();
    if (m_hasSelection && clipboard->supportsSelection())
        clipboard->setText(selectedText(), QClipboard::Selection);
    event->accept();
}

void TerminalView::mouseDoubleClickEvent(QMouseEvent *event) {
    if (!m_screen || event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mouseDoubleClickEvent(event);
        return;
    }
    const QPoint cell = cellAt(event->position().toPoint());
    m_selectionMode = SelectionMode::Word;
    m_anchor = wordStart(cell);
    m_anchorEnd = wordEnd(cell);
    m_selecting = true;
    m_sinceDoubleClick.start();
    extendSelection(m_anchorEnd);
    QClipboard *clipboard = QGuiApplication::clipboard();
    if (clipboard->supportsSelection())
        clipboard->setText(selectedText(), QClipboard::Selection);
    event->accept();
}

void TerminalView::wheelEvent(QWheelEvent *event) {
    if (m_screen && m_screen->altScreen()) {
        // No scrollback on the alternate screen: the wheel moves the program (less, vim, top).
        m_wheelAccumulator += event->angleDelta().y();
        constexpr int PerLine = 40; // a notch (120) is three lines
        while (std::abs(m_wheelAccumulator) >= PerLine) {
            const bool up = m_wheelAccumulator > 0;
            m_screen->sendKey(up ? Qt::Key_Up : Qt::Key_Down);
            m_wheelAccumulator += up ? -PerLine : PerLine;
        }
        event->accept();
        return;
    }
    QAbstractScrollArea::wheelEvent(event);
}

} // namespace cubedesk::widgets
