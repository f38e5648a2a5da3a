// Which kubeconfig files are read (docs/kubernetes-api.md): --kubeconfig > $KUBECONFIG >
// ~/.kube/config.

#include "k8s/config/kubeconfig.h"
#include "k8s/config/kubeconfigsources.h"
#include "testdir.h"
#include "testfixtures.h"

#include <QDir>

#include <gtest/gtest.h>

using namespace cubedesk::k8s;
using namespace cubedesk::k8s::test;

namespace {

QString joinPaths(const std::vector<KubeconfigSources::File> &files) {
    QStringList paths;
    for (const auto &f : files)
        paths.append(f.path);
    return paths.join(QLatin1Char('|'));
}

const QByteArray minimal = "apiVersion: v1\nkind: Config\n";

} // namespace

TEST(KubeconfigSources, ExplicitFilesWinOverEnvAndHomeAndKeepOrder) {
    TestDir dir;
    const QString a = dir.write(QStringLiteral("a.yaml"), minimal);
    const QString b = dir.write(QStringLiteral("b.yaml"), minimal);
    dir.write(QStringLiteral("home/.kube/config"), minimal);
    KubeconfigSources sources;
    sources.explicitFiles = {b, a, dir.filePath(QStringLiteral("missing.yaml"))};
    sources.kubeconfigEnv = a;
    sources.homeDir = dir.filePath(QStringLiteral("home"));
    const auto files = sources.files();
    ASSERT_EQ(files.size(), 3u);
    EXPECT_EQ(files[0].path, b);
    EXPECT_EQ(files[1].path, a);
    EXPECT_TRUE(files[0].required && files[1].required && files[2].required);
}

TEST(KubeconfigSources, EnvListSkipsEmptyAndMissingEntriesAndDuplicates) {
    TestDir dir;
    const QString a = dir.write(QStringLiteral("a.yaml"), minimal);
    const QString b = dir.write(QStringLiteral("b.yaml"), minimal);
    const QString missing = dir.filePath(QStringLiteral("missing.yaml"));
    dir.write(QStringLiteral("home/.kube/config"), minimal);
    KubeconfigSources sources;
    const QChar sep = QDir::listSeparator();
    // empty entries, a missing file, a duplicate spelled differently, trailing separator
    sources.kubeconfigEnv = sep + a + sep + sep + missing + sep + b + sep + dir.path() +
                            QStringLiteral("/./a.yaml") + sep;
    sources.homeDir = dir.filePath(QStringLiteral("home"));
    const auto files = sources.files();
    EXPECT_EQ(joinPaths(files), a + QLatin1Char('|') + b);
    for (const auto &f : files)
        EXPECT_FALSE(f.required);
}

TEST(KubeconfigSources, EnvWithOnlyMissingFilesDoesNotFallBackToHome) {
    TestDir dir;
    dir.write(QStringLiteral("home/.kube/config"), minimal);
    KubeconfigSources sources;
    sources.kubeconfigEnv = dir.filePath(QStringLiteral("nope.yaml"));
    sources.homeDir = dir.filePath(QStringLiteral("home"));
    EXPECT_TRUE(sources.files().empty());
}

TEST(KubeconfigSources, UnsetOrEmptyEnvUsesHomeConfigWhenItExists) {
    TestDir dir;
    KubeconfigSources sources;
    sources.homeDir = dir.filePath(QStringLiteral("home"));
    EXPECT_TRUE(sources.files().empty()) << "no ~/.kube/config yet";
    const QString home = dir.write(QStringLiteral("home/.kube/config"), minimal);
    ASSERT_EQ(sources.files().size(), 1u);
    EXPECT_EQ(sources.files()[0].path, home);
    sources.kubeconfigEnv = QString();
    ASSERT_EQ(sources.files().size(), 1u);
    EXPECT_EQ(sources.files()[0].path, home);
}

TEST(KubeconfigSources, SplitPathListWithWindowsSeparator) {
    EXPECT_EQ(KubeconfigSources::splitPathList(QStringLiteral(";C:/k/a;;C:/k/b;C:/k/a;"),
                                               QLatin1Char(';')),
              (QStringList{QStringLiteral("C:/k/a"), QStringLiteral("C:/k/b")}));
    EXPECT_EQ(KubeconfigSources::splitPathList(QStringLiteral("/x/a::/x/b:/x/a"), QLatin1Char(':')),
              (QStringList{QStringLiteral("/x/a"), QStringLiteral("/x/b")}));
    EXPECT_TRUE(
        KubeconfigSources::splitPathList(QStringLiteral(":::"), QLatin1Char(':')).isEmpty());
}

TEST(KubeconfigSources, FromEnvironmentReadsKubeconfigVariable) {
    const QByteArray saved = qgetenv("KUBECONFIG");
    const bool wasSet = qEnvironmentVariableIsSet("KUBECONFIG");
    qputenv("KUBECONFIG", "/tmp/one:/tmp/two");
    const KubeconfigSources sources =
        KubeconfigSources::fromEnvironment({QStringLiteral("/explicit.yaml")});
    ASSERT_TRUE(sources.kubeconfigEnv.has_value());
    EXPECT_EQ(*sources.kubeconfigEnv, QStringLiteral("/tmp/one:/tmp/two"));
    EXPECT_EQ(sources.explicitFiles, std::vector<QString>{QStringLiteral("/explicit.yaml")});
    EXPECT_EQ(sources.homeDir, QDir::homePath());
    qunsetenv("KUBECONFIG");
    EXPECT_FALSE(KubeconfigSources::fromEnvironment({}).kubeconfigEnv.has_value());
    if (wasSet)
        qputenv("KUBECONFIG", saved);
}

TEST(KubeconfigSources, MissingExplicitFileIsALoadErrorButOtherFilesLoad) {
    TestDir dir;
    const QString good = dir.write(QStringLiteral("good.yaml"), R"(
clusters: [{name: c, cluster: {server: "https://example:6443", insecure-skip-tls-verify: true}}]
users: [{name: u, user: {token: abc}}]
contexts: [{name: ctx, context: {cluster: c, user: u}}]
)");
    const QString missing = dir.filePath(QStringLiteral("missing.yaml"));
    KubeconfigSources sources;
    sources.explicitFiles = {missing, good};
    const Kubeconfig config = Kubeconfig::load(sources);
    ASSERT_EQ(config.loadErrors().size(), 1u);
    EXPECT_EQ(config.loadErrors()[0].file, missing);
    EXPECT_TRUE(config.loadErrors()[0].message.contains(QStringLiteral("does not exist")));
    EXPECT_EQ(config.files(), QStringList{good});
    EXPECT_TRUE(config.resolve(QStringLiteral("ctx")).ok());
}
