#pragma once

// PodLogOptions: what a `GET .../pods/NAME/log` asks for, and the request path kubectl 1.32
// builds for it — only the fields that are set, keys in alphabetical order (url.Values.Encode),
// sinceTime in whole seconds (docs/kubernetes-api.md, "Pod logs").
//
// Thread-safety: a plain value type.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

struct PodLogOptions {
    std::string container;
    bool follow = false;
    bool previous = false;
    bool timestamps = false;
    std::optional<std::int64_t> sinceSeconds;
    std::optional<std::int64_t> sinceTime; ///< seconds since the epoch
    std::optional<std::int64_t> tailLines;
    std::optional<std::int64_t> limitBytes;

    /// "/api/v1/namespaces/NS/pods/NAME/log?container=c&follow=true&…" (names escaped).
    std::string path(std::string_view ns, std::string_view pod) const;
};

} // namespace cubedesk::k8s
