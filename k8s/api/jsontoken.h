#pragma once

// JsonToken: zero-copy reads of simdjson On-Demand tokens — an object key and a string value as
// they stand between their quotes in the document, without unescaping them into the parser's
// string buffer. For decoders of large answers (a 150-MB Prometheus answer, a list of 150,000
// pods): unescaping every string writes a copy of most of the document, and on this kind of
// machine each first-touched page of that copy costs more than the parsing itself. A token
// with an escape is still read correctly, unescaped (rare: label names and field names never
// have one).
//
// Thread-safety: pure functions over a value or field of a document the caller iterates; the
// views stay valid while the document's buffer and the parser do.

#include <optional>
#include <string_view>

#include <simdjson.h>

namespace cubedesk::k8s {

class JsonToken final {
public:
    JsonToken() = delete;

    /// The field's key between its quotes, or nullopt when it has an escape (then only
    /// `field.unescaped_key()` reads it right).
    static std::optional<std::string_view> rawKey(const simdjson::ondemand::field &field);
    /// The field's key: rawKey() when it has no escape, else unescaped (which consumes it).
    static simdjson::error_code key(simdjson::ondemand::field &field, std::string_view &out);
    /// A string value: a view into the document when it has no escape, else unescaped into the
    /// parser's buffer. INCORRECT_TYPE when the value is not a string.
    static simdjson::error_code string(simdjson::ondemand::value &value, std::string_view &out);
};

} // namespace cubedesk::k8s
