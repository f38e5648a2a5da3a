#include "k8s/cube/labelrules.h"
#include "testsupport.h"
#include "widgets/labelchip.h"
#include "widgets/labelchipseditor.h"

#include <QAbstractItemModel>
#include <QCompleter>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using cubedesk::widgets::LabelChange;
using cubedesk::widgets::LabelChip;
using cubedesk::widgets::LabelChipsEditor;
namespace tests = cubedesk::tests;

namespace {

// Kubernetes label syntax, as the label dialog will check it.
QString kubernetesRules(const QString &key, const QString &value) {
    if (const auto problem = cubedesk::k8s::LabelRules::keyError(key.toStdString()))
        return QString::fromStdString(*problem);
    if (const auto problem = cubedesk::k8s::LabelRules::valueError(value.toStdString()))
        return QString::fromStdString(*problem);
    return {};
}

QString describe(const QList<LabelChange> &edits) {
    QStringList parts;
    for (const LabelChange &e : edits)
        parts << e.key + u'=' + (e.value ? *e.value : QStringLiteral("<removed>"));
    return parts.join(QStringLiteral(", "));
}

struct Editor {
    LabelChipsEditor widget;
    Editor() {
        widget.setValidator(kubernetesRules);
        widget.setLabels({{QStringLiteral("org"), QStringLiteral("ml")},
                          {QStringLiteral("gpu-type"), QStringLiteral("T4")},
                          {QStringLiteral("zone"), QStringLiteral("z1")}},
                         {QStringLiteral("team")});
        widget.resize(420, 220);
        widget.show();
        if (!QTest::qWaitForWindowExposed(&widget))
            qWarning("editor not exposed");
        widget.activateWindow();
    }
    LabelChip *chip(const QString &key) const {
        return widget.findChild<LabelChip *>(QStringLiteral("chip:") + key);
    }
    void type(const QString &text) {
        QLineEdit *input = widget.lineEdit();
        input->setFocus();
        input->clear();
        QTest::keyClicks(input, text);
        QTest::keyClick(input, Qt::Key_Return);
    }
};

class LabelChipsEditorTest final : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void showsCommonAndMixedLabels() {
        Editor e;
        QCOMPARE(e.widget.chipTexts(),
                 QStringList({QStringLiteral("gpu-type=T4"), QStringLiteral("org=ml"),
                              QStringLiteral("team=(mixed)"), QStringLiteral("zone=z1")}));
        QVERIFY(e.widget.edits().isEmpty());
        QVERIFY(!e.widget.hasEdits());
        QCOMPARE(e.chip(QStringLiteral("team"))->state(), LabelChip::State::Mixed);
    }

    void removeAChipAndAddThroughTheLineEdit() {
        Editor e;
        QSignalSpy changed(&e.widget, &LabelChipsEditor::changed);
        LabelChip *zone = e.chip(QStringLiteral("zone"));
        QVERIFY(zone);
        QTest::mouseClick(zone->removeButton(), Qt::LeftButton);
        QCOMPARE(changed.size(), 1);
        e.type(QStringLiteral("gpu-type=A100"));
        QCOMPARE(changed.size(), 2);
        QVERIFY(e.widget.lineEdit()->text().isEmpty());
        QVERIFY(e.widget.errorText().isEmpty());

        const QList<LabelChange> expected{
            {QStringLiteral("gpu-type"), QStringLiteral("A100")},
            {QStringLiteral("zone"), std::nullopt},
        };
        QCOMPARE(e.widget.edits(), expected);
        QCOMPARE(e.widget.chipTexts(),
                 QStringList({QStringLiteral("gpu-type=A100"), QStringLiteral("org=ml"),
                              QStringLiteral("team=(mixed)")}));
        QCOMPARE(e.chip(QStringLiteral("gpu-type"))->state(), LabelChip::State::Changed);
        QTest::qWait(0); // the removed chip is deleted later
        QVERIFY(!e.chip(QStringLiteral("zone")));
        tests::saveSnapshot(e.widget.grab().toImage(), QStringLiteral("labelchips-edited"));
    }

    void invalidKeyShowsAnErrorAndIsNotAdded() {
        Editor e;
        QSignalSpy changed(&e.widget, &LabelChipsEditor::changed);
        e.type(QStringLiteral("bad key!=1"));
        QVERIFY(!e.widget.errorText().isEmpty());
        QVERIFY(e.widget.findChild<QWidget *>(QStringLiteral("labelError"))->isVisible());
        QCOMPARE(e.widget.lineEdit()->text(), QStringLiteral("bad key!=1"));
        QVERIFY(!e.chip(QStringLiteral("bad key!")));
        QVERIFY(e.widget.edits().isEmpty());
        QCOMPARE(changed.size(), 0);
        tests::saveSnapshot(e.widget.grab().toImage(), QStringLiteral("labelchips-error"));

        // No '=' at all is an error too; typing clears the error.
        e.type(QStringLiteral("justakey"));
        QVERIFY(!e.widget.errorText().isEmpty());
        QTest::keyClick(e.widget.lineEdit(), Qt::Key_X);
        QVERIFY(e.widget.errorText().isEmpty());
        // An invalid value is refused the same way.
        e.type(QStringLiteral("org=not valid"));
        QVERIFY(!e.widget.errorText().isEmpty());
        QVERIFY(e.widget.edits().isEmpty());
    }

    void mixedKeysAreUntouchedUnlessEdited() {
        Editor e;
        e.type(QStringLiteral("org=cv"));
        QCOMPARE(e.widget.edits(),
                 QList<LabelChange>({{QStringLiteral("org"), QStringLiteral("cv")}}));
        QCOMPARE(e.chip(QStringLiteral("team"))->text(), QStringLiteral("team=(mixed)"));

        // Clicking the mixed chip prepares "team=" for a value.
        QTest::mouseClick(e.chip(QStringLiteral("team")), Qt::LeftButton, {}, QPoint(8, 8));
        QCOMPARE(e.widget.lineEdit()->text(), QStringLiteral("team="));
        QTest::keyClicks(e.widget.lineEdit(), QStringLiteral("infra"));
        QTest::keyClick(e.widget.lineEdit(), Qt::Key_Enter);
        QCOMPARE(e.widget.edits(),
                 QList<LabelChange>({{QStringLiteral("org"), QStringLiteral("cv")},
                                     {QStringLiteral("team"), QStringLiteral("infra")}}));

        e.widget.removeLabel(QStringLiteral("team"));
        QCOMPARE(e.widget.edits(),
                 QList<LabelChange>({{QStringLiteral("org"), QStringLiteral("cv")},
                                     {QStringLiteral("team"), std::nullopt}}));

        // Setting a label back to its loaded value is no edit.
        e.type(QStringLiteral("org=ml"));
        QCOMPARE(e.widget.edits(), QList<LabelChange>({{QStringLiteral("team"), std::nullopt}}));

        e.widget.reset();
        QVERIFY2(e.widget.edits().isEmpty(), qPrintable(describe(e.widget.edits())));
        QCOMPARE(e.chip(QStringLiteral("team"))->text(), QStringLiteral("team=(mixed)"));
    }

    void clickingAChipEditsItsValue() {
        Editor e;
        QTest::mouseClick(e.chip(QStringLiteral("org")), Qt::LeftButton, {}, QPoint(8, 8));
        QLineEdit *input = e.widget.lineEdit();
        QCOMPARE(input->text(), QStringLiteral("org=ml"));
        QCOMPARE(input->selectedText(), QStringLiteral("ml"));
        QTest::keyClicks(input, QStringLiteral("nlp"));
        QTest::keyClick(input, Qt::Key_Return);
        QCOMPARE(e.widget.edits(),
                 QList<LabelChange>({{QStringLiteral("org"), QStringLiteral("nlp")}}));
        QCOMPARE(e.chip(QStringLiteral("org"))->text(), QStringLiteral("org=nlp"));
    }

    void presetsFeedTheCompleterAndButtons() {
        Editor e;
        e.widget.setPresets({{QStringLiteral("share"), QStringLiteral("false")},
                             {QStringLiteral("gpu-type"), QString()},
                             {QStringLiteral("train"), QStringLiteral("true")}},
                            {QStringLiteral("Keep the node out of balancing"),
                             QStringLiteral("GPU model"), QStringLiteral("Runs training jobs")});
        const QAbstractItemModel *keys = e.widget.lineEdit()->completer()->model();
        QStringList completions;
        for (int row = 0; row < keys->rowCount(); ++row)
            completions << keys->index(row, 0).data().toString();
        QCOMPARE(completions, QStringList({QStringLiteral("share"), QStringLiteral("gpu-type"),
                                           QStringLiteral("train")}));

        auto *share = e.widget.findChild<QToolButton *>(QStringLiteral("preset:share=false"));
        QVERIFY(share);
        QCOMPARE(share->toolTip(), QStringLiteral("Keep the node out of balancing"));
        QTest::mouseClick(share, Qt::LeftButton);
        QCOMPARE(e.widget.edits(),
                 QList<LabelChange>({{QStringLiteral("share"), QStringLiteral("false")}}));
        // The new chip is laid out at its full width right away.
        LabelChip *chip = e.chip(QStringLiteral("share"));
        QVERIFY(chip);
        QVERIFY2(chip->width() > chip->fontMetrics().horizontalAdvance(chip->text()),
                 qPrintable(QString::number(chip->width())));
        QVERIFY(chip->isVisible());

        // A preset without a value prepares the line edit instead of guessing one.
        auto *gpuType = e.widget.findChild<QToolButton *>(QStringLiteral("preset:gpu-type="));
        QVERIFY(gpuType);
        QTest::mouseClick(gpuType, Qt::LeftButton);
        QCOMPARE(e.widget.lineEdit()->text(), QStringLiteral("gpu-type=T4"));
        QCOMPARE(e.widget.edits().size(), 1);
        tests::saveSnapshot(e.widget.grab().toImage(), QStringLiteral("labelchips-presets"));
    }

    void emptyStateAndChinese() {
        LabelChipsEditor editor;
        editor.setLabels({}, {});
        QVERIFY(editor.chipTexts().isEmpty());
        QVERIFY(editor.setLabel(QStringLiteral("org"), QStringLiteral("ml")));
        // Without a validator only the form is checked.
        QVERIFY(!editor.setLabel(QString(), QStringLiteral("x")));
        QVERIFY(!editor.errorText().isEmpty());
        editor.setLabels({{QStringLiteral("description"), QStringLiteral("算法组")}}, {});
        QCOMPARE(editor.chipTexts(), QStringList(QStringLiteral("description=算法组")));
        QVERIFY(editor.errorText().isEmpty());
        editor.resize(360, 120);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        tests::saveSnapshot(editor.grab().toImage(), QStringLiteral("labelchips-chinese"));
    }
};

} // namespace

CUBEDESK_WIDGETS_TEST(LabelChipsEditorTest)
#include "labelchipseditor_test.moc"
