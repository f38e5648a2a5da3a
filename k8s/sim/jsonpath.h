#pragma once

// JsonPath: the JSONPath subset of a CRD's additionalPrinterColumns (kubectl's and the API
// server's jsonPath), evaluated over unstructured content: the expression optionally wrapped in
// "{...}" with a leading "$"; dotted fields (`\.` escapes a dot), ['quoted'] fields, [N]
// (negative from the end), [a:b] slices such as [-1:], [*], and filters [?(@.a.b=="v")] /
// [?(@.f!='v')] comparing with a string, number or boolean literal (or [?(@.f)]: the field
// exists). Used by the simulator's TablePrinter.
// Thread-safety: a pure function; nothing throws.

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <vector>

namespace cubedesk::sim {

class JsonPath final {
public:
    JsonPath() = delete;

    /// Every match of `path` in `object`, in document order; an empty vector when nothing
    /// matches; nullopt when the expression cannot be parsed.
    static std::optional<std::vector<nlohmann::json>> evaluate(const nlohmann::json &object,
                                                               std::string_view path);
};

} // namespace cubedesk::sim
