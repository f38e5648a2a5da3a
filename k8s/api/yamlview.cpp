#include "k8s/api/yamlview.h"

#include "k8s/api/goyamlscalar.h"

#include <yaml-cpp/yaml.h>

namespace cubedesk::k8s {

namespace {

/// The size of what base64 `text` decodes to.
std::size_t decodedSize(const std::string &text) {
    std::size_t padding = 0;
    for (auto it = text.rbegin(); it != text.rend() && *it == '=' && padding < 2; ++it)
        ++padding;
    return text.size() / 4 * 3 - (text.size() % 4 == 0 ? padding : 0);
}

void maskSecretValues(YAML::Node root, const std::set<std::string> &revealed) {
    if (!root["kind"] || !root["kind"].IsScalar() || root["kind"].Scalar() != "Secret")
        return;
    // `kubectl apply` keeps the whole object, values included, in an annotation.
    YAML::Node annotations = root["metadata"] ? root["metadata"]["annotations"] : YAML::Node();
    if (annotations && annotations.IsMap()) {
        YAML::Node applied = annotations["kubectl.kubernetes.io/last-applied-configuration"];
        if (applied && applied.IsScalar())
            applied = YamlView::maskedValue(applied.Scalar().size());
    }
    for (const char *field : {"data", "stringData"}) {
        YAML::Node values = root[field];
        if (!values || !values.IsMap())
            continue;
        const bool base64 = std::string(field) == "data";
        for (auto entry : values) {
            const std::string key = entry.first.as<std::string>();
            if (revealed.count(key) != 0 || !entry.second.IsScalar())
                continue;
            const std::string &value = entry.second.Scalar();
            entry.second = YamlView::maskedValue(base64 ? decodedSize(value) : value.size());
        }
    }
}

/// `node` into `out`. yaml-cpp writes a scalar plain whenever YAML allows it, so the JSON string
/// "true" would come out as the boolean true: a string of the JSON (a quoted scalar, tag "!")
/// that go-yaml would read as anything but a string is written double-quoted, as kubectl does.
void emit(YAML::Emitter &out, const YAML::Node &node) {
    switch (node.Type()) {
    case YAML::NodeType::Map:
        out << YAML::BeginMap;
        for (const auto &entry : node) {
            out << YAML::Key;
            emit(out, entry.first);
            out << YAML::Value;
            emit(out, entry.second);
        }
        out << YAML::EndMap;
        break;
    case YAML::NodeType::Sequence:
        out << YAML::BeginSeq;
        for (const auto &item : node)
            emit(out, item);
        out << YAML::EndSeq;
        break;
    case YAML::NodeType::Scalar:
        if (node.Tag() == "!" &&
            GoYamlScalar::resolve(node.Scalar()).kind != GoYamlScalar::Kind::String)
            out << YAML::DoubleQuoted;
        out << node.Scalar();
        break;
    default:
        out << node;
        break;
    }
}

std::string blockYaml(const YAML::Node &root) {
    YAML::Emitter out;
    out.SetIndent(2);
    out.SetMapFormat(YAML::Block);
    out.SetSeqFormat(YAML::Block);
    emit(out, root);
    return std::string(out.c_str()) + "\n";
}

} // namespace

std::string YamlView::maskedValue(std::size_t bytes) {
    return "<hidden: " + std::to_string(bytes) + " bytes>";
}

Result<std::string, std::string> YamlView::fromJson(const std::string &json,
                                                    const std::set<std::string> &revealed) {
    try {
        // JSON is (nearly) YAML 1.2 flow syntax; yaml-cpp reads it and writes block style.
        YAML::Node root = YAML::Load(json);
        if (!root.IsMap())
            return Failure{std::string("not a JSON object")};
        if (root["metadata"] && root["metadata"].IsMap())
            root["metadata"].remove("managedFields");
        maskSecretValues(root, revealed);
        return blockYaml(root);
    } catch (const YAML::Exception &e) {
        return Failure{std::string(e.what())};
    }
}

Result<std::string, std::string> YamlView::documentFromJson(const std::string &json) {
    try {
        return blockYaml(YAML::Load(json));
    } catch (const YAML::Exception &e) {
        return Failure{std::string(e.what())};
    }
}

} // namespace cubedesk::k8s
