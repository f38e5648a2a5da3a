// A kubeconfig file's bytes: KubeconfigFile::parse (YAML, the kubeconfig schema, exec
// extensions through YamlJson), and YamlJson over the whole document.
#include "k8s/config/kubeconfigfile.h"
#include "k8s/config/yamljson.h"

#include <cstdint>
#include <sstream>
#include <yaml-cpp/yaml.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    (void)cubedesk::k8s::KubeconfigFile::parse(bytes, QStringLiteral("/fuzz/config"));
    try {
        std::istringstream stream(bytes.toStdString());
        const YAML::Node root = YAML::Load(stream);
        QString why;
        (void)cubedesk::k8s::YamlJson::toJson(root, &why);
    } catch (const YAML::Exception &) {
        // yaml-cpp's own parse errors: KubeconfigFile reports them, nothing to check here
    }
    return 0;
}
