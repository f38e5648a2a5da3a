#pragma once
// JsonString: text written as a JSON string literal — quotes, backslashes and control
// characters escaped (\u00XX), every other byte as it is (UTF-8 passes through). The one escaper
// of k8s/api (Status bodies of exec, the JSON Helm's values are rebuilt into).
// Thread-safety: pure functions.

#include <string>
#include <string_view>

namespace cubedesk::k8s {

class JsonString final {
public:
    JsonString() = delete;

    /// `text` escaped, without the surrounding quotes.
    static std::string escaped(std::string_view text);
    /// Appends `text` as a quoted JSON string to `out`.
    static void append(std::string &out, std::string_view text);
};

} // namespace cubedesk::k8s
