#pragma once

// TableCellText: a meta.k8s.io/v1 Table cell as text, the way kubectl 1.32 reads and prints it
// (docs/kubernetes-api.md, "Tables"). kubectl decodes a cell into a Go value — a string, an
// int64 when the JSON number is integral, else a float64, a bool, nil, a slice or a map — and
// prints it with fmt.Sprint: the functions below give the same text for each JSON type.
// printable() then applies what kubectl's table printer does to every cell it writes to a
// terminal.
//
// Thread-safety: pure functions (any thread). Nothing throws.

#include <cstdint>
#include <string>
#include <string_view>

#include <simdjson.h>

namespace cubedesk::k8s {

class TableCellText final {
public:
    TableCellText() = delete;

    /// An integral JSON number: decimal.
    static std::string ofInteger(std::int64_t value);
    /// Above int64's range a float64, as apimachinery decodes it.
    static std::string ofUnsigned(std::uint64_t value);
    /// Any other JSON number: Go's %v of a float64 ("0.5", "1e+06").
    static std::string ofNumber(double value);
    static std::string ofBool(bool value) { return value ? "true" : "false"; }
    /// A JSON null: kubectl prints nothing.
    static std::string ofNull() { return {}; }
    /// An array or object, given as its JSON text: Go's %v of the decoded value — "[a b]",
    /// "map[k:v]" with keys sorted, nested values alike, null as "<nil>". Text that does not
    /// parse is returned as it is.
    static std::string ofCompound(std::string_view json);

    /// A cell as parsed (a Table's DOM): the function above for its JSON type.
    static std::string ofElement(simdjson::dom::element cell);

    /// What kubectl writes for a cell: the text up to the first '\f', '\n' or '\r' followed by
    /// "..." when it was cut there, with ESC written as "^[" (no terminal escape sequence from a
    /// server reaches the terminal).
    static std::string printable(std::string_view cell);
};

} // namespace cubedesk::k8s
