#include "k8s/sim/objectindexer.h"

#include "k8s/sim/objectfield.h"
#include "k8s/sim/tableprinter.h"

#include <algorithm>
#include <chrono>
#include <map>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

const json *walk(const json &root, std::string_view path) {
    const json *cur = &root;
    while (!path.empty()) {
        const std::size_t dot = path.find('.');
        const std::string part(path.substr(0, dot));
        if (!cur->is_object())
            return nullptr;
        auto it = cur->find(part);
        if (it == cur->end())
            return nullptr;
        cur = &*it;
        path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
    }
    return cur;
}

std::string scalarText(const json *v, const char *missing) {
    if (v == nullptr || v->is_null())
        return missing;
    if (v->is_string())
        return v->get<std::string>();
    if (v->is_boolean())
        return v->get<bool>() ? "true" : "false";
    if (v->is_array()) { // status.podIPs: the first IP, as the apiserver's field set does
        if (!v->empty() && (*v)[0].is_object() && (*v)[0].contains("ip"))
            return (*v)[0]["ip"].get<std::string>();
        return missing;
    }
    return v->dump();
}

bool isCore(const ResourceType &t, const char *kind) {
    return t.group.empty() && t.kind == kind;
}

std::string fieldValue(const ResourceType &type, const json &obj, std::string_view path) {
    if (path == "metadata.name" || path == "metadata.namespace")
        return scalarText(walk(obj, path), "");
    if (isCore(type, "Event") && path == "source")
        return scalarText(walk(obj, "source.component"), "");
    const char *missing =
        (path == "spec.unschedulable" || path == "spec.hostNetwork") ? "false" : "";
    return scalarText(walk(obj, path), missing);
}

void addRequests(std::map<std::string, k8s::Quantity> &into, const json &container, bool sum) {
    const json *resources = walk(container, "resources");
    if (resources == nullptr || !resources->is_object())
        return;
    std::map<std::string, k8s::Quantity> own;
    for (const char *section : {"limits", "requests"}) { // requests override limits
        auto it = resources->find(section);
        if (it == resources->end() || !it->is_object())
            continue;
        for (const auto &[name, value] : it->items()) {
            if (const auto q = quantityOf(value))
                own[name] = *q;
        }
    }
    for (const auto &[name, q] : own) {
        auto &slot = into[name];
        if (sum)
            slot += q;
        else if (slot < q)
            slot = q;
    }
}

} // namespace

const std::vector<std::string_view> &ObjectIndexer::selectableFields(const ResourceType &type) {
    static const std::vector<std::string_view> common = {"metadata.name", "metadata.namespace"};
    static const std::vector<std::string_view> pod = {"metadata.name",
                                                      "metadata.namespace",
                                                      "spec.nodeName",
                                                      "spec.restartPolicy",
                                                      "spec.schedulerName",
                                                      "spec.serviceAccountName",
                                                      "spec.hostNetwork",
                                                      "status.phase",
                                                      "status.podIP",
                                                      "status.podIPs",
                                                      "status.nominatedNodeName"};
    static const std::vector<std::string_view> event = {"metadata.name",
                                                        "metadata.namespace",
                                                        "involvedObject.kind",
                                                        "involvedObject.namespace",
                                                        "involvedObject.name",
                                                        "involvedObject.uid",
                                                        "involvedObject.apiVersion",
                                                        "involvedObject.resourceVersion",
                                                        "involvedObject.fieldPath",
                                                        "reason",
                                                        "reportingComponent",
                                                        "source",
                                                        "type"};
    static const std::vector<std::string_view> node = {"metadata.name", "metadata.namespace",
                                                       "spec.unschedulable"};
    static const std::vector<std::string_view> ns = {"metadata.name", "metadata.namespace",
                                                     "status.phase"};
    if (isCore(type, "Pod"))
        return pod;
    if (isCore(type, "Event"))
        return event;
    if (isCore(type, "Node"))
        return node;
    if (isCore(type, "Namespace"))
        return ns;
    return common;
}

std::vector<std::pair<std::string, k8s::Quantity>> ObjectIndexer::podRequests(const json &pod) {
    std::map<std::string, k8s::Quantity> sum;
    std::map<std::string, k8s::Quantity> initMax;
    if (const json *cs = walk(pod, "spec.containers"); cs != nullptr && cs->is_array())
        for (const auto &c : *cs)
            addRequests(sum, c, true);
    if (const json *cs = walk(pod, "spec.initContainers"); cs != nullptr && cs->is_array())
        for (const auto &c : *cs)
            addRequests(initMax, c, false);
    for (const auto &[name, q] : initMax) {
        auto &slot = sum[name];
        if (slot < q)
            slot = q;
    }
    if (const json *overhead = walk(pod, "spec.overhead"); overhead != nullptr) {
        json wrapper = {{"resources", {{"requests", *overhead}}}};
        addRequests(sum, wrapper, true);
    }
    return {sum.begin(), sum.end()};
}

std::vector<std::pair<std::string, k8s::Quantity>> ObjectIndexer::podLimits(const json &pod) {
    std::map<std::string, k8s::Quantity> sum;
    if (const json *cs = walk(pod, "spec.containers"); cs != nullptr && cs->is_array())
        for (const auto &c : *cs)
            if (const json *limits = walk(c, "resources.limits");
                limits != nullptr && limits->is_object())
                for (const auto &[name, v] : limits->items())
                    if (v.is_string())
                        if (auto q = k8s::Quantity::parse(v.get<std::string>()))
                            sum[name] += *q;
    return {sum.begin(), sum.end()};
}

ObjectPtr ObjectIndexer::build(const ResourceType &type, const json &object) {
    auto out = std::make_shared<StoredObject>();
    out->json = object.dump();
    const json &meta = object.contains("metadata") ? object["metadata"] : json::object();
    out->name = meta.value("name", "");
    out->ns = type.namespaced ? meta.value("namespace", "") : std::string();
    out->uid = meta.value("uid", "");
    out->creationTimestamp = meta.value("creationTimestamp", "");
    out->apiVersion = object.value("apiVersion", type.apiVersion());
    const std::string rv = meta.value("resourceVersion", "0");
    out->rv = std::strtoull(rv.c_str(), nullptr, 10);
    if (auto it = meta.find("labels"); it != meta.end() && it->is_object())
        for (const auto &[k, v] : it->items())
            out->labels.emplace_back(k, v.is_string() ? v.get<std::string>() : v.dump());
    std::sort(out->labels.begin(), out->labels.end());
    for (std::string_view path : selectableFields(type))
        out->fields.emplace_back(std::string(path), fieldValue(type, object, path));
    std::sort(out->fields.begin(), out->fields.end());
    if (isCore(type, "Pod")) {
        out->podRequests = podRequests(object);
        out->podLimits = podLimits(object);
    }
    if (isCore(type, "Pod") || isCore(type, "Node")) {
        const json row = TablePrinter::rowFor(type, object, std::chrono::system_clock::now());
        for (const auto &cell : row["cells"])
            out->tableCells.push_back(cell.dump());
        out->tableMetadata = row["object"]["metadata"].dump();
        if (row.contains("conditions"))
            out->tableConditions = row["conditions"].dump();
    }
    return out;
}

} // namespace cubedesk::sim
