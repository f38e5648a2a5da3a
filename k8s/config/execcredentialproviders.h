#pragma once

// ExecCredentialProviders: one ExecCredentialProvider per kubeconfig user, shared by every
// context that names that user, so a plugin runs once for all of them — at start-up, before
// expiry and after a 401 (one refresh in flight per user, as the issue of many contexts on one
// SSO login needs).
//
// Two resolutions share a provider when they name the same user of the same file with the same
// exec stanza and, if the stanza asks for cluster info, the same cluster facts; a reloaded file
// whose stanza changed gets a new provider. The registry keeps providers weakly: a provider
// lives as long as a connection uses it.
//
// Thread-safety: obtain() may be called concurrently from any thread.

#include "k8s/config/execclusterinfo.h"
#include "k8s/config/execconfig.h"
#include "k8s/config/execcredentialprovider.h"

#include <QString>

#include <map>
#include <memory>
#include <mutex>
#include <optional>

namespace cubedesk::k8s {

class ExecCredentialProviders final {
public:
    /// The provider for this user and stanza: the live one another context uses, or a new one
    /// built with `options`.
    std::shared_ptr<ExecCredentialProvider>
    obtain(const ExecConfig &config, const QString &userName, const QString &originFile,
           const std::optional<ExecClusterInfo> &cluster, ExecCredentialProvider::Options options);

    /// Providers alive now; for tests and diagnostics.
    std::size_t liveCount() const;

private:
    static QString keyOf(const ExecConfig &config, const QString &userName,
                         const QString &originFile, const std::optional<ExecClusterInfo> &cluster);

    mutable std::mutex m_mutex;
    std::map<QString, std::weak_ptr<ExecCredentialProvider>> m_providers;
};

} // namespace cubedesk::k8s
