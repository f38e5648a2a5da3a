#include "k8s/config/contextresolver.h"

#include "k8s/config/configlogging.h"
#include "k8s/config/execcredentialprovider.h"
#include "k8s/config/oidctokenprovider.h"
#include "k8s/config/pemvalidator.h"
#include "k8s/config/statictokenprovider.h"
#include "k8s/config/tokenfileprovider.h"

#include <QFile>
#include <QFileInfo>

namespace cubedesk::k8s {

namespace {

constexpr qint64 maxReferencedFileSize = 16 * 1024 * 1024;

const char *const gcpRemoved =
    "The gcp auth plugin has been removed. Please use the \"gke-gcloud-auth-plugin\" "
    "kubectl/client-go credential plugin instead. See "
    "https://cloud.google.com/blog/products/containers-kubernetes/kubectl-auth-changes-in-gke "
    "for further details";
const char *const azureRemoved =
    "The azure auth plugin has been removed. Please use the \"kubelogin\" kubectl/client-go "
    "credential plugin instead. See https://azure.github.io/kubelogin/index.html for further "
    "details";

// Reads a referenced file (CA, certificate, key). The message names the path, not the content.
std::optional<QByteArray> readReferencedFile(const QString &path, QString *why) {
    QFile file(path);
    if (QFileInfo(path).isDir()) {
        *why = QStringLiteral("cannot read ") + path + QStringLiteral(": it is a folder");
        return std::nullopt;
    }
    if (!file.open(QIODevice::ReadOnly)) {
        *why = QStringLiteral("cannot read ") + path + QStringLiteral(": ") + file.errorString();
        return std::nullopt;
    }
    QByteArray data = file.read(maxReferencedFileSize + 1);
    if (file.error() != QFileDevice::NoError) {
        *why = QStringLiteral("cannot read ") + path + QStringLiteral(": ") + file.errorString();
        return std::nullopt;
    }
    if (data.size() > maxReferencedFileSize) {
        *why = path + QStringLiteral(" is larger than %1 bytes").arg(maxReferencedFileSize);
        return std::nullopt;
    }
    return data;
}

} // namespace

ContextResolver::ContextResolver(const ContextConfig &context, const ClusterConfig *cluster,
                                 const UserConfig *user, const ResolveOptions &options)
    : m_context(context)
    , m_cluster(cluster)
    , m_user(user)
    , m_options(options) {}

std::vector<ConfigError> ContextResolver::resolve(ResolvedContext &out) const {
    std::vector<ConfigError> problems = m_context.problems;
    const QString contextEntry = ConfigError::contextEntry(m_context.name);
    out.contextName = m_context.name;
    out.originFile = m_context.originFile;
    out.clusterName = m_context.cluster;
    out.userName = m_context.user;
    out.namespaceName =
        m_context.namespaceName.isEmpty() ? QStringLiteral("default") : m_context.namespaceName;

    const auto contextProblem = [&](const QString &field, const QString &message) {
        problems.push_back(ConfigError{m_context.originFile, contextEntry, field, message});
    };
    if (m_context.cluster.isEmpty())
        contextProblem(QStringLiteral("cluster"),
                       QStringLiteral("cluster was not specified for context \"") + m_context.name +
                           QLatin1Char('"'));
    else if (!m_cluster)
        contextProblem(QStringLiteral("cluster"),
                       QStringLiteral("cluster \"") + m_context.cluster +
                           QStringLiteral("\" was not found for context \"") + m_context.name +
                           QLatin1Char('"'));
    if (m_context.user.isEmpty())
        contextProblem(QStringLiteral("user"),
                       QStringLiteral("user was not specified for context \"") + m_context.name +
                           QLatin1Char('"'));
    else if (!m_user)
        contextProblem(QStringLiteral("user"),
                       QStringLiteral("user \"") + m_context.user +
                           QStringLiteral("\" was not found for context \"") + m_context.name +
                           QLatin1Char('"'));

    if (m_cluster)
        resolveCluster(out, problems);
    if (m_user)
        resolveUser(out, problems);
    return problems;
}

bool ContextResolver::hasTlsSettings(const ClusterConfig &cluster, const UserConfig *user) {
    return !cluster.certificateAuthority.isEmpty() || !cluster.certificateAuthorityData.isEmpty() ||
           cluster.insecureSkipTlsVerify || !cluster.tlsServerName.isEmpty() ||
           (user && (!user->clientCertificate.isEmpty() || !user->clientCertificateData.isEmpty()));
}

Result<QUrl, QString> ContextResolver::serverUrl(const QString &server, bool tls) {
    // The server may carry user info (a password); never quote it then.
    const QString shown = server.contains(QLatin1Char('@'))
                              ? QStringLiteral("the server URL")
                              : QStringLiteral("server \"") + server + QLatin1Char('"');
    if (server.trimmed().isEmpty())
        return QStringLiteral("host must be a URL or a host:port pair");
    QUrl url(server, QUrl::StrictMode);
    if (!url.isValid() || url.scheme().isEmpty() || url.host().isEmpty()) {
        url = QUrl((tls ? QStringLiteral("https://") : QStringLiteral("http://")) + server,
                   QUrl::StrictMode);
        if (!url.isValid() || url.host().isEmpty())
            return QString(shown + QStringLiteral(" is not a valid URL or host:port pair"));
        if (!url.path().isEmpty() && url.path() != QStringLiteral("/"))
            return QString(QStringLiteral("host must be a URL or a host:port pair: ") + shown);
    }
    if (url.scheme() != QStringLiteral("https") && url.scheme() != QStringLiteral("http"))
        return QString(shown + QStringLiteral(" has the unsupported scheme \"") + url.scheme() +
                       QStringLiteral("\" (expected https or http)"));
    return url;
}

std::optional<QByteArray> ContextResolver::decodeBase64(const QByteArray &text) {
    QByteArray clean;
    clean.reserve(text.size());
    for (char c : text) {
        if (c != '\r' && c != '\n')
            clean.append(c);
    }
    if (clean.size() % 4 != 0)
        return std::nullopt;
    for (qsizetype i = 0; i < clean.size(); ++i) {
        const char c = clean[i];
        const bool alphabet = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                              (c >= '0' && c <= '9') || c == '+' || c == '/';
        if (alphabet)
            continue;
        // '=' is only allowed as padding: the last one or two characters.
        const qsizetype fromEnd = clean.size() - i;
        if (c == '=' && (fromEnd == 1 || (fromEnd == 2 && clean.back() == '=')))
            continue;
        return std::nullopt;
    }
    const QByteArray::FromBase64Result decoded =
        QByteArray::fromBase64Encoding(clean, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded)
        return std::nullopt;
    return *decoded;
}

std::optional<QByteArray>
ContextResolver::dataOrFile(const QByteArray &data, const QString &dataField, const QString &path,
                            const QString &pathField, const QString &file, const QString &entry,
                            std::vector<ConfigError> &problems, QString *usedField) const {
    if (!data.isEmpty()) {
        *usedField = dataField;
        std::optional<QByteArray> decoded = decodeBase64(data);
        if (!decoded)
            problems.push_back(ConfigError{
                file, entry, dataField,
                QStringLiteral("is not valid base64 (%1 characters)").arg(data.size())});
        return decoded;
    }
    *usedField = pathField;
    QString why;
    std::optional<QByteArray> content = readReferencedFile(path, &why);
    if (!content)
        problems.push_back(ConfigError{file, entry, pathField, why});
    return content;
}

void ContextResolver::resolveCluster(ResolvedContext &out,
                                     std::vector<ConfigError> &problems) const {
    const ClusterConfig &c = *m_cluster;
    const QString entry = ConfigError::clusterEntry(c.name);
    const auto problem = [&](const QString &field, const QString &message) {
        problems.push_back(ConfigError{c.originFile, entry, field, message});
    };
    problems.insert(problems.end(), c.problems.begin(), c.problems.end());

    if (c.server.isEmpty()) {
        problem(QStringLiteral("server"),
                QStringLiteral("no server found for cluster \"") + c.name + QLatin1Char('"'));
    } else {
        Result<QUrl, QString> url = serverUrl(c.server, hasTlsSettings(c, m_user));
        if (url.ok())
            out.server = url.value();
        else
            problem(QStringLiteral("server"), url.error());
    }

    const bool hasCa = !c.certificateAuthorityData.isEmpty() || !c.certificateAuthority.isEmpty();
    if (hasCa) {
        QString field;
        const std::optional<QByteArray> ca =
            dataOrFile(c.certificateAuthorityData, QStringLiteral("certificate-authority-data"),
                       c.certificateAuthority, QStringLiteral("certificate-authority"),
                       c.originFile, entry, problems, &field);
        if (ca) {
            if (PemValidator::countCertificates(*ca) == 0)
                problem(field, QStringLiteral("does not contain a PEM certificate"));
            else
                out.caPem = *ca;
        }
    }
    out.insecureSkipTlsVerify = c.insecureSkipTlsVerify;
    if (c.insecureSkipTlsVerify && hasCa)
        problem(QStringLiteral("insecure-skip-tls-verify"),
                QStringLiteral("specifying a root certificates file with the insecure flag is not "
                               "allowed"));
    out.tlsServerName = c.tlsServerName;
    out.disableCompression = c.disableCompression;

    if (!c.proxyUrl.isEmpty()) {
        const QUrl proxy(c.proxyUrl, QUrl::StrictMode);
        const QString scheme = proxy.scheme();
        if (!proxy.isValid() || scheme.isEmpty())
            problem(QStringLiteral("proxy-url"), QStringLiteral("is not a valid URL"));
        else if (scheme != QStringLiteral("http") && scheme != QStringLiteral("https") &&
                 scheme != QStringLiteral("socks5"))
            problem(QStringLiteral("proxy-url"),
                    QStringLiteral("unsupported scheme \"") + scheme +
                        QStringLiteral("\", must be http, https, or socks5"));
        else if (proxy.host().isEmpty())
            problem(QStringLiteral("proxy-url"), QStringLiteral("the proxy URL has no host"));
        else
            out.proxyUrl = proxy;
    }
}

void ContextResolver::resolveClientCertificate(ResolvedContext &out,
                                               std::vector<ConfigError> &problems) const {
    const UserConfig &u = *m_user;
    const QString entry = ConfigError::userEntry(u.name);
    const auto problem = [&](const QString &field, const QString &message) {
        problems.push_back(ConfigError{u.originFile, entry, field, message});
    };
    const bool hasCert = !u.clientCertificateData.isEmpty() || !u.clientCertificate.isEmpty();
    const bool hasKey = !u.clientKeyData.isEmpty() || !u.clientKey.isEmpty();
    if (!hasCert && !hasKey)
        return;
    if (!hasCert) {
        problem(QStringLiteral("client-certificate"),
                QStringLiteral("client-cert-data or client-cert must be specified for ") + u.name +
                    QStringLiteral(" to use the clientCert authentication method"));
    }
    if (!hasKey) {
        problem(QStringLiteral("client-key"),
                QStringLiteral("client-key-data or client-key must be specified for ") + u.name +
                    QStringLiteral(" to use the clientCert authentication method"));
    }
    std::optional<QByteArray> cert;
    std::optional<QByteArray> key;
    QString certField;
    QString keyField;
    if (hasCert) {
        cert = dataOrFile(u.clientCertificateData, QStringLiteral("client-certificate-data"),
                          u.clientCertificate, QStringLiteral("client-certificate"), u.originFile,
                          entry, problems, &certField);
        if (cert && PemValidator::countCertificates(*cert) == 0) {
            problem(certField, QStringLiteral("does not contain a PEM certificate"));
            cert.reset();
        }
    }
    if (hasKey) {
        key = dataOrFile(u.clientKeyData, QStringLiteral("client-key-data"), u.clientKey,
                         QStringLiteral("client-key"), u.originFile, entry, problems, &keyField);
        QString why;
        if (key && !PemValidator::isPrivateKey(*key, &why)) {
            problem(keyField, why);
            key.reset();
        }
    }
    if (cert && key) {
        if (!PemValidator::keyMatchesCertificate(*cert, *key)) {
            problem(keyField, QStringLiteral("the private key does not match the public key of "
                                             "the client certificate"));
        } else {
            out.clientCertificatePem = *cert;
            out.clientKeyPem = *key;
        }
    }
}

void ContextResolver::resolveUser(ResolvedContext &out, std::vector<ConfigError> &problems) const {
    const UserConfig &u = *m_user;
    const QString entry = ConfigError::userEntry(u.name);
    const auto problem = [&](const QString &field, const QString &message) {
        problems.push_back(ConfigError{u.originFile, entry, field, message});
    };
    problems.insert(problems.end(), u.problems.begin(), u.problems.end());

    resolveClientCertificate(out, problems);

    const bool hasToken = !u.token.isEmpty() || !u.tokenFile.isEmpty();
    const bool hasBasic = !u.username.isEmpty() || !u.password.isEmpty();
    if (hasToken && hasBasic) {
        problem(QStringLiteral("username"),
                QStringLiteral("more than one authentication method found for ") + u.name +
                    QStringLiteral("; found [token basicAuth], only one is allowed"));
    } else if (hasBasic) {
        out.username = u.username;
        out.password = u.password;
    }

    const bool impersonationExtras = !u.impersonateUid.isEmpty() ||
                                     !u.impersonateGroups.isEmpty() ||
                                     !u.impersonateUserExtra.empty();
    if (u.impersonate.isEmpty() && impersonationExtras) {
        problem(QStringLiteral("as"), QStringLiteral("requesting uid, groups or user-extra for ") +
                                          u.name + QStringLiteral(" without impersonating a user"));
    } else {
        out.impersonation.user = u.impersonate;
        out.impersonation.uid = u.impersonateUid;
        out.impersonation.groups = u.impersonateGroups;
        out.impersonation.extra = u.impersonateUserExtra;
    }

    if (u.exec && u.authProvider) {
        problem(QStringLiteral("exec"),
                QStringLiteral("authProvider cannot be provided in combination with an exec "
                               "plugin for ") +
                    u.name);
    }
    if (u.exec) {
        if (std::optional<ConfigError> invalid =
                ExecCredentialProvider::validate(*u.exec, u.name, u.originFile))
            problems.push_back(*invalid);
    }

    if (!u.tokenFile.isEmpty()) {
        if (u.token.isEmpty()) {
            // kubectl refuses a tokenFile it cannot read when there is no token to start with.
            QFile file(u.tokenFile);
            if (!file.open(QIODevice::ReadOnly))
                problem(QStringLiteral("tokenFile"), QStringLiteral("cannot read token file ") +
                                                         u.tokenFile + QStringLiteral(": ") +
                                                         file.errorString());
        }
        out.credentialProvider = std::make_shared<TokenFileProvider>(u.tokenFile, u.token, u.name,
                                                                     u.originFile, m_options.clock);
    } else if (!u.token.isEmpty()) {
        out.credentialProvider = std::make_shared<StaticTokenProvider>(u.token, u.name);
    }
    if (hasToken && (u.exec || u.authProvider)) {
        // As client-go: a request that already carries a bearer token skips the plugin.
        qCDebug(lcK8sConfig).noquote()
            << "user" << u.name
            << "has a token and an exec plugin or auth-provider; the token is used";
        return;
    }

    if (u.exec) {
        std::optional<ExecClusterInfo> cluster;
        if (u.exec->provideClusterInfo && m_cluster) {
            ExecClusterInfo info;
            info.server = m_cluster->server;
            info.tlsServerName = m_cluster->tlsServerName;
            info.insecureSkipTlsVerify = m_cluster->insecureSkipTlsVerify;
            info.certificateAuthorityData = out.caPem;
            info.proxyUrl = m_cluster->proxyUrl;
            info.disableCompression = m_cluster->disableCompression;
            info.configJson = m_cluster->execExtensionJson;
            cluster = std::move(info);
        }
        ExecCredentialProvider::Options options{m_options.execLocator, m_options.execTimeout,
                                                m_options.clock};
        if (m_options.execProviders)
            out.credentialProvider = m_options.execProviders->obtain(*u.exec, u.name, u.originFile,
                                                                     cluster, std::move(options));
        else
            out.credentialProvider = std::make_shared<ExecCredentialProvider>(
                *u.exec, u.name, u.originFile, std::move(cluster), std::move(options));
    } else if (u.authProvider) {
        resolveAuthProvider(out, problems);
    }
}

void ContextResolver::resolveAuthProvider(ResolvedContext &out,
                                          std::vector<ConfigError> &problems) const {
    const UserConfig &u = *m_user;
    const AuthProviderConfig &provider = *u.authProvider;
    const QString entry = ConfigError::userEntry(u.name);
    const auto problem = [&](const QString &field, const QString &message) {
        problems.push_back(ConfigError{u.originFile, entry, field, message});
    };
    const QString nameField = QStringLiteral("auth-provider.name");
    if (provider.name == QStringLiteral("gcp")) {
        problem(nameField, QString::fromLatin1(gcpRemoved));
        return;
    }
    if (provider.name == QStringLiteral("azure")) {
        problem(nameField, QString::fromLatin1(azureRemoved));
        return;
    }
    if (provider.name != QStringLiteral("oidc")) {
        problem(nameField, QStringLiteral("no Auth Provider found for name \"") + provider.name +
                               QLatin1Char('"'));
        return;
    }
    const auto value = [&](const char *key) {
        const auto it = provider.config.find(QString::fromLatin1(key));
        return it == provider.config.end() ? QString() : it->second;
    };
    bool usable = true;
    if (value("idp-issuer-url").isEmpty()) {
        problem(QStringLiteral("auth-provider.config.idp-issuer-url"),
                QStringLiteral("Must provide idp-issuer-url"));
        usable = false;
    }
    if (value("client-id").isEmpty()) {
        problem(QStringLiteral("auth-provider.config.client-id"),
                QStringLiteral("Must provide client-id"));
        usable = false;
    }
    const QString idToken = value("id-token");
    if (idToken.isEmpty()) {
        problem(QStringLiteral("auth-provider.config.id-token"),
                QStringLiteral("the oidc auth-provider has no id-token; CubeDesk does not fetch "
                               "one (log in with kubectl or kubelogin first, then reload)"));
        usable = false;
    }
    if (usable)
        out.credentialProvider = std::make_shared<OidcTokenProvider>(idToken.toUtf8(), u.name,
                                                                     u.originFile, m_options.clock);
}

} // namespace cubedesk::k8s
