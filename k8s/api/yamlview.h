#pragma once
// YamlView: a full Kubernetes object (JSON, as the API returns it) turned into the YAML people
// read in `kubectl get -o yaml`, for the read-only YAML panels. managedFields are dropped, as
// kubectl does by default. A Secret's values (`data`, `stringData`) are masked — the key stays,
// the value becomes "<hidden: N bytes>" — unless its key is among `revealed`, and so is the
// copy `kubectl apply` keeps in the last-applied-configuration annotation: a value a user did
// not ask to see never becomes text. documentFromJson renders any JSON document the same way
// without those object conventions (Helm values, for one). Pure functions; any thread.

#include "k8s/api/result.h"

#include <set>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class YamlView final {
public:
    /// The YAML, or why `json` is not a JSON object.
    static Result<std::string, std::string> fromJson(const std::string &json,
                                                     const std::set<std::string> &revealed = {});
    /// Any JSON document (an object, an array or a scalar) as block-style YAML, keys in the
    /// document's order, nothing dropped or masked; or why it is not JSON.
    static Result<std::string, std::string> documentFromJson(const std::string &json);
    /// What a masked value reads: "<hidden: N bytes>" (N: the decoded size of base64 `data`,
    /// the length of a `stringData` value).
    static std::string maskedValue(std::size_t bytes);
    /// maskedValue() of a Secret value as the API holds it: `base64` for `data` (the decoded
    /// size), the text itself for `stringData`.
    static std::string maskOf(const std::string &value, bool base64);
    /// The keys of a Secret's `data` and `stringData` (what can be revealed), sorted, without
    /// duplicates; empty for other kinds or when `json` is not an object.
    static std::vector<std::string> secretKeys(const std::string &json);
};

} // namespace cubedesk::k8s
