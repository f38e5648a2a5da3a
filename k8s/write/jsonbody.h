#pragma once

// The one way k8s/write turns a request body into bytes: compact JSON from an nlohmann::json
// document. Strings that are not valid UTF-8 (a hostile label value, a name read from a broken
// object) are written with U+FFFD in place of the bad bytes instead of throwing, so building a
// request never fails. Thread-safety: a pure function.

#include <nlohmann/json.hpp>
#include <string>

namespace cubedesk::k8s {

/// `body` as compact JSON text.
std::string compactJson(const nlohmann::json &body);

} // namespace cubedesk::k8s
