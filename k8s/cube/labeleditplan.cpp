#include "k8s/cube/labeleditplan.h"

#include "k8s/cube/labelrules.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace cubedesk::k8s {

namespace {

std::string shown(const std::string &value) {
    return value.empty() ? std::string("\"\"") : value;
}

std::string nodes(std::size_t n) {
    return std::to_string(n) + (n == 1 ? " node" : " nodes");
}

} // namespace

WriteRequest NodeLabelChange::undoRequest(const std::string &resourceVersionAfterWrite) const {
    return NodeWrites::labels(node, inverse, resourceVersionAfterWrite);
}

LabelEditPlan LabelEditPlan::build(const std::vector<NodeLabels> &nodes,
                                   const std::vector<LabelEdit> &edits) {
    LabelEditPlan plan;
    std::set<std::string, std::less<>> keys;
    for (const auto &e : edits) {
        if (auto error = LabelRules::keyError(e.key))
            plan.m_errors.push_back(*error);
        if (e.value)
            if (auto error = LabelRules::valueError(*e.value))
                plan.m_errors.push_back("label " + e.key + ": " + *error);
        // Two edits of one key in one patch would silently keep only the last.
        if (!keys.insert(e.key).second)
            plan.m_errors.push_back("label key \"" + e.key +
                                    "\" is edited twice: keep one edit per key");
        else
            plan.m_editOrder.push_back(e.key);
    }
    std::set<std::string, std::less<>> seen;
    for (const auto &n : nodes)
        if (!seen.insert(n.node).second)
            plan.m_errors.push_back("node " + n.node + " is listed twice");
    if (!plan.m_errors.empty())
        return plan;

    std::vector<LabelEdit> sorted = edits;
    std::sort(sorted.begin(), sorted.end(),
              [](const LabelEdit &a, const LabelEdit &b) { return a.key < b.key; });
    for (const auto &n : nodes) {
        NodeLabelChange change;
        change.node = n.node;
        change.resourceVersion = n.resourceVersion;
        for (const auto &e : sorted) {
            const auto it = n.labels.find(e.key);
            const std::optional<std::string> old =
                it == n.labels.end() ? std::nullopt : std::optional<std::string>(it->second);
            if (old == e.value)
                continue;
            LabelDiff::Kind kind =
                !old ? LabelDiff::Kind::Added
                     : (e.value ? LabelDiff::Kind::Changed : LabelDiff::Kind::Removed);
            change.diffs.push_back({e.key, old, e.value, kind});
            change.edits.push_back(e);
            change.inverse.push_back({e.key, old});
        }
        if (change.diffs.empty()) {
            plan.m_unchanged.push_back(n.node);
            continue;
        }
        change.request = NodeWrites::labels(change.node, change.edits, change.resourceVersion);
        plan.m_changes.push_back(std::move(change));
    }
    return plan;
}

std::vector<WriteRequest> LabelEditPlan::requests() const {
    std::vector<WriteRequest> out;
    if (!ok())
        return out;
    for (const auto &c : m_changes)
        out.push_back(c.request);
    return out;
}

std::string LabelEditPlan::summary() const {
    if (!ok())
        return "blocked: " + m_errors.front() +
               (m_errors.size() > 1 ? " (and " + std::to_string(m_errors.size() - 1) + " more)"
                                    : std::string());
    if (m_changes.empty())
        return "nothing to change on " + nodes(m_unchanged.size());

    // Equal lines on several nodes become one part; the key order follows the edits, and
    // within a key the first node that shows a line places it.
    using Line =
        std::tuple<LabelDiff::Kind, std::optional<std::string>, std::optional<std::string>>;
    std::vector<std::string> parts;
    for (const auto &key : m_editOrder) {
        std::vector<std::pair<Line, std::size_t>> lines;
        for (const auto &c : m_changes)
            for (const auto &d : c.diffs) {
                if (d.key != key)
                    continue;
                const Line line{d.kind, d.oldValue, d.newValue};
                auto it = std::find_if(lines.begin(), lines.end(),
                                       [&](const auto &l) { return l.first == line; });
                if (it == lines.end())
                    lines.emplace_back(line, 1);
                else
                    ++it->second;
            }
        for (const auto &[line, count] : lines) {
            const auto &[kind, oldValue, newValue] = line;
            std::string part = key + ' ';
            switch (kind) {
            case LabelDiff::Kind::Added:
                part += shown(*newValue) + " added";
                break;
            case LabelDiff::Kind::Changed:
                part += shown(*oldValue) + " → " + shown(*newValue);
                break;
            case LabelDiff::Kind::Removed:
                part += shown(*oldValue) + " removed";
                break;
            }
            if (count != m_changes.size())
                part += " on " + std::to_string(count);
            parts.push_back(std::move(part));
        }
    }
    std::string out = nodes(m_changes.size()) + ": ";
    for (std::size_t i = 0; i < parts.size(); ++i)
        out += (i ? "; " : "") + parts[i];
    if (!m_unchanged.empty())
        out += " (" + nodes(m_unchanged.size()) + " already as asked)";
    return out;
}

std::map<std::string, std::string> LabelEditPlan::apply(std::map<std::string, std::string> labels,
                                                        const std::vector<LabelEdit> &edits) {
    for (const auto &e : edits) {
        if (e.value)
            labels[e.key] = *e.value;
        else
            labels.erase(e.key);
    }
    return labels;
}

} // namespace cubedesk::k8s
