// Exec credential plugins (docs/kubernetes-api.md): real child processes — small /bin/sh scripts
// written to a temporary folder that record their arguments and environment and print an
// ExecCredential. CubeDesk executes them directly (the shebang picks the interpreter), never
// through a shell.

#include "fakeclock.h"
#include "k8s/config/execcredentialjson.h"
#include "k8s/config/execcredentialprovider.h"
#include "k8s/config/execpluginlocator.h"
#include "k8s/config/kubeconfig.h"
#include "k8s/config/loginshellpath.h"
#include "testdir.h"
#include "testfixtures.h"
#include "testpki.h"

#include <QElapsedTimer>
#include <QRegularExpression>

#include <atomic>
#include <gtest/gtest.h>
#include <thread>

using namespace cubedesk::k8s;
using namespace cubedesk::k8s::test;

namespace {

const QByteArray v1 = "client.authentication.k8s.io/v1";
const QByteArray v1beta1 = "client.authentication.k8s.io/v1beta1";

// A plugin at `relative` in `dir`. It records into <plugin>.record (args, FOO, PATH),
// <plugin>.info (KUBERNETES_EXEC_INFO, exact bytes) and <plugin>.runs (one line per run), then
// prints `out` with @RUN@ replaced by the run number, prints `err` on stderr and exits `code`.
QString writePlugin(const TestDir &dir, const QString &relative, const QByteArray &out,
                    int code = 0, const QByteArray &err = {}, const QByteArray &before = {}) {
    QByteArray script = "#!/bin/sh\n" + before +
                        "{\n"
                        "  printf 'argc=%s\\n' \"$#\"\n"
                        "  for a in \"$@\"; do printf 'arg=%s\\n' \"$a\"; done\n"
                        "  printf 'FOO=%s\\n' \"${FOO-unset}\"\n"
                        "  printf 'PATH=%s\\n' \"$PATH\"\n"
                        "} > \"$0.record\"\n"
                        "printf '%s' \"$KUBERNETES_EXEC_INFO\" > \"$0.info\"\n"
                        "echo run >> \"$0.runs\"\n"
                        "n=$(wc -l < \"$0.runs\" | tr -d ' ')\n"
                        "sed \"s/@RUN@/$n/g\" <<'CUBEDESK_OUT'\n" +
                        out +
                        "\nCUBEDESK_OUT\n"
                        "cat >&2 <<'CUBEDESK_ERR'\n" +
                        err + "\nCUBEDESK_ERR\n" + "exit " + QByteArray::number(code) + "\n";
    return dir.writeScript(relative, script);
}

QByteArray tokenOutput(const QByteArray &apiVersion, const QByteArray &token,
                       const QByteArray &expiry = {}) {
    QByteArray status = "\"token\":\"" + token + "\"";
    if (!expiry.isEmpty())
        status += ",\"expirationTimestamp\":\"" + expiry + "\"";
    return "{\"apiVersion\":\"" + apiVersion + "\",\"kind\":\"ExecCredential\",\"status\":{" +
           status + "}}";
}

QByteArray jsonEscapedPem(const QByteArray &pem) {
    QByteArray out = pem;
    out.replace("\n", "\\n");
    return out;
}

int lineCount(const QByteArray &data) {
    return int(data.count('\n'));
}

// One exec-plugin user in a kubeconfig next to the plugin; returns the resolved context.
struct Setup {
    TestDir dir;
    QString kubeconfig;
    Kubeconfig config;
    Result<ResolvedContext, ConfigError> resolve(ResolveOptions options = {}) const {
        return config.resolve(QStringLiteral("ctx"), options);
    }
};

std::unique_ptr<Setup> setup(const QByteArray &clusterFields, const QByteArray &execFields,
                             const std::function<void(const TestDir &)> &writeFiles) {
    auto s = std::make_unique<Setup>();
    writeFiles(s->dir);
    s->kubeconfig = s->dir.write(QStringLiteral("kube/config"),
                                 "clusters:\n- name: c\n  cluster:\n" + clusterFields +
                                     "users:\n- name: u\n  user:\n    exec:\n" + execFields +
                                     "contexts:\n- name: ctx\n  context: {cluster: c, user: u}\n");
    KubeconfigSources sources;
    sources.explicitFiles = {s->kubeconfig};
    s->config = Kubeconfig::load(sources);
    EXPECT_TRUE(s->config.loadErrors().empty()) << describe(s->config.loadErrors());
    return s;
}

ResolveOptions isolatedOptions(std::chrono::milliseconds timeout = std::chrono::seconds(20)) {
    ResolveOptions options;
    options.execLocator = ExecPluginLocator(&ExecPluginLocator::processPath, {});
    options.execTimeout = timeout;
    return options;
}

} // namespace

TEST(ExecPlugin, V1PluginGetsArgsEnvAndClusterInfo) {
    const TestPki::CertKey ca = TestPki::generate("ca");
    auto s = setup("    server: https://127.0.0.1:18443\n"
                   "    certificate-authority-data: " +
                       ca.certificatePem.toBase64() + "\n",
                   "      apiVersion: client.authentication.k8s.io/v1\n"
                   "      command: ./plugin\n"
                   "      args: [--foo, bar]\n"
                   "      env: [{name: FOO, value: fooval}]\n"
                   "      interactiveMode: Never\n"
                   "      provideClusterInfo: true\n",
                   [](const TestDir &dir) {
                       writePlugin(dir, QStringLiteral("kube/plugin"), tokenOutput(v1, "s3cret"));
                   });
    Result<ResolvedContext, ConfigError> ctx = s->resolve(isolatedOptions());
    ASSERT_TRUE(ctx.ok()) << ctx.error().toString().toStdString();
    Result<Credentials, ConfigError> creds = ctx->credentialProvider->credentials();
    ASSERT_TRUE(creds.ok()) << creds.error().toString().toStdString();
    EXPECT_EQ(creds->bearerToken, QByteArray("s3cret"));
    EXPECT_FALSE(creds->expiry.has_value());
    const QByteArray record = s->dir.read(QStringLiteral("kube/plugin.record"));
    EXPECT_TRUE(record.contains("argc=2\narg=--foo\narg=bar\n")) << record.toStdString();
    EXPECT_TRUE(record.contains("FOO=fooval\n")) << record.toStdString();
    // exactly the payload kubectl 1.32 sent in the same setup (docs/kubernetes-api.md)
    EXPECT_EQ(s->dir.read(QStringLiteral("kube/plugin.info")),
              "{\"kind\":\"ExecCredential\",\"apiVersion\":\"client.authentication.k8s.io/v1\","
              "\"spec\":{\"cluster\":{\"server\":\"https://127.0.0.1:18443\","
              "\"certificate-authority-data\":\"" +
                  ca.certificatePem.toBase64() + "\",\"config\":null},\"interactive\":false}}");
}

TEST(ExecPlugin, ExecInfoMatchesKubectlByteForByte) {
    // Same kubeconfig as fed to kubectl 1.32 on the research machine; its plugin recorded the
    // expected bytes below (CA = the GKE fixture's CA).
    const QRegularExpression caData(QStringLiteral("certificate-authority-data: (\\S+)"));
    const QByteArray caBase64 =
        caData.match(QString::fromUtf8(readFixture(QStringLiteral("kubeconfig-gke-exec.yaml"))))
            .captured(1)
            .toLatin1();
    ASSERT_FALSE(caBase64.isEmpty());
    auto s = setup("    server: https://127.0.0.1:1/prefix\n"
                   "    certificate-authority-data: " +
                       caBase64 +
                       "\n"
                       "    tls-server-name: fake.local\n"
                       "    proxy-url: http://127.0.0.1:2\n"
                       "    disable-compression: true\n"
                       "    extensions:\n"
                       "    - name: client.authentication.k8s.io/exec\n"
                       "      extension:\n"
                       "        zeta: \"<a&b>\"\n"
                       "        alpha: [1, 2.5, yes, \"x\", null, 1e3]\n"
                       "        nested: {b: 1, a: \"two\"}\n",
                   "      apiVersion: client.authentication.k8s.io/v1\n"
                   "      command: ./plug.sh\n"
                   "      interactiveMode: Never\n"
                   "      provideClusterInfo: true\n",
                   [](const TestDir &dir) {
                       writePlugin(dir, QStringLiteral("kube/plug.sh"), tokenOutput(v1, "abc"));
                   });
    Result<ResolvedContext, ConfigError> ctx = s->resolve(isolatedOptions());
    ASSERT_TRUE(ctx.ok()) << ctx.error().toString().toStdString();
    ASSERT_TRUE(ctx->credentialProvider->credentials().ok());
    EXPECT_EQ(
        s->dir.read(QStringLiteral("kube/plug.sh.info")),
        R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","spec":{"cluster":{"server":"https://127.0.0.1:1/prefix","tls-server-name":"fake.local","certificate-authority-data":")" +
            caBase64 +
            R"(","proxy-url":"http://127.0.0.1:2","disable-compression":true,"config":{"alpha":[1,2.5,true,"x",null,1000],"nested":{"a":"two","b":1},"zeta":"\u003ca\u0026b\u003e"}},"interactive":false}})");
}

TEST(ExecPlugin, V1beta1WithoutClusterInfo) {
    auto s = setup("    server: https://k:1\n    insecure-skip-tls-verify: true\n",
                   "      apiVersion: client.authentication.k8s.io/v1beta1\n"
                   "      command: ./plugin\n",
                   [](const TestDir &dir) {
                       writePlugin(dir, QStringLiteral("kube/plugin"),
                                   tokenOutput(v1beta1, "beta-token"));
                   });
    Result<ResolvedContext, ConfigError> ctx = s->resolve(isolatedOptions());
    ASSERT_TRUE(ctx.ok()) << ctx.error().toString().toStdString();
    Result<Credentials, ConfigError> creds = ctx->credentialProvider->credentials();
    ASSERT_TRUE(creds.ok()) << creds.error().toString().toStdString();
    EXPECT_EQ(creds->bearerToken, QByteArray("beta-token"));
    EXPECT_EQ(
        s->dir.read(QStringLiteral("kube/plugin.info")),
        QByteArray(
            R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1beta1","spec":{"interactive":false}})"));
    const QByteArray record = s->dir.read(QStringLiteral("kube/plugin.record"));
    EXPECT_TRUE(record.contains("argc=0\n"));
    EXPECT_TRUE(record.contains("FOO=unset\n")) << "no env[] given";
}

TEST(ExecPlugin, CachedUntilExpiryThenRunAgain) {
    FakeClock clock; // 2030-01-01T12:00:00Z
    TestDir dir;
    ExecConfig config;
    config.apiVersion = QString::fromLatin1(v1);
    config.interactiveMode = QStringLiteral("Never");
    config.command = writePlugin(dir, QStringLiteral("plugin"),
                                 tokenOutput(v1, "tok-@RUN@", "2030-01-01T13:00:00Z"));
    ExecCredentialProvider p(
        config, QStringLiteral("u"), QStringLiteral("/k/c"), std::nullopt,
        {ExecPluginLocator({}, {}), std::chrono::seconds(20), clock.function()});
    Result<Credentials, ConfigError> first = p.credentials();
    ASSERT_TRUE(first.ok()) << first.error().toString().toStdString();
    EXPECT_EQ(first->bearerToken, QByteArray("tok-1"));
    ASSERT_TRUE(first->expiry.has_value());
    EXPECT_EQ(*first->expiry, QDateTime(QDate(2030, 1, 1), QTime(13, 0), Qt::UTC));
    clock.advance(3599);
    EXPECT_EQ(p.credentials()->bearerToken, QByteArray("tok-1"));
    EXPECT_EQ(p.runCount(), 1);
    clock.advance(1);
    EXPECT_EQ(p.credentials()->bearerToken, QByteArray("tok-2")) << "expired: plugin runs again";
    EXPECT_EQ(p.runCount(), 2);
    EXPECT_EQ(lineCount(dir.read(QStringLiteral("plugin.runs"))), 2);
}

TEST(ExecPlugin, WithoutExpiryCachedUntilInvalidate) {
    TestDir dir;
    ExecConfig config;
    config.apiVersion = QString::fromLatin1(v1beta1);
    config.command = writePlugin(dir, QStringLiteral("plugin"), tokenOutput(v1beta1, "tok-@RUN@"));
    ExecCredentialProvider p(config, QStringLiteral("u"), QStringLiteral("/k/c"), std::nullopt,
                             {ExecPluginLocator({}, {}), std::chrono::seconds(20), {}});
    for (int i = 0; i < 3; ++i)
        EXPECT_EQ(p.credentials()->bearerToken, QByteArray("tok-1"));
    EXPECT_EQ(p.runCount(), 1);
    p.invalidate(); // the server said 401
    EXPECT_EQ(p.credentials()->bearerToken, QByteArray("tok-2"));
    EXPECT_EQ(p.credentials()->bearerToken, QByteArray("tok-2"));
    EXPECT_EQ(p.runCount(), 2);
}

TEST(ExecPlugin, ConcurrentCallersShareOneRun) {
    TestDir dir;
    ExecConfig config;
    config.apiVersion = QString::fromLatin1(v1beta1);
    config.command = writePlugin(dir, QStringLiteral("plugin"), tokenOutput(v1beta1, "tok-@RUN@"),
                                 0, {}, "sleep 0.3\n");
    ExecCredentialProvider p(config, QStringLiteral("u"), QStringLiteral("/k/c"), std::nullopt,
                             {ExecPluginLocator({}, {}), std::chrono::seconds(20), {}});
    std::atomic<int> good{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            Result<Credentials, ConfigError> c = p.credentials();
            if (c.ok() && c->bearerToken == "tok-1")
                ++good;
        });
    }
    for (auto &t : threads)
        t.join();
    EXPECT_EQ(good.load(), 4);
    EXPECT_EQ(p.runCount(), 1);
    EXPECT_EQ(lineCount(dir.read(QStringLiteral("plugin.runs"))), 1);
}

TEST(ExecPlugin, ClientCertificateFromPlugin) {
    const TestPki::CertKey client = TestPki::generate("exec-user");
    TestDir dir;
    ExecConfig config;
    config.apiVersion = QString::fromLatin1(v1);
    config.interactiveMode = QStringLiteral("IfAvailable");
    config.command =
        writePlugin(dir, QStringLiteral("plugin"),
                    "{\"apiVersion\":\"" + v1 +
                        "\",\"kind\":\"ExecCredential\",\"status\":{\"clientCertificateData\":\"" +
                        jsonEscapedPem(client.certificatePem) + "\",\"clientKeyData\":\"" +
                        jsonEscapedPem(client.keyPem) + "\"}}");
    ExecCredentialProvider p(config, QStringLiteral("u"), QStringLiteral("/k/c"), std::nullopt,
                             {ExecPluginLocator({}, {}), std::chrono::seconds(20), {}});
    Result<Credentials, ConfigError> c = p.credentials();
    ASSERT_TRUE(c.ok()) << c.error().toString().toStdString();
    EXPECT_TRUE(c->bearerToken.isEmpty());
    EXPECT_EQ(c->clientCertificatePem, client.certificatePem);
    EXPECT_EQ(c->clientKeyPem, client.keyPem);
}

TEST(ExecPlugin, BadOutputsAreErrorsWithoutSecrets) {
    const TestPki::CertKey client = TestPki::generate("exec-user");
    const TestPki::CertKey other = TestPki::generate("other");
    struct Case {
        const char *name;
        QByteArray out;
        QString expected;
    };
    const std::vector<Case> cases = {
        {"no-status", "{\"apiVersion\":\"" + v1 + "\",\"kind\":\"ExecCredential\"}",
         QStringLiteral("exec plugin didn't return a status field")},
        {"empty-status",
         "{\"apiVersion\":\"" + v1 + "\",\"kind\":\"ExecCredential\",\"status\":{}}",
         QStringLiteral("exec plugin didn't return a token or cert/key pair")},
        {"cert-only",
         "{\"apiVersion\":\"" + v1 +
             "\",\"kind\":\"ExecCredential\",\"status\":{"
             "\"clientCertificateData\":\"" +
             jsonEscapedPem(client.certificatePem) + "\"}}",
         QStringLiteral("exec plugin returned only certificate or key, not both")},
        {"wrong-version", tokenOutput(v1beta1, "SECRET-TOKEN-wrong-version"),
         QStringLiteral("exec plugin is configured to use API version "
                        "client.authentication.k8s.io/v1, plugin returned version "
                        "\"client.authentication.k8s.io/v1beta1\"")},
        {"not-json", "token=SECRET-TOKEN-not-json",
         QStringLiteral("not an ExecCredential JSON object")},
        {"bad-expiry", tokenOutput(v1, "SECRET-TOKEN-bad-expiry", "next tuesday"),
         QStringLiteral("not an RFC 3339 time")},
        {"key-mismatch",
         "{\"apiVersion\":\"" + v1 +
             "\",\"kind\":\"ExecCredential\",\"status\":{"
             "\"clientCertificateData\":\"" +
             jsonEscapedPem(client.certificatePem) + "\",\"clientKeyData\":\"" +
             jsonEscapedPem(other.keyPem) + "\"}}",
         QStringLiteral("does not match")},
    };
    TestDir dir;
    for (const Case &c : cases) {
        ExecConfig config;
        config.apiVersion = QString::fromLatin1(v1);
        config.interactiveMode = QStringLiteral("Never");
        config.command = writePlugin(dir, QString::fromLatin1(c.name), c.out);
        ExecCredentialProvider p(config, QStringLiteral("u"), QStringLiteral("/k/c"), std::nullopt,
                                 {ExecPluginLocator({}, {}), std::chrono::seconds(20), {}});
        Result<Credentials, ConfigError> r = p.credentials();
        ASSERT_FALSE(r.ok()) << c.name;
        EXPECT_EQ(r.error().file, QStringLiteral("/k/c")) << c.name;
        EXPECT_EQ(r.error().entry, QStringLiteral("user \"u\"")) << c.name;
        EXPECT_TRUE(r.error().message.contains(c.expected))
            << c.name << ": " << r.error().toString().toStdString();
        EXPECT_FALSE(r.error().toString().contains(QStringLiteral("SECRET")))
            << c.name << ": " << r.error().toString().toStdString();
        EXPECT_FALSE(r.error().toString().contains(QStringLiteral("BEGIN"))) << c.name;
    }
}

TEST(ExecPlugin, NonZeroExitShowsStderrButNeverTheCredential) {
    TestDir dir;
    ExecConfig config;
    config.apiVersion = QString::fromLatin1(v1beta1);
    config.env = {{QStringLiteral("AWS_SECRET"), QStringLiteral("SECRET-ENV-VALUE-9")}};
    config.command = writePlugin(
        dir, QStringLiteral("plugin"), tokenOutput(v1beta1, "LEAKED-TOKEN-123"), 3,
        "error: refreshing credentials failed for LEAKED-TOKEN-123 (key SECRET-ENV-VALUE-9)\n"
        "-----BEGIN PRIVATE KEY-----\nMIIBVQIBADANBgkq\n-----END PRIVATE KEY-----\n"
        "hint: run aws sso login");
    ExecCredentialProvider p(config, QStringLiteral("u"), QStringLiteral("/k/c"), std::nullopt,
                             {ExecPluginLocator({}, {}), std::chrono::seconds(20), {}});
    Result<Credentials, ConfigError> r = p.credentials();
    ASSERT_FALSE(r.ok());
    const QString text = r.error().toString();
    EXPECT_TRUE(text.contains(QStringLiteral("failed with exit code 3"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("error: refreshing credentials failed for")))
        << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("hint: run aws sso login"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("LEAKED-TOKEN-123"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("SECRET-ENV-VALUE-9"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("MIIBVQIBADANBgkq"))) << text.toStdString();
}

TEST(ExecPlugin, TimeoutKillsThePlugin) {
    TestDir dir;
    ExecConfig config;
    config.apiVersion = QString::fromLatin1(v1beta1);
    config.command = dir.writeScript(QStringLiteral("slow"), "#!/bin/sh\nexec sleep 30\n");
    ExecCredentialProvider p(config, QStringLiteral("u"), QStringLiteral("/k/c"), std::nullopt,
                             {ExecPluginLocator({}, {}), std::chrono::milliseconds(300), {}});
    QElapsedTimer timer;
    timer.start();
    Result<Credentials, ConfigError> r = p.credentials();
    EXPECT_LT(timer.elapsed(), 10000);
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.error().message.contains(QStringLiteral("did not finish within 0.3 s")))
        << r.error().toString().toStdString();
}

TEST(ExecPlugin, APluginThatPrintsWithoutEndIsStopped) {
    TestDir dir;
    ExecConfig config;
    config.apiVersion = QString::fromLatin1(v1beta1);
    config.command = dir.writeScript(QStringLiteral("chatty"), "#!/bin/sh\nexec yes credential\n");
    ExecCredentialProvider p(config, QStringLiteral("u"), QStringLiteral("/k/c"), std::nullopt,
                             {ExecPluginLocator({}, {}), std::chrono::seconds(20), {}});
    QElapsedTimer timer;
    timer.start();
    Result<Credentials, ConfigError> r = p.credentials();
    EXPECT_LT(timer.elapsed(), 10000) << "stopped at the output limit, not at the timeout";
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.error().message.contains(QStringLiteral("printed more than 1024 KiB")))
        << r.error().toString().toStdString();
}

// Several requests fail with the same token (a 401 each): only the first refresh runs the plugin.
TEST(ExecPlugin, InvalidateIfCurrentKeepsACredentialRefreshedMeanwhile) {
    TestDir dir;
    ExecConfig config;
    config.apiVersion = QString::fromLatin1(v1beta1);
    config.command = writePlugin(dir, QStringLiteral("plugin"), tokenOutput(v1beta1, "tok-@RUN@"));
    ExecCredentialProvider p(config, QStringLiteral("u"), QStringLiteral("/k/c"), std::nullopt,
                             {ExecPluginLocator({}, {}), std::chrono::seconds(20), {}});
    const Credentials first = *p.credentials();
    ASSERT_EQ(first.bearerToken, QByteArray("tok-1"));
    p.invalidateIfCurrent(first);
    EXPECT_EQ(p.credentials()->bearerToken, QByteArray("tok-2"));
    p.invalidateIfCurrent(first); // a second 401 with the old token: already refreshed
    EXPECT_EQ(p.credentials()->bearerToken, QByteArray("tok-2"));
    EXPECT_EQ(p.runCount(), 2);
}

TEST(ExecPlugin, RelativeCommandResolvesAgainstTheKubeconfigFolder) {
    auto s = setup("    server: https://k:1\n    insecure-skip-tls-verify: true\n",
                   "      apiVersion: client.authentication.k8s.io/v1beta1\n"
                   "      command: ../tools/get-token\n",
                   [](const TestDir &dir) {
                       writePlugin(dir, QStringLiteral("tools/get-token"),
                                   tokenOutput(v1beta1, "relative"));
                   });
    EXPECT_EQ(s->config.user(QStringLiteral("u"))->exec->command,
              s->dir.filePath(QStringLiteral("tools/get-token")));
    TestDir elsewhere;
    const QString saved = QDir::currentPath();
    QDir::setCurrent(elsewhere.path());
    Result<ResolvedContext, ConfigError> ctx = s->resolve(isolatedOptions());
    ASSERT_TRUE(ctx.ok());
    Result<Credentials, ConfigError> creds = ctx->credentialProvider->credentials();
    QDir::setCurrent(saved);
    ASSERT_TRUE(creds.ok()) << creds.error().toString().toStdString();
    EXPECT_EQ(creds->bearerToken, QByteArray("relative"));
}

TEST(ExecPlugin, MissingRelativeCommandGivesTheInstallHint) {
    auto s = setup("    server: https://k:1\n    insecure-skip-tls-verify: true\n",
                   "      apiVersion: client.authentication.k8s.io/v1beta1\n"
                   "      command: ./bin/missing-plugin\n"
                   "      installHint: run make plugins\n",
                   [](const TestDir &) {});
    Result<ResolvedContext, ConfigError> ctx = s->resolve(isolatedOptions());
    ASSERT_TRUE(ctx.ok());
    Result<Credentials, ConfigError> creds = ctx->credentialProvider->credentials();
    ASSERT_FALSE(creds.ok());
    EXPECT_EQ(creds.error().message,
              QStringLiteral("exec plugin \"") +
                  s->dir.filePath(QStringLiteral("kube/bin/missing-plugin")) +
                  QStringLiteral("\" for user \"u\" not found: run make plugins"));
}

TEST(ExecPlugin, BareNameSearchesProcessPathThenLoginShellPath) {
    TestDir dir;
    const QString onlyLogin = dir.filePath(QStringLiteral("login-bin"));
    const QString processDir = dir.filePath(QStringLiteral("process-bin"));
    QDir().mkpath(processDir);
    writePlugin(dir, QStringLiteral("login-bin/my-auth-plugin"), tokenOutput(v1beta1, "via-login"));
    ExecConfig config;
    config.apiVersion = QString::fromLatin1(v1beta1);
    config.command = QStringLiteral("my-auth-plugin");
    config.installHint = QStringLiteral("install my-auth-plugin");

    const ExecPluginLocator nowhere([&] { return QStringList{processDir}; }, {});
    Result<ExecPluginLocator::Location, ConfigError> missing =
        nowhere.locate(config, QStringLiteral("u"), QStringLiteral("/k/c"));
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message,
              QStringLiteral("exec plugin \"my-auth-plugin\" for user \"u\" not found on PATH "
                             "(searched ") +
                  processDir + QStringLiteral("): install my-auth-plugin"));

    const ExecPluginLocator withLogin([&] { return QStringList{processDir}; },
                                      [&] {
                                          return QStringList{processDir, onlyLogin};
                                      });
    Result<ExecPluginLocator::Location, ConfigError> found =
        withLogin.locate(config, QStringLiteral("u"), QStringLiteral("/k/c"));
    ASSERT_TRUE(found.ok()) << found.error().toString().toStdString();
    EXPECT_EQ(found->program, onlyLogin + QStringLiteral("/my-auth-plugin"));
    EXPECT_EQ(found->extraPath, QStringList{onlyLogin});

    ExecCredentialProvider p(config, QStringLiteral("u"), QStringLiteral("/k/c"), std::nullopt,
                             {withLogin, std::chrono::seconds(20), {}});
    Result<Credentials, ConfigError> creds = p.credentials();
    ASSERT_TRUE(creds.ok()) << creds.error().toString().toStdString();
    EXPECT_EQ(creds->bearerToken, QByteArray("via-login"));
    const QByteArray record = dir.read(QStringLiteral("login-bin/my-auth-plugin.record"));
    EXPECT_TRUE(record.contains(QByteArray(":" + onlyLogin.toUtf8() + "\n")))
        << "the login-shell PATH is appended for the plugin: " << record.toStdString();

    // Found on the process PATH: preferred, nothing appended.
    writePlugin(dir, QStringLiteral("process-bin/my-auth-plugin"), tokenOutput(v1beta1, "x"));
    Result<ExecPluginLocator::Location, ConfigError> first =
        withLogin.locate(config, QStringLiteral("u"), QStringLiteral("/k/c"));
    ASSERT_TRUE(first.ok());
    EXPECT_EQ(first->program, processDir + QStringLiteral("/my-auth-plugin"));
    EXPECT_TRUE(first->extraPath.isEmpty());
}

TEST(ExecPlugin, NonExecutableFileIsReported) {
    TestDir dir;
    ExecConfig config;
    config.apiVersion = QString::fromLatin1(v1beta1);
    config.command = dir.write(QStringLiteral("not-executable"), "#!/bin/sh\n");
    Result<ExecPluginLocator::Location, ConfigError> r =
        ExecPluginLocator({}, {}).locate(config, QStringLiteral("u"), QStringLiteral("/k/c"));
    ASSERT_FALSE(r.ok());
    EXPECT_TRUE(r.error().message.contains(QStringLiteral("is not an executable file")));
}

TEST(ExecCredentialJson, ParsesExpiryFormats) {
    Result<Credentials, QString> a = ExecCredentialJson::parseOutput(
        QString::fromLatin1(v1), tokenOutput(v1, "t", "2030-01-01T00:00:00.123456Z"));
    ASSERT_TRUE(a.ok()) << a.error().toStdString();
    EXPECT_EQ(a->expiry->toMSecsSinceEpoch(),
              QDateTime(QDate(2030, 1, 1), QTime(0, 0, 0, 123), Qt::UTC).toMSecsSinceEpoch());
    Result<Credentials, QString> b = ExecCredentialJson::parseOutput(
        QString::fromLatin1(v1), tokenOutput(v1, "t", "2030-01-01T02:00:00+02:00"));
    ASSERT_TRUE(b.ok());
    EXPECT_EQ(*b->expiry, QDateTime(QDate(2030, 1, 1), QTime(0, 0), Qt::UTC));
    Result<Credentials, QString> kind = ExecCredentialJson::parseOutput(
        QString::fromLatin1(v1),
        R"({"apiVersion":"client.authentication.k8s.io/v1","kind":"Pod","status":{"token":"t"}})");
    ASSERT_FALSE(kind.ok());
    EXPECT_TRUE(kind.error().contains(QStringLiteral("expected ExecCredential")));
}

TEST(ExecCredentialJson, ExecInfoOmitsEmptyFieldsLikeGo) {
    ExecClusterInfo info;
    info.server = QStringLiteral("127.0.0.1:1");
    info.insecureSkipTlsVerify = true;
    info.configJson = QByteArray(R"({"a":1})");
    EXPECT_EQ(
        ExecCredentialJson::execInfo(QString::fromLatin1(v1), info),
        QByteArray(
            R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1","spec":{"cluster":{"server":"127.0.0.1:1","insecure-skip-tls-verify":true,"config":{"a":1}},"interactive":false}})"));
}

TEST(LoginShellPath, ParsesTheMarkedLineAndIgnoresRcNoise) {
    EXPECT_EQ(
        LoginShellPath::parseOutput("Welcome back!\n__CUBEDESK_LOGIN_PATH__=bogus\n"
                                    "more noise\n\n__CUBEDESK_LOGIN_PATH__=/a/bin:/b:/a/bin\n"),
        (QStringList{QStringLiteral("/a/bin"), QStringLiteral("/b")}));
    EXPECT_TRUE(LoginShellPath::parseOutput("no marker here").isEmpty());
}

TEST(LoginShellPath, RunsTheShellAsALoginShellWithAFixedScript) {
    TestDir dir;
    const QString shell = dir.writeScript(QStringLiteral("fake-shell"),
                                          "#!/bin/sh\n"
                                          "printf '%s|' \"$@\" > \"$0.args\"\n"
                                          "echo 'motd: have a nice day'\n"
                                          "PATH=/opt/login/bin:/usr/bin:/bin\nexport PATH\n"
                                          "exec /bin/sh -c \"$4\"\n");
    const QStringList path = LoginShellPath::query(shell, std::chrono::seconds(10));
    EXPECT_EQ(path, (QStringList{QStringLiteral("/opt/login/bin"), QStringLiteral("/usr/bin"),
                                 QStringLiteral("/bin")}));
    const QByteArray args = dir.read(QStringLiteral("fake-shell.args"));
    EXPECT_TRUE(args.startsWith("-l|-i|-c|printf ")) << args.toStdString();
    EXPECT_TRUE(args.contains("\"$PATH\"")) << args.toStdString();
}

TEST(LoginShellPath, RealShellAndTimeout) {
    const QStringList real =
        LoginShellPath::query(QStringLiteral("/bin/sh"), std::chrono::seconds(10));
    EXPECT_FALSE(real.isEmpty());
    TestDir dir;
    const QString hanging =
        dir.writeScript(QStringLiteral("hanging-shell"), "#!/bin/sh\nexec sleep 30\n");
    QElapsedTimer timer;
    timer.start();
    EXPECT_TRUE(LoginShellPath::query(hanging, std::chrono::milliseconds(300)).isEmpty());
    EXPECT_LT(timer.elapsed(), 5000);
}
