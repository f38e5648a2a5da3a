#pragma once

// ServerTable: a meta.k8s.io/v1 Table, what the API server returns for
// `Accept: application/json;as=Table;v=v1;g=meta.k8s.io` — the columns `kubectl get` prints
// (a CRD's additionalPrinterColumns evaluated by the server included) and one row of cells per
// object. Cells are kept as the text kubectl shows: strings as they are, integers in decimal,
// other numbers in their shortest form, booleans as true/false, null as "<none>", arrays and
// objects as compact JSON.
// Thread-safety: a value type; parse() is a pure function (any thread).

#include "k8s/api/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

struct ServerTable {
    struct Column {
        std::string name;
        std::string type;   ///< "string", "integer", "date", …
        std::string format; ///< "name", "date", … or ""
        int priority = 0;   ///< > 0: shown by `kubectl get -o wide` only
    };

    std::vector<Column> columns;
    std::vector<std::vector<std::string>> rows; ///< rows[i][j]: cell j of row i, as text

    /// The Table in `body`, or why it is not a JSON Table (kind Table, columnDefinitions and
    /// rows arrays).
    static Result<ServerTable, std::string> parse(std::string_view body);
};

} // namespace cubedesk::k8s
