#pragma once
// SortKey and SortKeySource: how a big table hands typed values to SortFilterIndex
// (docs/cache.md) without going through QVariant and data() per comparison.

#include <QString>

#include <cstdint>

namespace cubedesk::models {

/// One cell's sort value: a number, or text that the source has already folded (lower case)
/// so that comparison is a plain code-unit compare. Numbers sort before text.
struct SortKey {
    bool isText = false;
    std::int64_t number = 0;
    QString text;

    static SortKey ofNumber(std::int64_t n) { return {false, n, {}}; }
    static SortKey ofText(QString folded) { return {true, 0, std::move(folded)}; }
};

/// Implemented by a source model (in addition to QAbstractItemModel) whose rows SortFilterIndex
/// sorts and filters. Called on the GUI thread, for rows that exist in the source.
class SortKeySource {
public:
    virtual ~SortKeySource() = default;
    virtual SortKey sortKey(int row, int column) const = 0;
};

} // namespace cubedesk::models
