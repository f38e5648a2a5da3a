#include "k8s/cube/draininputreader.h"

#include "k8s/api/urlescape.h"
#include "k8s/write/drainwrites.h"
#include "k8s/write/nodewrites.h"

#include <algorithm>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

WriteRequest jobPodsPage(const std::string &ns, const std::string &selector,
                         const std::string &token) {
    return {"GET",
            "/api/v1/namespaces/" + UrlEscape::segment(ns) +
                "/pods?labelSelector=" + UrlEscape::queryValue(selector) + "&limit=500" +
                (token.empty() ? "" : "&continue=" + UrlEscape::queryValue(token)),
            "",
            "",
            "the pods of " + selector,
            {}};
}

} // namespace

DrainInputReader::DrainInputReader(std::vector<std::string> nodes, std::int64_t now) {
    for (auto &n : nodes)
        if (std::find(m_inputs.nodes.begin(), m_inputs.nodes.end(), n) == m_inputs.nodes.end())
            m_inputs.nodes.push_back(std::move(n));
    m_inputs.now = now;
}

std::string DrainInputReader::continueToken(const std::string &listJson) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    std::string_view token;
    if (parser.parse(listJson).get(doc) != simdjson::SUCCESS ||
        doc["metadata"]["continue"].get(token) != simdjson::SUCCESS)
        return {};
    return std::string(token);
}

std::size_t DrainInputReader::itemCount(const std::string &listJson) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    simdjson::dom::array items;
    if (parser.parse(listJson).get(doc) != simdjson::SUCCESS ||
        doc["items"].get(items) != simdjson::SUCCESS)
        return 0;
    return items.size();
}

std::uint64_t DrainInputReader::track(Kind kind, std::string key, std::string selector) {
    const std::uint64_t tag = m_nextTag++;
    m_pending.push_back({tag, kind, std::move(key), std::move(selector)});
    return tag;
}

std::vector<DrainInputReader::Step> DrainInputReader::due() {
    std::vector<Step> out;
    if (m_phase == 0) {
        m_phase = 1;
        for (const auto &node : m_inputs.nodes) {
            out.push_back({track(Kind::Node, node), NodeWrites::get(node)});
            out.push_back({track(Kind::Pods, node), DrainWrites::podsOnNode(node)});
        }
        out.push_back({track(Kind::Budgets, {}), DrainWrites::budgets()});
    }
    if (m_phase == 1 && m_pending.empty() && m_queued.empty() && m_error.empty())
        secondPhase(out);
    if (m_phase == 2 && m_pending.empty() && m_queued.empty())
        m_phase = 3;
    for (auto &s : m_queued)
        out.push_back(std::move(s));
    m_queued.clear();
    return out;
}

void DrainInputReader::secondPhase(std::vector<Step> &out) {
    m_phase = 2;
    // The plan under the most permissive options names every DaemonSet pod and every job.
    DrainOptions all;
    all.ignoreDaemonSets = true;
    all.deleteEmptyDirData = true;
    all.force = true;
    const DrainPlan plan = DrainPlan::build(m_inputs, all);
    std::set<std::string> asked;
    for (const auto &p : plan.pods)
        if (p.ownerKind == "DaemonSet" && asked.insert(p.ns + '/' + p.ownerName).second)
            out.push_back({track(Kind::DaemonSet, p.ns + '/' + p.ownerName),
                           DrainWrites::daemonSet(p.ns, p.ownerName)});
    m_inputs.daemonSets = std::vector<std::string>{};
    for (const auto &job : plan.jobs) {
        if (job.podSelector.empty())
            continue;
        const std::string key = job.ns + '/' + job.kind + '/' + job.name;
        out.push_back(
            {track(Kind::JobPods, key, job.podSelector), jobPodsPage(job.ns, job.podSelector, {})});
    }
}

void DrainInputReader::answer(std::uint64_t tag, const WriteResult &result) {
    const auto it = std::find_if(m_pending.begin(), m_pending.end(),
                                 [tag](const Pending &p) { return p.tag == tag; });
    if (it == m_pending.end())
        return;
    const Pending p = *it;
    m_pending.erase(it);
    if (!m_error.empty())
        return;
    switch (p.kind) {
    case Kind::Node:
        if (!result.ok())
            m_error = "node \"" + p.key + "\": " + result.error.message;
        else if (result.body.find("\"unschedulable\":true") != std::string::npos)
            m_inputs.cordoned.push_back(p.key);
        return;
    case Kind::Pods: {
        if (!result.ok()) {
            m_error = "the pods on node " + p.key + ": " + result.error.message;
            return;
        }
        const std::string token = continueToken(result.body);
        m_inputs.podLists[p.key].push_back(result.body);
        if (!token.empty())
            m_queued.push_back({track(Kind::Pods, p.key), DrainWrites::podsOnNode(p.key, token)});
        return;
    }
    case Kind::Budgets: {
        if (!result.ok()) {
            m_budgetsError = result.error.message;
            m_inputs.budgetLists.clear();
            m_inputs.budgetLists.emplace_back(R"({"items":[]})");
            return;
        }
        const std::string token = continueToken(result.body);
        m_inputs.budgetLists.push_back(result.body);
        if (!token.empty())
            m_queued.push_back({track(Kind::Budgets, {}), DrainWrites::budgets(token)});
        return;
    }
    case Kind::DaemonSet:
        if (result.ok() || result.error.code != 404)
            m_inputs.daemonSets->push_back(p.key);
        return;
    case Kind::JobPods: {
        if (!result.ok())
            return; // the job's total stays what the nodes show
        m_inputs.jobPods[p.key] += static_cast<int>(itemCount(result.body));
        const std::string token = continueToken(result.body);
        if (!token.empty()) {
            const std::string ns = p.key.substr(0, p.key.find('/'));
            m_queued.push_back(
                {track(Kind::JobPods, p.key, p.selector), jobPodsPage(ns, p.selector, token)});
        }
        return;
    }
    }
}

bool DrainInputReader::finished() const {
    return m_phase > 0 && m_pending.empty() && m_queued.empty() &&
           (m_phase == 3 || !m_error.empty());
}

} // namespace cubedesk::k8s
