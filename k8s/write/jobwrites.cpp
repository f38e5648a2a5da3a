#include "k8s/write/jobwrites.h"

#include "k8s/api/urlescape.h"
#include "k8s/objects/customresource.h"
#include "k8s/write/jsonbody.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace cubedesk::k8s {

std::string_view JobWrites::pluralOfKey(std::string_view key) {
    return key.substr(0, std::min(key.find('.'), key.find('/')));
}

std::optional<std::string> JobWrites::path(const CustomResource &job, std::string_view plural) {
    const std::string apiVersion = job.apiVersion();
    const std::size_t slash = apiVersion.find('/');
    if (plural.empty() || slash == std::string::npos)
        return std::nullopt;
    std::string out = "/apis/" + UrlEscape::segment(apiVersion.substr(0, slash)) + '/' +
                      UrlEscape::segment(apiVersion.substr(slash + 1));
    if (!job.namespaceName().empty())
        out += "/namespaces/" + UrlEscape::segment(job.namespaceName());
    return out + '/' + UrlEscape::segment(plural) + '/' + UrlEscape::segment(job.name());
}

std::optional<WriteRequest> JobWrites::get(const CustomResource &job, std::string_view plural) {
    auto p = path(job, plural);
    if (!p)
        return std::nullopt;
    WriteRequest r;
    r.method = "GET";
    r.path = *p;
    r.subject = job.kindName() + ' ' + std::string(job.name());
    return r;
}

std::optional<WriteRequest> JobWrites::remove(const CustomResource &job, std::string_view plural) {
    auto p = path(job, plural);
    if (!p)
        return std::nullopt;
    WriteRequest r;
    r.method = "DELETE";
    r.path = *p;
    r.contentType = "application/json";
    nlohmann::json body = {
        {"apiVersion", "v1"}, {"kind", "DeleteOptions"}, {"propagationPolicy", "Background"}};
    if (!job.resourceVersion().empty())
        body["preconditions"] = {{"resourceVersion", std::string(job.resourceVersion())}};
    r.body = compactJson(body);
    r.subject = job.kindName() + ' ' + std::string(job.name());
    return r;
}

std::optional<WriteRequest> JobWrites::setSuspended(const CustomResource &job,
                                                    std::string_view plural, bool suspend) {
    auto p = path(job, plural);
    if (!p || !job.hasRunPolicy())
        return std::nullopt;
    WriteRequest r;
    r.method = "PATCH";
    r.path = *p;
    r.contentType = "application/merge-patch+json";
    r.body = compactJson(nlohmann::json{{"spec", {{"runPolicy", {{"suspend", suspend}}}}}});
    r.subject = job.kindName() + ' ' + std::string(job.name());
    return r;
}

} // namespace cubedesk::k8s
