#include "k8s/write/objectedits.h"

#include "k8s/api/yamlview.h"
#include "k8s/write/jsonbody.h"

#include <nlohmann/json.hpp>

namespace cubedesk::k8s {

namespace {

using nlohmann::json;

std::optional<json> parseObject(std::string_view text) {
    json out = json::parse(text, nullptr, false);
    if (out.is_discarded() || !out.is_object())
        return std::nullopt;
    return out;
}

std::string stringAt(const json &object, const char *section, const char *field) {
    const auto s = object.find(section);
    if (s == object.end() || !s->is_object())
        return {};
    const auto f = s->find(field);
    return f != s->end() && f->is_string() ? f->get<std::string>() : std::string();
}

std::string dryRunQuery(bool dryRun) {
    return dryRun ? "?dryRun=All" : "";
}

} // namespace

Result<WriteRequest, std::string> ObjectEdits::replace(const WorkloadWrites::Target &target,
                                                       std::string_view objectJson, bool dryRun) {
    const auto object = parseObject(objectJson);
    if (!object)
        return Failure{std::string("the YAML is not one object")};
    if (stringAt(*object, "metadata", "resourceVersion").empty())
        return Failure{std::string("metadata.resourceVersion is missing: without it the edit "
                                   "could overwrite changes made since you looked")};
    if (stringAt(*object, "metadata", "name") != target.name)
        return Failure{"metadata.name must stay " + target.name +
                       " (create a new object from YAML instead)"};
    const std::string ns = stringAt(*object, "metadata", "namespace");
    if (!target.ns.empty() && !ns.empty() && ns != target.ns)
        return Failure{"metadata.namespace must stay " + target.ns};
    const auto kind = object->find("kind");
    if (!target.kind.empty() && kind != object->end() && kind->is_string() &&
        kind->get<std::string>() != target.kind)
        return Failure{"kind must stay " + target.kind};
    WriteRequest r;
    r.method = "PUT";
    r.path = WorkloadWrites::path(target) + dryRunQuery(dryRun);
    r.contentType = "application/json";
    r.body = compactJson(*object);
    r.subject = (target.kind.empty() ? target.resource.plural : target.kind) + ' ' +
                (target.ns.empty() ? target.name : target.ns + '/' + target.name);
    return r;
}

WriteRequest ObjectEdits::create(const ResourceDescriptor &resource, const std::string &ns,
                                 std::string_view objectJson, bool dryRun) {
    ResourceDescriptor where = resource;
    where.namespaceScope = resource.namespaced ? ns : std::string();
    where.labelSelector.clear();
    where.fieldSelector.clear();
    WriteRequest r;
    r.method = "POST";
    r.path = where.collectionPath() + dryRunQuery(dryRun);
    r.contentType = "application/json";
    r.body = std::string(objectJson);
    r.subject = "new " + resource.plural;
    return r;
}

Result<std::string, std::string> ObjectEdits::restoreMaskedSecret(std::string_view editedJson,
                                                                  std::string_view liveJson) {
    auto edited = parseObject(editedJson);
    if (!edited)
        return Failure{std::string("the YAML is not one object")};
    if (edited->value("kind", "") != "Secret")
        return std::string(editedJson);
    const auto live = parseObject(liveJson);
    if (!live)
        return Failure{std::string("the live object is not JSON")};
    for (const char *field : {"data", "stringData"}) {
        auto values = edited->find(field);
        if (values == edited->end() || !values->is_object())
            continue;
        const bool base64 = std::string(field) == "data";
        const auto liveValues = live->find(field);
        for (auto &[key, value] : values->items()) {
            if (!value.is_string())
                continue;
            const std::string &text = value.get_ref<const std::string &>();
            if (text.rfind("<hidden: ", 0) != 0)
                continue;
            const bool known = liveValues != live->end() && liveValues->is_object() &&
                               liveValues->contains(key) && (*liveValues)[key].is_string();
            if (!known)
                return Failure{std::string(field) + '.' + key +
                               " is still masked but the live Secret has no such value: "
                               "type the value or remove the key"};
            const std::string &original = (*liveValues)[key].get_ref<const std::string &>();
            if (text != YamlView::maskOf(original, base64))
                return Failure{std::string(field) + '.' + key +
                               " holds a mask that is not the live value's"};
            value = original;
        }
    }
    // The copy kubectl apply keeps.
    static constexpr const char *kApplied = "kubectl.kubernetes.io/last-applied-configuration";
    auto meta = edited->find("metadata");
    if (meta != edited->end() && meta->is_object() && meta->contains("annotations") &&
        (*meta)["annotations"].is_object() && (*meta)["annotations"].contains(kApplied)) {
        json &applied = (*meta)["annotations"][kApplied];
        const std::string liveApplied = [&] {
            const auto m = live->find("metadata");
            if (m == live->end() || !m->is_object())
                return std::string();
            return stringAt(*m, "annotations", kApplied);
        }();
        if (applied.is_string() &&
            applied.get<std::string>() == YamlView::maskedValue(liveApplied.size()))
            applied = liveApplied;
    }
    return compactJson(*edited);
}

Result<std::string, std::string> ObjectEdits::withDataValue(std::string_view objectJson,
                                                            const std::string &key,
                                                            const std::string &value) {
    auto object = parseObject(objectJson);
    if (!object)
        return Failure{std::string("the object as read is not JSON")};
    if (!object->contains("data") || !(*object)["data"].is_object())
        (*object)["data"] = json::object();
    (*object)["data"][key] = value;
    return compactJson(*object);
}

} // namespace cubedesk::k8s
