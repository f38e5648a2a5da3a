// Static tokens, token files (re-read at most once a minute, or after invalidate()), OIDC
// id-tokens.

#include "fakeclock.h"
#include "k8s/config/kubeconfig.h"
#include "k8s/config/oidctokenprovider.h"
#include "k8s/config/statictokenprovider.h"
#include "k8s/config/tokenfileprovider.h"
#include "logcapture.h"
#include "testdir.h"
#include "testfixtures.h"

#include <QFile>

#include <atomic>
#include <gtest/gtest.h>
#include <thread>

using namespace cubedesk::k8s;
using namespace cubedesk::k8s::test;

namespace {

QByteArray token(CredentialProvider &p) {
    Result<Credentials, ConfigError> c = p.credentials();
    EXPECT_TRUE(c.ok()) << (c.ok() ? std::string() : c.error().toString().toStdString());
    return c.ok() ? c->bearerToken : QByteArray();
}

QByteArray jwtWithExp(qint64 exp) {
    const auto part = [](const QByteArray &json) {
        return json.toBase64(QByteArray::Base64UrlEncoding | QByteArray::OmitTrailingEquals);
    };
    return part(R"({"alg":"RS256"})") + '.' +
           part(R"({"sub":"alice","exp":)" + QByteArray::number(exp) + "}") + ".sig";
}

} // namespace

TEST(StaticTokenProvider, ReturnsTheTokenAndIgnoresInvalidate) {
    StaticTokenProvider p("abc", QStringLiteral("u"));
    EXPECT_EQ(token(p), QByteArray("abc"));
    p.invalidate();
    EXPECT_EQ(token(p), QByteArray("abc"));
    EXPECT_FALSE(p.credentials()->expiry.has_value());
    EXPECT_FALSE(p.description().contains(QStringLiteral("abc")));
}

TEST(TokenFileProvider, RereadsAtMostOncePerMinute) {
    TestDir dir;
    const QString path = dir.write(QStringLiteral("token"), "first\n");
    FakeClock clock;
    TokenFileProvider p(path, QByteArray(), QStringLiteral("u"), QStringLiteral("/k/config"),
                        clock.function());
    EXPECT_EQ(token(p), QByteArray("first"));
    EXPECT_EQ(p.readCount(), 1);
    dir.write(QStringLiteral("token"), "second-rotated\n");
    clock.advance(30);
    EXPECT_EQ(token(p), QByteArray("first")) << "not re-read within a minute";
    EXPECT_EQ(p.readCount(), 1);
    clock.advance(30);
    EXPECT_EQ(token(p), QByteArray("second-rotated"));
    EXPECT_EQ(p.readCount(), 2);
    EXPECT_EQ(token(p), QByteArray("second-rotated"));
    EXPECT_EQ(p.readCount(), 2);
}

TEST(TokenFileProvider, InvalidateRereadsImmediately) {
    TestDir dir;
    const QString path = dir.write(QStringLiteral("token"), "old");
    FakeClock clock;
    TokenFileProvider p(path, QByteArray(), QStringLiteral("u"), QStringLiteral("/k/config"),
                        clock.function());
    EXPECT_EQ(token(p), QByteArray("old"));
    dir.write(QStringLiteral("token"), "new");
    p.invalidate(); // a 401
    EXPECT_EQ(token(p), QByteArray("new"));
    EXPECT_EQ(p.readCount(), 2);
}

TEST(TokenFileProvider, TokenIsTheInitialValueUntilTheFileIsReadable) {
    TestDir dir;
    const QString path = dir.filePath(QStringLiteral("later/token"));
    FakeClock clock;
    LogCapture logs;
    TokenFileProvider p(path, "INITIAL-TOKEN-1", QStringLiteral("u"), QStringLiteral("/k/config"),
                        clock.function());
    EXPECT_EQ(token(p), QByteArray("INITIAL-TOKEN-1"));
    dir.write(QStringLiteral("later/token"), "from-file");
    EXPECT_EQ(token(p), QByteArray("INITIAL-TOKEN-1")) << "next attempt only after a minute";
    clock.advance(61);
    EXPECT_EQ(token(p), QByteArray("from-file"));
    // the file disappears: the last good token is kept
    QFile::remove(path);
    clock.advance(61);
    EXPECT_EQ(token(p), QByteArray("from-file"));
    for (const QString &m : logs.messages()) {
        EXPECT_FALSE(m.contains(QStringLiteral("INITIAL-TOKEN-1"))) << m.toStdString();
        EXPECT_FALSE(m.contains(QStringLiteral("from-file"))) << m.toStdString();
    }
}

TEST(TokenFileProvider, MissingOrEmptyFileWithoutTokenIsAnError) {
    TestDir dir;
    TokenFileProvider missing(dir.filePath(QStringLiteral("none")), QByteArray(),
                              QStringLiteral("u"), QStringLiteral("/k/config"));
    Result<Credentials, ConfigError> a = missing.credentials();
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().file, QStringLiteral("/k/config"));
    EXPECT_EQ(a.error().entry, QStringLiteral("user \"u\""));
    EXPECT_EQ(a.error().field, QStringLiteral("tokenFile"));
    EXPECT_TRUE(a.error().message.contains(dir.filePath(QStringLiteral("none"))));
    const QString emptyPath = dir.write(QStringLiteral("empty"), " \n");
    TokenFileProvider empty(emptyPath, QByteArray(), QStringLiteral("u"), QStringLiteral("/k/c"));
    Result<Credentials, ConfigError> b = empty.credentials();
    ASSERT_FALSE(b.ok());
    EXPECT_TRUE(b.error().message.contains(QStringLiteral("is empty")));
}

TEST(TokenFileProvider, ResolvedFromKubeconfigWithTokenAndTokenFile) {
    TestDir dir;
    dir.write(QStringLiteral("k/token.txt"), "file-token\n");
    const QString path = dir.write(QStringLiteral("k/config"), R"(
clusters: [{name: c, cluster: {server: "https://k:1", insecure-skip-tls-verify: true}}]
users:
- {name: both, user: {token: initial-token, tokenFile: token.txt}}
- {name: fileonly, user: {tokenFile: token.txt}}
- {name: missing, user: {tokenFile: nothere.txt}}
contexts:
- {name: both, context: {cluster: c, user: both}}
- {name: fileonly, context: {cluster: c, user: fileonly}}
- {name: missing, context: {cluster: c, user: missing}}
)");
    KubeconfigSources sources;
    sources.explicitFiles = {path};
    const Kubeconfig config = Kubeconfig::load(sources);
    Result<ResolvedContext, ConfigError> both = config.resolve(QStringLiteral("both"));
    ASSERT_TRUE(both.ok());
    // client-go reads the file on first use; the static token is the fallback
    EXPECT_EQ(token(*both->credentialProvider), QByteArray("file-token"));
    Result<ResolvedContext, ConfigError> fileOnly = config.resolve(QStringLiteral("fileonly"));
    ASSERT_TRUE(fileOnly.ok());
    EXPECT_EQ(token(*fileOnly->credentialProvider), QByteArray("file-token"));
    Result<ResolvedContext, ConfigError> missing = config.resolve(QStringLiteral("missing"));
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().field, QStringLiteral("tokenFile"));
    EXPECT_EQ(missing.error().file, path);
}

TEST(TokenFileProvider, ConcurrentCallersAreSafe) {
    TestDir dir;
    const QString path = dir.write(QStringLiteral("token"), "shared");
    TokenFileProvider p(path, QByteArray(), QStringLiteral("u"), QStringLiteral("/k/c"));
    std::atomic<int> good{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 200; ++i) {
                if (i % 50 == 0)
                    p.invalidate();
                Result<Credentials, ConfigError> c = p.credentials();
                if (c.ok() && c->bearerToken == "shared")
                    ++good;
            }
        });
    }
    for (auto &t : threads)
        t.join();
    EXPECT_EQ(good.load(), 800);
}

TEST(OidcTokenProvider, SendsIdTokenUntilItExpires) {
    FakeClock clock; // 2030-01-01T12:00:00Z
    const qint64 exp = clock.now().toSecsSinceEpoch() + 600;
    const QByteArray jwt = jwtWithExp(exp);
    OidcTokenProvider p(jwt, QStringLiteral("u"), QStringLiteral("/k/c"), clock.function());
    Result<Credentials, ConfigError> c = p.credentials();
    ASSERT_TRUE(c.ok());
    EXPECT_EQ(c->bearerToken, jwt);
    EXPECT_EQ(c->expiry->toSecsSinceEpoch(), exp);
    clock.advance(601);
    Result<Credentials, ConfigError> expired = p.credentials();
    ASSERT_FALSE(expired.ok());
    EXPECT_EQ(expired.error().field, QStringLiteral("auth-provider.config.id-token"));
    EXPECT_TRUE(expired.error().message.contains(QStringLiteral("expired")));
    EXPECT_FALSE(expired.error().toString().contains(QString::fromLatin1(jwt)));
}

TEST(OidcTokenProvider, OpaqueTokensAreSentAsIs) {
    EXPECT_FALSE(OidcTokenProvider::jwtExpiry("opaque-token").has_value());
    EXPECT_FALSE(OidcTokenProvider::jwtExpiry("a.!!!.c").has_value());
    EXPECT_EQ(OidcTokenProvider::jwtExpiry(jwtWithExp(1700000000))->toSecsSinceEpoch(), 1700000000);
    OidcTokenProvider p("opaque-token", QStringLiteral("u"), QStringLiteral("/k/c"));
    EXPECT_EQ(token(p), QByteArray("opaque-token"));
}
