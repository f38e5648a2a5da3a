#include "k8s/api/yamlview.h"

#include <yaml-cpp/yaml.h>

namespace cubedesk::k8s {

Result<std::string, std::string> YamlView::fromJson(const std::string &json) {
    try {
        // JSON is (nearly) YAML 1.2 flow syntax; yaml-cpp reads it and writes block style.
        YAML::Node root = YAML::Load(json);
        if (!root.IsMap())
            return Failure{std::string("not a JSON object")};
        if (root["metadata"] && root["metadata"].IsMap())
            root["metadata"].remove("managedFields");
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
