#pragma once

#include <array>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
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

    /// The field's value; nullptr when the row has no such field.
    const Value *value(std::string_view name) const {
        for (const auto &[field, v] : fields)
            if (field == name)
                return &v;
        return nullptr;
    }
    /// The field's value as text — numbers as the shortest decimal that reads back ("24.033",
    /// "8") —; "" when absent.
    std::string text(std::string_view name) const {
        const Value *v = value(name);
        if (v == nullptr)
            return {};
        if (const auto *s = std::get_if<std::string>(v))
            return *s;
        std::array<char, 32> out{};
        const auto end =
            std::holds_alternative<std::int64_t>(*v)
                ? std::to_chars(out.data(), out.data() + out.size(), std::get<std::int64_t>(*v))
                : std::to_chars(out.data(), out.data() + out.size(), std::get<double>(*v));
        return {out.data(), end.ptr};
    }
    /// The field's value as a number; nullopt when absent or text.
    std::optional<double> number(std::string_view name) const {
        const Value *v = value(name);
        if (v == nullptr || std::holds_alternative<std::string>(*v))
            return std::nullopt;
        if (const auto *i = std::get_if<std::int64_t>(v))
            return static_cast<double>(*i);
        return std::get<double>(*v);
    }
};

} // namespace cubedesk::k8s
