// Preferences round trip: the dialog shows what the settings file holds, OK writes what it shows
// (and only then), a second reader sees the same values, Restore defaults fills in defaults
// without applying them; the log panel's and terminal's own keys are the ones the dialog edits.
// Applying takes effect at once: the application font (WindowSet), the tables' row height
// (density) and the Overview's refresh interval in an open window.
#include "models/clusterhub.h"
#include "models/overviewaggregator.h"
#include "ui/mainwindow.h"
#include "ui/nodespane.h"
#include "ui/overviewpane.h"
#include "ui/preferences.h"
#include "ui/preferencesdialog.h"
#include "ui/windowset.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFontComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace cubedesk;

class PreferencesTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void theDialogRoundTripsTheSettingsFile();
    void restoreDefaultsDoesNotApply();
    void changesApplyToOpenWindows();

private:
    QTemporaryDir m_settings;
};

void PreferencesTest::initTestCase() {
    QVERIFY(m_settings.isValid());
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path());
    QCoreApplication::setOrganizationName(QStringLiteral("cubedesk-test-preferences"));
}

void PreferencesTest::init() {
    QSettings().clear();
}

void PreferencesTest::theDialogRoundTripsTheSettingsFile() {
    // What a log panel and the terminal remembered on their own.
    {
        QSettings s;
        s.setValue(QStringLiteral("logs/keepThousands"), 50);
        s.setValue(QStringLiteral("logs/wrap"), true);
        s.setValue(QStringLiteral("terminal/command"), QStringLiteral("bash"));
    }
    ui::Preferences preferences;
    QCOMPARE(preferences.values().logKeepThousands, 50);
    QVERIFY(preferences.values().logWrap);
    QCOMPARE(preferences.values().terminalCommand, QStringLiteral("bash"));
    QVERIFY(preferences.fileName().startsWith(m_settings.path()));

    ui::PreferencesDialog dialog(&preferences);
    QCOMPARE(dialog.values(), preferences.values());
    QCOMPARE(dialog.findChild<QSpinBox *>(QStringLiteral("prefLogKeep"))->value(), 50);

    // The user changes every group, then presses OK.
    auto *theme = dialog.findChild<QComboBox *>(QStringLiteral("prefTheme"));
    theme->setCurrentIndex(theme->findData(static_cast<int>(ui::Preferences::Theme::Dark)));
    auto *language = dialog.findChild<QComboBox *>(QStringLiteral("prefLanguage"));
    language->setCurrentIndex(language->findData(QStringLiteral("zh_CN")));
    auto *density = dialog.findChild<QComboBox *>(QStringLiteral("prefDensity"));
    density->setCurrentIndex(
        density->findData(static_cast<int>(ui::Preferences::Density::Compact)));
    dialog.findChild<QCheckBox *>(QStringLiteral("prefConfirmCloseTerminal"))->setChecked(false);
    dialog.findChild<QDoubleSpinBox *>(QStringLiteral("prefOverviewRefresh"))->setValue(2.5);
    dialog.findChild<QLineEdit *>(QStringLiteral("prefTerminalCommand"))
        ->setText(QStringLiteral("zsh"));
    QSignalSpy changed(&preferences, &ui::Preferences::changed);
    auto *buttons = dialog.findChild<QDialogButtonBox *>(QStringLiteral("prefButtons"));
    buttons->button(QDialogButtonBox::Ok)->click();
    QCOMPARE(changed.count(), 1);
    QCOMPARE(dialog.result(), int(QDialog::Accepted));

    const auto &v = preferences.values();
    QCOMPARE(v.theme, ui::Preferences::Theme::Dark);
    QCOMPARE(v.language, QStringLiteral("zh_CN"));
    QCOMPARE(v.density, ui::Preferences::Density::Compact);
    QVERIFY(!v.confirmCloseTerminal);
    QCOMPARE(v.overviewRefreshMs, 2500);
    QCOMPARE(v.terminalCommand, QStringLiteral("zsh"));
    QCOMPARE(v.logKeepThousands, 50);
    // In the file, under the keys the panes read too; a second reader sees the same.
    QSettings s;
    QCOMPARE(s.value(QStringLiteral("preferences/theme")).toString(), QStringLiteral("dark"));
    QCOMPARE(s.value(QStringLiteral("terminal/command")).toString(), QStringLiteral("zsh"));
    QCOMPARE(ui::Preferences().values(), v);
    // Applying the same values again changes nothing.
    preferences.apply(v);
    QCOMPARE(changed.count(), 1);
}

void PreferencesTest::restoreDefaultsDoesNotApply() {
    ui::Preferences preferences;
    ui::Preferences::Values dark = preferences.values();
    dark.theme = ui::Preferences::Theme::Dark;
    dark.overviewRefreshMs = 4000;
    preferences.apply(dark);
    ui::PreferencesDialog dialog(&preferences);
    auto *buttons = dialog.findChild<QDialogButtonBox *>(QStringLiteral("prefButtons"));
    buttons->button(QDialogButtonBox::RestoreDefaults)->click();
    QCOMPARE(dialog.values().theme, ui::Preferences::Theme::System);
    QCOMPARE(dialog.values().overviewRefreshMs, 500);
    QCOMPARE(preferences.values(), dark); // nothing applied yet
    buttons->button(QDialogButtonBox::Cancel)->click();
    QCOMPARE(preferences.values(), dark);
    QCOMPARE(ui::Preferences().values(), dark);
}

void PreferencesTest::changesApplyToOpenWindows() {
    models::ClusterHub hub;
    ui::MainWindow::Options options;
    options.remember = false;
    ui::WindowSet set(&hub, options);
    ui::MainWindow *window = set.open();
    ui::Preferences *preferences = set.preferences();
    QTableView *nodes = window->nodesPane()->view();
    const int comfortable = nodes->verticalHeader()->defaultSectionSize();
    auto *overview = window->findChild<ui::OverviewPane *>();
    QVERIFY(overview);

    ui::Preferences::Values v = preferences->values();
    v.density = ui::Preferences::Density::Compact;
    v.overviewRefreshMs = 3000;
    QFont font = QApplication::font();
    font.setPointSize(font.pointSize() + 6);
    v.font = font.toString();
    preferences->apply(v);
    QCOMPARE(QApplication::font().pointSize(), font.pointSize());
    QCOMPARE(overview->aggregator()->interval(), 3000);
    // A bigger font makes rows taller even when compact; back at the desktop's font, compact
    // rows are shorter than comfortable ones.
    QVERIFY(nodes->verticalHeader()->defaultSectionSize() >=
            QFontMetrics(QApplication::font()).height() + 4);
    v.font.clear();
    preferences->apply(v);
    QVERIFY2(nodes->verticalHeader()->defaultSectionSize() < comfortable,
             qPrintable(QStringLiteral("%1 vs %2")
                            .arg(nodes->verticalHeader()->defaultSectionSize())
                            .arg(comfortable)));
    v.density = ui::Preferences::Density::Comfortable;
    preferences->apply(v);
    QCOMPARE(nodes->verticalHeader()->defaultSectionSize(), comfortable);
    set.quit();
}

QTEST_MAIN(PreferencesTest)
#include "preferences_test.moc"
