// The real kubeconfigs of tests/fixtures/real/k8s: kind, minikube, GKE exec,
// the EKS template and k9s' multi-context file. The fixtures are read in place, never edited;
// variants are written to temporary folders.

#include "k8s/config/kubeconfig.h"
#include "testdir.h"
#include "testfixtures.h"
#include "testpki.h"

#include <QRegularExpression>

#include <gtest/gtest.h>

using namespace cubedesk::k8s;
using namespace cubedesk::k8s::test;

namespace {

Kubeconfig loadFiles(const QStringList &paths) {
    KubeconfigSources sources;
    for (const QString &p : paths)
        sources.explicitFiles.push_back(p);
    return Kubeconfig::load(sources);
}

void expectNoneContains(const std::vector<ConfigError> &problems, const QStringList &secrets) {
    for (const ConfigError &p : problems) {
        for (const QString &s : secrets)
            EXPECT_FALSE(p.toString().contains(s))
                << "error text leaks " << s.toStdString() << ": " << p.toString().toStdString();
    }
}

ResolveOptions noPathOptions(const QString &emptyDir) {
    ResolveOptions options;
    options.execLocator = ExecPluginLocator([emptyDir] { return QStringList{emptyDir}; },
                                            [] { return QStringList(); });
    return options;
}

const QString gkeName = QStringLiteral("gke_example-project_us-central1_gpu-cluster");

} // namespace

TEST(RealFixtures, KindLoadsAndReportsItsPlaceholderDataPerField) {
    const QString path = realFixture(QStringLiteral("kubeconfig-kind.yaml"));
    const Kubeconfig config = loadFiles({path});
    EXPECT_TRUE(config.loadErrors().empty()) << describe(config.loadErrors());
    EXPECT_EQ(config.contextNames(), QStringList{QStringLiteral("kind-kind")});
    EXPECT_EQ(config.currentContext(), QStringLiteral("kind-kind"));
    EXPECT_EQ(config.serverUrl(QStringLiteral("kind-kind")),
              QStringLiteral("https://192.168.9.4:6443"));

    const std::vector<ConfigError> problems = config.problems(QStringLiteral("kind-kind"));
    const ConfigError *ca = findProblem(problems, QStringLiteral("cluster \"kind-kind\""),
                                        QStringLiteral("certificate-authority-data"));
    const ConfigError *cert = findProblem(problems, QStringLiteral("user \"kind-kind\""),
                                          QStringLiteral("client-certificate-data"));
    const ConfigError *key = findProblem(problems, QStringLiteral("user \"kind-kind\""),
                                         QStringLiteral("client-key-data"));
    ASSERT_TRUE(ca && cert && key) << describe(problems);
    for (const ConfigError *p : {ca, cert, key}) {
        EXPECT_EQ(p->file, path);
        EXPECT_TRUE(p->message.contains(QStringLiteral("base64"))) << p->toString().toStdString();
    }
    expectNoneContains(problems, {QStringLiteral("definitelyacert"), QStringLiteral("seemslegit"),
                                  QStringLiteral("yup")});
    Result<ResolvedContext, ConfigError> ctx = config.resolve(QStringLiteral("kind-kind"));
    ASSERT_FALSE(ctx.ok());
    EXPECT_EQ(ctx.error(), problems.front());
}

TEST(RealFixtures, KindShapeWithRealCertificateDataResolves) {
    // The same structure as kind's file with real (generated) PEM data in the *-data fields.
    QByteArray yaml = readFixture(QStringLiteral("kubeconfig-kind.yaml"));
    const TestPki::CertKey ca = TestPki::generate("kind-ca");
    const TestPki::CertKey client = TestPki::generate("kubernetes-admin");
    yaml.replace("definitelyacert", ca.certificatePem.toBase64());
    yaml.replace("seemslegit", client.certificatePem.toBase64());
    yaml.replace("yup", client.keyPem.toBase64());
    TestDir dir;
    const Kubeconfig config = loadFiles({dir.write(QStringLiteral("kind.yaml"), yaml)});
    Result<ResolvedContext, ConfigError> ctx = config.resolve(QStringLiteral("kind-kind"));
    ASSERT_TRUE(ctx.ok()) << ctx.error().toString().toStdString();
    EXPECT_EQ(ctx->server, QUrl(QStringLiteral("https://192.168.9.4:6443")));
    EXPECT_EQ(ctx->caPem, ca.certificatePem);
    EXPECT_EQ(ctx->clientCertificatePem, client.certificatePem);
    EXPECT_EQ(ctx->clientKeyPem, client.keyPem);
    EXPECT_EQ(ctx->namespaceName, QStringLiteral("default"));
    EXPECT_FALSE(ctx->credentialProvider);
    EXPECT_TRUE(ctx->usesTls());
}

TEST(RealFixtures, MinikubeMissingFilesArePerContextErrorsAndOtherContextsResolve) {
    const QString path = realFixture(QStringLiteral("kubeconfig-minikube.yaml"));
    const QString gke = realFixture(QStringLiteral("kubeconfig-gke-exec.yaml"));
    const Kubeconfig config = loadFiles({path, gke});
    EXPECT_TRUE(config.loadErrors().empty()) << describe(config.loadErrors());
    EXPECT_EQ(config.contextNames(),
              (QStringList{QStringLiteral("la-croix"), QStringLiteral("minikube"), gkeName}));
    EXPECT_EQ(config.currentContext(), QStringLiteral("minikube"));
    // scheme-less server with a CA configured: https, as client-go
    EXPECT_EQ(config.serverUrl(QStringLiteral("la-croix")),
              QStringLiteral("https://192.168.1.1:8080"));
    EXPECT_EQ(config.serverUrl(QStringLiteral("minikube")),
              QStringLiteral("https://192.168.10.100:8080"));

    const std::vector<ConfigError> laCroix = config.problems(QStringLiteral("la-croix"));
    const ConfigError *ca = findProblem(laCroix, QStringLiteral("cluster \"la-croix\""),
                                        QStringLiteral("certificate-authority"));
    const ConfigError *cert = findProblem(laCroix, QStringLiteral("user \"la-croix\""),
                                          QStringLiteral("client-certificate"));
    const ConfigError *key =
        findProblem(laCroix, QStringLiteral("user \"la-croix\""), QStringLiteral("client-key"));
    ASSERT_TRUE(ca && cert && key) << describe(laCroix);
    EXPECT_EQ(ca->file, path);
    EXPECT_TRUE(ca->message.contains(QStringLiteral("/home/la-croix/apiserver.crt")));
    EXPECT_TRUE(key->message.contains(QStringLiteral("/home/la-croix/apiserver.key")));

    const std::vector<ConfigError> minikube = config.problems(QStringLiteral("minikube"));
    const ConfigError *mkCa = findProblem(minikube, QStringLiteral("cluster \"minikube\""),
                                          QStringLiteral("certificate-authority"));
    ASSERT_TRUE(mkCa) << describe(minikube);
    EXPECT_TRUE(mkCa->message.contains(QStringLiteral("/home/la-croix/.minikube/ca.crt")));
    EXPECT_FALSE(config.resolve(QStringLiteral("minikube")).ok());

    // the context from the other file still resolves
    TestDir empty;
    Result<ResolvedContext, ConfigError> other =
        config.resolve(gkeName, noPathOptions(empty.path()));
    ASSERT_TRUE(other.ok()) << other.error().toString().toStdString();
    EXPECT_EQ(other->originFile, gke);
}

TEST(RealFixtures, GkeExecPluginMissingBinaryGivesTheInstallHint) {
    const QString path = realFixture(QStringLiteral("kubeconfig-gke-exec.yaml"));
    const Kubeconfig config = loadFiles({path});
    const UserConfig *user = config.user(gkeName);
    ASSERT_TRUE(user && user->exec);
    EXPECT_EQ(user->exec->apiVersion, QStringLiteral("client.authentication.k8s.io/v1beta1"));
    EXPECT_EQ(user->exec->command, QStringLiteral("gke-gcloud-auth-plugin"));
    EXPECT_TRUE(user->exec->provideClusterInfo);
    EXPECT_TRUE(user->exec->interactiveMode.isEmpty()) << "v1beta1 default applies";

    TestDir empty;
    Result<ResolvedContext, ConfigError> ctx = config.resolveCurrent(noPathOptions(empty.path()));
    ASSERT_TRUE(ctx.ok()) << ctx.error().toString().toStdString();
    EXPECT_EQ(ctx->server, QUrl(QStringLiteral("https://203.0.113.10")));
    EXPECT_TRUE(ctx->caPem.startsWith("-----BEGIN CERTIFICATE-----"));
    ASSERT_TRUE(ctx->credentialProvider);
    Result<Credentials, ConfigError> creds = ctx->credentialProvider->credentials();
    ASSERT_FALSE(creds.ok());
    EXPECT_EQ(creds.error().file, path);
    EXPECT_EQ(creds.error().entry, QStringLiteral("user \"") + gkeName + QLatin1Char('"'));
    EXPECT_EQ(creds.error().field, QStringLiteral("exec.command"));
    EXPECT_EQ(creds.error().message,
              QStringLiteral("exec plugin \"gke-gcloud-auth-plugin\" for user \"") + gkeName +
                  QStringLiteral("\" not found on PATH (searched ") + empty.path() +
                  QStringLiteral("): Install gke-gcloud-auth-plugin for use with kubectl by "
                                 "following https://cloud.google.com/kubernetes-engine/docs/"
                                 "how-to/cluster-access-for-kubectl#install_plugin"));
}

TEST(RealFixtures, GkeExecPluginReceivesClusterInfo) {
    // The fixture with its command pointed at a stand-in plugin next to the copy.
    QByteArray yaml = readFixture(QStringLiteral("kubeconfig-gke-exec.yaml"));
    ASSERT_TRUE(yaml.contains("command: gke-gcloud-auth-plugin"));
    yaml.replace("command: gke-gcloud-auth-plugin", "command: ./bin/gke-gcloud-auth-plugin");
    TestDir dir;
    dir.writeScript(QStringLiteral("bin/gke-gcloud-auth-plugin"),
                    "#!/bin/sh\n"
                    "printf '%s' \"$KUBERNETES_EXEC_INFO\" > \"$(dirname \"$0\")/../info.json\"\n"
                    "echo '{\"kind\":\"ExecCredential\",\"apiVersion\":"
                    "\"client.authentication.k8s.io/v1beta1\",\"spec\":{},"
                    "\"status\":{\"token\":\"ya29.stand-in\"}}'\n");
    const Kubeconfig config = loadFiles({dir.write(QStringLiteral("gke.yaml"), yaml)});
    Result<ResolvedContext, ConfigError> ctx = config.resolveCurrent();
    ASSERT_TRUE(ctx.ok()) << ctx.error().toString().toStdString();
    Result<Credentials, ConfigError> creds = ctx->credentialProvider->credentials();
    ASSERT_TRUE(creds.ok()) << creds.error().toString().toStdString();
    EXPECT_EQ(creds->bearerToken, QByteArray("ya29.stand-in"));
    const QRegularExpression caData(QStringLiteral("certificate-authority-data: (\\S+)"));
    const QString caBase64 = caData.match(QString::fromUtf8(yaml)).captured(1);
    ASSERT_FALSE(caBase64.isEmpty());
    EXPECT_EQ(
        dir.read(QStringLiteral("info.json")),
        QByteArray(
            R"({"kind":"ExecCredential","apiVersion":"client.authentication.k8s.io/v1beta1","spec":{"cluster":{"server":"https://203.0.113.10","certificate-authority-data":")") +
            caBase64.toLatin1() + QByteArray(R"(","config":null},"interactive":false}})"));
}

TEST(RealFixtures, EksTemplateLoadsAndResolvingReportsThePlaceholders) {
    const QString path = realFixture(QStringLiteral("kubeconfig-eks-exec.yaml.tpl"));
    const Kubeconfig config = loadFiles({path});
    EXPECT_TRUE(config.loadErrors().empty()) << describe(config.loadErrors());
    const QString name = QStringLiteral("${cluster_name}");
    EXPECT_EQ(config.contextNames(), QStringList{name});
    EXPECT_EQ(config.currentContext(), name);
    const UserConfig *aws = config.user(QStringLiteral("aws"));
    ASSERT_TRUE(aws && aws->exec);
    EXPECT_EQ(aws->exec->command, QStringLiteral("aws"));
    EXPECT_EQ(aws->exec->args, (QStringList{QStringLiteral("eks"), QStringLiteral("get-token"),
                                            QStringLiteral("--region"), QStringLiteral("${region}"),
                                            QStringLiteral("--cluster-name"), name}));

    const std::vector<ConfigError> problems = config.problems(name);
    const ConfigError *server = findProblem(problems, QStringLiteral("cluster \"${cluster_name}\""),
                                            QStringLiteral("server"));
    const ConfigError *ca = findProblem(problems, QStringLiteral("cluster \"${cluster_name}\""),
                                        QStringLiteral("certificate-authority-data"));
    ASSERT_TRUE(server && ca) << describe(problems);
    EXPECT_EQ(server->file, path);
    EXPECT_TRUE(server->message.contains(QStringLiteral("${cluster_endpoint}")))
        << server->toString().toStdString();
    EXPECT_TRUE(server->message.contains(QStringLiteral("not a valid URL")));
    EXPECT_TRUE(ca->message.contains(QStringLiteral("base64")));
    EXPECT_FALSE(config.resolve(name).ok());
}

TEST(RealFixtures, K9sMultiContextFile) {
    const QString path = realFixture(QStringLiteral("kubeconfig-multi-context-k9s.yaml"));
    const Kubeconfig config = loadFiles({path});
    EXPECT_TRUE(config.loadErrors().empty()) << describe(config.loadErrors());
    EXPECT_EQ(config.contextNames(),
              (QStringList{QStringLiteral("fred"), QStringLiteral("blee"), QStringLiteral("duh")}));
    EXPECT_EQ(config.currentContext(), QStringLiteral("fred"));
    EXPECT_EQ(config.context(QStringLiteral("blee"))->namespaceName, QStringLiteral("zorg"));
    EXPECT_EQ(config.serverUrl(QStringLiteral("duh")), QStringLiteral("https://localhost:3002"));
    for (const ContextConfig &ctx : config.contexts()) {
        EXPECT_EQ(ctx.originFile, path);
        EXPECT_TRUE(config.cluster(ctx.cluster)->insecureSkipTlsVerify);
        // the data fields are valid base64 of "fred", which is no certificate
        const std::vector<ConfigError> problems = config.problems(ctx.name);
        const QString entry = QStringLiteral("user \"") + ctx.name + QLatin1Char('"');
        const ConfigError *cert =
            findProblem(problems, entry, QStringLiteral("client-certificate-data"));
        const ConfigError *key = findProblem(problems, entry, QStringLiteral("client-key-data"));
        ASSERT_TRUE(cert && key) << describe(problems);
        EXPECT_TRUE(cert->message.contains(QStringLiteral("PEM certificate")));
        EXPECT_TRUE(key->message.contains(QStringLiteral("private key")));
        expectNoneContains(problems, {QStringLiteral("ZnJlZA==")});
    }
}
