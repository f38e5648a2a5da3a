#pragma once

// ResolveOptions: knobs of Kubeconfig::resolve() that callers rarely change but tests must:
// how exec plugins are found and how long they may run, the clock credential providers use, and
// the registry that lets contexts naming one user share its exec plugin.
//
// Thread-safety: a plain value type (the registry it points to is thread-safe).

#include "k8s/config/credentialprovider.h"
#include "k8s/config/execcredentialproviders.h"
#include "k8s/config/execpluginlocator.h"

#include <chrono>
#include <memory>

namespace cubedesk::k8s {

struct ResolveOptions {
    ExecPluginLocator execLocator;
    std::chrono::milliseconds execTimeout{std::chrono::seconds(60)};
    Clock clock; ///< empty: the system clock (UTC)
    /// Set by a caller that resolves several contexts (the window, --dump): contexts naming the
    /// same exec user then share one provider, so its plugin runs once for all of them. Null:
    /// every resolution gets its own provider.
    std::shared_ptr<ExecCredentialProviders> execProviders;
};

} // namespace cubedesk::k8s
