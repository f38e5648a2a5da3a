#pragma once

#include "k8s/api/result.h"
#include "k8s/config/resolvedcontext.h"
#include "k8s/net/transportsettings.h"

#include <string>

namespace cubedesk::k8s {

/// Turns a resolved kubeconfig context into TransportSettings: TLS material, proxy, basic auth,
/// impersonation headers, and a credential source backed by the context's CredentialProvider
/// (asked by the transport when a request needs it, refreshed after a 401 and before expiry;
/// a plugin's client certificate is used like the kubeconfig's). Runs no plugin and does no
/// I/O; callable from any thread, the GUI thread included.
class TransportFactory final {
public:
    /// The settings, or why they cannot be used safely (HttpTransport::validate).
    static Result<TransportSettings, std::string> fromContext(const ResolvedContext &context);
};

} // namespace cubedesk::k8s
