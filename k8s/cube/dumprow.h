#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace cubedesk::k8s {

/// One flat row of `cubedesk --dump` (and, later, of a pane): ordered fields with stable
/// lower-case names (docs/command-line.md). Values are text, whole numbers or decimals.
struct DumpRow {
    using Value = std::variant<std::string, std::int64_t, double>;
    std::vector<std::pair<std::string, Value>> fields;

    DumpRow &set(std::string name, Value value) {
        fields.emplace_back(std::move(name), std::move(value));
        return *this;
    }
};

} // namespace cubedesk::k8s
