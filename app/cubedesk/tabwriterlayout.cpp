#include "app/cubedesk/tabwriterlayout.h"

#include <algorithm>

namespace {

constexpr std::size_t kMinWidth = 6;
constexpr std::size_t kPadding = 3;

/// Characters, as tabwriter counts them (utf8.RuneCount: every byte that does not continue a
/// sequence).
std::size_t characters(const std::string &text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

} // namespace

std::string TabwriterLayout::format(const std::vector<std::vector<std::string>> &lines) {
    std::vector<std::size_t> widths;
    for (const auto &line : lines)
        for (std::size_t i = 0; i + 1 < line.size(); ++i) {
            if (widths.size() <= i)
                widths.resize(i + 1, kMinWidth);
            widths[i] = std::max(widths[i], characters(line[i]) + kPadding);
        }
    std::string out;
    for (const auto &line : lines) {
        for (std::size_t i = 0; i < line.size(); ++i) {
            out += line[i];
            if (i + 1 < line.size())
                out.append(widths[i] - characters(line[i]), ' ');
        }
        out += '\n';
    }
    return out;
}
