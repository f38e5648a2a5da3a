#pragma once

#include <string>
#include <vector>

/// Lines of cells laid out as kubectl lays out its tables: Go's text/tabwriter as kubectl sets it
/// up (minimum width 6, padding 3, spaces), where every cell but the last of a line is padded to
/// the widest cell of its column plus the padding, widths counted in UTF-8 characters, and the
/// last cell is written as it is.
///
/// Thread-safety: a pure function (any thread).
struct TabwriterLayout {
    static std::string format(const std::vector<std::vector<std::string>> &lines);
};
