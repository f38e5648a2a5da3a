#include "k8s/write/workloadwrites.h"

#include "k8s/api/urlescape.h"
#include "k8s/write/jsonbody.h"

#include <nlohmann/json.hpp>

namespace cubedesk::k8s {

namespace {

std::string subjectOf(const WorkloadWrites::Target &t) {
    return (t.kind.empty() ? t.resource.plural : t.kind) + ' ' +
           (t.ns.empty() ? t.name : t.ns + '/' + t.name);
}

WriteRequest patch(const WorkloadWrites::Target &t, std::string path, const char *contentType,
                   const nlohmann::json &body) {
    WriteRequest r;
    r.method = "PATCH";
    r.path = std::move(path);
    r.contentType = contentType;
    r.body = compactJson(body);
    r.subject = subjectOf(t);
    return r;
}

} // namespace

std::string WorkloadWrites::path(const Target &target) {
    ResourceDescriptor scoped = target.resource;
    scoped.namespaceScope = target.resource.namespaced ? target.ns : std::string();
    scoped.labelSelector.clear();
    scoped.fieldSelector.clear();
    return scoped.collectionPath() + '/' + UrlEscape::segment(target.name);
}

WriteRequest WorkloadWrites::scale(const Target &target, std::int64_t replicas) {
    nlohmann::json body = {{"spec", {{"replicas", replicas}}}};
    if (!target.resourceVersion.empty())
        body["metadata"] = {{"resourceVersion", target.resourceVersion}};
    return patch(target, path(target) + "/scale", "application/merge-patch+json", body);
}

WriteRequest WorkloadWrites::restart(const Target &target, std::string_view now) {
    nlohmann::json body = {
        {"spec",
         {{"template",
           {{"metadata",
             {{"annotations", {{"kubectl.kubernetes.io/restartedAt", std::string(now)}}}}}}}}}};
    if (!target.resourceVersion.empty())
        body["metadata"] = {{"resourceVersion", target.resourceVersion}};
    return patch(target, path(target), "application/strategic-merge-patch+json", body);
}

WriteRequest WorkloadWrites::setCronJobSuspended(const Target &cronJob, bool suspend) {
    nlohmann::json body = {{"spec", {{"suspend", suspend}}}};
    if (!cronJob.resourceVersion.empty())
        body["metadata"] = {{"resourceVersion", cronJob.resourceVersion}};
    return patch(cronJob, path(cronJob), "application/merge-patch+json", body);
}

Result<WriteRequest, std::string> WorkloadWrites::runCronJob(const Target &cronJob,
                                                             std::string_view cronJobJson,
                                                             std::string_view suffix) {
    nlohmann::json cron;
    try {
        cron = nlohmann::json::parse(cronJobJson);
    } catch (const nlohmann::json::exception &) {
        return Failure{std::string("the CronJob as read is not JSON")};
    }
    const nlohmann::json *jobTemplate = nullptr;
    if (cron.is_object() && cron.contains("spec") && cron["spec"].is_object() &&
        cron["spec"].contains("jobTemplate") && cron["spec"]["jobTemplate"].is_object())
        jobTemplate = &cron["spec"]["jobTemplate"];
    if (!jobTemplate)
        return Failure{"CronJob " + cronJob.name + " has no jobTemplate"};
    const nlohmann::json templateMeta = jobTemplate->value("metadata", nlohmann::json::object());
    nlohmann::json annotations = templateMeta.value("annotations", nlohmann::json::object());
    annotations["cronjob.kubernetes.io/instantiate"] = "manual";
    nlohmann::json meta = {{"name", cronJob.name + "-manual-" + std::string(suffix)},
                           {"namespace", cronJob.ns},
                           {"annotations", annotations}};
    if (templateMeta.contains("labels"))
        meta["labels"] = templateMeta["labels"];
    const std::string uid =
        cronJob.uid.empty() ? cron["metadata"].value("uid", std::string()) : cronJob.uid;
    if (!uid.empty())
        meta["ownerReferences"] = nlohmann::json::array({{{"apiVersion", "batch/v1"},
                                                          {"kind", "CronJob"},
                                                          {"name", cronJob.name},
                                                          {"uid", uid},
                                                          {"controller", true}}});
    const nlohmann::json job = {{"apiVersion", "batch/v1"},
                                {"kind", "Job"},
                                {"metadata", meta},
                                {"spec", jobTemplate->value("spec", nlohmann::json::object())}};
    WriteRequest r;
    r.method = "POST";
    r.path = "/apis/batch/v1/namespaces/" + UrlEscape::segment(cronJob.ns) + "/jobs";
    r.contentType = "application/json";
    r.body = compactJson(job);
    r.subject = "Job " + cronJob.ns + '/' + meta["name"].get<std::string>();
    return r;
}

std::string_view WorkloadWrites::propagationName(Propagation propagation) {
    switch (propagation) {
    case Propagation::Background:
        return "Background";
    case Propagation::Foreground:
        return "Foreground";
    case Propagation::Orphan:
        return "Orphan";
    }
    return "Background";
}

WriteRequest WorkloadWrites::remove(const Target &target, Propagation propagation) {
    nlohmann::json body = {{"apiVersion", "v1"},
                           {"kind", "DeleteOptions"},
                           {"propagationPolicy", std::string(propagationName(propagation))}};
    nlohmann::json preconditions = nlohmann::json::object();
    if (!target.resourceVersion.empty())
        preconditions["resourceVersion"] = target.resourceVersion;
    if (!target.uid.empty())
        preconditions["uid"] = target.uid;
    if (!preconditions.empty())
        body["preconditions"] = preconditions;
    WriteRequest r;
    r.method = "DELETE";
    r.path = path(target);
    r.contentType = "application/json";
    r.body = compactJson(body);
    r.subject = subjectOf(target);
    return r;
}

} // namespace cubedesk::k8s
