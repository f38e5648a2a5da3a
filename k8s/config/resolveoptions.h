#pragma once

// ResolveOptions: knobs of Kubeconfig::resolve() that callers rarely change but tests must:
// how exec plugins are found and how long they may run, and the clock credential providers use.
//
// Thread-safety: a plain value type.

#include "k8s/config/credentialprovider.h"
#include "k8s/config/execpluginlocator.h"

#include <chrono>

namespace cubedesk::k8s {

struct ResolveOptions {
    ExecPluginLocator execLocator;
    std::chrono::milliseconds execTimeout{std::chrono::seconds(60)};
    Clock clock; ///< empty: the system clock (UTC)
};

} // namespace cubedesk::k8s
