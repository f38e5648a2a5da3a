#pragma once
// YamlView: a full Kubernetes object (JSON, as the API returns it) turned into the YAML people
// read in `kubectl get -o yaml`, for the read-only YAML panels. managedFields are dropped, as
// kubectl does by default. Pure function; any thread.

#include <optional>
#include <string>

namespace cubedesk::k8s {

class YamlView final {
public:
    /// nullopt (with *error set) when `json` does not parse.
    static std::optional<std::string> fromJson(const std::string &json,
                                               std::string *error = nullptr);
};

} // namespace cubedesk::k8s
