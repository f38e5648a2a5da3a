#pragma once

// JsonFields: the small reads every simdjson DOM consumer of an API document needs — a string
// member, a list of string members — with a missing or mistyped member read as empty rather
// than an error (API documents omit empty fields). One place for discovery, CRD status kinds
// and NodeResourceTopology parsing.
// Thread-safety: pure functions over an element the caller keeps alive.

#include <string>
#include <vector>

#include <simdjson.h>

namespace cubedesk::k8s {

class JsonFields final {
public:
    JsonFields() = delete;

    /// e[key] when it is a string, else "".
    static std::string text(simdjson::dom::element e, const char *key);
    /// The same for a member that may be missing (doc["metadata"]): "" when it is. Without this
    /// overload the lookup's result would convert to an element by throwing.
    static std::string text(simdjson::simdjson_result<simdjson::dom::element> e, const char *key);
    /// The string items of the array e[key] (other items skipped); empty when it is no array.
    static std::vector<std::string> strings(simdjson::dom::element e, const char *key);
};

} // namespace cubedesk::k8s
