#pragma once

#include "k8s/api/result.h"
#include "k8s/config/resolvedcontext.h"
#include "k8s/net/transportsettings.h"

#include <string>

namespace cubedesk::k8s {

/// Turns a resolved kubeconfig context into TransportSettings: TLS material, proxy, basic auth,
/// impersonation headers, and a bearer-token source backed by the context's CredentialProvider
/// (refreshed after a 401). An exec plugin that returns a client certificate is run once here.
/// Pure apart from that plugin run; callable from any thread.
class TransportFactory final {
public:
    /// The settings, or why the credential source failed up front.
    static Result<TransportSettings, std::string> fromContext(const ResolvedContext &context);
};

} // namespace cubedesk::k8s
