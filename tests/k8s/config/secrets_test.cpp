// Secrets (tokens, passwords, keys, certificate data, exec env values, plugin output) never
// appear in error text or in log messages, for every producer of errors and logs.

#include "k8s/config/kubeconfig.h"
#include "logcapture.h"
#include "testdir.h"
#include "testfixtures.h"
#include "testpki.h"

#include <gtest/gtest.h>

using namespace cubedesk::k8s;
using namespace cubedesk::k8s::test;

TEST(Secrets, NeverInErrorsOrLogs) {
    const TestPki::CertKey client = TestPki::generate("alice");
    const TestPki::CertKey other = TestPki::generate("mallory");
    // Distinctive fragments of every secret we plant.
    const QByteArray keyBase64 = client.keyPem.toBase64();
    const QByteArray otherKeyBase64 = other.keyPem.toBase64();
    const QStringList secrets = {QStringLiteral("SECRET-TOKEN-A1"),
                                 QStringLiteral("SECRET-PASSWORD-B2"),
                                 QStringLiteral("SECRET-KEYDATA-C3"),
                                 QStringLiteral("SECRET-ENV-D4"),
                                 QStringLiteral("SECRET-PLUGIN-E5"),
                                 QStringLiteral("SECRET-IDTOKEN-F6"),
                                 QStringLiteral("SECRET-FILETOKEN-G7"),
                                 QStringLiteral("SECRET-REFRESH-H8"),
                                 QStringLiteral("SECRET-PROXYPASS-I9"),
                                 QString::fromLatin1(keyBase64.mid(40, 40)),
                                 QString::fromLatin1(otherKeyBase64.mid(40, 40)),
                                 QString::fromLatin1(client.keyPem.mid(60, 40))};

    TestDir dir;
    dir.write(QStringLiteral("token-file"), "SECRET-FILETOKEN-G7\n");
    dir.writeScript(QStringLiteral("failing-plugin"),
                    "#!/bin/sh\n"
                    "echo '{\"apiVersion\":\"client.authentication.k8s.io/v1beta1\","
                    "\"kind\":\"ExecCredential\",\"status\":{\"token\":\"SECRET-PLUGIN-E5\"}}'\n"
                    "echo \"denied: SECRET-PLUGIN-E5 env=$MY_SECRET\" >&2\n"
                    "exit 1\n");
    dir.writeScript(QStringLiteral("good-plugin"),
                    "#!/bin/sh\n"
                    "echo '{\"apiVersion\":\"client.authentication.k8s.io/v1beta1\","
                    "\"kind\":\"ExecCredential\",\"status\":{\"token\":\"SECRET-PLUGIN-E5\"}}'\n");
    dir.writeScript(QStringLiteral("garbage-plugin"),
                    "#!/bin/sh\necho 'token: SECRET-PLUGIN-E5 (not json)'\n");
    const QString path =
        dir.write(QStringLiteral("config"), R"(
clusters:
- name: c
  cluster: {server: "https://k:1", insecure-skip-tls-verify: true}
- name: proxy
  cluster: {server: "https://k:1", insecure-skip-tls-verify: true, proxy-url: "ftp://u:SECRET-PROXYPASS-I9@p:21"}
- name: badtype
  cluster: {server: "https://k:1", certificate-authority-data: {SECRET-KEYDATA-C3: 1}}
users:
- name: token-basic
  user: {token: SECRET-TOKEN-A1, username: alice, password: SECRET-PASSWORD-B2}
- name: bad-key-b64
  user: {client-certificate-data: )" + client.certificatePem.toBase64() +
                                                R"(, client-key-data: "SECRET-KEYDATA-C3!!"}
- name: mismatch
  user: {client-certificate-data: )" + client.certificatePem.toBase64() +
                                                R"(, client-key-data: )" + otherKeyBase64 + R"(}
- name: key-only
  user: {client-key-data: )" + keyBase64 + R"(}
- name: key-is-cert
  user: {client-certificate-data: )" + keyBase64 +
                                                R"(, client-key-data: )" + keyBase64 + R"(}
- name: failing-exec
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1beta1
      command: ./failing-plugin
      env: [{name: MY_SECRET, value: SECRET-ENV-D4}]
- name: garbage-exec
  user: {exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: ./garbage-plugin}}
- name: good-exec
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1beta1
      command: ./good-plugin
      env: [{name: MY_SECRET, value: SECRET-ENV-D4}]
- name: wrong-version-exec
  user: {exec: {apiVersion: client.authentication.k8s.io/v1, interactiveMode: Never, command: ./good-plugin}}
- name: oidc
  user: {auth-provider: {name: oidc, config: {id-token: SECRET-IDTOKEN-F6, refresh-token: SECRET-REFRESH-H8}}}
- name: gcp
  user: {auth-provider: {name: gcp, config: {access-token: SECRET-TOKEN-A1}}}
- name: tokenfile
  user: {tokenFile: token-file, token: SECRET-TOKEN-A1}
- name: tokenfile-basic
  user: {tokenFile: token-file, password: SECRET-PASSWORD-B2}
contexts:
- {name: token-basic, context: {cluster: c, user: token-basic}}
- {name: bad-key-b64, context: {cluster: c, user: bad-key-b64}}
- {name: mismatch, context: {cluster: c, user: mismatch}}
- {name: key-only, context: {cluster: c, user: key-only}}
- {name: key-is-cert, context: {cluster: c, user: key-is-cert}}
- {name: failing-exec, context: {cluster: c, user: failing-exec}}
- {name: garbage-exec, context: {cluster: c, user: garbage-exec}}
- {name: good-exec, context: {cluster: c, user: good-exec}}
- {name: wrong-version-exec, context: {cluster: c, user: wrong-version-exec}}
- {name: oidc, context: {cluster: c, user: oidc}}
- {name: gcp, context: {cluster: c, user: gcp}}
- {name: tokenfile, context: {cluster: c, user: tokenfile}}
- {name: tokenfile-basic, context: {cluster: c, user: tokenfile-basic}}
- {name: proxy, context: {cluster: proxy, user: tokenfile}}
- {name: badtype, context: {cluster: badtype, user: tokenfile}}
)");
    const QString brokenYaml =
        dir.write(QStringLiteral("broken"), "users:\n- name: x\n  user: {token: SECRET-TOKEN-A1\n");

    LogCapture logs;
    QStringList texts;
    KubeconfigSources sources;
    sources.explicitFiles = {path, brokenYaml};
    const Kubeconfig config = Kubeconfig::load(sources);
    for (const ConfigError &e : config.loadErrors())
        texts.append(e.toString());
    EXPECT_EQ(config.loadErrors().size(), 1u) << "the broken YAML file";

    ResolveOptions options;
    options.execLocator = ExecPluginLocator({}, {});
    int failures = 0;
    int credentialCalls = 0;
    for (const QString &name : config.contextNames()) {
        for (const ConfigError &e : config.problems(name, options))
            texts.append(e.toString());
        Result<ResolvedContext, ConfigError> ctx = config.resolve(name, options);
        if (!ctx.ok()) {
            ++failures;
            texts.append(ctx.error().toString());
            continue;
        }
        if (ctx->credentialProvider) {
            texts.append(ctx->credentialProvider->description());
            ++credentialCalls;
            Result<Credentials, ConfigError> creds = ctx->credentialProvider->credentials();
            if (!creds.ok())
                texts.append(creds.error().toString());
            ctx->credentialProvider->invalidate();
            (void)ctx->credentialProvider->credentials();
        }
    }
    // Most contexts are broken on purpose; the good ones still ran their providers.
    EXPECT_GE(failures, 9);
    EXPECT_GE(credentialCalls, 4);
    EXPECT_GE(texts.size(), 15);
    // The failing plugin's stderr is shown (redacted), so the check below is not vacuous.
    const QString all = texts.join(QLatin1Char('\n'));
    EXPECT_TRUE(all.contains(QStringLiteral("failed with exit code 1; stderr: denied: [redacted]")))
        << all.toStdString();
    EXPECT_TRUE(all.contains(QStringLiteral("plugin returned version")));
    EXPECT_TRUE(all.contains(QStringLiteral("unsupported scheme \"ftp\"")));
    EXPECT_TRUE(all.contains(QStringLiteral("does not match")));
    EXPECT_TRUE(all.contains(QStringLiteral("invalid YAML")));

    const QStringList messages = logs.messages();
    EXPECT_FALSE(messages.isEmpty()) << "logging must be on for this test to mean anything";
    for (const QString &secret : secrets) {
        ASSERT_GE(secret.size(), 12) << "test secret fragments must be distinctive";
        for (const QString &t : texts)
            EXPECT_FALSE(t.contains(secret))
                << "error text leaks " << secret.toStdString() << ": " << t.toStdString();
        for (const QString &m : messages)
            EXPECT_FALSE(m.contains(secret))
                << "log leaks " << secret.toStdString() << ": " << m.toStdString();
    }
}
