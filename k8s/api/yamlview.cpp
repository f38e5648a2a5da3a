#include "k8s/api/yamlview.h"

#include <yaml-cpp/yaml.h>

namespace cubedesk::k8s {

std::optional<std::string> YamlView::fromJson(const std::string &json, std::string *error) {
    try {
        // JSON is (nearly) YAML 1.2 flow syntax; yaml-cpp reads it and writes block style.
        YAML::Node root = YAML::Load(json);
        if (!root.IsMap()) {
            if (error)
                *error = "not a JSON object";
            return std::nullopt;
        }
        if (root["metadata"] && root["metadata"].IsMap())
            root["metadata"].remove("managedFields");
        YAML::Emitter out;
        out.SetIndent(2);
        out.SetMapFormat(YAML::Block);
        out.SetSeqFormat(YAML::Block);
        out << root;
        return std::string(out.c_str()) + "\n";
    } catch (const YAML::Exception &e) {
        if (error)
            *error = e.what();
        return std::nullopt;
    }
}

} // namespace cubedesk::k8s
