#pragma once

#include "k8s/api/result.h"

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace cubedesk::sim {

/// Decodes the Kubernetes protobuf request bodies that stock kubectl sends for a few built-in
/// kinds (`application/vnd.kubernetes.protobuf`, docs/kubernetes-api.md) into the equivalent JSON:
/// Namespace and ConfigMap (`kubectl create namespace|configmap`), SelfSubjectAccessReview,
/// SelfSubjectRulesReview (`kubectl auth can-i`) and SelfSubjectReview (`kubectl auth whoami`).
/// The envelope is the 4-byte magic "k8s\0" and a runtime.Unknown carrying apiVersion, kind and
/// the object's own protobuf. Only the fields those commands send are decoded; unknown fields are
/// skipped as protobuf allows. Pure function.
class ProtobufDecoder final {
public:
    /// The object, or why the body is malformed or of a kind it does not know.
    static k8s::Result<nlohmann::json, std::string> decode(std::string_view body);
};

} // namespace cubedesk::sim
