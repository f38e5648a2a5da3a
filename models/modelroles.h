#pragma once
// The item-data roles CubeDesk's models answer beyond Qt's own. Delegates (widgets/) paint from
// these; the sort/filter layer sorts on SortKeySource, never on these roles.

#include <Qt>

namespace cubedesk::models {

enum ModelRole : int {
    UsageRole = Qt::UserRole + 1, ///< models::Usage for bar columns
    CardRole,                     ///< models::NodeCard (OrgBoardModel node rows)
    FreshnessRole,                ///< int, models::Freshness::Level of the row's cluster
    ClusterNameRole,              ///< QString, the context name of the row
    NodeNameRole,                 ///< QString, the node name of the row
    OrgNameRole,                  ///< QString, the org of the row (board org rows, node rows)
    RawValueRole,                 ///< the row's typed value for copy/export (number or text)
    OrgSummaryRole,               ///< models::OrgSummary (OrgBoardModel org rows)
    LogTimeRole,                  ///< QDateTime (local time) of a log line; invalid without one
    LogSeverityRole,              ///< int, models::LogSeverity::Level of a log line
    LogSourceRole,                ///< QString, "[pod/container]" of an aggregated log line
    LogNumberRole,                ///< qulonglong, the line's number in its LogBuffer
    SparklineRole,                ///< models::Sparkline of a row's recent values
};

} // namespace cubedesk::models
