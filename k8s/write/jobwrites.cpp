#include "k8s/write/jobwrites.h"

#include "k8s/cube/jobkinds.h"
#include "k8s/objects/customresource.h"

#include <nlohmann/json.hpp>

namespace cubedesk::k8s {

std::optional<std::string> JobWrites::path(const CustomResource &job) {
    const JobKinds::Kind *kind = JobKinds::find(job.apiVersion(), job.kindName());
    if (!kind || job.apiVersion().find('/') == std::string::npos)
        return std::nullopt;
    return "/apis/" + job.apiVersion() + "/namespaces/" + std::string(job.namespaceName()) + '/' +
           kind->plural + '/' + std::string(job.name());
}

std::optional<WriteRequest> JobWrites::get(const CustomResource &job) {
    auto p = path(job);
    if (!p)
        return std::nullopt;
    WriteRequest r;
    r.method = "GET";
    r.path = *p;
    r.subject = job.kindName() + ' ' + std::string(job.name());
    return r;
}

std::optional<WriteRequest> JobWrites::remove(const CustomResource &job) {
    auto p = path(job);
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
    r.body = body.dump();
    r.subject = job.kindName() + ' ' + std::string(job.name());
    return r;
}

std::optional<WriteRequest> JobWrites::setSuspended(const CustomResource &job, bool suspend) {
    auto p = path(job);
    if (!p || !job.hasRunPolicy())
        return std::nullopt;
    WriteRequest r;
    r.method = "PATCH";
    r.path = *p;
    r.contentType = "application/merge-patch+json";
    r.body = nlohmann::json{{"spec", {{"runPolicy", {{"suspend", suspend}}}}}}.dump();
    r.subject = job.kindName() + ' ' + std::string(job.name());
    return r;
}

} // namespace cubedesk::k8s
