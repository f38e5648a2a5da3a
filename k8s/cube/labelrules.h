#pragma once

// LabelRules: the Kubernetes syntax of label keys and values (k8s.io/apimachinery
// validation.IsQualifiedName / IsValidLabelValue), with messages a person can act on, and the
// CubeStudio platform's node labels (docs/platform.md). The rules themselves are
// k8s/api/labelsyntax.h; this class only explains a violation in words a person can act on.
//
// Syntax:
//   * key   = [prefix "/"] name
//     - prefix: a DNS-1123 subdomain, at most 253 characters: lower-case dot-separated parts of
//       [a-z0-9-], each starting and ending with [a-z0-9];
//     - name: 1 to 63 characters, [A-Za-z0-9] at both ends, [-_.A-Za-z0-9] inside;
//   * value = "" or a string with the same rules as a key's name.
// Prefixes reserved by Kubernetes (kubernetes.io, k8s.io) are accepted: administrators do set
// node-role.kubernetes.io/... labels.
//
// Thread-safety: stateless functions; presets() returns one immutable table.

#include "k8s/objects/labelview.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

/// One platform label the label editor offers: `value` is empty when the user chooses it
/// (org, gpu-type).
struct LabelPreset {
    std::string key;
    std::string value;
    std::string description;
};

class LabelRules final {
public:
    LabelRules() = delete;

    /// Why `key` is not a valid label key, naming the key and what to change; nullopt when valid.
    static std::optional<std::string> keyError(std::string_view key);
    /// Why `value` is not a valid label value; nullopt when valid (the empty value is valid).
    static std::optional<std::string> valueError(std::string_view value);

    /// The platform's node labels: cpu, gpu, vgpu, train, notebook, service (= "true"),
    /// share = "false", org and gpu-type (values chosen by the user), in that order.
    static const std::vector<LabelPreset> &presets();

    /// The workload role labels in display order: cpu, gpu, vgpu, train, notebook, service.
    static const std::vector<std::string> &roleKeys();
    /// The node's platform roles: the roleKeys() whose label value is "true", in roleKeys()
    /// order (the Nodes table's "roles" column).
    static std::vector<std::string> roles(const LabelView &labels);
    static std::vector<std::string> roles(const std::map<std::string, std::string> &labels);
};

} // namespace cubedesk::k8s
