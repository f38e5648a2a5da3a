#include "k8s/api/tablecelltext.h"

#include "k8s/api/goformat.h"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace cubedesk::k8s {

namespace {

// fmt.Sprint of a value decoded from JSON into interface{} (apimachinery's decoder: integral
// numbers as int64, others as float64), nested inside a slice or map.
void appendGoValue(simdjson::dom::element value, std::string &out) {
    switch (value.type()) {
    case simdjson::dom::element_type::STRING:
        out += value.get_string().value_unsafe();
        return;
    case simdjson::dom::element_type::INT64:
        out += TableCellText::ofInteger(value.get_int64().value_unsafe());
        return;
    case simdjson::dom::element_type::UINT64:
        out += TableCellText::ofUnsigned(value.get_uint64().value_unsafe());
        return;
    case simdjson::dom::element_type::DOUBLE:
        out += TableCellText::ofNumber(value.get_double().value_unsafe());
        return;
    case simdjson::dom::element_type::BOOL:
        out += TableCellText::ofBool(value.get_bool().value_unsafe());
        return;
    case simdjson::dom::element_type::NULL_VALUE:
        out += "<nil>";
        return;
    case simdjson::dom::element_type::ARRAY: {
        out += '[';
        bool first = true;
        const simdjson::dom::array items = value.get_array().value_unsafe();
        for (simdjson::dom::element item : items) {
            if (!first)
                out += ' ';
            first = false;
            appendGoValue(item, out);
        }
        out += ']';
        return;
    }
    case simdjson::dom::element_type::OBJECT: {
        // Go prints a map's keys in sorted order.
        std::vector<std::pair<std::string_view, simdjson::dom::element>> fields;
        const simdjson::dom::object object = value.get_object().value_unsafe();
        for (simdjson::dom::key_value_pair field : object)
            fields.emplace_back(field.key, field.value);
        std::stable_sort(fields.begin(), fields.end(),
                         [](const auto &a, const auto &b) { return a.first < b.first; });
        out += "map[";
        bool first = true;
        for (const auto &[key, item] : fields) {
            if (!first)
                out += ' ';
            first = false;
            out += key;
            out += ':';
            appendGoValue(item, out);
        }
        out += ']';
        return;
    }
    }
}

} // namespace

std::string TableCellText::ofInteger(std::int64_t value) {
    return std::to_string(value);
}

std::string TableCellText::ofUnsigned(std::uint64_t value) {
    // Beyond int64, apimachinery's decoder falls back to a float64.
    if (value > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        return ofNumber(static_cast<double>(value));
    return std::to_string(value);
}

std::string TableCellText::ofNumber(double value) {
    return formatGoFloat(value, 64);
}

std::string TableCellText::ofElement(simdjson::dom::element cell) {
    switch (cell.type()) {
    case simdjson::dom::element_type::STRING:
        return std::string(cell.get_string().value_unsafe());
    case simdjson::dom::element_type::NULL_VALUE:
        return ofNull(); // only inside an array or object is it Go's "<nil>"
    case simdjson::dom::element_type::ARRAY:
    case simdjson::dom::element_type::OBJECT:
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
    case simdjson::dom::element_type::DOUBLE:
    case simdjson::dom::element_type::BOOL:
        break;
    }
    std::string out;
    appendGoValue(cell, out);
    return out;
}

std::string TableCellText::ofCompound(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::element value;
    if (parser.parse(json.data(), json.size()).get(value) != simdjson::SUCCESS)
        return std::string(json);
    std::string out;
    appendGoValue(value, out);
    return out;
}

std::string TableCellText::printable(std::string_view cell) {
    const std::size_t cut = cell.find_first_of("\f\n\r");
    const std::string_view kept = cell.substr(0, cut);
    std::string out;
    out.reserve(kept.size() + 3);
    for (const char c : kept) {
        if (c == '\x1b')
            out += "^[";
        else
            out += c;
    }
    if (cut != std::string_view::npos)
        out += "...";
    return out;
}

} // namespace cubedesk::k8s
