#include "k8s/api/servertable.h"

#include "k8s/api/humanduration.h"
#include "k8s/api/jsonfields.h"
#include "k8s/api/rfc3339.h"
#include "k8s/api/tablecelltext.h"

#include <cstdint>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

std::vector<ServerTable::Column> columnsOf(simdjson::dom::array definitions) {
    std::vector<ServerTable::Column> columns;
    for (simdjson::dom::element d : definitions) {
        ServerTable::Column column;
        column.name = JsonFields::text(d, "name");
        column.type = JsonFields::text(d, "type");
        column.format = JsonFields::text(d, "format");
        column.description = JsonFields::text(d, "description");
        std::int64_t priority = 0;
        if (d["priority"].get(priority) == simdjson::SUCCESS)
            column.priority = static_cast<int>(priority);
        columns.push_back(std::move(column));
    }
    return columns;
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
    table.columns = columnsOf(definitions);
    simdjson::dom::element meta;
    if (doc["metadata"].get(meta) == simdjson::SUCCESS) {
        table.resourceVersion = JsonFields::text(meta, "resourceVersion");
        table.continueToken = JsonFields::text(meta, "continue");
    }
    for (simdjson::dom::element row : rows) {
        Row out;
        simdjson::dom::array cells;
        if (row["cells"].get(cells) == simdjson::SUCCESS)
            for (simdjson::dom::element cell : cells)
                out.cells.push_back(TableCellText::ofElement(cell));
        simdjson::dom::element objectMeta;
        if (row.at_pointer("/object/metadata").get(objectMeta) == simdjson::SUCCESS) {
            out.ns = JsonFields::text(objectMeta, "namespace");
            out.name = JsonFields::text(objectMeta, "name");
        }
        table.rows.push_back(std::move(out));
    }
    return table;
}

Result<ServerTable, std::string>
ServerTable::fromObjects(std::string_view body, std::chrono::system_clock::time_point now) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS || !doc.is_object())
        return std::string("the answer is not a JSON object");
    ServerTable table;
    table.columns = {{"Name", "string", "name", "", 0}, {"Age", "string", "", "", 0}};
    auto addRow = [&](simdjson::dom::element object) {
        simdjson::dom::element meta;
        if (object["metadata"].get(meta) != simdjson::SUCCESS)
            return;
        Row row;
        row.ns = JsonFields::text(meta, "namespace");
        row.name = JsonFields::text(meta, "name");
        const auto created = Rfc3339::parseSeconds(JsonFields::text(meta, "creationTimestamp"));
        const auto nowSeconds =
            std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch());
        std::string age = created ? humanDuration(nowSeconds - std::chrono::seconds(*created))
                                  : std::string("<unknown>");
        row.cells = {row.name, std::move(age)};
        table.rows.push_back(std::move(row));
    };
    simdjson::dom::array items;
    if (doc["items"].get(items) == simdjson::SUCCESS) {
        simdjson::dom::element meta;
        if (doc["metadata"].get(meta) == simdjson::SUCCESS) {
            table.resourceVersion = JsonFields::text(meta, "resourceVersion");
            table.continueToken = JsonFields::text(meta, "continue");
        }
        for (simdjson::dom::element item : items)
            addRow(item);
    } else {
        addRow(doc);
    }
    return table;
}

Result<std::vector<ServerTable::Column>, std::string>
ServerTable::parseColumns(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    simdjson::dom::array definitions;
    if (parser.parse(json.data(), json.size()).get(doc) != simdjson::SUCCESS ||
        doc.get(definitions) != simdjson::SUCCESS)
        return std::string("the Table's columnDefinitions are not a JSON array");
    return columnsOf(definitions);
}

} // namespace cubedesk::k8s
