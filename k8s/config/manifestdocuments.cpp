#include "k8s/config/manifestdocuments.h"

#include "k8s/config/yamljson.h"

#include <QCoreApplication>

#include <yaml-cpp/yaml.h>

namespace cubedesk::k8s {

namespace {

QString tr(const char *text) {
    return QCoreApplication::translate("cubedesk::k8s::ManifestDocuments", text);
}

std::string scalar(const YAML::Node &node) {
    return node && node.IsScalar() ? node.Scalar() : std::string();
}

} // namespace

ManifestDocuments::Parsed ManifestDocuments::parse(const std::string &text) {
    Parsed out;
    std::vector<YAML::Node> nodes;
    try {
        nodes = YAML::LoadAll(text);
    } catch (const YAML::Exception &e) {
        out.error = Error{e.mark.is_null() ? 0 : e.mark.line + 1,
                          e.mark.is_null() ? 0 : e.mark.column + 1, QString::fromStdString(e.msg)};
        return out;
    }
    for (const YAML::Node &node : nodes) {
        if (!node || node.IsNull())
            continue;
        const int line = node.Mark().is_null() ? 1 : node.Mark().line + 1;
        const auto fail = [&](const QString &message) {
            out.documents.clear();
            out.error = Error{line, 0, message};
            return out;
        };
        if (!node.IsMap())
            return fail(tr("a document must be an object (a map), not a list or a value"));
        QString why;
        const auto json = k8s::YamlJson::toJson(node, &why);
        if (!json)
            return fail(why);
        Document d;
        d.json = json->toStdString();
        d.apiVersion = scalar(node["apiVersion"]);
        d.kind = scalar(node["kind"]);
        d.line = line;
        const YAML::Node meta = node["metadata"];
        if (meta && meta.IsMap()) {
            d.name = scalar(meta["name"]);
            d.ns = scalar(meta["namespace"]);
        }
        if (d.apiVersion.empty())
            return fail(tr("apiVersion is missing"));
        if (d.kind.empty())
            return fail(tr("kind is missing"));
        if (d.name.empty() && (!meta || !meta.IsMap() || scalar(meta["generateName"]).empty()))
            return fail(tr("metadata.name is missing"));
        out.documents.push_back(std::move(d));
    }
    if (out.documents.empty() && !out.error)
        out.error = Error{0, 0, tr("no object: the text is empty")};
    return out;
}

} // namespace cubedesk::k8s
