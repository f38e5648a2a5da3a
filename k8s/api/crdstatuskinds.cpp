#include "k8s/api/crdstatuskinds.h"

#include "k8s/api/jsonfields.h"

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

using simdjson::dom::element;

bool boolean(element e, const char *key) {
    bool v = false;
    return e[key].get(v) == simdjson::SUCCESS && v;
}

bool schemaDeclaresLifecycle(element version) {
    element status;
    if (version.at_pointer("/schema/openAPIV3Schema/properties/status/properties").get(status) !=
        simdjson::SUCCESS)
        return false;
    element unused;
    return status["phase"].get(unused) == simdjson::SUCCESS ||
           status["conditions"].get(unused) == simdjson::SUCCESS;
}

bool columnsReadLifecycle(const std::vector<CrdStatusKinds::Column> &columns) {
    for (const auto &c : columns)
        for (const char *prefix : {".status.phase", ".status.state", ".status.conditions"})
            if (c.jsonPath.rfind(prefix, 0) == 0)
                return true;
    return false;
}

} // namespace

namespace {

/// The qualifying kind of one CRD object, or nullopt.
std::optional<CrdStatusKinds::Kind> kindOf(element crd) {
    element spec;
    simdjson::dom::array versions;
    if (crd["spec"].get(spec) != simdjson::SUCCESS ||
        spec["versions"].get(versions) != simdjson::SUCCESS)
        return std::nullopt;
    element chosen;
    bool found = false;
    for (element v : versions) {
        if (!boolean(v, "served"))
            continue;
        if (!found || boolean(v, "storage")) {
            chosen = v;
            found = true;
        }
    }
    if (!found)
        return std::nullopt;
    CrdStatusKinds::Kind k;
    k.group = JsonFields::text(spec, "group");
    k.version = JsonFields::text(chosen, "name");
    element names;
    if (spec["names"].get(names) == simdjson::SUCCESS) {
        k.plural = JsonFields::text(names, "plural");
        k.kind = JsonFields::text(names, "kind");
    }
    k.namespaced = JsonFields::text(spec, "scope") != "Cluster";
    simdjson::dom::array columns;
    if (chosen["additionalPrinterColumns"].get(columns) == simdjson::SUCCESS)
        for (element c : columns)
            k.columns.push_back({JsonFields::text(c, "name"), JsonFields::text(c, "type"),
                                 JsonFields::text(c, "jsonPath")});
    if (k.group.empty() || k.plural.empty() || k.version.empty())
        return std::nullopt;
    if (!schemaDeclaresLifecycle(chosen) && !columnsReadLifecycle(k.columns))
        return std::nullopt;
    return k;
}

} // namespace

Result<std::vector<CrdStatusKinds::Kind>, std::string>
CrdStatusKinds::parse(std::string_view body) {
    simdjson::dom::parser parser;
    element doc;
    simdjson::dom::array items;
    if (parser.parse(body.data(), body.size()).get(doc) != simdjson::SUCCESS ||
        doc["items"].get(items) != simdjson::SUCCESS)
        return std::string("not a CustomResourceDefinitionList");
    std::vector<Kind> out;
    for (element crd : items)
        if (auto k = kindOf(crd))
            out.push_back(std::move(*k));
    return out;
}

Result<std::optional<CrdStatusKinds::Kind>, std::string>
CrdStatusKinds::parseItem(std::string_view crd) {
    simdjson::dom::parser parser;
    element doc;
    if (parser.parse(crd.data(), crd.size()).get(doc) != simdjson::SUCCESS || !doc.is_object())
        return std::string("not a CustomResourceDefinition");
    return kindOf(doc);
}

} // namespace cubedesk::k8s
