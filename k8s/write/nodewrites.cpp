#include "k8s/write/nodewrites.h"

#include "k8s/api/urlescape.h"
#include "k8s/write/jsonbody.h"

#include <nlohmann/json.hpp>

#include <simdjson.h>

namespace cubedesk::k8s {

using nlohmann::json;

WriteRequest NodeWrites::labels(const std::string &node, const std::vector<LabelEdit> &edits,
                                const std::string &resourceVersion) {
    json labels = json::object();
    for (const auto &e : edits)
        labels[e.key] = e.value ? json(*e.value) : json(nullptr);
    json meta = {{"labels", std::move(labels)}};
    if (!resourceVersion.empty())
        meta["resourceVersion"] = resourceVersion;
    return {"PATCH",
            "/api/v1/nodes/" + UrlEscape::segment(node),
            "application/merge-patch+json",
            compactJson(json{{"metadata", std::move(meta)}}),
            "node " + node,
            {}};
}

WriteRequest NodeWrites::cordon(const std::string &node, bool unschedulable,
                                const std::string &resourceVersion) {
    json body = {{"spec", {{"unschedulable", unschedulable}}}};
    if (!resourceVersion.empty())
        body["metadata"] = {{"resourceVersion", resourceVersion}};
    return {"PATCH",
            "/api/v1/nodes/" + UrlEscape::segment(node),
            "application/merge-patch+json",
            compactJson(body),
            "node " + node,
            {}};
}

WriteRequest NodeWrites::taints(const std::string &node, const std::vector<Taint> &taints,
                                const std::string &resourceVersion) {
    json list = json::array();
    for (const auto &t : taints) {
        json one = {{"key", t.key}, {"effect", t.effect}};
        if (!t.value.empty())
            one["value"] = t.value;
        list.push_back(std::move(one));
    }
    json body = {{"spec", {{"taints", list.empty() ? json(nullptr) : list}}}};
    if (!resourceVersion.empty())
        body["metadata"] = {{"resourceVersion", resourceVersion}};
    return {"PATCH",
            "/api/v1/nodes/" + UrlEscape::segment(node),
            "application/merge-patch+json",
            compactJson(body),
            "node " + node,
            {}};
}

WriteRequest NodeWrites::get(const std::string &node) {
    return {"GET", "/api/v1/nodes/" + UrlEscape::segment(node), "", "", "node " + node, {}};
}

namespace {

std::string objectPath(std::string collectionPath, const std::string &ns, const std::string &name) {
    if (!ns.empty()) {
        // /api/v1/pods → /api/v1/namespaces/<ns>/pods
        const auto slash = collectionPath.rfind('/');
        collectionPath = collectionPath.substr(0, slash) + "/namespaces/" + UrlEscape::segment(ns) +
                         collectionPath.substr(slash);
    }
    return collectionPath + '/' + UrlEscape::segment(name);
}

} // namespace

WriteRequest NodeWrites::remove(const std::string &collectionPath, const std::string &ns,
                                const std::string &name) {
    return {"DELETE",
            objectPath(collectionPath, ns, name),
            "application/json",
            R"({"propagationPolicy":"Background"})",
            name,
            {}};
}

WriteRequest NodeWrites::getObject(const std::string &collectionPath, const std::string &ns,
                                   const std::string &name) {
    return {"GET", objectPath(collectionPath, ns, name), "", "", name, {}};
}

WriteRequest NodeWrites::accessReview(const std::string &verb, const std::string &group,
                                      const std::string &resource, const std::string &ns,
                                      const std::string &subresource, const std::string &name) {
    json attrs = {{"verb", verb}, {"group", group}, {"resource", resource}};
    if (!ns.empty())
        attrs["namespace"] = ns;
    if (!name.empty())
        attrs["name"] = name;
    if (!subresource.empty())
        attrs["subresource"] = subresource;
    const json body = {{"apiVersion", "authorization.k8s.io/v1"},
                       {"kind", "SelfSubjectAccessReview"},
                       {"spec", {{"resourceAttributes", std::move(attrs)}}}};
    return {"POST",
            "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
            "application/json",
            compactJson(body),
            verb + ' ' + resource + (subresource.empty() ? "" : '/' + subresource),
            {}};
}

bool NodeWrites::allowed(const WriteResult &result) {
    if (!result.ok())
        return false;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    bool allowed = false;
    return parser.parse(result.body).get(doc) == simdjson::SUCCESS &&
           doc["status"]["allowed"].get(allowed) == simdjson::SUCCESS && allowed;
}

std::optional<std::pair<std::map<std::string, std::string>, std::string>>
NodeWrites::labelsOf(const std::string &objectJson) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(objectJson).get(doc) != simdjson::SUCCESS)
        return std::nullopt;
    std::map<std::string, std::string> labels;
    simdjson::dom::object obj;
    if (doc["metadata"]["labels"].get(obj) == simdjson::SUCCESS)
        for (auto [key, value] : obj) {
            std::string_view v;
            if (value.get(v) == simdjson::SUCCESS)
                labels.emplace(std::string(key), std::string(v));
        }
    std::string_view rv;
    if (doc["metadata"]["resourceVersion"].get(rv) != simdjson::SUCCESS)
        return std::nullopt;
    return std::pair(std::move(labels), std::string(rv));
}

} // namespace cubedesk::k8s
