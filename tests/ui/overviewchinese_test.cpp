// Simplified Chinese is complete for the Overview and Pending-and-events panes: the catalogue has
// no unfinished message in their contexts (models, widgets, panes), plural messages have their one
// Chinese form (and the two English ones), and the panes, built with the catalogue compiled by
// lrelease from the source tree, show Chinese — which also proves the translation contexts match
// the ones lupdate writes (a Q_DECLARE_TR_FUNCTIONS context that differs would show English).

#include "models/clusterhub.h"
#include "models/eventstreammodel.h"
#include "models/pendingpodmodel.h"
#include "models/pendingpodreason.h"
#include "models/runningpodfilter.h"
#include "models/runningpodmodel.h"
#include "tests/ui/chinesecatalogue.h"
#include "ui/overviewpane.h"
#include "ui/pendingpane.h"
#include "widgets/overviewbarchart.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>
#include <QTranslator>
#include <QXmlStreamReader>

using namespace cubedesk;

namespace {

const QStringList kContexts = {
    QStringLiteral("cubedesk::models::RunningPodModel"),
    QStringLiteral("cubedesk::models::RunningPodFilter"),
    QStringLiteral("cubedesk::models::PendingPodModel"),
    QStringLiteral("cubedesk::models::PendingPodReason"),
    QStringLiteral("cubedesk::models::EventStreamModel"),
    QStringLiteral("cubedesk::models::EventStreamFilter"),
    QStringLiteral("cubedesk::widgets::OverviewBarChart"),
    QStringLiteral("cubedesk::ui::OverviewPane"),
    QStringLiteral("cubedesk::ui::PendingPane"),
    QStringLiteral("cubedesk::ui::LogPanel"),
    QStringLiteral("cubedesk::ui::LogsDock"),
    QStringLiteral("cubedesk::ui::PodActionMenu"),
    QStringLiteral("cubedesk::models::LogFeed"),
    QStringLiteral("cubedesk::models::JobLogFeed"),
    QStringLiteral("cubedesk::models::TerminalSession"),
    QStringLiteral("cubedesk::ui::TerminalDock"),
    QStringLiteral("cubedesk::ui::TerminalPanel"),
    QStringLiteral("cubedesk::ui::WelcomePage"),
    QStringLiteral("EmptyReason"),
    QStringLiteral("cubedesk::ui::AboutDialog"),
    QStringLiteral("cubedesk::ui::PreferencesDialog"),
    QStringLiteral("cubedesk::ui::ShortcutsDialog"),
    QStringLiteral("cubedesk::ui::MainWindow"),
    QStringLiteral("cubedesk::ui::NodesPane"),
    QStringLiteral("cubedesk::ui::JobsPane"),
    QStringLiteral("cubedesk::ui::QuotasPane"),
    QStringLiteral("cubedesk::ui::GpusPane"),
    QStringLiteral("cubedesk::ui::DrainDialog"),
    QStringLiteral("cubedesk::ui::TaintEditorDialog"),
    QStringLiteral("cubedesk::models::DrainController"),
    QStringLiteral("cubedesk::ui::BoardPane"),
    QStringLiteral("cubedesk::models::WriteAuditModel"),
};

QString catalogue(const QString &lang) {
    return qEnvironmentVariable("CUBEDESK_SOURCE_DIR") +
           QStringLiteral("/translations/cubedesk_%1.ts").arg(lang);
}

struct Message {
    QString context;
    QString source;
    bool numerus = false;
    bool unfinished = false;
    QString translation;
    int forms = 0;
};

QList<Message> readCatalogue(const QString &path) {
    QList<Message> out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&file);
    QString context;
    Message m;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            out << m;
            continue;
        }
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("context")) {
            context.clear();
        } else if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            m = Message{};
            m.context = context;
            m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
        } else if (name == QLatin1String("source")) {
            m.source = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            m.unfinished =
                xml.attributes().value(QLatin1String("type")) == QLatin1String("unfinished");
            if (!m.numerus)
                m.translation = xml.readElementText();
        } else if (name == QLatin1String("numerusform")) {
            ++m.forms;
            m.translation += xml.readElementText();
        }
    }
    return out;
}

bool hasChinese(const QString &s) {
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return s.contains(han);
}

} // namespace

class OverviewChineseTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void catalogueIsComplete_data();
    void catalogueIsComplete();
    void panesShowChinese();
};

void OverviewChineseTest::catalogueIsComplete_data() {
    QTest::addColumn<QString>("lang");
    QTest::addColumn<int>("forms");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << 1;
    QTest::newRow("en") << QStringLiteral("en") << 2;
}

void OverviewChineseTest::catalogueIsComplete() {
    QFETCH(QString, lang);
    QFETCH(int, forms);
    const QList<Message> messages = readCatalogue(catalogue(lang));
    QVERIFY2(!messages.isEmpty(), qPrintable(catalogue(lang)));
    QSet<QString> seen;
    int checked = 0;
    for (const Message &m : messages) {
        if (!kContexts.contains(m.context))
            continue;
        seen << m.context;
        const QString where = m.context + QStringLiteral(": ") + m.source;
        if (m.numerus) {
            // English is the source language: only its plural forms are translations.
            QVERIFY2(!m.unfinished, qPrintable(where));
            QVERIFY2(m.forms == forms, qPrintable(where));
            ++checked;
        } else if (lang == QLatin1String("zh_CN")) {
            QVERIFY2(!m.unfinished && !m.translation.isEmpty(), qPrintable(where));
            ++checked;
        }
    }
    QCOMPARE(seen.size(), kContexts.size());
    QVERIFY(checked > (lang == QLatin1String("zh_CN") ? 80 : 5));
}

void OverviewChineseTest::panesShowChinese() {
    models::ClusterHub hub;
    models::RunningPodModel running(&hub);
    models::PendingPodModel pending(&hub);
    models::EventStreamModel events(&hub);
    const QList<const QAbstractItemModel *> tables = {&running, &pending, &events};
    const auto headers = [&tables] {
        QStringList out;
        for (const QAbstractItemModel *m : tables)
            for (int c = 0; c < m->columnCount(); ++c)
                out << m->headerData(c, Qt::Horizontal).toString();
        return out;
    };
    const QStringList english = headers();
    QTranslator translator;
    const QString why = test::loadChineseCatalogue(translator);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QVERIFY(QCoreApplication::installTranslator(&translator));

    // The tab names of the platform's vocabulary.
    QCOMPARE(QCoreApplication::translate("cubedesk::ui::MainWindow", "Overview"),
             QStringLiteral("整体资源"));
    QCOMPARE(QCoreApplication::translate("cubedesk::ui::MainWindow", "Pending and events"),
             QStringLiteral("待调度与事件"));

    // Every column header of the three models is translated (a name may stay: "Pod").
    const QStringList chinese = headers();
    QCOMPARE(chinese.size(), english.size());
    for (qsizetype i = 0; i < chinese.size(); ++i)
        QVERIFY2(chinese[i] != english[i] || english[i] == QLatin1String("Pod"),
                 qPrintable(english[i]));
    QVERIFY(hasChinese(chinese.join(QString())));
    // The scheduler's reasons and the filters' errors.
    const auto reason = models::PendingPodReason::parse(
        "0/40 nodes are available: 3 Insufficient nvidia.com/gpu, 1 node(s) were unschedulable, "
        "36 node(s) didn't match Pod's node affinity/selector.");
    QCOMPARE(reason.summary(),
             QStringLiteral("nvidia.com/gpu 不足（3 个节点） · "
                            "节点选择器不匹配（36 个节点） · 已封锁（1 个节点）"));
    QVERIFY(hasChinese(models::PendingPodReason::parse("").summary()));
    QVERIFY(hasChinese(models::RunningPodFilter::parse(QStringLiteral("colour=red")).error()));

    // The panes themselves.
    ui::OverviewPane overview(&hub);
    ui::PendingPane pendingPane(&hub);
    for (auto resource : {ui::OverviewPane::Resource::Cpu, ui::OverviewPane::Resource::Memory,
                          ui::OverviewPane::Resource::Gpus})
        QVERIFY2(hasChinese(overview.orgChart(resource)->title()),
                 qPrintable(overview.orgChart(resource)->title()));
    QVERIFY(hasChinese(overview.gpuTypeChart()->title()));
    QVERIFY(hasChinese(overview.summaryText()));
    QVERIFY(hasChinese(
        overview.findChild<QLineEdit *>(QStringLiteral("podFilter"))->placeholderText()));
    overview.show(); // the running-pods table (and its count) exists while the pane is shown
    QVERIFY(hasChinese(overview.findChild<QLabel *>(QStringLiteral("podCount"))->text()));
    QVERIFY(hasChinese(pendingPane.findChild<QLabel *>(QStringLiteral("pendingTitle"))->text()));
    QVERIFY(hasChinese(pendingPane.findChild<QLabel *>(QStringLiteral("eventCount"))->text()));
    QVERIFY(hasChinese(
        pendingPane.findChild<QLineEdit *>(QStringLiteral("eventFilter"))->placeholderText()));
    auto *type = pendingPane.findChild<QComboBox *>(QStringLiteral("eventType"));
    for (int i = 0; i < type->count(); ++i)
        QVERIFY2(hasChinese(type->itemText(i)), qPrintable(type->itemText(i)));
    QCoreApplication::removeTranslator(&translator);
}

QTEST_MAIN(OverviewChineseTest)
#include "overviewchinese_test.moc"
