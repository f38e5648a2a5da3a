// Merging several kubeconfig files: the first file that defines a name wins wholesale;
// current-context from the first file that sets it, as kubectl does (docs/kubernetes-api.md).

#include "k8s/config/kubeconfig.h"
#include "testdir.h"
#include "testfixtures.h"

#include <QDir>

#include <gtest/gtest.h>

using namespace cubedesk::k8s;
using namespace cubedesk::k8s::test;

namespace {

const QByteArray fileA = R"(
apiVersion: v1
kind: Config
current-context: ctx-a
clusters:
- name: shared
  cluster: {server: "https://a.example:6443", insecure-skip-tls-verify: true}
users:
- name: shared-user
  user: {token: token-from-a}
contexts:
- name: ctx-a
  context: {cluster: shared, user: shared-user}
- name: both
  context: {cluster: shared, user: shared-user, namespace: from-a}
)";

const QByteArray fileB = R"(
apiVersion: v1
kind: Config
current-context: ctx-b
clusters:
- name: shared
  cluster: {server: "https://b.example:6443", tls-server-name: only-in-b, insecure-skip-tls-verify: true}
- name: only-b
  cluster: {server: "https://only-b:6443", insecure-skip-tls-verify: true}
users:
- name: shared-user
  user: {token: token-from-b, as: only-in-b}
contexts:
- name: ctx-b
  context: {cluster: only-b, user: shared-user}
- name: both
  context: {cluster: shared, user: shared-user, namespace: from-b}
)";

Kubeconfig loadEnv(const QStringList &paths) {
    KubeconfigSources sources;
    sources.kubeconfigEnv = paths.join(QDir::listSeparator());
    return Kubeconfig::load(sources);
}

} // namespace

TEST(KubeconfigMerge, FirstFileWinsWholesaleAndSetsCurrentContext) {
    TestDir dir;
    const QString a = dir.write(QStringLiteral("a/config"), fileA);
    const QString b = dir.write(QStringLiteral("b/config"), fileB);
    const Kubeconfig config = loadEnv({a, b});
    EXPECT_TRUE(config.loadErrors().empty()) << describe(config.loadErrors());
    EXPECT_EQ(config.files(), (QStringList{a, b}));
    EXPECT_EQ(config.currentContext(), QStringLiteral("ctx-a"));
    EXPECT_EQ(config.contextNames(), (QStringList{QStringLiteral("ctx-a"), QStringLiteral("both"),
                                                  QStringLiteral("ctx-b")}));

    const ClusterConfig *shared = config.cluster(QStringLiteral("shared"));
    ASSERT_TRUE(shared);
    EXPECT_EQ(shared->server, QStringLiteral("https://a.example:6443"));
    EXPECT_TRUE(shared->tlsServerName.isEmpty()) << "no field-level merge from the later file";
    EXPECT_EQ(shared->originFile, a);
    EXPECT_EQ(config.user(QStringLiteral("shared-user"))->token, QByteArray("token-from-a"));
    EXPECT_TRUE(config.user(QStringLiteral("shared-user"))->impersonate.isEmpty());
    EXPECT_EQ(config.context(QStringLiteral("both"))->namespaceName, QStringLiteral("from-a"));
    EXPECT_EQ(config.context(QStringLiteral("both"))->originFile, a);
    EXPECT_EQ(config.context(QStringLiteral("ctx-b"))->originFile, b);

    // ctx-b comes from b but uses the user entry that a defined
    Result<ResolvedContext, ConfigError> ctxB = config.resolve(QStringLiteral("ctx-b"));
    ASSERT_TRUE(ctxB.ok()) << ctxB.error().toString().toStdString();
    EXPECT_EQ(ctxB->server.toString(), QStringLiteral("https://only-b:6443"));
    EXPECT_EQ(ctxB->originFile, b);
    EXPECT_EQ(ctxB->credentialProvider->credentials()->bearerToken, QByteArray("token-from-a"));

    Result<ResolvedContext, ConfigError> current = config.resolveCurrent();
    ASSERT_TRUE(current.ok());
    EXPECT_EQ(current->contextName, QStringLiteral("ctx-a"));
}

TEST(KubeconfigMerge, SwappedOrderTakesEverythingFromTheOtherFile) {
    TestDir dir;
    const QString a = dir.write(QStringLiteral("a/config"), fileA);
    const QString b = dir.write(QStringLiteral("b/config"), fileB);
    const Kubeconfig config = loadEnv({b, a});
    EXPECT_EQ(config.files(), (QStringList{b, a}));
    EXPECT_EQ(config.currentContext(), QStringLiteral("ctx-b"));
    EXPECT_EQ(config.contextNames(), (QStringList{QStringLiteral("ctx-b"), QStringLiteral("both"),
                                                  QStringLiteral("ctx-a")}));
    const ClusterConfig *shared = config.cluster(QStringLiteral("shared"));
    EXPECT_EQ(shared->server, QStringLiteral("https://b.example:6443"));
    EXPECT_EQ(shared->tlsServerName, QStringLiteral("only-in-b"));
    EXPECT_EQ(shared->originFile, b);
    EXPECT_EQ(config.user(QStringLiteral("shared-user"))->token, QByteArray("token-from-b"));
    EXPECT_EQ(config.context(QStringLiteral("both"))->namespaceName, QStringLiteral("from-b"));
    Result<ResolvedContext, ConfigError> both = config.resolve(QStringLiteral("both"));
    ASSERT_TRUE(both.ok()) << both.error().toString().toStdString();
    EXPECT_EQ(both->impersonation.user, QStringLiteral("only-in-b"));
    EXPECT_EQ(both->tlsServerName, QStringLiteral("only-in-b"));
}

TEST(KubeconfigMerge, CurrentContextComesFromTheFirstFileThatSetsIt) {
    TestDir dir;
    const QString none = dir.write(QStringLiteral("none"), R"(
clusters: [{name: x, cluster: {server: "http://x:8080"}}]
)");
    const QString b = dir.write(QStringLiteral("b"), fileB);
    const QString a = dir.write(QStringLiteral("a"), fileA);
    const Kubeconfig config = loadEnv({none, b, a});
    EXPECT_EQ(config.currentContext(), QStringLiteral("ctx-b"));
}

TEST(KubeconfigMerge, BrokenFileInTheListDoesNotHideTheOthers) {
    TestDir dir;
    const QString a = dir.write(QStringLiteral("a"), fileA);
    const QString broken = dir.write(QStringLiteral("broken"), "clusters: [\n  - {name: x\n");
    const QString b = dir.write(QStringLiteral("b"), fileB);
    const Kubeconfig config = loadEnv({a, broken, b});
    ASSERT_EQ(config.loadErrors().size(), 1u);
    EXPECT_EQ(config.loadErrors()[0].file, broken);
    EXPECT_TRUE(config.loadErrors()[0].message.contains(QStringLiteral("invalid YAML")));
    EXPECT_EQ(config.files(), (QStringList{a, b}));
    EXPECT_TRUE(config.resolve(QStringLiteral("ctx-a")).ok());
    EXPECT_TRUE(config.resolve(QStringLiteral("ctx-b")).ok());
}

TEST(KubeconfigMerge, EmptyConfigurationReportsThatNothingWasProvided) {
    const Kubeconfig config = Kubeconfig::load(KubeconfigSources{});
    EXPECT_TRUE(config.isEmpty());
    Result<ResolvedContext, ConfigError> ctx = config.resolveCurrent();
    ASSERT_FALSE(ctx.ok());
    EXPECT_TRUE(ctx.error().message.contains(QStringLiteral("no configuration has been provided")));
}
