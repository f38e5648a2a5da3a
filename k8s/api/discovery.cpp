#include "k8s/api/discovery.h"

#include "k8s/api/asciicase.h"
#include "k8s/api/jsonfields.h"

#include <algorithm>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;

/// The top-level object of a discovery body, parsed by `parser` (which owns it).
Result<element, std::string> parseObject(simdjson::dom::parser &parser, std::string_view body) {
    element doc;
    if (parser.parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS || !doc.is_object())
        return std::string("discovery document is not a JSON object");
    return doc;
}

} // namespace

bool ApiResource::can(std::string_view verb) const {
    return std::find(verbs.begin(), verbs.end(), verb) != verbs.end();
}

const char *Discovery::acceptHeader() {
    return "Accept: application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,"
           "application/json";
}

bool Discovery::isAggregated(std::string_view contentType) {
    return contentType.find("as=APIGroupDiscoveryList") != std::string_view::npos &&
           contentType.find("g=apidiscovery.k8s.io") != std::string_view::npos;
}

Status<std::string> Discovery::addAggregated(std::string_view body) {
    simdjson::dom::parser parser;
    const auto doc = parseObject(parser, body);
    if (!doc)
        return Failure{doc.error()};
    array items;
    if ((*doc)["items"].get(items) != simdjson::SUCCESS)
        return Failure{std::string("APIGroupDiscoveryList without items")};
    for (element group : items) {
        const std::string name = JsonFields::text(group["metadata"], "name");
        array versions;
        if (group["versions"].get(versions) != simdjson::SUCCESS)
            continue;
        bool first = true;
        for (element v : versions) {
            const std::string version = JsonFields::text(v, "version");
            if (first) // versions come in descending preference
                m_preferred[name] = version;
            first = false;
            array resources;
            if (v["resources"].get(resources) != simdjson::SUCCESS)
                continue;
            for (element r : resources) {
                ApiResource res;
                res.group = name;
                res.version = version;
                res.plural = JsonFields::text(r, "resource");
                res.kind = JsonFields::text(r["responseKind"], "kind");
                res.singular = JsonFields::text(r, "singularResource");
                res.namespaced = JsonFields::text(r, "scope") != "Cluster";
                res.verbs = JsonFields::strings(r, "verbs");
                res.shortNames = JsonFields::strings(r, "shortNames");
                res.categories = JsonFields::strings(r, "categories");
                array subs;
                if (r["subresources"].get(subs) == simdjson::SUCCESS)
                    for (element s : subs)
                        res.hasStatus =
                            res.hasStatus || JsonFields::text(s, "subresource") == "status";
                m_resources.push_back(std::move(res));
            }
        }
    }
    markPreferred();
    return Success{};
}

Result<std::vector<std::string>, std::string>
Discovery::legacyGroupVersions(std::string_view body) {
    simdjson::dom::parser parser;
    const auto parsed = parseObject(parser, body);
    if (!parsed)
        return parsed.error();
    const element doc = *parsed;
    std::vector<std::string> out;
    const std::string kind = JsonFields::text(doc, "kind");
    if (kind == "APIVersions") {
        for (const auto &v : JsonFields::strings(doc, "versions")) {
            out.push_back(v);
            m_preferred.try_emplace("", v);
        }
        return out;
    }
    array groups;
    if (kind != "APIGroupList" || doc["groups"].get(groups) != simdjson::SUCCESS)
        return "expected APIVersions or APIGroupList, got \"" + kind + '"';
    for (element g : groups) {
        const std::string name = JsonFields::text(g, "name");
        const std::string preferred = JsonFields::text(g["preferredVersion"], "version");
        if (!preferred.empty())
            m_preferred[name] = preferred;
        array versions;
        if (g["versions"].get(versions) != simdjson::SUCCESS)
            continue;
        for (element v : versions)
            out.push_back(JsonFields::text(v, "groupVersion"));
    }
    return out;
}

Status<std::string> Discovery::addResourceList(std::string_view body) {
    simdjson::dom::parser parser;
    const auto parsed = parseObject(parser, body);
    if (!parsed)
        return Failure{parsed.error()};
    const element doc = *parsed;
    const std::string gv = JsonFields::text(doc, "groupVersion");
    const auto slash = gv.find('/');
    const std::string group = slash == std::string::npos ? "" : gv.substr(0, slash);
    const std::string version = slash == std::string::npos ? gv : gv.substr(slash + 1);
    array resources;
    if (doc["resources"].get(resources) != simdjson::SUCCESS)
        return Failure{std::string("APIResourceList without resources")};
    std::map<std::string, std::size_t> byPlural;
    std::vector<ApiResource> added;
    std::vector<std::string> statusOf;
    for (element r : resources) {
        const std::string name = JsonFields::text(r, "name");
        if (const auto sl = name.find('/'); sl != std::string::npos) {
            if (name.substr(sl + 1) == "status")
                statusOf.push_back(name.substr(0, sl));
            continue;
        }
        ApiResource res;
        res.group = group;
        res.version = version;
        res.plural = name;
        res.kind = JsonFields::text(r, "kind");
        res.singular = JsonFields::text(r, "singularName");
        bool namespaced = true;
        if (r["namespaced"].get(namespaced) == simdjson::SUCCESS)
            res.namespaced = namespaced;
        res.verbs = JsonFields::strings(r, "verbs");
        res.shortNames = JsonFields::strings(r, "shortNames");
        res.categories = JsonFields::strings(r, "categories");
        byPlural[name] = added.size();
        added.push_back(std::move(res));
    }
    for (const auto &p : statusOf)
        if (auto it = byPlural.find(p); it != byPlural.end())
            added[it->second].hasStatus = true;
    for (auto &r : added)
        m_resources.push_back(std::move(r));
    markPreferred();
    return Success{};
}

void Discovery::markPreferred() {
    for (auto &r : m_resources) {
        auto it = m_preferred.find(r.group);
        r.preferred = it != m_preferred.end() && it->second == r.version;
    }
}

std::optional<ApiResource> Discovery::resolve(std::string_view name) const {
    const std::string lower = AsciiCase::lower(name);
    // kubectl's schema.ParseResourceArg: "r.v.g" names a version when that is served, else
    // "r.g..." is a resource of group "g...".
    struct Candidate {
        std::string_view resource;
        std::string_view version; ///< "": the preferred one
        std::string_view group;
        bool anyGroup = false;
    };
    std::vector<Candidate> candidates;
    const std::string_view text(lower);
    const std::size_t dot = text.find('.');
    if (dot == std::string_view::npos) {
        candidates.push_back({text, {}, {}, true});
    } else {
        const std::string_view rest = text.substr(dot + 1);
        const std::size_t second = rest.find('.');
        if (second != std::string_view::npos)
            candidates.push_back(
                {text.substr(0, dot), rest.substr(0, second), rest.substr(second + 1), false});
        candidates.push_back({text.substr(0, dot), {}, rest, false});
    }
    // Without a version the preferred one first; a resource served only at another version
    // is still found.
    auto inScope = [](const ApiResource &r, const Candidate &c, bool preferredOnly) {
        if (r.plural.find('/') != std::string::npos)
            return false;
        if (!c.anyGroup && r.group != c.group)
            return false;
        if (!c.version.empty())
            return r.version == c.version;
        return r.preferred || !preferredOnly;
    };
    auto singularOf = [](const ApiResource &r) {
        return r.singular.empty() ? AsciiCase::lower(r.kind) : r.singular;
    };
    for (const Candidate &c : candidates) {
        for (const bool preferredOnly : {true, false}) {
            // Short names expand first (kubectl's shortcut expander), then plural and singular.
            for (const auto &r : m_resources)
                if (inScope(r, c, preferredOnly) &&
                    std::find(r.shortNames.begin(), r.shortNames.end(), c.resource) !=
                        r.shortNames.end())
                    return r;
            for (const auto &r : m_resources)
                if (inScope(r, c, preferredOnly) && r.plural == c.resource)
                    return r;
            for (const auto &r : m_resources)
                if (inScope(r, c, preferredOnly) && singularOf(r) == c.resource)
                    return r;
        }
    }
    return std::nullopt;
}

std::optional<ApiResource> Discovery::find(std::string_view group, std::string_view plural) const {
    std::optional<ApiResource> any;
    for (const auto &r : m_resources)
        if (r.group == group && r.plural == plural) {
            if (r.preferred)
                return r;
            if (!any)
                any = r;
        }
    return any;
}

std::optional<ApiResource> Discovery::findKind(std::string_view group,
                                               std::string_view kind) const {
    std::optional<ApiResource> any;
    for (const auto &r : m_resources)
        if (r.group == group && r.kind == kind) {
            if (r.preferred)
                return r;
            if (!any)
                any = r;
        }
    return any;
}

} // namespace cubedesk::k8s
