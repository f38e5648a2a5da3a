#include "k8s/api/servertable.h"

#include "k8s/api/jsonfields.h"

#include <charconv>
#include <cstdint>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

std::string cellText(simdjson::dom::element cell) {
    switch (cell.type()) {
    case simdjson::dom::element_type::STRING:
        return std::string(cell.get_string().value_unsafe());
    case simdjson::dom::element_type::INT64:
        return std::to_string(cell.get_int64().value_unsafe());
    case simdjson::dom::element_type::UINT64:
        return std::to_string(cell.get_uint64().value_unsafe());
    case simdjson::dom::element_type::DOUBLE: {
        char buffer[64];
        const auto end =
            std::to_chars(buffer, buffer + sizeof buffer, cell.get_double().value_unsafe()).ptr;
        return std::string(buffer, end);
    }
    case simdjson::dom::element_type::BOOL:
        return cell.get_bool().value_unsafe() ? "true" : "false";
    case simdjson::dom::element_type::NULL_VALUE:
        return "<none>";
    case simdjson::dom::element_type::ARRAY:
    case simdjson::dom::element_type::OBJECT:
        return simdjson::minify(cell);
    }
    return {};
}

} // namespace

Result<ServerTable, std::string> ServerTable::parse(std::string_view body) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS || !doc.is_object()) {
        return std::string("the answer is not a JSON object");
    }
    if (JsonFields::text(doc, "kind") != "Table") {
        return std::string("the answer is not a Table (the server did not honour as=Table)");
    }
    simdjson::dom::array definitions;
    simdjson::dom::array rows;
    if (doc["columnDefinitions"].get(definitions) != simdjson::SUCCESS ||
        doc["rows"].get(rows) != simdjson::SUCCESS) {
        return std::string("the Table has no columnDefinitions or rows");
    }
    ServerTable table;
    for (simdjson::dom::element d : definitions) {
        Column column;
        column.name = JsonFields::text(d, "name");
        column.type = JsonFields::text(d, "type");
        column.format = JsonFields::text(d, "format");
        std::int64_t priority = 0;
        if (d["priority"].get(priority) == simdjson::SUCCESS)
            column.priority = static_cast<int>(priority);
        table.columns.push_back(std::move(column));
    }
    for (simdjson::dom::element row : rows) {
        simdjson::dom::array cells;
        std::vector<std::string> texts;
        if (row["cells"].get(cells) == simdjson::SUCCESS)
            for (simdjson::dom::element cell : cells)
                texts.push_back(cellText(cell));
        table.rows.push_back(std::move(texts));
    }
    return table;
}

} // namespace cubedesk::k8s
