#include "k8s/sim/scalesubresource.h"

#include "k8s/sim/objectfield.h"
#include "k8s/sim/tableprinter.h"

namespace cubedesk::sim {

using nlohmann::json;

json ScaleSubresource::scaleOf(const json &object) {
    const json &meta = objectField(object, "metadata");
    json scaleMeta = json::object();
    for (const char *k : {"name", "namespace", "uid", "resourceVersion", "creationTimestamp"})
        if (meta.contains(k))
            scaleMeta[k] = meta[k];
    const json &spec = objectField(object, "spec");
    const json &status = objectField(object, "status");
    const auto integerAt = [](const json &o, const char *key) -> json {
        const auto it = o.find(key);
        return it != o.end() && it->is_number_integer() ? *it : json(0);
    };
    return {
        {"kind", "Scale"},
        {"apiVersion", "autoscaling/v1"},
        {"metadata", std::move(scaleMeta)},
        {"spec", {{"replicas", spec.contains("replicas") ? integerAt(spec, "replicas") : json(1)}}},
        {"status",
         {{"replicas", integerAt(status, "replicas")},
          {"selector", TablePrinter::labelSelectorText(objectField(spec, "selector"))}}}};
}

Result<int> ScaleSubresource::replicasOf(const json &scale, const std::string &name) {
    const json &spec = objectField(scale, "spec");
    const auto it = spec.find("replicas");
    if (it == spec.end() || !it->is_number_integer() || it->get<std::int64_t>() < 0 ||
        it->get<std::int64_t>() > 2147483647)
        return ApiError::invalid("Scale", "autoscaling", name, "spec.replicas", "FieldValueInvalid",
                                 "Invalid value: must be greater than or equal to 0");
    return static_cast<int>(it->get<std::int64_t>());
}

} // namespace cubedesk::sim
