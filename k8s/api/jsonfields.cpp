#include "k8s/api/jsonfields.h"

namespace cubedesk::k8s {

std::string JsonFields::text(simdjson::simdjson_result<simdjson::dom::element> e, const char *key) {
    simdjson::dom::element value;
    if (e.get(value) != simdjson::SUCCESS)
        return {};
    return text(value, key);
}

std::string JsonFields::text(simdjson::dom::element e, const char *key) {
    std::string_view v;
    return e[key].get(v) == simdjson::SUCCESS ? std::string(v) : std::string();
}

std::vector<std::string> JsonFields::strings(simdjson::dom::element e, const char *key) {
    std::vector<std::string> out;
    simdjson::dom::array a;
    if (e[key].get(a) != simdjson::SUCCESS)
        return out;
    for (simdjson::dom::element item : a) {
        std::string_view v;
        if (item.get(v) == simdjson::SUCCESS)
            out.emplace_back(v);
    }
    return out;
}

} // namespace cubedesk::k8s
