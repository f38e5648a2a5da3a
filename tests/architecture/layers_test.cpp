// The layer rules of docs/architecture.md, read from the includes of every production file; and
// the checker itself on files written to break each rule, so that it is known to fail.

#include "tests/architecture/layerrules.h"

#include <gtest/gtest.h>

namespace cubedesk::test {
namespace {

LayerChecker repositoryChecker() {
    return LayerChecker(repositoryLayerRules(), CUBEDESK_QT_INCLUDE_ROOT);
}

std::string describe(const std::vector<LayerViolation> &violations) {
    std::string out;
    for (const auto &v : violations)
        out += v.toString() + '\n';
    return out;
}

TEST(LayerRulesTest, EveryProductionFileIncludesOnlyWhatItsLayerMayUse) {
    int files = 0;
    const auto violations = repositoryChecker().checkTree(CUBEDESK_SOURCE_ROOT, &files);
    EXPECT_TRUE(violations.empty()) << describe(violations);
    // The walk really read the tree (a wrong root would find nothing and pass).
    EXPECT_GT(files, 300);
}

TEST(LayerRulesTest, QtHeadersAreFoundInTheirModules) {
    const LayerChecker checker = repositoryChecker();
    EXPECT_EQ(checker.qtModuleOf("QString"), "QtCore");
    EXPECT_EQ(checker.qtModuleOf("QColor"), "QtGui");
    EXPECT_EQ(checker.qtModuleOf("QWidget"), "QtWidgets");
    EXPECT_EQ(checker.qtModuleOf("QChartView"), "QtCharts");
    EXPECT_EQ(checker.qtModuleOf("QtWidgets/QLabel"), "QtWidgets");
    EXPECT_EQ(checker.qtModuleOf("vector"), "");
    EXPECT_EQ(checker.qtModuleOf("simdjson.h"), "");
}

struct Case {
    const char *file;
    const char *line;
    bool allowed;
};

class LayerCaseTest : public ::testing::TestWithParam<Case> {};

TEST_P(LayerCaseTest, IncludeIsJudgedByTheRules) {
    const Case &c = GetParam();
    const auto violations =
        repositoryChecker().check(c.file, std::string("// a file\n") + c.line + "\n");
    if (c.allowed) {
        EXPECT_TRUE(violations.empty()) << c.file << ": " << describe(violations);
    } else {
        ASSERT_EQ(violations.size(), 1u) << c.file << ": " << c.line;
        EXPECT_EQ(violations.front().line, 2);
        EXPECT_EQ(violations.front().file, c.file);
    }
}

INSTANTIATE_TEST_SUITE_P(
    Rules, LayerCaseTest,
    ::testing::Values(
        // A layer above.
        Case{"models/nodetablemodel.cpp", "#include \"widgets/usagebardelegate.h\"", false},
        Case{"models/nodetablemodel.cpp", "#include \"ui/mainwindow.h\"", false},
        Case{"widgets/flowlayout.cpp", "#include \"ui/nodespane.h\"", false},
        Case{"k8s/cube/jobrow.cpp", "#include \"models/jobtablemodel.h\"", false},
        // Qt modules a layer may not use.
        Case{"models/nodetablemodel.cpp", "#include <QWidget>", false},
        Case{"models/nodetablemodel.h", "#include <QtWidgets/QTableView>", false},
        Case{"k8s/session/clustersession.cpp", "#include <QColor>", false},
        Case{"k8s/objects/pod.cpp", "#include <QString>", false},
        Case{"ui/overviewpane.cpp", "#include <QChartView>", false},
        // Siblings inside k8s that are not declared, and the cycles that were removed.
        Case{"k8s/objects/objectdecoder.cpp", "#include \"k8s/cube/labelrules.h\"", false},
        Case{"k8s/cube/gpudumprows.cpp", "#include \"k8s/session/clustersession.h\"", false},
        Case{"k8s/write/nodewrites.cpp", "#include \"k8s/session/clustersession.h\"", false},
        Case{"k8s/sim/objectstore.cpp", "#include \"k8s/objects/pod.h\"", false},
        Case{"k8s/api/labelselector.cpp", "#include \"k8s/objects/labelset.h\"", false},
        Case{"k8s/session/clustersession.cpp", "#include \"k8s/sim/simulator.h\"", false},
        Case{"models/clusterhub.cpp", "#include \"k8s/sim/simulator.h\"", false},
        // Third-party libraries not declared for the folder.
        Case{"k8s/objects/node.cpp", "#include <nlohmann/json.hpp>", false},
        Case{"k8s/cube/drainplan.cpp", "#include <nlohmann/json.hpp>", true},
        Case{"k8s/objects/pod.cpp", "#include <httplib.h>", false},
        Case{"models/jobtablemodel.cpp", "#include <gtest/gtest.h>", false},
        // ui/ neither sends requests nor parses JSON.
        Case{"ui/jobdetailpanel.cpp", "#include <QJsonDocument>", false},
        Case{"ui/jobspane.cpp", "#include \"k8s/write/jobwrites.h\"", false},
        Case{"ui/nodespane.cpp", "#include \"k8s/session/clustersession.h\"", false},
        Case{"widgets/flowlayout.cpp", "#include \"k8s/net/httptransport.h\"", false},
        // Paths that climb out of the folder.
        Case{"k8s/cube/jobrow.cpp", "#include \"../session/clustersession.h\"", false},
        // What the rules allow.
        Case{"k8s/objects/objectdecoder.cpp", "#include \"k8s/api/quantity.h\"", true},
        Case{"k8s/cube/labeleditplan.h", "#include \"k8s/write/nodewrites.h\"", true},
        Case{"k8s/write/nodewrites.cpp", "#include <nlohmann/json.hpp>", true},
        Case{"k8s/sim/apiserver.cpp", "#include <httplib.h>", true},
        Case{"models/nodetablemodel.cpp", "#include <QColor>", true},
        Case{"models/nodetablemodel.cpp", "#include \"k8s/cube/clusteraccounting.h\"", true},
        Case{"widgets/overviewbarchart.cpp", "#include <QChartView>", true},
        Case{"ui/mainwindow.cpp", "#include \"widgets/freshnessbadge.h\"", true},
        Case{"app/cubedesk/main.cpp", "#include \"k8s/sim/simulator.h\"", true},
        Case{"app/cubedesk/main.cpp", "#include \"app/cubedesk/dumpcommand.h\"", true},
        Case{"k8s/api/quantity.cpp", "#include <vector>", true},
        Case{"k8s/api/helmreleasecodec.cpp", "#include <zlib.h>", true},
        Case{"k8s/objects/objectdecoder.cpp", "#include <zlib.h>", false},
        Case{"models/models.cpp", "#include \"models.moc\"", true},
        // Files outside the production folders are not judged here.
        Case{"tests/models/models_test.cpp", "#include <QWidget>", true}));

} // namespace
} // namespace cubedesk::test
