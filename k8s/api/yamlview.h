#pragma once
// YamlView: a full Kubernetes object (JSON, as the API returns it) turned into the YAML people
// read in `kubectl get -o yaml`, for the read-only YAML panels. managedFields are dropped, as
// kubectl does by default. Pure function; any thread.

#include "k8s/api/result.h"

#include <string>

namespace cubedesk::k8s {

class YamlView final {
public:
    /// The YAML, or why `json` is not a JSON object.
    static Result<std::string, std::string> fromJson(const std::string &json);
};

} // namespace cubedesk::k8s
