#pragma once

// ServerTable: a meta.k8s.io/v1 Table, what the API server returns for
// `Accept: application/json;as=Table;v=v1;g=meta.k8s.io` — the columns `kubectl get` prints
// (a CRD's additionalPrinterColumns evaluated by the server included) and one row of cells per
// object, with the object's namespace and name from the row's PartialObjectMetadata. Cells are
// kept as the text kubectl reads (TableCellText: strings as they are, integers in decimal, other
// numbers as Go prints a float64, booleans as true/false, null as nothing, arrays and objects
// as Go prints them).
// Thread-safety: a value type; parse() and parseColumns() are pure functions (any thread).

#include "k8s/api/result.h"

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

struct ServerTable {
    struct Column {
        std::string name;
        std::string type;   ///< "string", "integer", "date", …
        std::string format; ///< "name", "date", … or ""
        std::string description;
        int priority = 0; ///< > 0: shown by `kubectl get -o wide` only
        bool operator==(const Column &) const = default;
    };
    struct Row {
        std::vector<std::string> cells; ///< cells[j]: the cell of column j, as text
        std::string ns;                 ///< the object's metadata.namespace ("" when none)
        std::string name;               ///< the object's metadata.name
    };

    std::vector<Column> columns;
    std::vector<Row> rows;
    std::string resourceVersion; ///< metadata.resourceVersion of a list
    std::string continueToken;   ///< metadata.continue: more pages follow

    /// The Table in `body`, or why it is not a JSON Table (kind Table, columnDefinitions and
    /// rows arrays).
    static Result<ServerTable, std::string> parse(std::string_view body);
    /// What kubectl prints when a server answers plain objects instead of a Table (an
    /// aggregated API without a printer): a Name and an Age column from each object's metadata
    /// (the age as humanDuration at `now`, "<unknown>" without a creation time). `body` is a
    /// list (its items) or one object; continue and resourceVersion are kept.
    static Result<ServerTable, std::string> fromObjects(std::string_view body,
                                                        std::chrono::system_clock::time_point now);
    /// A columnDefinitions array alone (what a Table watch event or a LIST carries).
    static Result<std::vector<Column>, std::string> parseColumns(std::string_view json);
};

} // namespace cubedesk::k8s
