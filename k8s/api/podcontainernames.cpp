#include "k8s/api/podcontainernames.h"

#include <simdjson.h>

namespace cubedesk::k8s {

std::optional<PodContainerNames> PodContainerNames::parse(std::string_view json) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(json.data(), json.size()).get(doc) != simdjson::SUCCESS || !doc.is_object())
        return std::nullopt;
    PodContainerNames out;
    const auto names = [&doc](const char *pointer, std::vector<std::string> &into) {
        simdjson::dom::array list;
        if (doc.at_pointer(pointer).get(list) != simdjson::SUCCESS)
            return;
        for (simdjson::dom::element c : list) {
            std::string_view name;
            if (c["name"].get(name) == simdjson::SUCCESS)
                into.emplace_back(name);
        }
    };
    names("/spec/containers", out.containers);
    names("/spec/initContainers", out.initContainers);
    names("/spec/ephemeralContainers", out.ephemeralContainers);
    std::string_view annotation;
    if (doc.at_pointer("/metadata/annotations/kubectl.kubernetes.io~1default-container")
            .get(annotation) == simdjson::SUCCESS)
        out.defaultAnnotation = std::string(annotation);
    for (const char *list : {"/status/containerStatuses", "/status/initContainerStatuses"}) {
        simdjson::dom::array statuses;
        if (doc.at_pointer(list).get(statuses) != simdjson::SUCCESS)
            continue;
        for (simdjson::dom::element cs : statuses) {
            std::string_view name;
            std::int64_t count = 0;
            if (cs["name"].get(name) == simdjson::SUCCESS &&
                cs["restartCount"].get(count) == simdjson::SUCCESS)
                out.restarts[std::string(name)] = static_cast<int>(count);
        }
    }
    return out;
}

} // namespace cubedesk::k8s
