// TerminalView offscreen: rows and columns follow the widget size and resize the screen, an SGR
// background lands on the expected pixels, keys (Tab included) reach the program as bytes,
// scrollback keeps its place under new output and a key returns to the bottom, and a mouse
// drag / double-click selects text that copy puts on the clipboard.

#include "models/terminal/terminalscreen.h"
#include "testsupport.h"
#include "widgets/terminalview.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QLineEdit>
#include <QMouseEvent>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>
#include <QVBoxLayout>

using cubedesk::models::TerminalScreen;
using cubedesk::widgets::TerminalView;
namespace tests = cubedesk::tests;

namespace {

QByteArray joined(const QSignalSpy &spy) {
    QByteArray out;
    for (const QList<QVariant> &args : spy)
        out += args.at(0).toByteArray();
    return out;
}

/// The centre of cell (col, row) of the view's viewport, in viewport coordinates.
QPoint cellCentre(const TerminalView &view, int col, int row) {
    const QSize cell = view.cellSize();
    return {col * cell.width() + cell.width() / 2, row * cell.height() + cell.height() / 2};
}

void sendMouse(QWidget *target, QEvent::Type type, QPoint pos, Qt::MouseButton button,
               Qt::MouseButtons buttons) {
    QMouseEvent event(type, QPointF(pos), QPointF(target->mapToGlobal(pos)), button, buttons,
                      Qt::NoModifier);
    QCoreApplication::sendEvent(target, &event);
}

} // namespace

class TerminalViewTest final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void rowsAndColumnsFollowTheWidgetSize() {
        TerminalScreen screen(24, 80);
        TerminalView view(&screen);
        QSignalSpy sizes(&screen, &TerminalScreen::sizeChanged);
        view.resize(view.sizeHint());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QSize cell = view.cellSize();
        QVERIFY(cell.width() > 3 && cell.height() > 6);
        QCOMPARE(view.columns(), 80);
        QCOMPARE(view.rows(), 24);
        QCOMPARE(screen.columns(), 80);
        QCOMPARE(screen.rows(), 24);

        view.resize(view.width() - 20 * cell.width(), view.height() - 4 * cell.height());
        QCOMPARE(view.columns(), 60);
        QCOMPARE(view.rows(), 20);
        QCOMPARE(screen.columns(), 60);
        QCOMPARE(screen.rows(), 20);
        QVERIFY(!sizes.isEmpty());
        QCOMPARE(sizes.last().at(0).toInt(), 60);
        QCOMPARE(sizes.last().at(1).toInt(), 20);
        QCOMPARE(view.viewport()->width() / cell.width(), 60);

        // A bigger font: fewer cells in the same space.
        QFont big = view.terminalFont();
        big.setPointSizeF(big.pointSizeF() * 2);
        view.setTerminalFont(big);
        QVERIFY(view.columns() < 40);
        QCOMPARE(screen.columns(), view.columns());
    }

    void sgrBackgroundIsPaintedAtItsCell() {
        TerminalScreen screen(24, 80);
        TerminalView view(&screen);
        view.resize(view.sizeHint());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        screen.write("\x1b[2;3H\x1b[48;2;200;30;40m  \x1b[0m  "
                     "\x1b[38;2;0;0;255;1m@@@@\x1b[0m"
                     "\x1b[5;1H\x1b[7minverse\x1b[0m");
        const QImage image = view.grab().toImage();
        const QPoint origin = view.viewport()->mapTo(&view, QPoint(0, 0));
        auto pixel = [&](QPoint p) { return image.pixelColor(origin + p); };
        QCOMPARE(pixel(cellCentre(view, 2, 1)), QColor(200, 30, 40));
        QCOMPARE(pixel(cellCentre(view, 3, 1)), QColor(200, 30, 40));
        const QColor base = view.palette().color(QPalette::Base);
        QCOMPARE(pixel(cellCentre(view, 5, 1)), base);
        QCOMPARE(pixel(cellCentre(view, 1, 1)), base);
        QCOMPARE(pixel(cellCentre(view, 2, 2)), base);
        // Blue glyphs in the four '@' cells.
        const QSize cell = view.cellSize();
        const QRect glyphs(origin + QPoint(6 * cell.width(), cell.height()),
                           QSize(4 * cell.width(), cell.height()));
        QVERIFY(tests::countPixels(image, glyphs, [](QColor c) {
                    return c.blue() > 150 && c.red() < 100 && c.green() < 100;
                }) > 10);
        // Inverse: the default foreground (Text) as background.
        const QColor text = view.palette().color(QPalette::Text);
        QVERIFY(tests::colorDistance(pixel(QPoint(1, 4 * cell.height() + 1)), text) <= 2);
    }

    void hiddenViewLeavesTheScreenAlone() {
        TerminalScreen screen(24, 80);
        screen.write("a line of 40 characters, not to be cut.\r\n$ ");
        TerminalView view(&screen); // not shown: its viewport is not laid out yet
        view.resize(200, 100);
        QCOMPARE(screen.columns(), 80);
        QCOMPARE(screen.rows(), 24);
        QCOMPARE(screen.text(QPoint(0, 0), QPoint(79, 0)),
                 QStringLiteral("a line of 40 characters, not to be cut."));
        view.resize(view.sizeHint());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(screen.columns(), 80);
        QCOMPARE(screen.text(QPoint(0, 0), QPoint(79, 0)),
                 QStringLiteral("a line of 40 characters, not to be cut."));
    }

    void cursorIsABlockHollowWithoutFocus() {
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *edit = new QLineEdit(&window);
        TerminalScreen screen(24, 80);
        auto *view = new TerminalView(&screen, &window);
        layout->addWidget(view);
        layout->addWidget(edit);
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        view->setFocus();
        QTRY_VERIFY(view->hasFocus());
        screen.write("$ ");
        const QPoint origin = view->viewport()->mapTo(view, QPoint(0, 0));
        const QSize cell = view->cellSize();
        const QPoint centre = origin + cellCentre(*view, 2, 0);
        const QPoint edge = origin + QPoint(2 * cell.width(), cell.height() / 2);
        const QColor text = view->palette().color(QPalette::Text);
        const QColor base = view->palette().color(QPalette::Base);
        QImage image = view->grab().toImage();
        QCOMPARE(image.pixelColor(centre), text); // a filled block
        edit->setFocus();
        QTRY_VERIFY(!view->hasFocus());
        image = view->grab().toImage();
        QCOMPARE(image.pixelColor(centre), base); // hollow
        QCOMPARE(image.pixelColor(edge), text);
    }

    void keysReachTheProgram() {
        QWidget window;
        auto *layout = new QVBoxLayout(&window);
        auto *edit = new QLineEdit(&window);
        TerminalScreen screen(24, 80);
        auto *view = new TerminalView(&screen, &window);
        layout->addWidget(edit);
        layout->addWidget(view);
        auto *deleteAction = new QAction(QStringLiteral("Delete pod"), &window);
        deleteAction->setShortcut(QKeySequence::Delete);
        window.addAction(deleteAction);
        QSignalSpy deleted(deleteAction, &QAction::triggered);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        view->setFocus();
        QTRY_VERIFY(view->hasFocus());
        QSignalSpy out(&screen, &TerminalScreen::outputReady);
        QTest::keyClick(view, Qt::Key_Delete); // the program's, not the window's shortcut
        QCOMPARE(joined(out), QByteArray("\x1b[3~"));
        QCOMPARE(deleted.count(), 0);
        out.clear();
        QTest::keyClick(view, Qt::Key_L);
        QTest::keyClick(view, Qt::Key_S);
        QTest::keyClick(view, Qt::Key_Return);
        QCOMPARE(joined(out), QByteArray("ls\r"));
        out.clear();
        QTest::keyClick(view, Qt::Key_C, Qt::ControlModifier);
        QCOMPARE(joined(out), QByteArray("\x03"));
        out.clear();
        QTest::keyClick(view, Qt::Key_Tab); // not a focus change
        QCOMPARE(joined(out), QByteArray("\t"));
        QVERIFY(view->hasFocus());
        out.clear();
        QTest::keyClick(view, Qt::Key_Backtab, Qt::ShiftModifier);
        QCOMPARE(joined(out), QByteArray("\x1b[Z"));
        QVERIFY(view->hasFocus());
        out.clear();
        QTest::keyClick(view, Qt::Key_Up);
        QCOMPARE(joined(out), QByteArray("\x1b[A"));
        out.clear();
        QKeyEvent typed(QEvent::KeyPress, 0, Qt::NoModifier, QStringLiteral("中文"));
        QCoreApplication::sendEvent(view, &typed);
        QCOMPARE(joined(out), QStringLiteral("中文").toUtf8());
        out.clear();
        QInputMethodEvent commit;
        commit.setCommitString(QStringLiteral("漢字"));
        QCoreApplication::sendEvent(view, &commit);
        QCOMPARE(joined(out), QStringLiteral("漢字").toUtf8());
    }

    void scrollbackKeepsItsPlaceAndKeysReturnToTheBottom() {
        TerminalScreen screen(24, 80);
        TerminalView view(&screen);
        view.resize(view.sizeHint());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        for (int i = 0; i < 100; ++i)
            screen.write(QByteArray("line " + QByteArray::number(i) + "\r\n"));
        QScrollBar *bar = view.verticalScrollBar();
        QTRY_COMPARE(bar->maximum(), screen.scrollbackLines());
        QCOMPARE(bar->value(), bar->maximum());
        bar->setValue(bar->maximum() - 10);
        QCOMPARE(view.scrollOffset(), 10);
        const int topRow = -10; // combined row at the top of the view
        const QString topLine = screen.text(QPoint(0, topRow), QPoint(79, topRow));
        QCOMPARE(topLine, QStringLiteral("line 67"));
        for (int i = 100; i < 105; ++i)
            screen.write(QByteArray("line " + QByteArray::number(i) + "\r\n"));
        QTRY_COMPARE(view.scrollOffset(), 15);
        QCOMPARE(screen.text(QPoint(0, -15), QPoint(79, -15)), topLine);
        QCOMPARE(bar->value(), bar->maximum() - 15);

        {
            QWheelEvent wheel(QPointF(10, 10), view.viewport()->mapToGlobal(QPointF(10, 10)),
                              QPoint(), QPoint(0, 120), Qt::NoButton, Qt::NoModifier,
                              Qt::NoScrollPhase, false);
            QCoreApplication::sendEvent(view.viewport(), &wheel);
            QVERIFY(view.scrollOffset() > 15);
        }

        QSignalSpy out(&screen, &TerminalScreen::outputReady);
        QTest::keyClick(&view, Qt::Key_A);
        QCOMPARE(view.scrollOffset(), 0);
        QCOMPARE(bar->value(), bar->maximum());
        QCOMPARE(joined(out), QByteArray("a"));

        // Shift+PgUp pages through the scrollback without sending anything.
        out.clear();
        QTest::keyClick(&view, Qt::Key_PageUp, Qt::ShiftModifier);
        QCOMPARE(view.scrollOffset(), view.rows() - 1);
        QCOMPARE(out.count(), 0);

        // No scrollback on the alternate screen.
        screen.write("\x1b[?1049h");
        QTRY_COMPARE(bar->maximum(), 0);
        QCOMPARE(view.scrollOffset(), 0);
    }

    void dragSelectsAndCopyPutsItOnTheClipboard() {
        TerminalScreen screen(24, 80);
        TerminalView view(&screen);
        view.resize(view.sizeHint());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.setFocus();
        screen.write("kubectl get pods\r\nNAME       READY   STATUS\r\nweb-7d9f   1/1     Running");
        QWidget *viewport = view.viewport();
        sendMouse(viewport, QEvent::MouseButtonPress, cellCentre(view, 8, 0), Qt::LeftButton,
                  Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseMove, cellCentre(view, 12, 1), Qt::NoButton,
                  Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseMove, cellCentre(view, 3, 2), Qt::NoButton,
                  Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseButtonRelease, cellCentre(view, 3, 2), Qt::LeftButton,
                  Qt::NoButton);
        QVERIFY(view.hasSelection());
        const QString expected = QStringLiteral("get pods\nNAME       READY   STATUS\nweb-");
        QCOMPARE(view.selectedText(), expected);

        // The selection is highlighted.
        const QImage image = view.grab().toImage();
        const QPoint origin = viewport->mapTo(&view, QPoint(0, 0));
        QCOMPARE(image.pixelColor(origin + QPoint(9 * view.cellSize().width() + 1,
                                                  view.cellSize().height() - 2)),
                 view.palette().color(QPalette::Highlight));

        QGuiApplication::clipboard()->clear();
        QTest::keyClick(&view, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(QGuiApplication::clipboard()->text(), expected);

        // Ctrl+Shift+V pastes it back to the program.
        QSignalSpy out(&screen, &TerminalScreen::outputReady);
        QTest::keyClick(&view, Qt::Key_V, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(joined(out), QByteArray("get pods\rNAME       READY   STATUS\rweb-"));

        // A double-click selects a word.
        sendMouse(viewport, QEvent::MouseButtonPress, cellCentre(view, 2, 2), Qt::LeftButton,
                  Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseButtonRelease, cellCentre(view, 2, 2), Qt::LeftButton,
                  Qt::NoButton);
        sendMouse(viewport, QEvent::MouseButtonDblClick, cellCentre(view, 2, 2), Qt::LeftButton,
                  Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseButtonRelease, cellCentre(view, 2, 2), Qt::LeftButton,
                  Qt::NoButton);
        QCOMPARE(view.selectedText(), QStringLiteral("web-7d9f"));
        view.copy();
        QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("web-7d9f"));

        // A click without a drag clears it.
        QTest::qWait(QApplication::doubleClickInterval() + 50);
        sendMouse(viewport, QEvent::MouseButtonPress, cellCentre(view, 5, 5), Qt::LeftButton,
                  Qt::LeftButton);
        sendMouse(viewport, QEvent::MouseButtonRelease, cellCentre(view, 5, 5), Qt::LeftButton,
                  Qt::NoButton);
        QVERIFY(!view.hasSelection());
    }

    void screenshot() {
        TerminalScreen screen(16, 64);
        TerminalView view(&screen);
        view.resize(view.sizeHint());
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QByteArray bars;
        for (int i = 0; i < 64; ++i)
            bars += "\x1b[48;5;" + QByteArray::number(16 + i * 3) + "m ";
        screen.write(
            QByteArray("\x1b[1;32mroot@web-7d9f\x1b[0m:\x1b[1;34m/srv\x1b[0m# ls --color\r\n"
                       "\x1b[1;34mbin\x1b[0m  \x1b[1;32mrun.sh\x1b[0m  \x1b[1;36mlink\x1b[0m  "
                       "data.csv\r\n" +
                       bars +
                       "\x1b[0m\r\n"
                       "\x1b[1mbold\x1b[0m \x1b[3mitalic\x1b[0m \x1b[4munderline\x1b[0m "
                       "\x1b[9mstrike\x1b[0m \x1b[7minverse\x1b[0m\r\n"
                       "中文测试 ┌──┐\r\n"));
        QVERIFY(!tests::saveSnapshot(view.grab().toImage(), QStringLiteral("terminal")).isEmpty());
    }
};

CUBEDESK_WIDGETS_TEST(TerminalViewTest)
#include "terminalview_test.moc"
