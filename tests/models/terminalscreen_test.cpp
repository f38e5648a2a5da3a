// TerminalScreen over libvterm: text and CRLF, SGR colours (256, true colour) and attributes in
// cells, wide CJK characters, the alternate screen, a scrollback bounded at its limit under
// 100,000 lines, resize (libvterm 0.1 truncates; lines come back from scrollback when the screen
// grows; a full-screen program's redraw at the new size reads back exactly), keyboard encodings
// (normal and application cursor mode, Ctrl+letter, bracketed paste), answers to DSR and DA
// through outputReady, selection text, and changed() coalesced to one per event-loop turn.

#include "models/terminal/terminalscreen.h"

#include <QSignalSpy>
#include <QTest>

using cubedesk::models::TerminalCell;
using cubedesk::models::TerminalScreen;

class TerminalScreenTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void plainTextAndCrLf();
    void sgrColoursAndAttributes();
    void wideCharactersTakeTwoCells();
    void alternateScreenRestoresTheMainScreen();
    void scrollbackStaysBoundedAtTheLimit();
    void scrollbackLimitKeepsTheNewestLines();
    void resizeTruncatesAndKeepsTheCursorInside();
    void growingTakesLinesBackFromScrollback();
    void fullScreenRedrawAfterResizeReadsBack();
    void keyboardEncodings();
    void pasteIsBracketedWhenEnabled();
    void queriesAreAnsweredThroughOutputReady();
    void titleAndBell();
    void selectionTextAcrossLines();
    void changedIsCoalescedPerEventLoopTurn();
    void libvtermTrapsAreAvoided();
};

namespace {

QString rowText(const TerminalScreen &screen, int row) {
    return screen.text(QPoint(0, row), QPoint(screen.columns() - 1, row));
}

QByteArray joined(const QSignalSpy &spy) {
    QByteArray out;
    for (const QList<QVariant> &args : spy)
        out += args.at(0).toByteArray();
    return out;
}

} // namespace

void TerminalScreenTest::plainTextAndCrLf() {
    TerminalScreen screen(24, 80);
    screen.write("hello\r\nworld");
    QCOMPARE(screen.cell(0, 0).text, QStringLiteral("h"));
    QCOMPARE(screen.cell(0, 0).width, 1);
    QVERIFY(screen.cell(0, 5).text.isEmpty()); // a blank
    QCOMPARE(rowText(screen, 0), QStringLiteral("hello"));
    QCOMPARE(rowText(screen, 1), QStringLiteral("world"));
    QCOMPARE(screen.cursor(), QPoint(5, 1));
    // LF alone moves down without returning; UTF-8 and escapes split across writes (libvterm
    // 0.1 alone turns a sequence split after ASCII into U+FFFD).
    screen.write("\nX\xc3");
    screen.write("\xa9\x1b[");
    screen.write("1mB\xe4");
    screen.write("\xb8");
    screen.write("\xad\xf0\x9f");
    screen.write("\x98\x80!");
    QCOMPARE(screen.cell(2, 5).text, QStringLiteral("X"));
    QCOMPARE(screen.cell(2, 6).text, QStringLiteral("é"));
    QVERIFY(!screen.cell(2, 6).bold);
    QCOMPARE(screen.cell(2, 7).text, QStringLiteral("B"));
    QVERIFY(screen.cell(2, 7).bold);
    QCOMPARE(screen.cell(2, 8).text, QStringLiteral("中"));
    QCOMPARE(screen.cell(2, 10).text, QString::fromUcs4(U"\U0001F600", 1));
    const int emojiWidth = screen.cell(2, 10).width; // libvterm 0.1's tables: 1 or 2
    QCOMPARE(screen.cell(2, 10 + emojiWidth).text, QStringLiteral("!"));
    // An invalid lead byte followed by ASCII: nothing held back.
    screen.write("\r\n\xc3");
    screen.write("ab");
    QVERIFY(rowText(screen, 3).endsWith(QStringLiteral("ab")));

    // Byte by byte reads the same as all at once.
    const QByteArray sample = "\x1b[1;31mré\x1b[0msumé 中文 \xf0\x9f\x98\x80 ok\r\n"
                              "\x1b]2;título\x07│ box │\r\n\xe2\x94\x80\xe2\x94\x80";
    TerminalScreen whole(24, 80);
    TerminalScreen bytes(24, 80);
    whole.write(sample);
    for (const char c : sample)
        bytes.write(QByteArrayView(&c, 1));
    for (int row = 0; row < 3; ++row)
        QCOMPARE(rowText(bytes, row), rowText(whole, row));
    QVERIFY(rowText(bytes, 0).startsWith(QStringLiteral("résumé 中文 ")));
    QCOMPARE(bytes.cell(0, 0).fg, whole.cell(0, 0).fg);
    QCOMPARE(bytes.title(), QStringLiteral("título")); // libvterm 0.1 alone loses split strings
    QCOMPARE(bytes.cursor(), whole.cursor());
}

void TerminalScreenTest::sgrColoursAndAttributes() {
    TerminalScreen screen(24, 80);
    screen.write("\x1b[38;5;196mR\x1b[0m"              // 256-colour cube: pure red
                 "\x1b[48;2;10;20;30mT\x1b[0m"         // true colour background
                 "\x1b[38;5;244mG\x1b[0m"              // greyscale ramp
                 "\x1b[31;1mB\x1b[0m"                  // ANSI red, bold
                 "\x1b[7mI\x1b[0m"                     // inverse
                 "\x1b[3;4;9mS\x1b[0m"                 // italic, underline, strike
                 "\x1b[38;2;1;2;3;48;5;21mC\x1b[0mD"); // both, then defaults
    const TerminalCell r = screen.cell(0, 0);
    QCOMPARE(r.fg, QColor(255, 0, 0));
    QVERIFY(!r.bg.isValid());
    const TerminalCell t = screen.cell(0, 1);
    QVERIFY(!t.fg.isValid());
    QCOMPARE(t.bg, QColor(10, 20, 30));
    QCOMPARE(screen.cell(0, 2).fg, QColor(0x85, 0x85, 0x85)); // greyscale step 12
    const TerminalCell b = screen.cell(0, 3);
    QVERIFY(b.bold);
    QVERIFY(b.fg.isValid());
    QVERIFY(b.fg.red() > 200 && b.fg.green() < 100 && b.fg.blue() < 100);
    const TerminalCell i = screen.cell(0, 4);
    QVERIFY(i.inverse);
    QVERIFY(!i.bold);
    const TerminalCell s = screen.cell(0, 5);
    QVERIFY(s.italic && s.underline && s.strike);
    QVERIFY(!s.inverse);
    const TerminalCell c = screen.cell(0, 6);
    QCOMPARE(c.fg, QColor(1, 2, 3));
    QCOMPARE(c.bg, QColor(0, 0, 0xff));
    const TerminalCell d = screen.cell(0, 7);
    QVERIFY(!d.fg.isValid() && !d.bg.isValid());
    QVERIFY(!d.bold && !d.italic && !d.underline && !d.inverse && !d.strike);

    // Attributes survive the trip into scrollback.
    screen.write(QByteArray(24, '\n'));
    const int row = -1 - (screen.scrollbackLines() - 1); // the first line is the oldest
    QCOMPARE(screen.scrollbackLines(), 1);
    QCOMPARE(screen.cell(row, 0).fg, QColor(255, 0, 0));
    QCOMPARE(screen.cell(row, 1).bg, QColor(10, 20, 30));
    QVERIFY(screen.cell(row, 3).bold);
    QVERIFY(screen.cell(row, 4).inverse);
    QVERIFY(screen.cell(row, 5).strike);
    QCOMPARE(screen.cell(row, 6).bg, QColor(0, 0, 0xff));
    QVERIFY(!screen.cell(row, 7).fg.isValid());
    QCOMPARE(rowText(screen, row), QStringLiteral("RTGBISCD"));
}

void TerminalScreenTest::wideCharactersTakeTwoCells() {
    TerminalScreen screen(24, 80);
    screen.write("\x1b[41m中\x1b[0m文x");
    const TerminalCell left = screen.cell(0, 0);
    QCOMPARE(left.text, QStringLiteral("中"));
    QCOMPARE(left.width, 2);
    const TerminalCell right = screen.cell(0, 1);
    QCOMPARE(right.width, 0);
    QVERIFY(right.text.isEmpty());
    QCOMPARE(right.bg, left.bg); // the right half paints as its left half
    QCOMPARE(screen.cell(0, 2).text, QStringLiteral("文"));
    QCOMPARE(screen.cell(0, 2).width, 2);
    QCOMPARE(screen.cell(0, 4).text, QStringLiteral("x"));
    QCOMPARE(screen.cursor(), QPoint(5, 0));
    QCOMPARE(rowText(screen, 0), QStringLiteral("中文x"));
    // Starting on a right half takes the whole character.
    QCOMPARE(screen.text(QPoint(3, 0), QPoint(4, 0)), QStringLiteral("文x"));

    screen.write(QByteArray(24, '\n'));
    QCOMPARE(screen.cell(-1, 0).width, 2);
    QCOMPARE(screen.cell(-1, 0).bg, left.bg);
    QCOMPARE(screen.cell(-1, 1).width, 0);
    QCOMPARE(screen.cell(-1, 2).text, QStringLiteral("文"));
    QCOMPARE(rowText(screen, -1), QStringLiteral("中文x"));
}

void TerminalScreenTest::alternateScreenRestoresTheMainScreen() {
    TerminalScreen screen(24, 80);
    screen.write("main screen\r\n$ ");
    QVERIFY(!screen.altScreen());
    screen.write("\x1b[?1049h\x1b[H\x1b[2J");
    QVERIFY(screen.altScreen());
    QCOMPARE(rowText(screen, 0), QString());
    for (int i = 0; i < 100; ++i)
        screen.write("alternate line\r\n");
    QCOMPARE(screen.scrollbackLines(), 0); // the alternate screen has no scrollback
    screen.write("\x1b[?1049l");
    QVERIFY(!screen.altScreen());
    QCOMPARE(rowText(screen, 0), QStringLiteral("main screen"));
    QCOMPARE(rowText(screen, 1), QStringLiteral("$"));
    QCOMPARE(screen.cursor(), QPoint(2, 1));
}

void TerminalScreenTest::scrollbackStaysBoundedAtTheLimit() {
    TerminalScreen screen(24, 80);
    screen.setScrollbackLimit(1000);
    QByteArray chunk;
    for (int i = 0; i < 100000; ++i) {
        chunk += "line " + QByteArray::number(i) + "\r\n";
        if (chunk.size() > 65536 || i == 99999) {
            screen.write(chunk);
            chunk.clear();
            QVERIFY(screen.scrollbackLines() <= 1000);
        }
    }
    QCOMPARE(screen.scrollbackLines(), 1000);
    // 100,000 lines and the cursor's empty line: 23 lines on screen, the rest scrolled off.
    QCOMPARE(screen.scrollbackPosition(), qint64(100000 - 23));
    QCOMPARE(rowText(screen, 0), QStringLiteral("line 99977"));
    QCOMPARE(rowText(screen, 22), QStringLiteral("line 99999"));
    QCOMPARE(rowText(screen, 23), QString());
    QCOMPARE(rowText(screen, -1), QStringLiteral("line 99976"));
    QCOMPARE(rowText(screen, -1000), QStringLiteral("line 98977"));
    QVERIFY(screen.cell(-1001, 0).text.isEmpty()); // beyond the oldest: blank
}

void TerminalScreenTest::scrollbackLimitKeepsTheNewestLines() {
    TerminalScreen screen(5, 20);
    for (int i = 0; i < 50; ++i)
        screen.write(QByteArray("n" + QByteArray::number(i) + "\r\n"));
    QCOMPARE(screen.scrollbackLines(), 46);
    screen.setScrollbackLimit(10);
    QCOMPARE(screen.scrollbackLines(), 10);
    QCOMPARE(rowText(screen, -1), QStringLiteral("n45"));
    QCOMPARE(rowText(screen, -10), QStringLiteral("n36"));
    screen.write("n50\r\n");
    QCOMPARE(screen.scrollbackLines(), 10);
    QCOMPARE(rowText(screen, -1), QStringLiteral("n46"));
    QCOMPARE(rowText(screen, -10), QStringLiteral("n37"));
    screen.setScrollbackLimit(0);
    QCOMPARE(screen.scrollbackLines(), 0);
    screen.write("n51\r\n");
    QCOMPARE(screen.scrollbackLines(), 0);
    QCOMPARE(rowText(screen, 0), QStringLiteral("n48"));
}

void TerminalScreenTest::resizeTruncatesAndKeepsTheCursorInside() {
    TerminalScreen screen(24, 80);
    QSignalSpy sizes(&screen, &TerminalScreen::sizeChanged);
    QByteArray line;
    for (int i = 0; i < 60; ++i)
        line += char('a' + i % 26);
    screen.write(line);
    QCOMPARE(screen.cursor(), QPoint(60, 0));
    screen.resize(10, 40);
    QCOMPARE(screen.rows(), 10);
    QCOMPARE(screen.columns(), 40);
    QCOMPARE(sizes.count(), 1);
    QCOMPARE(sizes.at(0).at(0).toInt(), 40); // (cols, rows)
    QCOMPARE(sizes.at(0).at(1).toInt(), 10);
    // libvterm 0.1 does not reflow: the line is cut at the new width.
    QCOMPARE(rowText(screen, 0), QString::fromLatin1(line.left(40)));
    QCOMPARE(rowText(screen, 1), QString());
    const QPoint cursor = screen.cursor();
    QVERIFY(cursor.x() >= 0 && cursor.x() < 40);
    QVERIFY(cursor.y() >= 0 && cursor.y() < 10);
    screen.resize(10, 40);
    QCOMPARE(sizes.count(), 1); // unchanged: no signal
    screen.write("\r\nnext");
    QCOMPARE(rowText(screen, 1), QStringLiteral("next"));
}

void TerminalScreenTest::growingTakesLinesBackFromScrollback() {
    TerminalScreen screen(24, 80);
    for (int i = 0; i < 30; ++i)
        screen.write(QByteArray("row " + QByteArray::number(i) + (i < 29 ? "\r\n" : "")));
    QCOMPARE(screen.scrollbackLines(), 6);
    QCOMPARE(rowText(screen, 0), QStringLiteral("row 6"));
    const qint64 position = screen.scrollbackPosition();
    screen.resize(30, 80);
    QCOMPARE(screen.scrollbackLines(), 0);
    QCOMPARE(screen.scrollbackPosition(), position - 6);
    QCOMPARE(rowText(screen, 0), QStringLiteral("row 0"));
    QCOMPARE(rowText(screen, 29), QStringLiteral("row 29"));
    QCOMPARE(screen.cursor(), QPoint(6, 29));
    // Shrinking pushes them out again, keeping the cursor's line.
    screen.resize(10, 80);
    QCOMPARE(screen.scrollbackLines(), 20);
    QCOMPARE(rowText(screen, 9), QStringLiteral("row 29"));
    QCOMPARE(rowText(screen, -1), QStringLiteral("row 19"));
    QCOMPARE(screen.cursor(), QPoint(6, 9));
}

void TerminalScreenTest::fullScreenRedrawAfterResizeReadsBack() {
    // A full-screen program (top, vim) on the alternate screen: it draws at 24×80, gets
    // SIGWINCH after the resize and redraws at 10×40; the screen must read back that redraw.
    auto frame = [](int rows, int cols, const QByteArray &label) {
        QByteArray out = "\x1b[H\x1b[2J";
        for (int r = 0; r < rows; ++r) {
            out += "\x1b[" + QByteArray::number(r + 1) + ";1H";
            QString line;
            for (int c = 0; c < cols; ++c) {
                const bool top = r == 0;
                const bool bottom = r == rows - 1;
                const bool left = c == 0;
                const bool right = c == cols - 1;
                if (top && left)
                    line += u'┌';
                else if (top && right)
                    line += u'┐';
                else if (bottom && left)
                    line += u'└';
                else if (bottom && right)
                    line += u'┘';
                else if (top || bottom)
                    line += u'─';
                else if (left || right)
                    line += u'│';
                else
                    line += u' ';
            }
            out += line.toUtf8();
        }
        out += "\x1b[2;3H" + label + "\x1b[" + QByteArray::number(rows - 1) + ";3H";
        return out;
    };
    TerminalScreen screen(24, 80);
    screen.write("$ top\r\n");
    screen.write(QByteArray("\x1b[?1049h" + frame(24, 80, "old 24x80 content")));
    QCOMPARE(screen.cell(23, 79).text, QStringLiteral("┘"));
    screen.resize(10, 40);
    screen.write(frame(10, 40, "PID USER"));
    QVERIFY(screen.altScreen());
    QCOMPARE(screen.cell(0, 0).text, QStringLiteral("┌"));
    QCOMPARE(screen.cell(0, 39).text, QStringLiteral("┐"));
    QCOMPARE(screen.cell(9, 0).text, QStringLiteral("└"));
    QCOMPARE(screen.cell(9, 39).text, QStringLiteral("┘"));
    QCOMPARE(rowText(screen, 1), QStringLiteral("│ PID USER") + QString(29, u' ') + u'│');
    for (int r = 2; r < 9; ++r)
        QCOMPARE(rowText(screen, r), u'│' + QString(38, u' ') + u'│');
    QCOMPARE(screen.cursor(), QPoint(2, 8));
    // Quitting restores the main screen at the new size.
    screen.write("\x1b[?1049l");
    QVERIFY(!screen.altScreen());
    QCOMPARE(rowText(screen, 0), QStringLiteral("$ top"));
    const QPoint cursor = screen.cursor();
    QVERIFY(cursor.x() < 40 && cursor.y() < 10);
    screen.write("\r\n$ ");
    QCOMPARE(rowText(screen, cursor.y() + 1), QStringLiteral("$"));

    // The same on the main screen (a program that redraws without the alternate screen).
    TerminalScreen main(24, 80);
    main.write(frame(24, 80, "before"));
    main.resize(12, 50);
    main.write(frame(12, 50, "after"));
    QCOMPARE(main.cell(11, 49).text, QStringLiteral("┘"));
    QCOMPARE(main.cell(0, 49).text, QStringLiteral("┐"));
    QCOMPARE(rowText(main, 1), QStringLiteral("│ after") + QString(42, u' ') + u'│');
}

void TerminalScreenTest::keyboardEncodings() {
    TerminalScreen screen(24, 80);
    QSignalSpy out(&screen, &TerminalScreen::outputReady);
    auto take = [&] {
        const QByteArray bytes = joined(out);
        out.clear();
        return bytes;
    };
    QVERIFY(screen.sendKey(Qt::Key_Return));
    QCOMPARE(take(), QByteArray("\r"));
    QVERIFY(screen.sendKey(Qt::Key_Enter, Qt::KeypadModifier));
    QCOMPARE(take(), QByteArray("\r"));
    QVERIFY(screen.sendKey(Qt::Key_Return, Qt::ShiftModifier));
    QCOMPARE(take(), QByteArray("\r"));
    QVERIFY(screen.sendKey(Qt::Key_Up));
    QCOMPARE(take(), QByteArray("\x1b[A"));
    QVERIFY(screen.sendKey(Qt::Key_Left, Qt::ControlModifier));
    QCOMPARE(take(), QByteArray("\x1b[1;5D"));
    screen.write("\x1b[?1h"); // application cursor keys (DECCKM)
    QVERIFY(screen.sendKey(Qt::Key_Up));
    QCOMPARE(take(), QByteArray("\x1bOA"));
    screen.write("\x1b[?1l");
    QVERIFY(screen.sendKey(Qt::Key_Up));
    QCOMPARE(take(), QByteArray("\x1b[A"));
    QVERIFY(screen.sendKey(Qt::Key_C, Qt::ControlModifier));
    QCOMPARE(take(), QByteArray("\x03"));
    QVERIFY(screen.sendKey(Qt::Key_D, Qt::ControlModifier | Qt::ShiftModifier));
    QCOMPARE(take(), QByteArray("\x04"));
    QVERIFY(screen.sendKey(Qt::Key_BracketLeft, Qt::ControlModifier));
    QCOMPARE(take(), QByteArray("\x1b"));
    QVERIFY(screen.sendKey(Qt::Key_Space, Qt::ControlModifier));
    QCOMPARE(take(), QByteArray(1, '\0'));
    QVERIFY(screen.sendKey(Qt::Key_B, Qt::ControlModifier | Qt::AltModifier));
    QCOMPARE(take(), QByteArray("\x1b\x02"));
    QVERIFY(screen.sendKey(Qt::Key_Backspace));
    QCOMPARE(take(), QByteArray("\x7f"));
    QVERIFY(screen.sendKey(Qt::Key_Tab));
    QCOMPARE(take(), QByteArray("\t"));
    QVERIFY(screen.sendKey(Qt::Key_Backtab, Qt::ShiftModifier));
    QCOMPARE(take(), QByteArray("\x1b[Z"));
    QVERIFY(screen.sendKey(Qt::Key_Escape));
    QCOMPARE(take(), QByteArray("\x1b"));
    QVERIFY(screen.sendKey(Qt::Key_Home));
    QCOMPARE(take(), QByteArray("\x1b[H"));
    QVERIFY(screen.sendKey(Qt::Key_PageDown));
    QCOMPARE(take(), QByteArray("\x1b[6~"));
    QVERIFY(screen.sendKey(Qt::Key_Delete));
    QCOMPARE(take(), QByteArray("\x1b[3~"));
    QVERIFY(screen.sendKey(Qt::Key_F1));
    QCOMPARE(take(), QByteArray("\x1bOP"));
    QVERIFY(screen.sendKey(Qt::Key_F5));
    QCOMPARE(take(), QByteArray("\x1b[15~"));
    QVERIFY(screen.sendKey(Qt::Key_F12));
    QCOMPARE(take(), QByteArray("\x1b[24~"));
    QVERIFY(!screen.sendKey(Qt::Key_A)); // text goes through sendText
    QVERIFY(!screen.sendKey(Qt::Key_1, Qt::ControlModifier));
    QCOMPARE(take(), QByteArray());
    screen.sendText(QStringLiteral("ls é中"));
    QCOMPARE(take(), QByteArray("ls \xc3\xa9\xe4\xb8\xad"));
    screen.sendText(QStringLiteral("x"), Qt::AltModifier);
    QCOMPARE(take(), QByteArray("\x1bx"));
}

void TerminalScreenTest::pasteIsBracketedWhenEnabled() {
    TerminalScreen screen(24, 80);
    QSignalSpy out(&screen, &TerminalScreen::outputReady);
    screen.paste(QStringLiteral("echo a\r\necho b\n"));
    QCOMPARE(out.count(), 1); // one signal for the whole paste
    QCOMPARE(joined(out), QByteArray("echo a\recho b\r"));
    out.clear();
    screen.write("\x1b[?2004h");
    screen.paste(QStringLiteral("x\x1b[201~y\tz"));
    QCOMPARE(joined(out), QByteArray("\x1b[200~x[201~y\tz\x1b[201~"));
}

void TerminalScreenTest::queriesAreAnsweredThroughOutputReady() {
    TerminalScreen screen(24, 80);
    QSignalSpy out(&screen, &TerminalScreen::outputReady);
    screen.write("\x1b[3;5H\x1b[6n");
    QCOMPARE(out.count(), 1);
    QCOMPARE(out.at(0).at(0).toByteArray(), QByteArray("\x1b[3;5R"));
    out.clear();
    screen.write("\x1b[c"); // primary device attributes
    QCOMPARE(out.count(), 1);
    QVERIFY(out.at(0).at(0).toByteArray().startsWith("\x1b[?"));
    QVERIFY(out.at(0).at(0).toByteArray().endsWith("c"));
}

void TerminalScreenTest::titleAndBell() {
    TerminalScreen screen(24, 80);
    QSignalSpy titles(&screen, &TerminalScreen::titleChanged);
    QSignalSpy bells(&screen, &TerminalScreen::bell);
    screen.write("\x1b]2;root@pod-0: /srv\x07");
    QCOMPARE(titles.count(), 1);
    QCOMPARE(titles.at(0).at(0).toString(), QStringLiteral("root@pod-0: /srv"));
    QCOMPARE(screen.title(), QStringLiteral("root@pod-0: /srv"));
    screen.write("\x07\x07");
    QCOMPARE(bells.count(), 1); // once per write
    screen.write("\x1b]0;日本\x1b\\");
    QCOMPARE(screen.title(), QStringLiteral("日本"));
    // Split across writes, ended by ST split too.
    screen.write("text\x1b]2;kubectl exec -it web-7d9f");
    QCOMPARE(titles.count(), 2);
    screen.write(" -- bash\x1b");
    screen.write("\\more");
    QCOMPARE(titles.count(), 3);
    QCOMPARE(screen.title(), QStringLiteral("kubectl exec -it web-7d9f -- bash"));
    QVERIFY(rowText(screen, 0).endsWith(QStringLiteral("textmore")));
    // An escape after an unterminated string aborts it; nothing is held back.
    screen.write("\x1b]2;lost\x1b[1mX");
    QVERIFY(screen.cell(0, 8).bold);
    QCOMPARE(screen.cell(0, 8).text, QStringLiteral("X"));
}

void TerminalScreenTest::selectionTextAcrossLines() {
    TerminalScreen screen(24, 80);
    screen.write("first line   \r\n  second\r\nthird");
    const QString expected = QStringLiteral("line\n  second\nthi");
    QCOMPARE(screen.text(QPoint(6, 0), QPoint(2, 2)), expected);
    QCOMPARE(screen.text(QPoint(2, 2), QPoint(6, 0)), expected); // either order
    QCOMPARE(screen.text(QPoint(0, 0), QPoint(79, 0)), QStringLiteral("first line"));
    QCOMPARE(screen.text(QPoint(0, 3), QPoint(79, 3)), QString()); // an empty line
    QCOMPARE(screen.text(QPoint(0, 0), QPoint(79, 3)),
             QStringLiteral("first line\n  second\nthird\n"));
    // Across the scrollback boundary.
    screen.write(QByteArray("\r\n" + QByteArray(22, '\n')));
    QCOMPARE(screen.scrollbackLines(), 2);
    QCOMPARE(screen.text(QPoint(0, -2), QPoint(4, 0)),
             QStringLiteral("first line\n  second\nthird"));
}

void TerminalScreenTest::changedIsCoalescedPerEventLoopTurn() {
    TerminalScreen screen(24, 80);
    QSignalSpy changed(&screen, &TerminalScreen::changed);
    QTRY_COMPARE(changed.count(), 1); // the initial reset
    changed.clear();
    for (int i = 0; i < 50; ++i)
        screen.write("x");
    QCOMPARE(changed.count(), 0); // never synchronously
    QTRY_COMPARE(changed.count(), 1);
    QTest::qWait(20);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(screen.lastDamage().top(), 0);
    QCOMPARE(screen.lastDamage().height(), 1);
    QVERIFY(screen.lastDamage().left() == 0 && screen.lastDamage().right() >= 50);
    changed.clear();
    screen.write("\x1b[12;1Hmiddle");
    QTRY_COMPARE(changed.count(), 1);
    QVERIFY(screen.lastDamage().contains(QPoint(0, 11)));  // the text
    QVERIFY(screen.lastDamage().contains(QPoint(20, 1)));  // where the cursor was
    QVERIFY(!screen.lastDamage().contains(QPoint(0, 20))); // untouched rows
}

void TerminalScreenTest::libvtermTrapsAreAvoided() {
    // Each of these crashed or hung libvterm 0.1.4 (found by fuzzing under ASan); the screen
    // works around them. Under ASan a regression fails loudly.
    TerminalScreen screen(4, 10);
    // REP without a character before it: an endless loop in libvterm.
    screen.write("\x1b[5b");
    QCOMPARE(rowText(screen, 0), QString());
    screen.write("x\x1b[3b");
    QCOMPARE(rowText(screen, 0), QStringLiteral("xxxx"));
    // REP of a wide character up to the edge: libvterm wrote past the line.
    screen.write("\r\n中\x1b[100b");
    QCOMPARE(rowText(screen, 1), QStringLiteral("中中中中中"));
    // REP of a narrow one stops at the edge, without wrapping.
    screen.write("\r\nab\x1b[20b");
    QCOMPARE(rowText(screen, 2), QStringLiteral("abbbbbbbbb"));
    QCOMPARE(rowText(screen, 3), QString());
    // However libvterm's parser reaches a REP: a C0 control or UTF-8 inside the escape, split.
    TerminalScreen hidden(3, 10);
    hidden.write("\x1b\r[5b\x1b\xe4\xb8\xad[5b\x1b");
    hidden.write("[");
    hidden.write("5");
    hidden.write("bok");
    QCOMPARE(rowText(hidden, 0), QStringLiteral("ok"));

    // A CSI with more than 16 arguments wrote past libvterm's argument array (found by
    // fuzz_terminalscreen); it is dropped, whatever ends it, and what follows is kept.
    TerminalScreen arguments(3, 20);
    arguments.write(QByteArray("\x1b[" + QByteArray(40, ';') + "Hok"));
    arguments.write(QByteArray("\x1b[1" + QByteArray(20, ':') + "\x1b[2;3H!"));
    QCOMPARE(rowText(arguments, 0), QStringLiteral("ok"));
    QCOMPARE(arguments.cell(1, 2).text, QStringLiteral("!"));
    arguments.write(QByteArray("\x1b[" + QByteArray(15, ';') + "1mbold"));
    QVERIFY(arguments.cell(1, 3).bold); // 16 arguments still work
    // An unfinished sequence ended by the dropped one's escape: libvterm never sees that
    // escape, so it is told to drop the first too — and counts no arguments on from it.
    arguments.write(QByteArray("\x1b[3;1H\x1b[;;;;5\x01\x1b[" + QByteArray(20, ';') + "H" +
                               QByteArray(16, ';') + "H"));
    QVERIFY(arguments.text(QPoint(0, 2), QPoint(19, 2)).startsWith(QStringLiteral(";;;;")));
    // The same for REP: its character is not taken as the end of an unfinished sequence.
    TerminalScreen rep(3, 20);
    rep.write("x\x1b[5\x1b[2b");
    QCOMPARE(rowText(rep, 0), QStringLiteral("xxx"));

    // DECRC of a cursor saved before the screen shrank read outside libvterm's arrays.
    TerminalScreen saved(24, 80);
    saved.write("\x1b[20;70H\x1b"
                "7");
    saved.resize(10, 40);
    saved.write("\x1b"
                "8after");
    QVERIFY(saved.text(QPoint(0, 8), QPoint(39, 9)).remove(u'\n').contains(u"after"));

    // An escape sequence longer than can be held is dropped whole, the text after it kept.
    TerminalScreen longer(3, 20);
    longer.write(QByteArray("\x1b]2;" + QByteArray(3000, 'a')));
    longer.write(QByteArray(3000, 'b'));
    longer.write("\x07shown");
    QCOMPARE(rowText(longer, 0), QStringLiteral("shown"));

    // A truncated UTF-8 sequence before more text overflowed libvterm's decoding buffer.
    TerminalScreen bytes(4, 20);
    bytes.write("\xe4\x1b[m\xc3"
                "ab\xff\xc0\xaf"
                "z\xed\xa0\x80.");
    QCOMPARE(rowText(bytes, 0),
             QStringLiteral("\uFFFD\uFFFDab\uFFFD\uFFFD\uFFFDz\uFFFD\uFFFD\uFFFD."));

    // A C1 control in UTF-8 had width -1: the cursor went left of column 0, and in insert mode
    // libvterm moved memory from before the line.
    TerminalScreen c1(4, 20);
    c1.write("\x1b[4h\xc2\x95\xc3\xa9x\xc2\x9b");
    QCOMPARE(c1.cursor(), QPoint(4, 0));
    QCOMPARE(rowText(c1, 0), QStringLiteral("\uFFFDéx\uFFFD"));

    // The cursor went above the screen when shrinking with text below it.
    TerminalScreen tall(24, 80);
    tall.write("\x1b[24;1Hstatus line\x1b[H");
    tall.resize(10, 80);
    QCOMPARE(tall.cursor(), QPoint(0, 0));
    tall.write("top\x1b[2b");
    QCOMPARE(rowText(tall, 0), QStringLiteral("toppp"));
    QCOMPARE(rowText(tall, 9), QStringLiteral("status line"));

    // A scrolling region below the new bottom: negative sizes in libvterm's scroll.
    TerminalScreen region(24, 80);
    region.write("\x1b[10;20r\x1b[12;1Hin region");
    region.resize(5, 80);
    QCOMPARE(region.cursor(), QPoint(9, 4)); // kept (clamped), the region reset
    region.write("\x1b[2T\x1b[2S\n\n\n\x1b[3L\x1b[3M");
    region.write("\x1b[2;4r\x1b[4;1Hx\n\ny");              // and a region set after it works
    QCOMPARE(region.cell(1, 0).text, QStringLiteral("x")); // scrolled inside the region
    QCOMPARE(region.cell(3, 1).text, QStringLiteral("y"));
    QCOMPARE(region.cell(4, 0).text, QString()); // below it: untouched

    // A wide character needs two columns.
    TerminalScreen narrow(3, 5);
    narrow.resize(3, 1);
    QCOMPARE(narrow.columns(), TerminalScreen::MinColumns);
    narrow.write("\x1b[?7l中文\xf0\x9f\x98\x80");
    QCOMPARE(narrow.cell(0, 0).width, 2);
}

QTEST_GUILESS_MAIN(TerminalScreenTest)
#include "terminalscreen_test.moc"
