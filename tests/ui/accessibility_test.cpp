// Keyboard and accessibility, checked through Qt's accessibility interfaces as a screen reader
// reads them: every control a user can reach in the window (every pane, dock and the welcome
// page) and in the dialogs (preferences, shortcuts, about) has an accessible name; F1 lists the
// menus' shortcuts and the panes' own keys; the command palette reaches every menu command and
// runs it; the welcome page's buttons come in reading order when tabbing.
#include "models/clusterhub.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "ui/aboutdialog.h"
#include "ui/commandpalette.h"
#include "ui/mainwindow.h"
#include "ui/preferences.h"
#include "ui/preferencesdialog.h"
#include "ui/shortcutsdialog.h"
#include "ui/welcomepage.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTest>
#include <QTextEdit>
#include <QTimer>

using namespace cubedesk;

class AccessibilityTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyControlHasAName();
    void f1ListsTheShortcuts();
    void thePaletteRunsEveryMenuCommand();
    void theWelcomePageTabsInReadingOrder();
};

namespace {

// A control the user reaches by keyboard or pointer on its own (not a part of another control:
// a combo box's line edit, a spin box's editor, a tab bar's close button, scroll bars, headers).
bool isControl(const QWidget *w) {
    const bool control =
        qobject_cast<const QAbstractButton *>(w) || qobject_cast<const QLineEdit *>(w) ||
        qobject_cast<const QComboBox *>(w) || qobject_cast<const QAbstractSpinBox *>(w) ||
        qobject_cast<const QAbstractItemView *>(w) || qobject_cast<const QPlainTextEdit *>(w) ||
        qobject_cast<const QTextEdit *>(w);
    if (!control || w->objectName().startsWith(QLatin1String("qt_")))
        return false;
    for (const QWidget *p = w->parentWidget(); p; p = p->parentWidget())
        if (qobject_cast<const QComboBox *>(p) || qobject_cast<const QAbstractSpinBox *>(p) ||
            qobject_cast<const QLineEdit *>(p) || qobject_cast<const QTabBar *>(p) ||
            qobject_cast<const QScrollBar *>(p) || qobject_cast<const QHeaderView *>(p) ||
            qobject_cast<const QAbstractItemView *>(p) || qobject_cast<const QMenu *>(p))
            return false;
    return true;
}

QString describe(const QWidget *w) {
    QStringList path;
    for (const QWidget *p = w; p; p = p->parentWidget())
        path.prepend(QStringLiteral("%1(%2)").arg(QString::fromLatin1(p->metaObject()->className()),
                                                  p->objectName()));
    return path.join(QStringLiteral(" > "));
}

// The controls under `root` a screen reader would announce without a name; `checked` counts
// the controls looked at.
QStringList unnamed(const QWidget *root, int *checked = nullptr) {
    QStringList out;
    for (QWidget *w : root->findChildren<QWidget *>()) {
        if (!isControl(w))
            continue;
        if (checked)
            ++*checked;
        QAccessibleInterface *a = QAccessible::queryAccessibleInterface(w);
        const QString name = a ? a->text(QAccessible::Name).trimmed() : QString();
        if (qEnvironmentVariableIsSet("CUBEDESK_A11Y_DUMP"))
            qInfo().noquote() << describe(w) << "=>" << name;
        if (name.isEmpty())
            out << describe(w);
    }
    return out;
}

} // namespace

void AccessibilityTest::everyControlHasAName() {
    test::SimProcess sim({"--scenario", "demo", "--seed", "6"});
    QVERIFY2(sim.ready(), sim.error().c_str());
    models::ClusterHub hub;
    auto window = test::openTestWindow(&hub, sim.kubeconfig());
    QTRY_VERIFY_WITH_TIMEOUT(test::firstClusterSynced(hub), 30000);
    // Every pane once, so that what they build on demand exists.
    for (int i = 0; i < window->panes()->count(); ++i) {
        window->panes()->setCurrentIndex(i);
        QCoreApplication::processEvents();
    }
    int checked = 0;
    const QStringList missing = unnamed(window.get(), &checked);
    QVERIFY2(checked > 60, qPrintable(QString::number(checked))); // the walk reaches the panes
    QVERIFY2(missing.isEmpty(), qPrintable(QStringLiteral("%1 controls without an accessible "
                                                          "name:\n")
                                               .arg(missing.size()) +
                                           missing.join(QLatin1Char('\n'))));

    ui::Preferences preferences;
    ui::PreferencesDialog prefs(&preferences);
    QVERIFY2(unnamed(&prefs).isEmpty(), qPrintable(unnamed(&prefs).join(QLatin1Char('\n'))));
    ui::ShortcutsDialog shortcuts(
        ui::ShortcutsDialog::collect(window.get(), window->menuBar(), window->panes()));
    QVERIFY2(unnamed(&shortcuts).isEmpty(),
             qPrintable(unnamed(&shortcuts).join(QLatin1Char('\n'))));
    ui::AboutDialog about;
    QVERIFY2(unnamed(&about).isEmpty(), qPrintable(unnamed(&about).join(QLatin1Char('\n'))));
}

void AccessibilityTest::f1ListsTheShortcuts() {
    models::ClusterHub hub;
    ui::MainWindow::Options options;
    options.remember = false;
    ui::MainWindow window(&hub, options);
    const auto entries = ui::ShortcutsDialog::collect(&window, window.menuBar(), window.panes());
    const auto has = [&](const QKeySequence &keys, const QString &where) {
        return std::any_of(entries.begin(), entries.end(),
                           [&](const auto &e) { return e.keys == keys && e.where == where; });
    };
    QVERIFY(has(QKeySequence(Qt::CTRL | Qt::Key_K), QStringLiteral("View")));
    QVERIFY(has(QKeySequence(Qt::Key_F5), QStringLiteral("View")));
    QVERIFY(has(QKeySequence(Qt::Key_F1), QStringLiteral("Help")));
    QVERIFY(has(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N), QStringLiteral("Window")));
    QVERIFY(has(QKeySequence(Qt::CTRL | Qt::Key_Comma), QStringLiteral("File")));
    QVERIFY(has(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), QStringLiteral("Terminal")));
    // A pane's own row action (Ctrl+L opens a pod's logs from the pods tables).
    QVERIFY(std::any_of(entries.begin(), entries.end(), [](const auto &e) {
        return e.keys == QKeySequence(Qt::CTRL | Qt::Key_L) && e.where != QLatin1String("Nodes");
    }));
    ui::ShortcutsDialog dialog(entries);
    QCOMPARE(dialog.table()->rowCount(), entries.size());
    dialog.filter()->setText(QStringLiteral("palette"));
    int shown = 0;
    for (int r = 0; r < dialog.table()->rowCount(); ++r)
        shown += dialog.table()->isRowHidden(r) ? 0 : 1;
    QCOMPARE(shown, 1);
    // F1 opens it (modal: a timer closes it once it is up).
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    bool opened = false;
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&] {
        auto *d = window.findChild<ui::ShortcutsDialog *>();
        if (d && d->isVisible()) {
            opened = d->table()->rowCount() == entries.size();
            d->reject();
            poll.stop();
        }
    });
    poll.start(20);
    QTest::keyClick(&window, Qt::Key_F1);
    QTRY_VERIFY(!poll.isActive());
    QVERIFY(opened);
}

void AccessibilityTest::thePaletteRunsEveryMenuCommand() {
    models::ClusterHub hub;
    ui::MainWindow::Options options;
    options.remember = false;
    ui::MainWindow window(&hub, options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QStringList commands;
    for (QAction *top : window.menuBar()->actions())
        for (QAction *a : top->menu()->actions())
            if (!a->isSeparator() && a->isEnabled())
                commands << a->text().remove(QLatin1Char('&'));
    QVERIFY(commands.size() > 15);
    window.openCommandPalette();
    auto *palette = window.findChild<ui::CommandPalette *>();
    QVERIFY(palette);
    QStringList listed;
    for (int i = 0; i < palette->list()->count(); ++i)
        listed << palette->list()->item(i)->text();
    for (const QString &c : commands)
        QVERIFY2(std::any_of(listed.begin(), listed.end(),
                             [&](const QString &l) { return l.contains(c); }),
                 qPrintable(c));
    // Choosing one runs it: "Overview" from the View menu switches the pane.
    palette->input()->setText(QStringLiteral("View Overview"));
    QTest::keyClick(palette->input(), Qt::Key_Return);
    QTRY_COMPARE(window.panes()->currentWidget()->objectName(), QStringLiteral("overviewPane"));
}

void AccessibilityTest::theWelcomePageTabsInReadingOrder() {
    models::ClusterHub hub;
    ui::MainWindow::Options options;
    options.remember = false;
    options.startDemo = [](QString *error) {
        *error = QStringLiteral("not in this test");
        return QStringList();
    };
    ui::MainWindow window(&hub, options);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto *add =
        window.welcomePage()->findChild<QPushButton *>(QStringLiteral("welcomeAddKubeconfig"));
    auto *demo = window.welcomePage()->findChild<QPushButton *>(QStringLiteral("welcomeDemo"));
    QVERIFY(add && demo);
    QTRY_VERIFY(add->hasFocus() || window.welcomePage()->isAncestorOf(QApplication::focusWidget()));
    add->setFocus();
    // Tab moves on to the next way in, in the order the page reads.
    QWidget *next = add->nextInFocusChain();
    while (next && (!next->isVisible() || next->focusPolicy() == Qt::NoFocus))
        next = next->nextInFocusChain();
    QVERIFY(next);
    QVERIFY2(next == demo || next->objectName() == QLatin1String("welcomeUseHome"),
             qPrintable(describe(next)));
}

QTEST_MAIN(AccessibilityTest)
#include "accessibility_test.moc"
