#pragma once

#include "k8s/api/result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

/// Which CustomResourceDefinitions describe objects with a lifecycle the Jobs pane can show
/// generically (docs/platform.md): a CRD qualifies
/// when the schema of its chosen version declares `status.phase` or `status.conditions`, or —
/// for CRDs that keep their schema open (x-kubernetes-preserve-unknown-fields) — when one of
/// its additionalPrinterColumns reads `.status.phase`, `.status.state` or `.status.conditions`.
/// The version is the storage version when it is served, else the first served one. Pure
/// parsing of a CustomResourceDefinitionList (apiextensions.k8s.io/v1), whole or one item at a
/// time; any thread.
class CrdStatusKinds final {
public:
    struct Column {
        std::string name;
        std::string type;
        std::string jsonPath;
    };
    struct Kind {
        std::string group;
        std::string version;
        std::string plural;
        std::string kind;
        bool namespaced = true;
        std::vector<Column> columns; ///< the version's additionalPrinterColumns
        std::string id() const { return plural + '.' + group; }
    };

    /// The qualifying kinds of a CRD list body, or why it is not one.
    static Result<std::vector<Kind>, std::string> parse(std::string_view body);
    /// One item of a CRD list (as ListItemSplitter hands them out while the list streams in):
    /// its kind when it qualifies, nullopt when it does not, an error when it is no object.
    static Result<std::optional<Kind>, std::string> parseItem(std::string_view crd);
};

} // namespace cubedesk::k8s
