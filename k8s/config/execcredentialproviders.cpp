#include "k8s/config/execcredentialproviders.h"

#include <QCryptographicHash>

#include <algorithm>

namespace cubedesk::k8s {

std::shared_ptr<ExecCredentialProvider> ExecCredentialProviders::obtain(
    const ExecConfig &config, const QString &userName, const QString &originFile,
    const std::optional<ExecClusterInfo> &cluster, ExecCredentialProvider::Options options) {
    const QString key = keyOf(config, userName, originFile, cluster);
    const std::lock_guard lock(m_mutex);
    // Forget providers nobody uses any more, so a long session's reloads do not accumulate.
    std::erase_if(m_providers, [](const auto &entry) { return entry.second.expired(); });
    if (auto live = m_providers[key].lock())
        return live;
    auto provider = std::make_shared<ExecCredentialProvider>(config, userName, originFile, cluster,
                                                             std::move(options));
    m_providers[key] = provider;
    return provider;
}

std::size_t ExecCredentialProviders::liveCount() const {
    const std::lock_guard lock(m_mutex);
    return static_cast<std::size_t>(
        std::count_if(m_providers.begin(), m_providers.end(),
                      [](const auto &entry) { return !entry.second.expired(); }));
}

QString ExecCredentialProviders::keyOf(const ExecConfig &config, const QString &userName,
                                       const QString &originFile,
                                       const std::optional<ExecClusterInfo> &cluster) {
    // A digest of every field that changes what the plugin is asked or how it runs: env
    // values may be secrets, so the key holds no field in clear.
    QCryptographicHash hash(QCryptographicHash::Sha256);
    const auto add = [&hash](const QString &field) {
        const QByteArray bytes = field.toUtf8();
        hash.addData(QByteArray::number(bytes.size()));
        hash.addData(QByteArrayView(":"));
        hash.addData(bytes);
    };
    add(originFile);
    add(userName);
    add(config.apiVersion);
    add(config.command);
    for (const QString &arg : config.args)
        add(arg);
    add(QStringLiteral("env"));
    for (const auto &[name, value] : config.env) {
        add(name);
        add(value);
    }
    add(config.interactiveMode);
    if (config.provideClusterInfo && cluster) {
        add(cluster->server);
        add(cluster->tlsServerName);
        add(cluster->insecureSkipTlsVerify ? QStringLiteral("insecure") : QStringLiteral("tls"));
        add(QString::fromLatin1(cluster->certificateAuthorityData.toBase64()));
        add(cluster->proxyUrl);
        add(cluster->disableCompression ? QStringLiteral("plain") : QStringLiteral("gzip"));
        add(cluster->configJson ? QString::fromUtf8(*cluster->configJson) : QStringLiteral("null"));
    }
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace cubedesk::k8s
