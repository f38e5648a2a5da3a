#include "k8s/api/objectmetadata.h"

#include <simdjson.h>

namespace cubedesk::k8s {

std::optional<std::map<std::string, std::string>>
ObjectMetadata::annotations(std::string_view objectJson) {
    return stringMap(objectJson, "/metadata/annotations");
}

std::optional<std::map<std::string, std::string>>
ObjectMetadata::stringMap(std::string_view objectJson, const char *pointer) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(objectJson.data(), objectJson.size()).get(doc) != simdjson::SUCCESS ||
        !doc.is_object())
        return std::nullopt;
    std::map<std::string, std::string> out;
    simdjson::dom::object members;
    if (doc.at_pointer(pointer).get(members) != simdjson::SUCCESS)
        return out;
    for (auto [key, value] : members) {
        std::string_view text;
        if (value.get(text) == simdjson::SUCCESS)
            out.emplace(std::string(key), std::string(text));
    }
    return out;
}

} // namespace cubedesk::k8s
