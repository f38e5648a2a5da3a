// Help ▸ About CubeDesk: the version the application sets, the Qt it runs on, CubeDesk's licence
// (Apache-2.0), and every library the program ships with, each with a licence text that is the
// licence it names (read from :/licenses, the files the packages install); Qt Charts under
// GPL-3.0; THIRD-PARTY-NOTICES.txt names every library; About Qt opens Qt's dialog; every control
// has an accessible name. Both languages (the licence texts stay English), with screenshots
// (CUBEDESK_SCREENSHOT_DIR, else a temporary folder).
#include "tests/support/screenshot.h"
#include "tests/ui/chinesecatalogue.h"
#include "ui/aboutdialog.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QMap>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>

using namespace cubedesk;

namespace {

const QString kVersion = QStringLiteral("9.8.7-about-test");

// The libraries the dialog must list, and phrases that only the right licence text (with the
// project's own copyright line) holds.
QMap<QString, QStringList> expectedLibraries() {
    const QString apache = QStringLiteral("Version 2.0, January 2004");
    const QString mit = QStringLiteral("Permission is hereby granted, free of charge");
    return {
        {QStringLiteral("Qt"),
         {QStringLiteral("GNU LESSER GENERAL PUBLIC LICENSE"),
          QStringLiteral("Version 3, 29 June 2007"), QStringLiteral("GNU GENERAL PUBLIC LICENSE"),
          QStringLiteral("https://download.qt.io/")}},
        {QStringLiteral("Qt Charts"),
         {QStringLiteral("GNU GENERAL PUBLIC LICENSE"), QStringLiteral("Version 3, 29 June 2007"),
          QStringLiteral("https://download.qt.io/")}},
        {QStringLiteral("libcurl"),
         {QStringLiteral("COPYRIGHT AND PERMISSION NOTICE"), QStringLiteral("Daniel Stenberg")}},
        {QStringLiteral("OpenSSL"),
         {QStringLiteral("Apache License"), apache, QStringLiteral("OpenSSL Project Authors")}},
        {QStringLiteral("simdjson"),
         {QStringLiteral("Apache License"), apache, QStringLiteral("Daniel Lemire"),
          QStringLiteral("Florian Loitsch"), QStringLiteral("Redistribution and use in source")}},
        {QStringLiteral("yaml-cpp"), {mit, QStringLiteral("Jesse Beder")}},
        {QStringLiteral("libvterm"), {mit, QStringLiteral("Paul Evans")}},
        {QStringLiteral("nlohmann/json"), {mit, QStringLiteral("Niels Lohmann")}},
        {QStringLiteral("cpp-httplib"), {mit, QStringLiteral("yhirose")}},
    };
}

QTableWidget *table(const ui::AboutDialog &dialog) {
    return dialog.findChild<QTableWidget *>(QStringLiteral("aboutComponents"));
}

QString shown(const ui::AboutDialog &dialog) {
    return dialog.findChild<QPlainTextEdit *>(QStringLiteral("aboutLicenseText"))->toPlainText();
}

QString label(const ui::AboutDialog &dialog, const char *name) {
    auto *l = dialog.findChild<QLabel *>(QLatin1String(name));
    return l ? l->text() : QString();
}

int rowOf(const ui::AboutDialog &dialog, const QString &name) {
    for (int row = 0; row < table(dialog)->rowCount(); ++row)
        if (table(dialog)->item(row, 0)->text() == name)
            return row;
    return -1;
}

QString resource(const QString &file) {
    QFile f(QStringLiteral(":/licenses/") + file);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

} // namespace

class AboutTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void showsTheVersionAndTheQtItRunsOn();
    void cubeDeskIsApacheLicensed();
    void everyLibraryShowsItsLicenceText();
    void qtChartsIsUnderGpl3();
    void theNoticesNameEveryLibrary();
    void aboutQtOpensQtsDialog();
    void everyControlHasAnAccessibleName();
    void theDialogSpeaksChinese();

private:
    void shoot(QWidget &widget, const QString &name);

    QTemporaryDir m_dir;
};

void AboutTest::initTestCase() {
    QVERIFY(m_dir.isValid());
    QCoreApplication::setApplicationVersion(kVersion);
}

void AboutTest::shoot(QWidget &widget, const QString &name) {
    QVERIFY(!test::saveScreenshot(widget, name, m_dir.filePath(QStringLiteral("shots"))).isEmpty());
}

void AboutTest::showsTheVersionAndTheQtItRunsOn() {
    ui::AboutDialog dialog;
    QCOMPARE(dialog.objectName(), QStringLiteral("aboutDialog"));
    QCOMPARE(dialog.windowTitle(), QStringLiteral("About CubeDesk"));
    QCOMPARE(label(dialog, "aboutName"), QStringLiteral("CubeDesk"));
    QCOMPARE(label(dialog, "aboutVersion"), QString(QStringLiteral("Version ") + kVersion));
    QVERIFY(!label(dialog, "aboutDescription").isEmpty());
    const QString qt = label(dialog, "aboutQtVersion");
    QVERIFY2(qt.contains(QLatin1String(qVersion())), qPrintable(qt));
    QVERIFY2(qt.contains(QStringLiteral(QT_VERSION_STR)), qPrintable(qt));

    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    shoot(dialog, QStringLiteral("about.png"));
}

void AboutTest::cubeDeskIsApacheLicensed() {
    ui::AboutDialog dialog;
    QVERIFY(table(dialog));
    QCOMPARE(table(dialog)->item(0, 0)->text(), QStringLiteral("CubeDesk"));
    QCOMPARE(table(dialog)->item(0, 1)->text(), QStringLiteral("Apache-2.0"));
    QVERIFY(label(dialog, "aboutLicense").contains(QStringLiteral("Apache License 2.0")));
    // CubeDesk's own row is the one shown first.
    QCOMPARE(table(dialog)->currentRow(), 0);
    const QString text = shown(dialog);
    QVERIFY(text.contains(QStringLiteral("Apache License")));
    QVERIFY(text.contains(QStringLiteral("Version 2.0, January 2004")));
    QVERIFY(!dialog.libraryNames().contains(QStringLiteral("CubeDesk")));
}

void AboutTest::everyLibraryShowsItsLicenceText() {
    ui::AboutDialog dialog;
    const QMap<QString, QStringList> expected = expectedLibraries();
    const QStringList names = dialog.libraryNames();
    QCOMPARE(QSet<QString>(names.begin(), names.end()),
             QSet<QString>(expected.keyBegin(), expected.keyEnd()));
    QCOMPARE(names.size(), expected.size()); // each once
    QCOMPARE(table(dialog)->rowCount(), names.size() + 1);

    QString before = shown(dialog);
    for (const QString &name : names) {
        const int row = rowOf(dialog, name);
        QVERIFY2(row > 0, qPrintable(name));
        table(dialog)->setCurrentCell(row, 0);
        const QString text = shown(dialog);
        QVERIFY2(text != before, qPrintable(name + QStringLiteral(": the text did not change")));
        QVERIFY2(text.startsWith(name + QLatin1Char('\n')), qPrintable(name));
        QVERIFY2(!text.contains(QStringLiteral("is missing from this build")), qPrintable(name));
        QVERIFY2(!table(dialog)->item(row, 1)->text().isEmpty(), qPrintable(name));
        for (const QString &phrase : expected.value(name))
            QVERIFY2(text.contains(phrase),
                     qPrintable(name + QStringLiteral(" lacks \"") + phrase + QLatin1Char('"')));
        before = text;
    }
}

void AboutTest::qtChartsIsUnderGpl3() {
    ui::AboutDialog dialog;
    const int charts = rowOf(dialog, QStringLiteral("Qt Charts"));
    QVERIFY(charts > 0);
    QCOMPARE(table(dialog)->item(charts, 1)->text(), QStringLiteral("GPL-3.0-only"));
    table(dialog)->setCurrentCell(charts, 0);
    QVERIFY(shown(dialog).contains(QStringLiteral("GNU GENERAL PUBLIC LICENSE")));
    QVERIFY(!shown(dialog).contains(QStringLiteral("GNU LESSER GENERAL PUBLIC LICENSE")));
    // The rest of Qt is LGPL-3.0, and the dialog says what linking Qt Charts means.
    const int qt = rowOf(dialog, QStringLiteral("Qt"));
    QVERIFY(table(dialog)->item(qt, 1)->text().startsWith(QStringLiteral("LGPL-3.0")));
    const QString note = label(dialog, "aboutGplNote");
    QVERIFY2(note.contains(QStringLiteral("Qt Charts")) && note.contains(QStringLiteral("GPL-3.0")),
             qPrintable(note));
}

void AboutTest::theNoticesNameEveryLibrary() {
    const QString notices = resource(QStringLiteral("THIRD-PARTY-NOTICES.txt"));
    QVERIFY(!notices.isEmpty());
    ui::AboutDialog dialog;
    for (const QString &name : dialog.libraryNames())
        QVERIFY2(notices.contains(name), qPrintable(name));
    QVERIFY(notices.contains(QStringLiteral("Apache-2.0")));
    QVERIFY(notices.contains(QStringLiteral("GPL-3.0")));
    // Every licence text the notices point to is in the resource (and so in the packages).
    const QStringList files = QDir(QStringLiteral(":/licenses")).entryList(QDir::Files);
    for (const char *file :
         {"Apache-2.0.txt", "LGPL-3.0.txt", "GPL-3.0.txt", "curl.txt", "simdjson.txt",
          "yaml-cpp.txt", "libvterm.txt", "nlohmann-json.txt", "cpp-httplib.txt"}) {
        QVERIFY2(files.contains(QLatin1String(file)), file);
        QVERIFY2(notices.contains(QLatin1String(file)), file);
    }

    auto *button = dialog.findChild<QPushButton *>(QStringLiteral("aboutNoticesButton"));
    QVERIFY(button);
    QTest::mouseClick(button, Qt::LeftButton);
    QCOMPARE(shown(dialog), notices);
    QCOMPARE(table(dialog)->currentRow(), -1);
    table(dialog)->setCurrentCell(0, 0);
    QVERIFY(shown(dialog) != notices);
}

void AboutTest::aboutQtOpensQtsDialog() {
    ui::AboutDialog dialog;
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    auto *button = dialog.findChild<QPushButton *>(QStringLiteral("aboutQtButton"));
    QVERIFY(button);
    QVERIFY(button->isVisible());
    // QApplication::aboutQt() runs a modal QMessageBox: close it from inside its event loop.
    QString title;
    QTimer closer;
    closer.setInterval(10);
    connect(&closer, &QTimer::timeout, this, [&title] {
        for (QWidget *w : QApplication::topLevelWidgets()) {
            auto *box = qobject_cast<QMessageBox *>(w);
            if (box && box->isVisible()) {
                title = box->windowTitle();
                box->done(0);
            }
        }
    });
    closer.start();
    QTest::mouseClick(button, Qt::LeftButton);
    closer.stop();
    QCOMPARE(title, QStringLiteral("About Qt"));
}

void AboutTest::everyControlHasAnAccessibleName() {
    ui::AboutDialog dialog;
    QStringList controls;
    for (QWidget *w : dialog.findChildren<QWidget *>()) {
        const bool control = qobject_cast<QAbstractButton *>(w) ||
                             qobject_cast<QTableWidget *>(w) || qobject_cast<QPlainTextEdit *>(w);
        if (!control || !w->objectName().startsWith(QLatin1String("about")))
            continue;
        QVERIFY2(!w->accessibleName().isEmpty(), qPrintable(w->objectName()));
        controls << w->objectName();
    }
    controls.sort();
    QCOMPARE(controls,
             QStringList({QStringLiteral("aboutCloseButton"), QStringLiteral("aboutComponents"),
                          QStringLiteral("aboutLicenseText"), QStringLiteral("aboutNoticesButton"),
                          QStringLiteral("aboutQtButton")}));
}

void AboutTest::theDialogSpeaksChinese() {
    QTranslator translator;
    const QString error = test::loadChineseCatalogue(translator);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCoreApplication::installTranslator(&translator);
    {
        ui::AboutDialog dialog;
        // Names, licence identifiers and licence texts are not translated; the version is the
        // application's.
        const QStringList names = dialog.libraryNames();
        const QMap<QString, QStringList> expected = expectedLibraries();
        QCOMPARE(QSet<QString>(names.begin(), names.end()),
                 QSet<QString>(expected.keyBegin(), expected.keyEnd()));
        QVERIFY(label(dialog, "aboutVersion").contains(kVersion));
        QVERIFY(shown(dialog).contains(QStringLiteral("Version 2.0, January 2004")));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        shoot(dialog, QStringLiteral("about-zh.png"));
    }
    QCoreApplication::removeTranslator(&translator);
}

QTEST_MAIN(AboutTest)
#include "about_test.moc"
