#include "k8s/session/transportfactory.h"

namespace cubedesk::k8s {

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
        if (context.usesTls()) {
            // A plugin may hand out a client certificate instead of a token; it is needed when
            // the connection is made, so ask once now.
            auto first = provider->credentials();
            if (!first.ok())
                return first.error().toString().toStdString();
            if (!first.value().clientCertificatePem.isEmpty()) {
                s.clientCertificatePem = first.value().clientCertificatePem.toStdString();
                s.clientKeyPem = first.value().clientKeyPem.toStdString();
            }
        }
        s.bearerToken = [provider](bool refresh) -> Result<std::string, std::string> {
            if (refresh)
                provider->invalidate();
            auto c = provider->credentials();
            if (!c.ok())
                return Failure{c.error().toString().toStdString()};
            return c.value().bearerToken.toStdString();
        };
    }
    return s;
}

} // namespace cubedesk::k8s
