#include "k8s/exec/execsocketsetup.h"

#include <QHostAddress>
#include <QSslKey>
#include <QUrl>

namespace cubedesk::k8s {

namespace {

QString lower(const QString &s) {
    return s.toLower();
}

/// NO_PROXY as Go's httpproxy reads it: "*", IPs, CIDRs, domains (with subdomains), ".domain"
/// (subdomains only), each optionally with a port.
bool bypassed(const QUrl &server, const std::string &noProxy) {
    const QString host = lower(server.host());
    const int port = server.port(server.scheme() == QLatin1String("https") ? 443 : 80);
    QHostAddress address;
    const bool isIp = address.setAddress(host);
    if (host == QLatin1String("localhost") || (isIp && address.isLoopback()))
        return true;
    for (QString entry : QString::fromStdString(noProxy).split(QLatin1Char(','))) {
        entry = lower(entry.trimmed());
        if (entry.isEmpty())
            continue;
        if (entry == QLatin1String("*"))
            return true;
        if (entry.contains(QLatin1Char('/'))) {
            const auto subnet = QHostAddress::parseSubnet(entry);
            if (isIp && subnet.second >= 0 && address.isInSubnet(subnet))
                return true;
            continue;
        }
        QHostAddress entryAddress;
        if (entryAddress.setAddress(entry)) {
            if (isIp && entryAddress == address)
                return true;
            continue;
        }
        int entryPort = 0;
        const int colon = entry.lastIndexOf(QLatin1Char(':'));
        if (colon > 0) {
            entryPort = entry.mid(colon + 1).toInt();
            entry = entry.left(colon);
        }
        if (entryPort != 0 && entryPort != port)
            continue;
        if (entry.startsWith(QLatin1Char('.'))) {
            if (host.endsWith(entry))
                return true;
        } else if (host == entry || host.endsWith(QLatin1Char('.') + entry)) {
            return true;
        }
    }
    return false;
}

bool wildcardMatch(const QString &pattern, const QString &name) {
    if (!pattern.startsWith(QLatin1String("*.")))
        return pattern == name;
    const int dot = name.indexOf(QLatin1Char('.'));
    return dot > 0 && name.mid(dot) == pattern.mid(1);
}

} // namespace

Result<QNetworkProxy, std::string>
ExecSocketSetup::proxyFor(const QUrl &server, const std::string &proxyUrl,
                          const std::function<std::string(const char *)> &env) {
    std::string chosen = proxyUrl;
    if (chosen.empty()) {
        const bool https = server.scheme() == QLatin1String("https");
        static constexpr const char *kHttps[] = {"HTTPS_PROXY", "https_proxy"};
        static constexpr const char *kHttp[] = {"HTTP_PROXY", "http_proxy"};
        for (const char *name : https ? kHttps : kHttp)
            if (chosen.empty())
                chosen = env(name);
        if (chosen.empty())
            return QNetworkProxy(QNetworkProxy::NoProxy);
        std::string noProxy = env("NO_PROXY");
        if (noProxy.empty())
            noProxy = env("no_proxy");
        if (bypassed(server, noProxy))
            return QNetworkProxy(QNetworkProxy::NoProxy);
    }
    QUrl url(QString::fromStdString(chosen));
    if (!chosen.empty() && url.scheme().isEmpty())
        url = QUrl(QStringLiteral("http://") + QString::fromStdString(chosen)); // as Go allows
    const QString scheme = url.scheme();
    QNetworkProxy proxy;
    if (scheme == QLatin1String("http")) {
        proxy.setType(QNetworkProxy::HttpProxy);
    } else if (scheme == QLatin1String("socks5") || scheme == QLatin1String("socks5h")) {
        proxy.setType(QNetworkProxy::Socks5Proxy);
    } else {
        return Failure{"the proxy " + url.toString(QUrl::RemoveUserInfo).toStdString() +
                       " cannot carry a terminal: only http:// and socks5:// proxies can"};
    }
    if (url.host().isEmpty())
        return Failure{std::string("the proxy URL has no host")};
    proxy.setHostName(url.host());
    proxy.setPort(static_cast<quint16>(url.port(scheme == QLatin1String("http") ? 80 : 1080)));
    proxy.setUser(url.userName());
    proxy.setPassword(url.password());
    return proxy;
}

bool ExecSocketSetup::acceptsCertificateFor(const QList<QSslError> &errors,
                                            const QSslCertificate &peer, const QString &name) {
    if (errors.isEmpty() || peer.isNull() || name.isEmpty())
        return false;
    for (const auto &e : errors)
        if (e.error() != QSslError::HostNameMismatch)
            return false;
    const QString want = lower(name);
    const auto alternatives = peer.subjectAlternativeNames();
    for (auto it = alternatives.cbegin(); it != alternatives.cend(); ++it) {
        if (it.key() == QSsl::DnsEntry && wildcardMatch(lower(it.value()), want))
            return true;
        if (it.key() == QSsl::IpAddressEntry && QHostAddress(it.value()) == QHostAddress(want))
            return true;
    }
    return false;
}

Result<ExecSocketSetup::Setup, std::string>
ExecSocketSetup::make(const TransportSettings &settings, const TransportCredential *credential,
                      const std::string &path) {
    Setup s;
    QUrl url(QString::fromStdString(settings.server + path), QUrl::StrictMode);
    const bool tls = url.scheme() == QLatin1String("https");
    if (!url.isValid() || (!tls && url.scheme() != QLatin1String("http")))
        return Failure{"the server URL " + settings.server + " is not an http(s) URL"};
    auto proxy = proxyFor(url, settings.proxyUrl, [](const char *name) {
        const QByteArray v = qgetenv(name);
        return v.toStdString();
    });
    if (!proxy)
        return Failure{proxy.error()};
    s.proxy = *proxy;
    url.setScheme(tls ? QStringLiteral("wss") : QStringLiteral("ws"));
    s.request.setUrl(url);
    s.request.setRawHeader("User-Agent", QByteArray::fromStdString(settings.userAgent));

    if (tls) {
        s.ssl = QSslConfiguration::defaultConfiguration();
        if (!settings.caPem.empty()) {
            const auto cas =
                QSslCertificate::fromData(QByteArray::fromStdString(settings.caPem), QSsl::Pem);
            if (cas.isEmpty())
                return Failure{std::string("the cluster's CA data holds no PEM certificate")};
            s.ssl.setCaCertificates(cas);
        }
        if (settings.insecureSkipTlsVerify)
            s.ssl.setPeerVerifyMode(QSslSocket::VerifyNone);
        s.verifyName = QString::fromStdString(settings.tlsServerName);
        std::string certPem = settings.clientCertificatePem;
        std::string keyPem = settings.clientKeyPem;
        if (credential != nullptr && !credential->clientCertificatePem.empty()) {
            certPem = credential->clientCertificatePem;
            keyPem = credential->clientKeyPem;
        }
        if (!certPem.empty()) {
            const auto chain =
                QSslCertificate::fromData(QByteArray::fromStdString(certPem), QSsl::Pem);
            QSslKey key;
            for (const auto algorithm : {QSsl::Rsa, QSsl::Ec, QSsl::Dsa}) {
                key = QSslKey(QByteArray::fromStdString(keyPem), algorithm, QSsl::Pem);
                if (!key.isNull())
                    break;
            }
            if (chain.isEmpty() || key.isNull())
                return Failure{std::string("the client certificate or its key cannot be read")};
            s.ssl.setLocalCertificateChain(chain);
            s.ssl.setPrivateKey(key);
        }
        // Credentials only over TLS, as HttpTransport sends them.
        if (credential != nullptr && !credential->bearerToken.empty()) {
            s.request.setRawHeader("Authorization",
                                   "Bearer " + QByteArray::fromStdString(credential->bearerToken));
        } else if (!settings.basicUser.empty()) {
            const QByteArray pair =
                QByteArray::fromStdString(settings.basicUser + ':' + settings.basicPassword);
            s.request.setRawHeader("Authorization", "Basic " + pair.toBase64());
        }
        for (const auto &header : settings.extraHeaders) {
            const auto colon = header.find(':');
            if (colon == std::string::npos)
                continue;
            const QByteArray name = QByteArray::fromStdString(header.substr(0, colon));
            // QWebSocket sends one line per header name; a second impersonated group would
            // silently replace the first.
            if (s.request.hasRawHeader(name))
                return Failure{"a terminal cannot send the header " + name.toStdString() +
                               " twice (several impersonated groups or extras)"};
            std::string value = header.substr(colon + 1);
            value.erase(0, value.find_first_not_of(' '));
            s.request.setRawHeader(name, QByteArray::fromStdString(value));
        }
    }
    return s;
}

} // namespace cubedesk::k8s
