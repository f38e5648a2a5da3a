#include "k8s/session/transportfactory.h"

#include "k8s/net/httptransport.h"

namespace cubedesk::k8s {

namespace {

Credentials toCredentials(const TransportCredential &c) {
    Credentials out;
    out.bearerToken = QByteArray::fromStdString(c.bearerToken);
    out.clientCertificatePem = QByteArray::fromStdString(c.clientCertificatePem);
    out.clientKeyPem = QByteArray::fromStdString(c.clientKeyPem);
    return out;
}

TransportCredential fromCredentials(const Credentials &c) {
    TransportCredential out;
    out.bearerToken = c.bearerToken.toStdString();
    out.clientCertificatePem = c.clientCertificatePem.toStdString();
    out.clientKeyPem = c.clientKeyPem.toStdString();
    if (c.expiry)
        out.expiry = std::chrono::system_clock::time_point(
            std::chrono::milliseconds(c.expiry->toMSecsSinceEpoch()));
    return out;
}

} // namespace

Result<TransportSettings, std::string>
TransportFactory::fromContext(const ResolvedContext &context) {
    TransportSettings s;
    s.server = context.server.toString(QUrl::RemoveUserInfo).toStdString();
    while (!s.server.empty() && s.server.back() == '/')
        s.server.pop_back();
    s.caPem = context.caPem.toStdString();
    s.insecureSkipTlsVerify = context.insecureSkipTlsVerify;
    s.tlsServerName = context.tlsServerName.toStdString();
    s.proxyUrl =
        context.proxyUrl.isEmpty() ? std::string() : context.proxyUrl.toString().toStdString();
    s.disableCompression = context.disableCompression;
    s.clientCertificatePem = context.clientCertificatePem.toStdString();
    s.clientKeyPem = context.clientKeyPem.toStdString();
    s.basicUser = context.username.toStdString();
    s.basicPassword = context.password.toStdString();
    const auto &imp = context.impersonation;
    if (!imp.isEmpty()) {
        s.extraHeaders.push_back("Impersonate-User: " + imp.user.toStdString());
        if (!imp.uid.isEmpty())
            s.extraHeaders.push_back("Impersonate-Uid: " + imp.uid.toStdString());
        for (const auto &g : imp.groups)
            s.extraHeaders.push_back("Impersonate-Group: " + g.toStdString());
        for (const auto &[key, values] : imp.extra)
            for (const auto &v : values)
                s.extraHeaders.push_back("Impersonate-Extra-" + key.toStdString() + ": " +
                                         v.toStdString());
    }
    if (auto provider = context.credentialProvider) {
        // Asked by the transport on a thread of its own, when a request first needs it: an
        // exec plugin never runs here, nor on the session's thread.
        s.credential =
            [provider](
                const TransportCredential *rejected) -> Result<TransportCredential, std::string> {
            if (rejected != nullptr)
                provider->invalidateIfCurrent(toCredentials(*rejected));
            auto c = provider->credentials();
            if (!c.ok())
                return Failure{c.error().toString().toStdString()};
            return fromCredentials(c.value());
        };
    }
    if (auto invalid = HttpTransport::validate(s))
        return Failure{*invalid};
    return s;
}

} // namespace cubedesk::k8s
