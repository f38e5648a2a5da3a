#include "k8s/cube/tainteditplan.h"

#include "k8s/cube/labelrules.h"

#include <algorithm>
#include <set>

namespace cubedesk::k8s {

const std::vector<std::string> &TaintEditPlan::effects() {
    static const std::vector<std::string> kEffects = {"NoSchedule", "PreferNoSchedule",
                                                      "NoExecute"};
    return kEffects;
}

std::string TaintEditPlan::format(const std::string &key, const std::optional<std::string> &value,
                                  const std::string &effect) {
    std::string out = key;
    if (value && !value->empty())
        out.append("=").append(*value);
    return out.append(":").append(effect);
}

WriteRequest NodeTaintChange::undoRequest(const std::string &resourceVersionAfterWrite) const {
    return NodeWrites::taints(node, before, resourceVersionAfterWrite);
}

TaintEditPlan TaintEditPlan::build(const std::vector<NodeTaints> &nodes,
                                   const std::vector<TaintEdit> &edits) {
    TaintEditPlan plan;
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto &e : edits) {
        const std::string what = format(e.key, e.value, e.effect);
        if (e.key.empty())
            plan.m_errors.push_back("a taint needs a key");
        else if (const auto error = LabelRules::keyError(e.key))
            plan.m_errors.push_back(what + ": " + *error);
        if (e.value && !e.value->empty())
            if (const auto error = LabelRules::valueError(*e.value))
                plan.m_errors.push_back(what + ": " + *error);
        const auto &valid = effects();
        if (std::find(valid.begin(), valid.end(), e.effect) == valid.end())
            plan.m_errors.push_back(what + ": the effect must be NoSchedule, PreferNoSchedule or "
                                           "NoExecute");
        if (!seen.insert({e.key, e.effect}).second)
            plan.m_errors.push_back(what + ": edited twice");
    }
    std::set<std::string> names;
    for (const auto &n : nodes)
        if (!names.insert(n.node).second)
            plan.m_errors.push_back("node " + n.node + " is listed twice");
    if (!plan.ok())
        return plan;

    for (const auto &n : nodes) {
        NodeTaintChange change;
        change.node = n.node;
        change.resourceVersion = n.resourceVersion;
        change.before = n.taints;
        change.after = n.taints;
        for (const auto &e : edits) {
            auto it =
                std::find_if(change.after.begin(), change.after.end(), [&](const NodeTaint &t) {
                    return t.key == e.key && t.effect == e.effect;
                });
            if (!e.value) {
                if (it == change.after.end())
                    continue;
                change.diffs.push_back(
                    {e.key, e.effect, it->value, std::nullopt, TaintDiff::Kind::Removed});
                change.after.erase(it);
            } else if (it == change.after.end()) {
                change.diffs.push_back(
                    {e.key, e.effect, std::nullopt, *e.value, TaintDiff::Kind::Added});
                change.after.push_back({e.key, *e.value, e.effect});
            } else if (it->value != *e.value) {
                change.diffs.push_back(
                    {e.key, e.effect, it->value, *e.value, TaintDiff::Kind::Changed});
                it->value = *e.value;
            }
        }
        if (change.diffs.empty()) {
            plan.m_unchanged.push_back(n.node);
            continue;
        }
        change.request = NodeWrites::taints(n.node, change.after, n.resourceVersion);
        plan.m_changes.push_back(std::move(change));
    }
    return plan;
}

std::vector<WriteRequest> TaintEditPlan::requests() const {
    std::vector<WriteRequest> out;
    out.reserve(m_changes.size());
    for (const auto &c : m_changes)
        out.push_back(c.request);
    return out;
}

} // namespace cubedesk::k8s
