// The balancing advisor's widgets offscreen, in English and in Simplified Chinese (the .ts file
// compiled with lrelease at test time): the board with ghost cards after "Suggest" (painted
// violet and dashed in the target column, the real card still in its own column, the strip's
// summary and an enabled Apply), and the notifications panel with its grouped rows and "Go to".
// PNGs go to test-output/ui/balance-*.png for review.

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "models/balanceadvisor.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/notificationmodel.h"
#include "models/orgboardmodel.h"
#include "models/writeauditmodel.h"
#include "tests/support/modelfixture.h"
#include "tests/ui/chinesecatalogue.h"
#include "ui/balancebar.h"
#include "ui/boardpane.h"
#include "ui/notificationpanel.h"
#include "ui/orgcolumnwidget.h"

#include <QApplication>
#include <QDir>
#include <QLabel>
#include <QListView>
#include <QProcess>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>
#include <QTranslator>

#include <nlohmann/json.hpp>

using namespace cubedesk;
using Delta = k8s::ClusterSession::Delta;
using Type = k8s::DeltaBuffer<k8s::ObjectPtr>::Type;
using nlohmann::json;

class BalanceUiTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void boardShowsGhostCards_data();
    void boardShowsGhostCards();
};

namespace {

constexpr qint64 kNow = 1794477600;

QString outputDir() {
    QString root = qEnvironmentVariable("CUBEDESK_BINARY_DIR");
    if (root.isEmpty())
        root = QDir::tempPath();
    const QString dir = root + QStringLiteral("/test-output/ui");
    QDir().mkpath(dir);
    return dir;
}

class Fixture : public test::ModelFixture {
public:
    Delta node(const std::string &name, const std::string &org, const std::string &gpus,
               bool ready = true) {
        json labels = {{"org", org}, {"gpu", "true"}, {"train", "true"}, {"gpu-type", "A100"}};
        json doc = {
            {"metadata", {{"name", name}, {"resourceVersion", "1"}, {"labels", labels}}},
            {"status",
             {{"allocatable", {{"cpu", "64"}, {"memory", "256Gi"}, {"nvidia.com/gpu", gpus}}},
              {"conditions", json::array({{{"type", "Ready"},
                                           {"status", ready ? "True" : "False"},
                                           {"message", "Kubelet stopped posting"}}})}}}};
        return decode(Type::Added, k8s::ObjectKind::Node, "nodes//" + name, doc);
    }
    Delta pod(const std::string &name, const std::string &node, int gpus, const std::string &org,
              qint64 created) {
        json spec = {
            {"containers",
             json::array(
                 {{{"name", "c"},
                   {"resources",
                    {{"requests", {{"cpu", "8"}, {"nvidia.com/gpu", std::to_string(gpus)}}}}}}})},
            {"nodeSelector", {{"org", org}}}};
        json status = {{"phase", node.empty() ? "Pending" : "Running"}};
        if (!node.empty())
            spec["nodeName"] = node;
        else
            status["conditions"] = json::array(
                {{{"type", "PodScheduled"},
                  {"status", "False"},
                  {"message", "0/9 nodes are available: 3 Insufficient nvidia.com/gpu"}}});
        json doc = {{"metadata",
                     {{"name", name},
                      {"namespace", "pipeline"},
                      {"resourceVersion", "1"},
                      {"creationTimestamp", QDateTime::fromSecsSinceEpoch(created, Qt::UTC)
                                                .toString(Qt::ISODate)
                                                .toStdString()}}},
                    {"spec", spec},
                    {"status", status}};
        return decode(Type::Added, k8s::ObjectKind::Pod, "pods/pipeline/" + name, doc);
    }
};

/// Pixels of `color` (±12 per channel) inside `rect` of `image`.
int countColor(const QImage &image, const QRect &rect, QColor color) {
    int n = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - color.red()) <= 12 &&
                std::abs(c.green() - color.green()) <= 12 &&
                std::abs(c.blue() - color.blue()) <= 12)
                ++n;
        }
    return n;
}

} // namespace

void BalanceUiTest::boardShowsGhostCards_data() {
    QTest::addColumn<QString>("lang");
    QTest::newRow("en") << QStringLiteral("en");
    QTest::newRow("zh_CN") << QStringLiteral("zh_CN");
}

void BalanceUiTest::boardShowsGhostCards() {
    QFETCH(QString, lang);
    QTranslator translator;
    if (lang == QLatin1String("zh_CN")) {
        const QString why = test::loadChineseCatalogue(translator);
        QVERIFY2(why.isEmpty(), qPrintable(why));
        QVERIFY(QCoreApplication::installTranslator(&translator));
    }

    Fixture f;
    auto *c = new models::ClusterConnection(QStringLiteral("dev"), QStringLiteral("/tmp/x"));
    f.hub.adopt(c);
    c->applyDeltas({f.node("gpu-busy-1", "vision", "8"), f.node("gpu-busy-2", "vision", "8"),
                    f.node("gpu-busy-3", "vision", "8"), f.node("gpu-idle-1", "speech", "8"),
                    f.node("gpu-idle-2", "speech", "8"), f.node("gpu-idle-3", "speech", "8"),
                    f.node("gpu-idle-4", "speech", "8", false),
                    f.pod("train-1", "gpu-busy-1", 8, "vision", kNow - 7200),
                    f.pod("train-2", "gpu-busy-2", 8, "vision", kNow - 7200),
                    f.pod("train-3", "gpu-busy-3", 4, "vision", kNow - 7200),
                    f.pod("infer-1", "gpu-idle-1", 2, "speech", kNow - 7200),
                    f.pod("detr-0", "", 4, "vision", kNow - 1800),
                    f.pod("detr-1", "", 4, "vision", kNow - 1800)});

    models::OrgBoardModel model(&f.hub);
    ui::BoardPane pane(&f.hub, &model);
    pane.resize(1100, 620);
    pane.show();
    QVERIFY(QTest::qWaitForWindowExposed(&pane));
    QCOMPARE(model.cluster(), c);
    models::BalanceAdvisor advisor(&f.hub);
    advisor.setClock([] { return kNow; });
    advisor.suggest(QStringLiteral("dev"), 3);
    model.setGhosts(advisor.ghosts(QStringLiteral("dev")));
    const auto *result = advisor.suggestion(QStringLiteral("dev"));
    QVERIFY(result && !result->moves.empty());
    pane.balanceBar()->setSummary(advisor.summary(QStringLiteral("dev")), true);
    QVERIFY(pane.balanceBar()->applyButton()->isEnabled());
    // The pending pods of vision pull speech's least-loaded Ready node first (gpu-idle-2), then
    // the next runs continue.
    QCOMPARE(result->moves.front().node, std::string("gpu-idle-2"));
    QCOMPARE(result->moves.front().reason, k8s::RebalancePlanner::Reason::PendingPod);

    auto *vision = pane.column(QStringLiteral("vision"));
    QVERIFY(vision);
    QListView *list = vision->list();
    const QModelIndex ghost = model.index(3, 0, model.orgIndex(QStringLiteral("vision")));
    QVERIFY(ghost.data(models::BalanceGhostRole).isValid());
    QApplication::processEvents();
    const QRect ghostRect = list->visualRect(ghost);
    QVERIFY(!ghostRect.isEmpty());
    const QImage image = list->viewport()->grab().toImage();
    // The violet dashed outline and name tint are there, and nowhere on the real cards above.
    QVERIFY(countColor(image, ghostRect, QColor(0x7e, 0x57, 0xc2)) > 40);
    const QRect realRect =
        list->visualRect(model.index(0, 0, model.orgIndex(QStringLiteral("vision"))));
    QCOMPARE(countColor(image, realRect, QColor(0x7e, 0x57, 0xc2)), 0);
    if (lang == QLatin1String("zh_CN")) {
        QVERIFY2(pane.balanceBar()->summaryLabel()->text().contains(QStringLiteral("下一轮")),
                 qPrintable(pane.balanceBar()->summaryLabel()->text()));
        QVERIFY(ghost.data(models::BalanceGhostRole)
                    .value<models::BalanceGhost>()
                    .headline.contains(QStringLiteral("第 1 轮")));
    }
    QVERIFY(pane.grab().save(outputDir() + QStringLiteral("/balance-board-%1.png").arg(lang)));

    // The notifications panel: pending pods grouped, the NotReady node, a move.
    models::NotificationModel notifications(&f.hub);
    notifications.setClock([] { return kNow; });
    c->applyDeltas({f.node("gpu-idle-3", "speech", "8", false)}); // goes NotReady
    notifications.checkPending();
    notifications.addMoveApplied(
        QStringLiteral("dev"), QStringLiteral("gpu-idle-2"), QStringLiteral("speech"),
        QStringLiteral("vision"),
        models::WriteAuditModel::modeText(models::WriteAuditModel::Mode::Suggestion));
    QCOMPARE(notifications.rowCount(), 3);
    ui::NotificationPanel panel(&notifications);
    panel.resize(380, 320);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QSignalSpy goTo(&panel, &ui::NotificationPanel::goToRequested);
    panel.goTo(0);
    QCOMPARE(goTo.count(), 1);
    QCOMPARE(goTo[0][0].toInt(), int(models::NotificationModel::Kind::MoveApplied));
    QCOMPARE(goTo[0][2].toString(), QStringLiteral("vision"));
    QVERIFY(
        panel.grab().save(outputDir() + QStringLiteral("/balance-notifications-%1.png").arg(lang)));
    if (lang == QLatin1String("zh_CN"))
        QCoreApplication::removeTranslator(&translator);
}

QTEST_MAIN(BalanceUiTest)
#include "balanceui_test.moc"
