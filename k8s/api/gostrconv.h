#pragma once

// GoStrconv: Go's strconv.ParseInt and ParseUint, which the Kubernetes API reads integers with
// — label selector bounds (`gt`/`lt`, base 10), quantity exponents (base 10, 32 bits), YAML
// integers through go-yaml (base 0: 0b, 0o, 0x prefixes and a leading 0 for octal). The same
// answers, syntax and range errors apart, as Go gives for the same text. Underscores are not
// accepted (go-yaml removes them before it calls strconv).
// Thread-safety: pure functions.

#include <cstdint>
#include <optional>
#include <string_view>

namespace cubedesk::k8s {

class GoStrconv final {
public:
    GoStrconv() = delete;

    enum class Status { Ok, Syntax, Range };

    /// strconv.ParseUint(text, base, bitSize) with base 0 or 2..36 and bitSize 1..64.
    static Status parseUint(std::string_view text, int base, int bitSize, std::uint64_t &out);
    /// strconv.ParseInt(text, base, bitSize): an optional sign, then as parseUint.
    static Status parseInt(std::string_view text, int base, int bitSize, std::int64_t &out);
    /// parseInt's value, or nullopt on any error.
    static std::optional<std::int64_t> parseInt(std::string_view text, int base = 10,
                                                int bitSize = 64);
};

} // namespace cubedesk::k8s
