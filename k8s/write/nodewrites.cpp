#include "k8s/write/nodewrites.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

std::string compact(const QJsonObject &o) {
    return QJsonDocument(o).toJson(QJsonDocument::Compact).toStdString();
}

QString q(const std::string &s) {
    return QString::fromStdString(s);
}

} // namespace

WriteRequest NodeWrites::labels(const std::string &node, const std::vector<LabelEdit> &edits,
                                const std::string &resourceVersion) {
    QJsonObject labels;
    for (const auto &e : edits)
        labels.insert(q(e.key), e.value ? QJsonValue(q(*e.value)) : QJsonValue(QJsonValue::Null));
    QJsonObject meta{{QStringLiteral("labels"), labels}};
    if (!resourceVersion.empty())
        meta.insert(QStringLiteral("resourceVersion"), q(resourceVersion));
    return {"PATCH",
            "/api/v1/nodes/" + node,
            "application/merge-patch+json",
            compact(QJsonObject{{QStringLiteral("metadata"), meta}}),
            "node " + node,
            {}};
}

WriteRequest NodeWrites::cordon(const std::string &node, bool unschedulable,
                                const std::string &resourceVersion) {
    QJsonObject body{
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("unschedulable"), unschedulable}}}};
    if (!resourceVersion.empty())
        body.insert(QStringLiteral("metadata"),
                    QJsonObject{{QStringLiteral("resourceVersion"), q(resourceVersion)}});
    return {"PATCH",       "/api/v1/nodes/" + node, "application/merge-patch+json",
            compact(body), "node " + node,          {}};
}

WriteRequest NodeWrites::get(const std::string &node) {
    return {"GET", "/api/v1/nodes/" + node, "", "", "node " + node, {}};
}

namespace {

std::string objectPath(std::string collectionPath, const std::string &ns, const std::string &name) {
    if (!ns.empty()) {
        // /api/v1/pods → /api/v1/namespaces/<ns>/pods
        const auto slash = collectionPath.rfind('/');
        collectionPath =
            collectionPath.substr(0, slash) + "/namespaces/" + ns + collectionPath.substr(slash);
    }
    return collectionPath + '/' + name;
}

} // namespace

WriteRequest NodeWrites::remove(const std::string &collectionPath, const std::string &ns,
                                const std::string &name) {
    return {"DELETE",
            objectPath(collectionPath, ns, name),
            "application/json",
            R"({"propagationPolicy":"Background"})",
            name,
            {}};
}

WriteRequest NodeWrites::getObject(const std::string &collectionPath, const std::string &ns,
                                   const std::string &name) {
    return {"GET", objectPath(collectionPath, ns, name), "", "", name, {}};
}

WriteRequest NodeWrites::accessReview(const std::string &verb, const std::string &group,
                                      const std::string &resource, const std::string &ns) {
    QJsonObject attrs{{QStringLiteral("verb"), q(verb)},
                      {QStringLiteral("group"), q(group)},
                      {QStringLiteral("resource"), q(resource)}};
    if (!ns.empty())
        attrs.insert(QStringLiteral("namespace"), q(ns));
    const QJsonObject body{
        {QStringLiteral("apiVersion"), QStringLiteral("authorization.k8s.io/v1")},
        {QStringLiteral("kind"), QStringLiteral("SelfSubjectAccessReview")},
        {QStringLiteral("spec"), QJsonObject{{QStringLiteral("resourceAttributes"), attrs}}}};
    return {"POST",
            "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews",
            "application/json",
            compact(body),
            verb + ' ' + resource,
            {}};
}

bool NodeWrites::allowed(const WriteResult &result) {
    if (!result.ok())
        return false;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    bool allowed = false;
    return parser.parse(result.body).get(doc) == simdjson::SUCCESS &&
           doc["status"]["allowed"].get(allowed) == simdjson::SUCCESS && allowed;
}

std::optional<std::pair<std::map<std::string, std::string>, std::string>>
NodeWrites::labelsOf(const std::string &objectJson) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(objectJson).get(doc) != simdjson::SUCCESS)
        return std::nullopt;
    std::map<std::string, std::string> labels;
    simdjson::dom::object obj;
    if (doc["metadata"]["labels"].get(obj) == simdjson::SUCCESS)
        for (auto [key, value] : obj) {
            std::string_view v;
            if (value.get(v) == simdjson::SUCCESS)
                labels.emplace(std::string(key), std::string(v));
        }
    std::string_view rv;
    if (doc["metadata"]["resourceVersion"].get(rv) != simdjson::SUCCESS)
        return std::nullopt;
    return std::pair(std::move(labels), std::string(rv));
}

} // namespace cubedesk::k8s
