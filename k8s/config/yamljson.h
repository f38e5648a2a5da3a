#pragma once

// YamlJson: converts a yaml-cpp node to compact JSON text the way kubectl does when it turns a
// kubeconfig `extension` into the `config` of KUBERNETES_EXEC_INFO (YAML 1.1 scalar typing, map
// keys sorted bytewise, Go's HTML-safe string escaping and float formatting), plus the JSON
// string escaping shared with the exec-credential encoder.
//
// Thread-safety: stateless; callable from any thread. Does not throw: yaml-cpp exceptions are
// caught here and reported as an empty optional with a reason.

#include <QByteArray>
#include <QString>

#include <optional>
#include <string>
#include <string_view>

namespace YAML {
class Node;
}

namespace cubedesk::k8s {

class YamlJson final {
public:
    YamlJson() = delete;

    /// Compact JSON for `node`; nullopt (with *why set, no values quoted) when the node cannot be
    /// expressed in JSON (too deep, .inf/.nan, ...) or would exceed 1 MiB once its aliases are
    /// expanded (a crafted file gets an error in bounded time and memory). A null/undefined node
    /// gives "null".
    static std::optional<QByteArray> toJson(const YAML::Node &node, QString *why = nullptr);

    /// Appends `text` (UTF-8) as a JSON string literal, escaped like Go's encoding/json
    /// (", \, control characters, <, >, &, U+2028, U+2029; invalid UTF-8 becomes U+FFFD).
    static void appendString(std::string &out, std::string_view text);
};

} // namespace cubedesk::k8s
