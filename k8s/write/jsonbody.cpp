#include "k8s/write/jsonbody.h"

namespace cubedesk::k8s {

std::string compactJson(const nlohmann::json &body) {
    return body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace cubedesk::k8s
