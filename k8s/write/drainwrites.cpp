#include "k8s/write/drainwrites.h"

#include "k8s/api/urlescape.h"
#include "k8s/write/jsonbody.h"

#include <nlohmann/json.hpp>

namespace cubedesk::k8s {

using nlohmann::json;

namespace {

constexpr const char *kPageSize = "500"; // kubectl's --chunk-size

std::string podPath(const std::string &ns, const std::string &pod) {
    return "/api/v1/namespaces/" + UrlEscape::segment(ns) + "/pods/" + UrlEscape::segment(pod);
}

json deleteOptions(std::optional<int> gracePeriodSeconds, bool serverDryRun) {
    json options = json::object();
    if (gracePeriodSeconds && *gracePeriodSeconds >= 0)
        options["gracePeriodSeconds"] = *gracePeriodSeconds;
    if (serverDryRun)
        options["dryRun"] = json::array({"All"});
    return options;
}

std::string page(const std::string &continueToken) {
    return continueToken.empty() ? std::string()
                                 : "&continue=" + UrlEscape::queryValue(continueToken);
}

} // namespace

WriteRequest DrainWrites::podsOnNode(const std::string &node, const std::string &continueToken) {
    return {"GET",
            "/api/v1/pods?fieldSelector=" + UrlEscape::queryValue("spec.nodeName=" + node) +
                "&limit=" + kPageSize + page(continueToken),
            "",
            "",
            "the pods on node " + node,
            {}};
}

WriteRequest DrainWrites::budgets(const std::string &continueToken) {
    return {"GET",
            std::string("/apis/policy/v1/poddisruptionbudgets?limit=") + kPageSize +
                page(continueToken),
            "",
            "",
            "the pod disruption budgets",
            {}};
}

WriteRequest DrainWrites::daemonSet(const std::string &ns, const std::string &name) {
    return {"GET",
            "/apis/apps/v1/namespaces/" + UrlEscape::segment(ns) + "/daemonsets/" +
                UrlEscape::segment(name),
            "",
            "",
            "daemonset " + ns + '/' + name,
            {}};
}

WriteRequest DrainWrites::cordon(const std::string &node, bool unschedulable, bool serverDryRun) {
    // Uncordon removes the field, as kubectl's two-way merge patch does (omitempty).
    const json body = {{"spec", {{"unschedulable", unschedulable ? json(true) : json(nullptr)}}}};
    return {"PATCH",
            "/api/v1/nodes/" + UrlEscape::segment(node) + (serverDryRun ? "?dryRun=All" : ""),
            "application/strategic-merge-patch+json",
            compactJson(body),
            "node " + node,
            {}};
}

WriteRequest DrainWrites::evict(const std::string &ns, const std::string &pod,
                                std::optional<int> gracePeriodSeconds, bool serverDryRun) {
    const json body = {{"apiVersion", "policy/v1"},
                       {"kind", "Eviction"},
                       {"metadata", {{"name", pod}, {"namespace", ns}}},
                       {"deleteOptions", deleteOptions(gracePeriodSeconds, serverDryRun)}};
    return {"POST",
            podPath(ns, pod) + "/eviction",
            "application/json",
            compactJson(body),
            ns + '/' + pod,
            {}};
}

WriteRequest DrainWrites::deletePod(const std::string &ns, const std::string &pod,
                                    std::optional<int> gracePeriodSeconds, bool serverDryRun) {
    return {"DELETE",           podPath(ns, pod),
            "application/json", compactJson(deleteOptions(gracePeriodSeconds, serverDryRun)),
            ns + '/' + pod,     {}};
}

WriteRequest DrainWrites::getPod(const std::string &ns, const std::string &pod) {
    return {"GET", podPath(ns, pod), "", "", ns + '/' + pod, {}};
}

} // namespace cubedesk::k8s
