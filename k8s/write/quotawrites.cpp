#include "k8s/write/quotawrites.h"

#include "k8s/api/urlescape.h"
#include "k8s/write/jsonbody.h"

#include <nlohmann/json.hpp>

namespace cubedesk::k8s {

WriteRequest QuotaWrites::setHard(const std::string &ns, const std::string &name,
                                  const std::string &resourceVersion,
                                  const std::map<std::string, std::optional<std::string>> &hard) {
    nlohmann::json values = nlohmann::json::object();
    for (const auto &[resource, value] : hard)
        values[resource] = value ? nlohmann::json(*value) : nlohmann::json(nullptr);
    nlohmann::json patch = {{"spec", {{"hard", values}}}};
    if (!resourceVersion.empty())
        patch["metadata"] = {{"resourceVersion", resourceVersion}};
    WriteRequest r;
    r.method = "PATCH";
    r.path = "/api/v1/namespaces/" + UrlEscape::segment(ns) + "/resourcequotas/" +
             UrlEscape::segment(name);
    r.contentType = "application/merge-patch+json";
    r.body = compactJson(patch);
    r.subject = "resourcequota " + ns + '/' + name;
    return r;
}

} // namespace cubedesk::k8s
