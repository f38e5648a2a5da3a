// Resolving contexts: TLS material, server URLs, proxies, authentication methods, and every
// broken input giving an error that names file, entry and field — without secrets.

#include "k8s/config/contextresolver.h"
#include "k8s/config/kubeconfig.h"
#include "testdir.h"
#include "testfixtures.h"
#include "testpki.h"

#include <gtest/gtest.h>

using namespace cubedesk::k8s;
using namespace cubedesk::k8s::test;

namespace {

struct Loaded {
    TestDir dir;
    QString path;
    Kubeconfig config;
};

std::unique_ptr<Loaded> load(const QByteArray &yaml) {
    auto loaded = std::make_unique<Loaded>();
    loaded->path = loaded->dir.write(QStringLiteral("kubeconfig"), yaml);
    KubeconfigSources sources;
    sources.explicitFiles = {loaded->path};
    loaded->config = Kubeconfig::load(sources);
    EXPECT_TRUE(loaded->config.loadErrors().empty()) << describe(loaded->config.loadErrors());
    return loaded;
}

QByteArray b64(const QByteArray &data) {
    return data.toBase64();
}

// A kubeconfig with one context "ctx" using cluster "c" and user "u", with extra lines.
QByteArray single(const QByteArray &clusterFields, const QByteArray &userFields) {
    return "clusters:\n- name: c\n  cluster:\n" + clusterFields + "users:\n- name: u\n  user:\n" +
           userFields + "contexts:\n- name: ctx\n  context: {cluster: c, user: u}\n";
}

const QByteArray insecureServer =
    "    server: https://k:6443\n    insecure-skip-tls-verify: true\n";
const QByteArray tokenUser = "    token: t\n";

} // namespace

TEST(Resolve, CertificateDataContextResolvesCompletely) {
    const TestPki::CertKey ca = TestPki::generate("ca");
    const TestPki::CertKey client = TestPki::generate("alice");
    auto l = load(single("    server: https://10.1.2.3:6443/rancher/k8s/clusters/c-1\n"
                         "    certificate-authority-data: " +
                             b64(ca.certificatePem) +
                             "\n"
                             "    tls-server-name: api.internal\n"
                             "    proxy-url: socks5://proxy.local:1080\n"
                             "    disable-compression: true\n",
                         "    client-certificate-data: " + b64(client.certificatePem) +
                             "\n"
                             "    client-key-data: " +
                             b64(client.keyPem) +
                             "\n"
                             "    as: bob\n    as-uid: \"42\"\n    as-groups: [devs, ops]\n"
                             "    as-user-extra: {reason: [debugging]}\n"));
    Result<ResolvedContext, ConfigError> ctx = l->config.resolve(QStringLiteral("ctx"));
    ASSERT_TRUE(ctx.ok()) << ctx.error().toString().toStdString();
    EXPECT_EQ(ctx->contextName, QStringLiteral("ctx"));
    EXPECT_EQ(ctx->clusterName, QStringLiteral("c"));
    EXPECT_EQ(ctx->userName, QStringLiteral("u"));
    EXPECT_EQ(ctx->originFile, l->path);
    EXPECT_EQ(ctx->server.toString(),
              QStringLiteral("https://10.1.2.3:6443/rancher/k8s/clusters/c-1"));
    EXPECT_EQ(ctx->namespaceName, QStringLiteral("default"));
    EXPECT_EQ(ctx->caPem, ca.certificatePem);
    EXPECT_FALSE(ctx->insecureSkipTlsVerify);
    EXPECT_EQ(ctx->tlsServerName, QStringLiteral("api.internal"));
    EXPECT_EQ(ctx->proxyUrl, QUrl(QStringLiteral("socks5://proxy.local:1080")));
    EXPECT_TRUE(ctx->disableCompression);
    EXPECT_EQ(ctx->clientCertificatePem, client.certificatePem);
    EXPECT_EQ(ctx->clientKeyPem, client.keyPem);
    EXPECT_EQ(ctx->impersonation.user, QStringLiteral("bob"));
    EXPECT_EQ(ctx->impersonation.uid, QStringLiteral("42"));
    EXPECT_EQ(ctx->impersonation.groups,
              (QStringList{QStringLiteral("devs"), QStringLiteral("ops")}));
    EXPECT_EQ(ctx->impersonation.extra.at(QStringLiteral("reason")),
              QStringList{QStringLiteral("debugging")});
    EXPECT_FALSE(ctx->credentialProvider);
    EXPECT_TRUE(ctx->usesTls());
}

TEST(Resolve, FileReferencesAreReadRelativeToTheDefiningFile) {
    const TestPki::CertKey ca = TestPki::generate("ca");
    const TestPki::CertKey client = TestPki::generate("alice");
    TestDir dir;
    dir.write(QStringLiteral("sub/pki/ca.crt"), ca.certificatePem);
    dir.write(QStringLiteral("sub/pki/client.crt"), client.certificatePem);
    dir.write(QStringLiteral("client.key"), client.keyPem);
    const QString path =
        dir.write(QStringLiteral("sub/config"), single("    server: https://k:6443\n"
                                                       "    certificate-authority: pki/ca.crt\n",
                                                       "    client-certificate: pki/client.crt\n"
                                                       "    client-key: ../client.key\n"));
    KubeconfigSources sources;
    sources.kubeconfigEnv = path;
    Result<ResolvedContext, ConfigError> ctx =
        Kubeconfig::load(sources).resolve(QStringLiteral("ctx"));
    ASSERT_TRUE(ctx.ok()) << ctx.error().toString().toStdString();
    EXPECT_EQ(ctx->caPem, ca.certificatePem);
    EXPECT_EQ(ctx->clientCertificatePem, client.certificatePem);
    EXPECT_EQ(ctx->clientKeyPem, client.keyPem);
}

TEST(Resolve, DataWinsOverFile) {
    const TestPki::CertKey ca = TestPki::generate("ca");
    const TestPki::CertKey client = TestPki::generate("alice");
    auto l = load(single("    server: https://k:6443\n"
                         "    certificate-authority: /does/not/exist/ca.crt\n"
                         "    certificate-authority-data: " +
                             b64(ca.certificatePem) + "\n",
                         "    client-certificate: /does/not/exist/c.crt\n"
                         "    client-certificate-data: " +
                             b64(client.certificatePem) +
                             "\n"
                             "    client-key: /does/not/exist/c.key\n"
                             "    client-key-data: " +
                             b64(client.keyPem) + "\n"));
    Result<ResolvedContext, ConfigError> ctx = l->config.resolve(QStringLiteral("ctx"));
    ASSERT_TRUE(ctx.ok()) << ctx.error().toString().toStdString();
    EXPECT_EQ(ctx->caPem, ca.certificatePem);
}

TEST(Resolve, ServerSchemeDefaultsLikeClientGo) {
    EXPECT_EQ(ContextResolver::serverUrl(QStringLiteral("192.168.1.1:8080"), true).value(),
              QUrl(QStringLiteral("https://192.168.1.1:8080")));
    EXPECT_EQ(ContextResolver::serverUrl(QStringLiteral("192.168.1.1:8080"), false).value(),
              QUrl(QStringLiteral("http://192.168.1.1:8080")));
    EXPECT_EQ(ContextResolver::serverUrl(QStringLiteral("localhost:8080"), false).value(),
              QUrl(QStringLiteral("http://localhost:8080")));
    EXPECT_EQ(ContextResolver::serverUrl(QStringLiteral("http://h:1/p"), true).value(),
              QUrl(QStringLiteral("http://h:1/p")));
    EXPECT_FALSE(ContextResolver::serverUrl(QStringLiteral("h:1/some/path"), true).ok());
    EXPECT_FALSE(ContextResolver::serverUrl(QStringLiteral("ftp://h:1"), true).ok());
    EXPECT_FALSE(ContextResolver::serverUrl(QStringLiteral("https://h:99999"), true).ok());
    const Result<QUrl, QString> secret =
        ContextResolver::serverUrl(QStringLiteral("https://user:PASSWORD99@{bad}:1"), true);
    ASSERT_FALSE(secret.ok());
    EXPECT_FALSE(secret.error().contains(QStringLiteral("PASSWORD99")));

    // Through a kubeconfig: no TLS setting → http; insecure / tls-server-name / cert → https.
    auto plain = load(single("    server: 10.0.0.1:8080\n", tokenUser));
    EXPECT_EQ(plain->config.serverUrl(QStringLiteral("ctx")),
              QStringLiteral("http://10.0.0.1:8080"));
    Result<ResolvedContext, ConfigError> ctx = plain->config.resolve(QStringLiteral("ctx"));
    ASSERT_TRUE(ctx.ok());
    EXPECT_FALSE(ctx->usesTls());
    auto sni = load(single("    server: 10.0.0.1:8443\n    tls-server-name: api\n", tokenUser));
    EXPECT_EQ(sni->config.serverUrl(QStringLiteral("ctx")),
              QStringLiteral("https://10.0.0.1:8443"));
    auto insecure =
        load(single("    server: 10.0.0.1:8443\n    insecure-skip-tls-verify: true\n", tokenUser));
    EXPECT_EQ(insecure->config.serverUrl(QStringLiteral("ctx")),
              QStringLiteral("https://10.0.0.1:8443"));
}

TEST(Resolve, ProxyUrlSchemes) {
    for (const char *ok : {"http://p:3128", "https://p:3128", "socks5://p:1080"}) {
        auto l = load(single(insecureServer + "    proxy-url: " + ok + "\n", tokenUser));
        Result<ResolvedContext, ConfigError> ctx = l->config.resolve(QStringLiteral("ctx"));
        ASSERT_TRUE(ctx.ok()) << ok;
        EXPECT_EQ(ctx->proxyUrl, QUrl(QString::fromLatin1(ok)));
    }
    auto bad =
        load(single(insecureServer + "    proxy-url: ftp://user:PROXYPASS1@p:21\n", tokenUser));
    const std::vector<ConfigError> problems = bad->config.problems(QStringLiteral("ctx"));
    ASSERT_EQ(problems.size(), 1u) << describe(problems);
    EXPECT_EQ(problems[0].field, QStringLiteral("proxy-url"));
    EXPECT_EQ(problems[0].message,
              QStringLiteral("unsupported scheme \"ftp\", must be http, https, or socks5"));
    EXPECT_FALSE(problems[0].toString().contains(QStringLiteral("PROXYPASS1")));
}

TEST(Resolve, UnknownContextMissingClusterUserAndServer) {
    auto l = load(R"(
clusters:
- name: noserver
  cluster: {insecure-skip-tls-verify: true}
- name: ok
  cluster: {server: "https://ok:1", insecure-skip-tls-verify: true}
users:
- name: u
  user: {token: t}
contexts:
- name: no-cluster-entry
  context: {cluster: ghost, user: u}
- name: no-user-entry
  context: {cluster: ok, user: ghost}
- name: nothing-set
  context: {}
- name: no-server
  context: {cluster: noserver, user: u}
- name: fine
  context: {cluster: ok, user: u}
)");
    const Kubeconfig &config = l->config;
    Result<ResolvedContext, ConfigError> unknown = config.resolve(QStringLiteral("nope"));
    ASSERT_FALSE(unknown.ok());
    EXPECT_EQ(unknown.error().entry, QStringLiteral("context \"nope\""));
    EXPECT_EQ(unknown.error().file, l->path);
    EXPECT_TRUE(unknown.error().message.contains(QStringLiteral("context was not found")));

    Result<ResolvedContext, ConfigError> a = config.resolve(QStringLiteral("no-cluster-entry"));
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().entry, QStringLiteral("context \"no-cluster-entry\""));
    EXPECT_EQ(a.error().field, QStringLiteral("cluster"));
    EXPECT_EQ(a.error().message,
              QStringLiteral("cluster \"ghost\" was not found for context \"no-cluster-entry\""));

    Result<ResolvedContext, ConfigError> b = config.resolve(QStringLiteral("no-user-entry"));
    ASSERT_FALSE(b.ok());
    EXPECT_EQ(b.error().field, QStringLiteral("user"));
    EXPECT_EQ(b.error().message,
              QStringLiteral("user \"ghost\" was not found for context \"no-user-entry\""));

    const std::vector<ConfigError> nothing = config.problems(QStringLiteral("nothing-set"));
    ASSERT_EQ(nothing.size(), 2u) << describe(nothing);
    EXPECT_EQ(nothing[0].field, QStringLiteral("cluster"));
    EXPECT_EQ(nothing[1].field, QStringLiteral("user"));

    Result<ResolvedContext, ConfigError> c = config.resolve(QStringLiteral("no-server"));
    ASSERT_FALSE(c.ok());
    EXPECT_EQ(c.error().entry, QStringLiteral("cluster \"noserver\""));
    EXPECT_EQ(c.error().field, QStringLiteral("server"));
    EXPECT_EQ(c.error().message, QStringLiteral("no server found for cluster \"noserver\""));

    EXPECT_TRUE(config.resolve(QStringLiteral("fine")).ok()) << "other contexts still resolve";
}

TEST(Resolve, BadBase64AndBadCertificatesNameTheField) {
    const TestPki::CertKey client = TestPki::generate("alice");
    auto l = load(R"(
clusters:
- name: badb64
  cluster: {server: "https://k:1", certificate-authority-data: "not base64!"}
- name: notpem
  cluster: {server: "https://k:1", certificate-authority-data: )" +
                  b64("hello, not a certificate") + R"(}
- name: good
  cluster: {server: "https://k:1", insecure-skip-tls-verify: true}
users:
- name: badcert
  user:
    client-certificate-data: )" +
                  b64("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n") + R"(
    client-key-data: )" +
                  b64(client.keyPem) + R"(
- name: badkey
  user:
    client-certificate-data: )" +
                  b64(client.certificatePem) + R"(
    client-key-data: )" +
                  b64("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n") + R"(
- name: mismatch
  user:
    client-certificate-data: )" +
                  b64(client.certificatePem) + R"(
    client-key-data: )" +
                  b64(TestPki::generate("mallory").keyPem) + R"(
- name: good
  user: {token: t}
contexts:
- {name: badb64, context: {cluster: badb64, user: good}}
- {name: notpem, context: {cluster: notpem, user: good}}
- {name: badcert, context: {cluster: good, user: badcert}}
- {name: badkey, context: {cluster: good, user: badkey}}
- {name: mismatch, context: {cluster: good, user: mismatch}}
- {name: good, context: {cluster: good, user: good}}
)");
    const auto expectError = [&](const char *context, const QString &entry, const QString &field,
                                 const QString &text) {
        Result<ResolvedContext, ConfigError> r = l->config.resolve(QString::fromLatin1(context));
        ASSERT_FALSE(r.ok()) << context;
        EXPECT_EQ(r.error().file, l->path) << context;
        EXPECT_EQ(r.error().entry, entry) << context;
        EXPECT_EQ(r.error().field, field) << context;
        EXPECT_TRUE(r.error().message.contains(text)) << r.error().toString().toStdString();
    };
    expectError("badb64", QStringLiteral("cluster \"badb64\""),
                QStringLiteral("certificate-authority-data"), QStringLiteral("not valid base64"));
    expectError("notpem", QStringLiteral("cluster \"notpem\""),
                QStringLiteral("certificate-authority-data"),
                QStringLiteral("does not contain a PEM certificate"));
    expectError("badcert", QStringLiteral("user \"badcert\""),
                QStringLiteral("client-certificate-data"),
                QStringLiteral("does not contain a PEM certificate"));
    expectError("badkey", QStringLiteral("user \"badkey\""), QStringLiteral("client-key-data"),
                QStringLiteral("private key"));
    expectError("mismatch", QStringLiteral("user \"mismatch\""), QStringLiteral("client-key-data"),
                QStringLiteral("does not match"));
    EXPECT_TRUE(l->config.resolve(QStringLiteral("good")).ok());
}

TEST(Resolve, StrictBase64AsGo) {
    EXPECT_EQ(ContextResolver::decodeBase64("ZnJlZA=="), std::optional<QByteArray>("fred"));
    EXPECT_EQ(ContextResolver::decodeBase64("Zn\r\nJlZA==\n"), std::optional<QByteArray>("fred"));
    EXPECT_FALSE(ContextResolver::decodeBase64("ZnJlZA").has_value()) << "padding required";
    EXPECT_FALSE(ContextResolver::decodeBase64("definitelyacert").has_value());
    EXPECT_FALSE(ContextResolver::decodeBase64("Zn Jl ZA==").has_value());
    EXPECT_FALSE(ContextResolver::decodeBase64("Zm=vbw==").has_value());
    EXPECT_FALSE(ContextResolver::decodeBase64("Zm9v_-==").has_value()) << "URL alphabet";
}

TEST(Resolve, InsecureWithCaIsAnError) {
    const TestPki::CertKey ca = TestPki::generate("ca");
    auto l = load(single("    server: https://k:1\n    insecure-skip-tls-verify: true\n"
                         "    certificate-authority-data: " +
                             b64(ca.certificatePem) + "\n",
                         tokenUser));
    Result<ResolvedContext, ConfigError> r = l->config.resolve(QStringLiteral("ctx"));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().entry, QStringLiteral("cluster \"c\""));
    EXPECT_EQ(r.error().field, QStringLiteral("insecure-skip-tls-verify"));
    EXPECT_EQ(r.error().message, QStringLiteral("specifying a root certificates file with the "
                                                "insecure flag is not allowed"));
    auto file = load(single("    server: https://k:1\n    insecure-skip-tls-verify: true\n"
                            "    certificate-authority: /some/ca.crt\n",
                            tokenUser));
    EXPECT_TRUE(findProblem(file->config.problems(QStringLiteral("ctx")),
                            QStringLiteral("cluster \"c\""),
                            QStringLiteral("insecure-skip-tls-verify")));
}

TEST(Resolve, CertificateWithoutKeyAndKeyWithoutCertificate) {
    const TestPki::CertKey client = TestPki::generate("alice");
    auto l = load(R"(
clusters: [{name: c, cluster: {server: "https://k:1", insecure-skip-tls-verify: true}}]
users:
- name: certonly
  user: {client-certificate-data: )" +
                  b64(client.certificatePem) + R"(}
- name: keyonly
  user: {client-key: /some/key.pem}
contexts:
- {name: certonly, context: {cluster: c, user: certonly}}
- {name: keyonly, context: {cluster: c, user: keyonly}}
)");
    Result<ResolvedContext, ConfigError> a = l->config.resolve(QStringLiteral("certonly"));
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().field, QStringLiteral("client-key"));
    EXPECT_EQ(a.error().message,
              QStringLiteral("client-key-data or client-key must be specified for certonly to use "
                             "the clientCert authentication method"));
    const std::vector<ConfigError> b = l->config.problems(QStringLiteral("keyonly"));
    const ConfigError *missingCert =
        findProblem(b, QStringLiteral("user \"keyonly\""), QStringLiteral("client-certificate"));
    ASSERT_TRUE(missingCert) << describe(b);
    EXPECT_TRUE(missingCert->message.startsWith(QStringLiteral("client-cert-data or client-cert")));
}

TEST(Resolve, TokenWithBasicAuthIsAnErrorAndBasicAloneWorks) {
    auto l = load(R"(
clusters: [{name: c, cluster: {server: "https://k:1", insecure-skip-tls-verify: true}}]
users:
- name: both
  user: {token: SECRET-TOKEN-both, username: alice, password: SECRET-PASSWORD-both}
- name: filebasic
  user: {tokenFile: /some/token, username: alice}
- name: basic
  user: {username: alice, password: SECRET-PASSWORD-basic}
contexts:
- {name: both, context: {cluster: c, user: both}}
- {name: filebasic, context: {cluster: c, user: filebasic}}
- {name: basic, context: {cluster: c, user: basic}}
)");
    Result<ResolvedContext, ConfigError> both = l->config.resolve(QStringLiteral("both"));
    ASSERT_FALSE(both.ok());
    EXPECT_EQ(both.error().entry, QStringLiteral("user \"both\""));
    EXPECT_EQ(both.error().field, QStringLiteral("username"));
    EXPECT_EQ(both.error().message,
              QStringLiteral("more than one authentication method found for both; found [token "
                             "basicAuth], only one is allowed"));
    EXPECT_FALSE(both.error().toString().contains(QStringLiteral("SECRET")));
    EXPECT_TRUE(findProblem(l->config.problems(QStringLiteral("filebasic")),
                            QStringLiteral("user \"filebasic\""), QStringLiteral("username")));
    Result<ResolvedContext, ConfigError> basic = l->config.resolve(QStringLiteral("basic"));
    ASSERT_TRUE(basic.ok()) << basic.error().toString().toStdString();
    EXPECT_EQ(basic->username, QStringLiteral("alice"));
    EXPECT_EQ(basic->password, QByteArray("SECRET-PASSWORD-basic"));
    EXPECT_FALSE(basic->credentialProvider);
}

TEST(Resolve, ImpersonationExtrasNeedAUser) {
    auto l = load(single(insecureServer, "    token: t\n    as-groups: [admins]\n"));
    Result<ResolvedContext, ConfigError> r = l->config.resolve(QStringLiteral("ctx"));
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.error().field, QStringLiteral("as"));
    EXPECT_EQ(r.error().message, QStringLiteral("requesting uid, groups or user-extra for u "
                                                "without impersonating a user"));
}

TEST(Resolve, LegacyAuthProviders) {
    const QByteArray futureJwt =
        "eyJhbGciOiJSUzI1NiJ9." +
        QByteArray(R"({"iss":"https://issuer","exp":4102444800})")
            .toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals) +
        ".c2ln";
    auto l = load(R"(
clusters: [{name: c, cluster: {server: "https://k:1", insecure-skip-tls-verify: true}}]
users:
- name: gcp
  user: {auth-provider: {name: gcp, config: {access-token: SECRET-GCP-ACCESS}}}
- name: azure
  user: {auth-provider: {name: azure, config: {}}}
- name: oidc
  user:
    auth-provider:
      name: oidc
      config: {idp-issuer-url: "https://issuer", client-id: kube, id-token: ")" +
                  futureJwt + R"(", refresh-token: SECRET-REFRESH}
- name: oidc-incomplete
  user: {auth-provider: {name: oidc, config: {refresh-token: SECRET-REFRESH}}}
- name: other
  user: {auth-provider: {name: openstack}}
- name: both
  user:
    auth-provider: {name: oidc, config: {idp-issuer-url: "https://i", client-id: c, id-token: x}}
    exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: plugin}
contexts:
- {name: gcp, context: {cluster: c, user: gcp}}
- {name: azure, context: {cluster: c, user: azure}}
- {name: oidc, context: {cluster: c, user: oidc}}
- {name: oidc-incomplete, context: {cluster: c, user: oidc-incomplete}}
- {name: other, context: {cluster: c, user: other}}
- {name: both, context: {cluster: c, user: both}}
)");
    Result<ResolvedContext, ConfigError> gcp = l->config.resolve(QStringLiteral("gcp"));
    ASSERT_FALSE(gcp.ok());
    EXPECT_EQ(gcp.error().field, QStringLiteral("auth-provider.name"));
    EXPECT_TRUE(gcp.error().message.startsWith(
        QStringLiteral("The gcp auth plugin has been removed. Please use the "
                       "\"gke-gcloud-auth-plugin\"")))
        << gcp.error().message.toStdString();
    Result<ResolvedContext, ConfigError> azure = l->config.resolve(QStringLiteral("azure"));
    ASSERT_FALSE(azure.ok());
    EXPECT_TRUE(azure.error().message.startsWith(
        QStringLiteral("The azure auth plugin has been removed.")));

    Result<ResolvedContext, ConfigError> oidc = l->config.resolve(QStringLiteral("oidc"));
    ASSERT_TRUE(oidc.ok()) << oidc.error().toString().toStdString();
    Result<Credentials, ConfigError> creds = oidc->credentialProvider->credentials();
    ASSERT_TRUE(creds.ok());
    EXPECT_EQ(creds->bearerToken, futureJwt);
    ASSERT_TRUE(creds->expiry.has_value());
    EXPECT_EQ(creds->expiry->toSecsSinceEpoch(), 4102444800);

    const std::vector<ConfigError> incomplete =
        l->config.problems(QStringLiteral("oidc-incomplete"));
    EXPECT_EQ(incomplete.size(), 3u) << describe(incomplete);
    EXPECT_TRUE(findProblem(incomplete, QStringLiteral("user \"oidc-incomplete\""),
                            QStringLiteral("auth-provider.config.idp-issuer-url")));
    Result<ResolvedContext, ConfigError> other = l->config.resolve(QStringLiteral("other"));
    ASSERT_FALSE(other.ok());
    EXPECT_EQ(other.error().message,
              QStringLiteral("no Auth Provider found for name \"openstack\""));
    Result<ResolvedContext, ConfigError> both = l->config.resolve(QStringLiteral("both"));
    ASSERT_FALSE(both.ok());
    EXPECT_TRUE(both.error().message.startsWith(QStringLiteral("authProvider cannot be provided")));
    for (const char *name : {"gcp", "oidc-incomplete"}) {
        for (const ConfigError &p : l->config.problems(QString::fromLatin1(name)))
            EXPECT_FALSE(p.toString().contains(QStringLiteral("SECRET")));
    }
}

TEST(Resolve, ExecStanzaValidation) {
    auto l = load(R"(
clusters: [{name: c, cluster: {server: "https://k:1", insecure-skip-tls-verify: true}}]
users:
- name: v1-no-mode
  user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: plugin}}
- name: v1beta1-default
  user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: plugin}}
- name: always
  user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: plugin, interactiveMode: Always}}
- name: alpha
  user: {exec: {apiVersion: client.authentication.k8s.io/v1alpha1, command: plugin}}
- name: nocommand
  user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1}}
- name: badenv
  user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: p, env: [{value: SECRET-ENV}]}}
contexts:
- {name: v1-no-mode, context: {cluster: c, user: v1-no-mode}}
- {name: v1beta1-default, context: {cluster: c, user: v1beta1-default}}
- {name: always, context: {cluster: c, user: always}}
- {name: alpha, context: {cluster: c, user: alpha}}
- {name: nocommand, context: {cluster: c, user: nocommand}}
- {name: badenv, context: {cluster: c, user: badenv}}
)");
    Result<ResolvedContext, ConfigError> v1 = l->config.resolve(QStringLiteral("v1-no-mode"));
    ASSERT_FALSE(v1.ok());
    EXPECT_EQ(v1.error().field, QStringLiteral("exec.interactiveMode"));
    EXPECT_EQ(v1.error().message, QStringLiteral("interactiveMode must be specified for v1-no-mode "
                                                 "to use exec authentication plugin"));
    EXPECT_TRUE(l->config.resolve(QStringLiteral("v1beta1-default")).ok());
    Result<ResolvedContext, ConfigError> always = l->config.resolve(QStringLiteral("always"));
    ASSERT_FALSE(always.ok());
    EXPECT_TRUE(always.error().message.contains(QStringLiteral("no terminal")));
    Result<ResolvedContext, ConfigError> alpha = l->config.resolve(QStringLiteral("alpha"));
    ASSERT_FALSE(alpha.ok());
    EXPECT_EQ(alpha.error().field, QStringLiteral("exec.apiVersion"));
    Result<ResolvedContext, ConfigError> nocommand = l->config.resolve(QStringLiteral("nocommand"));
    ASSERT_FALSE(nocommand.ok());
    EXPECT_EQ(nocommand.error().field, QStringLiteral("exec.command"));
    Result<ResolvedContext, ConfigError> badenv = l->config.resolve(QStringLiteral("badenv"));
    ASSERT_FALSE(badenv.ok());
    EXPECT_EQ(badenv.error().field, QStringLiteral("exec.env[0].name"));
    EXPECT_FALSE(badenv.error().toString().contains(QStringLiteral("SECRET")));
}

TEST(Resolve, WrongFieldTypeMakesOnlyThatContextFail) {
    auto l = load(R"(
clusters:
- name: bad
  cluster: {server: "https://k:1", insecure-skip-tls-verify: sometimes}
- name: good
  cluster: {server: "https://k:1", insecure-skip-tls-verify: true}
users: [{name: u, user: {token: t}}]
contexts:
- {name: bad, context: {cluster: bad, user: u}}
- {name: good, context: {cluster: good, user: u}}
)");
    Result<ResolvedContext, ConfigError> bad = l->config.resolve(QStringLiteral("bad"));
    ASSERT_FALSE(bad.ok());
    EXPECT_EQ(bad.error().field, QStringLiteral("insecure-skip-tls-verify"));
    EXPECT_EQ(bad.error().message, QStringLiteral("expected true or false"));
    EXPECT_TRUE(l->config.resolve(QStringLiteral("good")).ok());
}

TEST(Resolve, TokenWinsOverExecPluginAsInClientGo) {
    auto l = load(single(insecureServer, "    token: static-token\n"
                                         "    exec: {apiVersion: client.authentication.k8s.io/"
                                         "v1beta1, command: /nonexistent/plugin}\n"));
    Result<ResolvedContext, ConfigError> r = l->config.resolve(QStringLiteral("ctx"));
    ASSERT_TRUE(r.ok()) << r.error().toString().toStdString();
    EXPECT_EQ(r->credentialProvider->credentials()->bearerToken, QByteArray("static-token"));
}

// Contexts naming one exec user share its provider when the caller passes a registry (one plugin
// run, one refresh in flight per user); a different stanza or, with provideClusterInfo, another
// cluster gets a provider of its own; without a registry every resolution builds its own.
TEST(ResolveTest, ContextsNamingOneExecUserShareItsProvider) {
    const auto loaded = load(R"(clusters:
- name: c1
  cluster: {server: "https://one.example:6443"}
- name: c2
  cluster: {server: "https://two.example:6443"}
users:
- name: sso
  user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: plugin}}
- name: sso-env
  user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: plugin, env: [{name: A, value: b}]}}
- name: info
  user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: plugin, provideClusterInfo: true}}
contexts:
- {name: a, context: {cluster: c1, user: sso}}
- {name: b, context: {cluster: c2, user: sso}}
- {name: e, context: {cluster: c1, user: sso-env}}
- {name: i1, context: {cluster: c1, user: info}}
- {name: i2, context: {cluster: c2, user: info}}
- {name: i1again, context: {cluster: c1, user: info}}
)");
    ResolveOptions shared;
    shared.execProviders = std::make_shared<ExecCredentialProviders>();
    const auto provider = [&](const char *context, const ResolveOptions &options) {
        auto r = loaded->config.resolve(QString::fromLatin1(context), options);
        EXPECT_TRUE(r.ok()) << context;
        return r.ok() ? r.value().credentialProvider : nullptr;
    };
    const auto a = provider("a", shared);
    ASSERT_NE(a, nullptr);
    EXPECT_EQ(provider("b", shared), a);
    EXPECT_NE(provider("e", shared), a);
    const auto i1 = provider("i1", shared);
    EXPECT_NE(provider("i2", shared), i1);
    EXPECT_EQ(provider("i1again", shared), i1);
    EXPECT_NE(provider("b", ResolveOptions{}), a);
    EXPECT_NE(provider("a", ResolveOptions{}), provider("b", ResolveOptions{}));
}

// The registry holds providers weakly: once no connection uses one, a new resolution builds a
// new provider (a reloaded kubeconfig starts clean) and the registry forgets the old one.
TEST(ResolveTest, AnExecProviderNobodyUsesIsForgotten) {
    const auto loaded = load(single("    server: https://one.example:6443\n",
                                    "    exec: {apiVersion: client.authentication.k8s.io/"
                                    "v1beta1, command: plugin}\n"));
    ResolveOptions shared;
    shared.execProviders = std::make_shared<ExecCredentialProviders>();
    {
        const auto first = loaded->config.resolve(QStringLiteral("ctx"), shared);
        ASSERT_TRUE(first.ok());
        EXPECT_EQ(shared.execProviders->liveCount(), 1U);
    }
    EXPECT_EQ(shared.execProviders->liveCount(), 0U);
    const auto second = loaded->config.resolve(QStringLiteral("ctx"), shared);
    ASSERT_TRUE(second.ok());
    EXPECT_NE(second.value().credentialProvider, nullptr);
    EXPECT_EQ(shared.execProviders->liveCount(), 1U);
}
