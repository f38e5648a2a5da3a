#pragma once
// LabelChange: one label edit LabelChipsEditor reports against the labels it was given: `value`
// set = add or change the label to that value (on every node edited), nullopt = remove it.
// Plain value type.

#include <QString>

#include <optional>

namespace cubedesk::widgets {

struct LabelChange {
    QString key;
    std::optional<QString> value;
    bool operator==(const LabelChange &) const = default;
};

} // namespace cubedesk::widgets
