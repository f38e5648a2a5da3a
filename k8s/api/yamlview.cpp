#include "k8s/api/yamlview.h"

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
        YAML::Emitter out;
        out.SetIndent(2);
        out.SetMapFormat(YAML::Block);
        out.SetSeqFormat(YAML::Block);
        out << root;
        return std::string(out.c_str()) + "\n";
    } catch (const YAML::Exception &e) {
        return Failure{std::string(e.what())};
    }
}

} // namespace cubedesk::k8s
