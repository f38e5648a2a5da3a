#include "k8s/api/linediff.h"

#include <algorithm>
#include <dtl/dtl.hpp>

namespace cubedesk::k8s {

std::vector<std::string> LineDiff::splitLines(std::string_view text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            lines.emplace_back(text.substr(start));
            break;
        }
        lines.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::vector<LineDiff::Line> LineDiff::diff(std::string_view before, std::string_view after) {
    const auto a = splitLines(before);
    const auto b = splitLines(after);
    std::vector<Line> out;
    if (a.size() > kMaxLines || b.size() > kMaxLines) {
        // Too big to compare line by line: one change.
        if (a == b) {
            for (std::size_t i = 0; i < a.size(); ++i)
                out.push_back({Op::Same, a[i], int(i + 1), int(i + 1)});
            return out;
        }
        for (std::size_t i = 0; i < a.size(); ++i)
            out.push_back({Op::Removed, a[i], int(i + 1), 0});
        for (std::size_t i = 0; i < b.size(); ++i)
            out.push_back({Op::Added, b[i], 0, int(i + 1)});
        return out;
    }
    dtl::Diff<std::string> d(a, b);
    d.onHuge();
    d.compose();
    for (const auto &[text, info] : d.getSes().getSequence()) {
        switch (info.type) {
        case dtl::SES_COMMON:
            out.push_back({Op::Same, text, int(info.beforeIdx), int(info.afterIdx)});
            break;
        case dtl::SES_DELETE:
            out.push_back({Op::Removed, text, int(info.beforeIdx), 0});
            break;
        case dtl::SES_ADD:
            out.push_back({Op::Added, text, 0, int(info.afterIdx)});
            break;
        default:
            break;
        }
    }
    // Within a change, what goes before what comes (dtl lists additions first).
    for (auto run = out.begin(); run != out.end();) {
        if (run->op == Op::Same) {
            ++run;
            continue;
        }
        auto end = std::find_if(run, out.end(), [](const Line &l) { return l.op == Op::Same; });
        std::stable_partition(run, end, [](const Line &l) { return l.op == Op::Removed; });
        run = end;
    }
    return out;
}

std::vector<LineDiff::Line> LineDiff::hunks(std::string_view before, std::string_view after,
                                            std::size_t context) {
    const auto all = diff(before, after);
    std::vector<bool> keep(all.size(), false);
    bool changed = false;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (all[i].op == Op::Same)
            continue;
        changed = true;
        const std::size_t from = i >= context ? i - context : 0;
        const std::size_t to = std::min(all.size(), i + context + 1);
        std::fill(keep.begin() + std::ptrdiff_t(from), keep.begin() + std::ptrdiff_t(to), true);
    }
    std::vector<Line> out;
    if (!changed)
        return out;
    bool gap = false;
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (!keep[i]) {
            gap = true;
            continue;
        }
        if (gap && !out.empty())
            out.push_back({Op::Same, {}, 0, 0});
        gap = false;
        out.push_back(all[i]);
    }
    return out;
}

LineDiff::Counts LineDiff::count(const std::vector<Line> &lines) {
    Counts c;
    for (const auto &l : lines) {
        if (l.op == Op::Added)
            ++c.added;
        else if (l.op == Op::Removed)
            ++c.removed;
    }
    return c;
}

LineDiff::Merge LineDiff::merge3(std::string_view base, std::string_view mine,
                                 std::string_view theirs) {
    const auto b = splitLines(base);
    const auto m = splitLines(mine);
    const auto t = splitLines(theirs);
    if (b.size() > kMaxLines || m.size() > kMaxLines || t.size() > kMaxLines)
        return {};
    dtl::Diff3<std::string> d3(m, b, t);
    d3.compose();
    if (!d3.merge())
        return {};
    Merge out;
    out.ok = true;
    for (const auto &line : d3.getMergedSequence()) {
        out.text += line;
        out.text += '\n';
    }
    return out;
}

} // namespace cubedesk::k8s
