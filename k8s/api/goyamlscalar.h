#pragma once

// GoYamlScalar: how go-yaml v2 (through sigs.k8s.io/yaml, what kubectl and the API server use)
// types an untagged plain YAML scalar — YAML 1.1 booleans (y, yes, on, …), nulls (~, null, ""),
// integers as Go's strconv.ParseInt/ParseUint with base 0 reads them (0x, 0o, 0b prefixes, a
// bare leading 0 is octal: `017` is 15, underscores ignored), integers beyond int64 as an
// unsigned value, floats as go-yaml's float pattern with strconv.ParseFloat's overflow and
// underflow, .inf/.nan; everything else is a string (timestamps too: decoded into interface{}
// they come back as their text). One implementation for the kubeconfig's exec `extension`
// (k8s/config/yamljson) and the simulator's manifests (k8s/sim/manifestloader).
// Thread-safety: pure functions.

#include <cstdint>
#include <string_view>

namespace cubedesk::k8s {

struct GoYamlScalar {
    enum class Kind { Null, Bool, Int, BigInt, Float, String };

    Kind kind = Kind::String;
    bool boolean = false;         ///< Bool
    std::int64_t integer = 0;     ///< Int
    std::uint64_t bigInteger = 0; ///< BigInt: a positive integer beyond int64
    double number = 0;            ///< Float (finite, ±infinity or NaN); BigInt as a double

    /// The type go-yaml v2 gives the untagged plain scalar `text`. Runs in time linear in its
    /// length, without recursion, for a scalar of any size.
    static GoYamlScalar resolve(std::string_view text);

    /// The YAML short tag of a kind, as go-yaml names it in errors: "null", "bool", "int",
    /// "float", "str".
    static const char *shortTagName(Kind kind);
};

} // namespace cubedesk::k8s
