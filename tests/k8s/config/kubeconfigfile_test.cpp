// Parsing one kubeconfig file: fields, relative paths, broken files and fields.

#include "k8s/config/kubeconfig.h"
#include "k8s/config/kubeconfigfile.h"
#include "testdir.h"
#include "testfixtures.h"

#include <QDir>
#include <QFile>

#include <gtest/gtest.h>

#include <unistd.h>

using namespace cubedesk::k8s;
using namespace cubedesk::k8s::test;

TEST(KubeconfigFile, ReadsEveryField) {
    TestDir dir;
    const QString path = dir.write(QStringLiteral("config"), R"(
apiVersion: v1
kind: Config
current-context: full
clusters:
- name: c1
  cluster:
    server: https://10.0.0.1:6443/prefix
    certificate-authority: /abs/ca.crt
    certificate-authority-data: Q0E=
    insecure-skip-tls-verify: false
    tls-server-name: api.internal
    proxy-url: socks5://proxy:1080
    disable-compression: true
    some-unknown-field: ignored
users:
- name: u1
  user:
    client-certificate: /abs/c.crt
    client-certificate-data: Qw==
    client-key: /abs/c.key
    client-key-data: Sw==
    token: tok
    tokenFile: /abs/token
    username: alice
    password: pw
    as: bob
    as-uid: "1234"
    as-groups: [g1, g2]
    as-user-extra:
      scopes: [a, b]
    auth-provider:
      name: oidc
      config:
        idp-issuer-url: https://issuer
        client-id: cid
    exec:
      apiVersion: client.authentication.k8s.io/v1
      command: /usr/bin/plugin
      args: [--foo, bar]
      env:
      - name: FOO
        value: fooval
      installHint: install it
      provideClusterInfo: true
      interactiveMode: Never
contexts:
- name: full
  context:
    cluster: c1
    user: u1
    namespace: ml
)");
    Result<KubeconfigFile, ConfigError> file = KubeconfigFile::load(path);
    ASSERT_TRUE(file.ok()) << file.error().toString().toStdString();
    EXPECT_EQ(file->path(), path);
    EXPECT_EQ(file->currentContext(), QStringLiteral("full"));
    EXPECT_TRUE(file->problems().empty());
    ASSERT_EQ(file->clusters().size(), 1u);
    const ClusterConfig &c = file->clusters()[0];
    EXPECT_EQ(c.name, QStringLiteral("c1"));
    EXPECT_EQ(c.originFile, path);
    EXPECT_EQ(c.server, QStringLiteral("https://10.0.0.1:6443/prefix"));
    EXPECT_EQ(c.certificateAuthority, QStringLiteral("/abs/ca.crt"));
    EXPECT_EQ(c.certificateAuthorityData, QByteArray("Q0E="));
    EXPECT_FALSE(c.insecureSkipTlsVerify);
    EXPECT_EQ(c.tlsServerName, QStringLiteral("api.internal"));
    EXPECT_EQ(c.proxyUrl, QStringLiteral("socks5://proxy:1080"));
    EXPECT_TRUE(c.disableCompression);
    EXPECT_FALSE(c.execExtensionJson.has_value());
    EXPECT_TRUE(c.problems.empty());

    ASSERT_EQ(file->users().size(), 1u);
    const UserConfig &u = file->users()[0];
    EXPECT_EQ(u.clientCertificate, QStringLiteral("/abs/c.crt"));
    EXPECT_EQ(u.clientCertificateData, QByteArray("Qw=="));
    EXPECT_EQ(u.clientKey, QStringLiteral("/abs/c.key"));
    EXPECT_EQ(u.clientKeyData, QByteArray("Sw=="));
    EXPECT_EQ(u.token, QByteArray("tok"));
    EXPECT_EQ(u.tokenFile, QStringLiteral("/abs/token"));
    EXPECT_EQ(u.username, QStringLiteral("alice"));
    EXPECT_EQ(u.password, QByteArray("pw"));
    EXPECT_EQ(u.impersonate, QStringLiteral("bob"));
    EXPECT_EQ(u.impersonateUid, QStringLiteral("1234"));
    EXPECT_EQ(u.impersonateGroups, (QStringList{QStringLiteral("g1"), QStringLiteral("g2")}));
    ASSERT_EQ(u.impersonateUserExtra.count(QStringLiteral("scopes")), 1u);
    EXPECT_EQ(u.impersonateUserExtra.at(QStringLiteral("scopes")),
              (QStringList{QStringLiteral("a"), QStringLiteral("b")}));
    ASSERT_TRUE(u.authProvider.has_value());
    EXPECT_EQ(u.authProvider->name, QStringLiteral("oidc"));
    EXPECT_EQ(u.authProvider->config.at(QStringLiteral("client-id")), QStringLiteral("cid"));
    ASSERT_TRUE(u.exec.has_value());
    EXPECT_EQ(u.exec->apiVersion, QStringLiteral("client.authentication.k8s.io/v1"));
    EXPECT_EQ(u.exec->command, QStringLiteral("/usr/bin/plugin"));
    EXPECT_EQ(u.exec->args, (QStringList{QStringLiteral("--foo"), QStringLiteral("bar")}));
    ASSERT_EQ(u.exec->env.size(), 1u);
    EXPECT_EQ(u.exec->env[0].first, QStringLiteral("FOO"));
    EXPECT_EQ(u.exec->env[0].second, QStringLiteral("fooval"));
    EXPECT_EQ(u.exec->installHint, QStringLiteral("install it"));
    EXPECT_TRUE(u.exec->provideClusterInfo);
    EXPECT_EQ(u.exec->interactiveMode, QStringLiteral("Never"));

    ASSERT_EQ(file->contexts().size(), 1u);
    const ContextConfig &ctx = file->contexts()[0];
    EXPECT_EQ(ctx.cluster, QStringLiteral("c1"));
    EXPECT_EQ(ctx.user, QStringLiteral("u1"));
    EXPECT_EQ(ctx.namespaceName, QStringLiteral("ml"));
    EXPECT_EQ(ctx.originFile, path);
}

TEST(KubeconfigFile, RelativePathsResolveAgainstTheDefiningFilesFolder) {
    TestDir dir;
    const QString path = dir.write(QStringLiteral("sub/kubeconfig"), R"(
clusters:
- name: c
  cluster: {server: "https://h:1", certificate-authority: certs/ca.crt}
users:
- name: u
  user:
    client-certificate: ../client.crt
    client-key: ./client.key
    tokenFile: token.txt
    auth-provider: {name: oidc, config: {idp-certificate-authority: rel/idp.crt}}
- name: bare
  user:
    client-certificate: /absolute/c.crt
    exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: gke-gcloud-auth-plugin}
- name: relcmd
  user:
    exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: ./bin/plugin}
- name: nestedcmd
  user:
    exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: tools/plugin}
)");
    Result<KubeconfigFile, ConfigError> file = KubeconfigFile::load(path);
    ASSERT_TRUE(file.ok());
    const QString sub = dir.filePath(QStringLiteral("sub"));
    EXPECT_EQ(file->clusters()[0].certificateAuthority, sub + QStringLiteral("/certs/ca.crt"));
    const UserConfig &u = file->users()[0];
    EXPECT_EQ(u.clientCertificate, dir.filePath(QStringLiteral("client.crt")));
    EXPECT_EQ(u.clientKey, sub + QStringLiteral("/client.key"));
    EXPECT_EQ(u.tokenFile, sub + QStringLiteral("/token.txt"));
    // auth-provider config paths are not rewritten (as kubectl)
    EXPECT_EQ(u.authProvider->config.at(QStringLiteral("idp-certificate-authority")),
              QStringLiteral("rel/idp.crt"));
    EXPECT_EQ(file->users()[1].clientCertificate, QStringLiteral("/absolute/c.crt"));
    // a bare command stays bare (PATH lookup), one with a separator is resolved
    EXPECT_EQ(file->users()[1].exec->command, QStringLiteral("gke-gcloud-auth-plugin"));
    EXPECT_EQ(file->users()[2].exec->command, sub + QStringLiteral("/bin/plugin"));
    EXPECT_EQ(file->users()[3].exec->command, sub + QStringLiteral("/tools/plugin"));
}

TEST(KubeconfigFile, RelativeFilesAreFoundFromAnotherWorkingDirectory) {
    TestDir dir;
    dir.write(QStringLiteral("sub/token.txt"), "s3cret\n");
    const QString path = dir.write(QStringLiteral("sub/kubeconfig"), R"(
clusters: [{name: c, cluster: {server: "https://h:1", insecure-skip-tls-verify: true}}]
users: [{name: u, user: {tokenFile: token.txt}}]
contexts: [{name: x, context: {cluster: c, user: u, namespace: ml}}]
)");
    TestDir elsewhere;
    const QString saved = QDir::currentPath();
    ASSERT_TRUE(QDir::setCurrent(elsewhere.path()));
    KubeconfigSources sources;
    sources.explicitFiles = {path};
    const Kubeconfig config = Kubeconfig::load(sources);
    Result<ResolvedContext, ConfigError> ctx = config.resolve(QStringLiteral("x"));
    QDir::setCurrent(saved);
    ASSERT_TRUE(ctx.ok()) << ctx.error().toString().toStdString();
    EXPECT_EQ(ctx->namespaceName, QStringLiteral("ml"));
    ASSERT_TRUE(ctx->credentialProvider);
    Result<Credentials, ConfigError> creds = ctx->credentialProvider->credentials();
    ASSERT_TRUE(creds.ok()) << creds.error().toString().toStdString();
    EXPECT_EQ(creds->bearerToken, QByteArray("s3cret"));
}

TEST(KubeconfigFile, InvalidYamlNamesFileLineAndColumn) {
    TestDir dir;
    const QString path = dir.write(QStringLiteral("broken.yaml"), "apiVersion: v1\n"
                                                                  "clusters:\n"
                                                                  "- name: a\n"
                                                                  "  cluster: {server: https://x\n"
                                                                  "users: []\n");
    Result<KubeconfigFile, ConfigError> file = KubeconfigFile::load(path);
    ASSERT_FALSE(file.ok());
    EXPECT_EQ(file.error().file, path);
    EXPECT_TRUE(file.error().message.startsWith(QStringLiteral("invalid YAML at line ")))
        << file.error().message.toStdString();
    EXPECT_TRUE(file.error().message.contains(QStringLiteral("line 5")))
        << file.error().message.toStdString();
    EXPECT_TRUE(file.error().toString().startsWith(path + QStringLiteral(": invalid YAML")));
}

TEST(KubeconfigFile, UnreadableFilesGiveErrorsNamingTheFile) {
    TestDir dir;
    const QString missing = dir.filePath(QStringLiteral("missing"));
    Result<KubeconfigFile, ConfigError> a = KubeconfigFile::load(missing);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().file, missing);
    EXPECT_TRUE(a.error().message.contains(QStringLiteral("does not exist")));

    QDir(dir.path()).mkdir(QStringLiteral("folder"));
    Result<KubeconfigFile, ConfigError> b =
        KubeconfigFile::load(dir.filePath(QStringLiteral("folder")));
    ASSERT_FALSE(b.ok());
    EXPECT_TRUE(b.error().message.contains(QStringLiteral("folder")));

    const QString locked = dir.write(QStringLiteral("locked"), "apiVersion: v1\n");
    QFile::setPermissions(locked, QFileDevice::Permissions());
    Result<KubeconfigFile, ConfigError> c = KubeconfigFile::load(locked);
    if (geteuid() != 0) {
        ASSERT_FALSE(c.ok());
        EXPECT_EQ(c.error().file, locked);
        EXPECT_TRUE(c.error().message.contains(QStringLiteral("cannot read")));
    } else {
        // root reads mode-000 files; the folder case above covers an unreadable path.
        EXPECT_TRUE(c.ok());
    }
}

TEST(KubeconfigFile, TopLevelMustBeAMappingAndEmptyFilesAreEmpty) {
    Result<KubeconfigFile, ConfigError> list =
        KubeconfigFile::parse("- a\n- b\n", QStringLiteral("/k/list"));
    ASSERT_FALSE(list.ok());
    EXPECT_TRUE(list.error().message.contains(QStringLiteral("not a mapping")));
    Result<KubeconfigFile, ConfigError> empty =
        KubeconfigFile::parse("", QStringLiteral("/k/empty"));
    ASSERT_TRUE(empty.ok());
    EXPECT_TRUE(empty->contexts().empty());
    Result<KubeconfigFile, ConfigError> comments =
        KubeconfigFile::parse("# nothing\n", QStringLiteral("/k/c"));
    ASSERT_TRUE(comments.ok());
}

TEST(KubeconfigFile, JsonKubeconfigIsAccepted) {
    Result<KubeconfigFile, ConfigError> file = KubeconfigFile::parse(
        R"({"apiVersion":"v1","kind":"Config","clusters":[{"name":"j","cluster":{"server":"https://j:443"}}],
            "contexts":[{"name":"j","context":{"cluster":"j","user":"j"}}],"current-context":"j",
            "users":[{"name":"j","user":{"token":"t"}}]})",
        QStringLiteral("/k/json"));
    ASSERT_TRUE(file.ok());
    EXPECT_EQ(file->currentContext(), QStringLiteral("j"));
    EXPECT_EQ(file->clusters()[0].server, QStringLiteral("https://j:443"));
}

TEST(KubeconfigFile, WrongFieldTypesStayWithTheirEntry) {
    const QString path = QStringLiteral("/k/types");
    Result<KubeconfigFile, ConfigError> file = KubeconfigFile::parse(R"(
clusters:
- name: bad
  cluster:
    server: {nested: map}
    insecure-skip-tls-verify: maybe
- name: good
  cluster: {server: "https://good:1"}
users:
- name: u
  user:
    as-groups: notalist
    exec: [not, a, map]
contexts:
- name: uses-bad
  context: {cluster: bad, user: u}
- name: broken-body
  context: [1, 2]
)",
                                                                     path);
    ASSERT_TRUE(file.ok());
    const ClusterConfig &bad = file->clusters()[0];
    ASSERT_EQ(bad.problems.size(), 2u);
    EXPECT_EQ(bad.problems[0].field, QStringLiteral("server"));
    EXPECT_EQ(bad.problems[0].entry, QStringLiteral("cluster \"bad\""));
    EXPECT_EQ(bad.problems[0].file, path);
    EXPECT_EQ(bad.problems[1].field, QStringLiteral("insecure-skip-tls-verify"));
    EXPECT_TRUE(file->clusters()[1].problems.empty());
    const UserConfig &u = file->users()[0];
    ASSERT_EQ(u.problems.size(), 2u);
    EXPECT_EQ(u.problems[0].field, QStringLiteral("as-groups"));
    EXPECT_EQ(u.problems[1].field, QStringLiteral("exec"));
    EXPECT_EQ(file->contexts()[1].problems.size(), 1u);
}

TEST(KubeconfigFile, EntriesWithoutNameOrWithDuplicateNamesAreReported) {
    Result<KubeconfigFile, ConfigError> file = KubeconfigFile::parse(R"(
clusters:
- cluster: {server: "https://noname:1"}
- name: twice
  cluster: {server: "https://first:1"}
- name: twice
  cluster: {server: "https://second:1"}
- just a string
)",
                                                                     QStringLiteral("/k/dup"));
    ASSERT_TRUE(file.ok());
    ASSERT_EQ(file->clusters().size(), 1u);
    EXPECT_EQ(file->clusters()[0].server, QStringLiteral("https://first:1"));
    ASSERT_EQ(file->problems().size(), 3u);
    EXPECT_EQ(file->problems()[0].entry, QStringLiteral("clusters[0]"));
    EXPECT_EQ(file->problems()[0].field, QStringLiteral("name"));
    EXPECT_EQ(file->problems()[1].entry, QStringLiteral("clusters[2]"));
    EXPECT_TRUE(file->problems()[1].message.contains(QStringLiteral("duplicate")));
    EXPECT_EQ(file->problems()[2].entry, QStringLiteral("clusters[3]"));
}

TEST(KubeconfigFile, ExecExtensionBecomesSortedCompactJson) {
    Result<KubeconfigFile, ConfigError> file = KubeconfigFile::parse(R"(
clusters:
- name: c
  cluster:
    server: https://c:1
    extensions:
    - name: other
      extension: {ignored: true}
    - name: client.authentication.k8s.io/exec
      extension:
        zeta: "<a&b>"
        alpha: [1, 2.5, yes, "x", null, 1e3, -7, "true"]
        nested: {b: 1, a: "two"}
)",
                                                                     QStringLiteral("/k/ext"));
    ASSERT_TRUE(file.ok());
    ASSERT_TRUE(file->clusters()[0].execExtensionJson.has_value());
    // Bytes as kubectl 1.32 passes them (captured from a real run, docs/kubernetes-api.md).
    EXPECT_EQ(
        *file->clusters()[0].execExtensionJson,
        QByteArray(
            R"({"alpha":[1,2.5,true,"x",null,1000,-7,"true"],"nested":{"a":"two","b":1},"zeta":"\u003ca\u0026b\u003e"})"));
}

// A crafted file nested a million levels deep gets an error in bounded time, not a stack overflow
// (yaml-cpp's depth guard) — the window parses kubeconfigs on its own thread.
TEST(KubeconfigFile, DeepNestingIsAnErrorNotACrash) {
    const QByteArray deep = "clusters: " + QByteArray(1'000'000, '[') + QByteArray(1'000'000, ']');
    const auto r = KubeconfigFile::parse(deep, QStringLiteral("/k/deep"));
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.error().toString().contains(QStringLiteral("/k/deep")))
        << r.error().toString().toStdString();
}
