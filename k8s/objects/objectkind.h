#pragma once

// ObjectKind: which projection an object is (and which decoder path produced it).

#include <cstdint>
#include <string_view>

namespace cubedesk::k8s {

enum class ObjectKind : std::uint8_t {
    Pod,
    Node,
    Namespace,
    ResourceQuota,
    LimitRange,
    Event,
    CustomResource, ///< any other kind (Kubeflow/Volcano/Spark/Argo jobs, ...), generic fields
    TableRow,       ///< any kind, as a row of the server's Table (the resource browser)
};

/// "Pod", "Node", ...; "CustomResource" for the generic projection.
constexpr std::string_view objectKindName(ObjectKind kind) {
    switch (kind) {
    case ObjectKind::Pod:
        return "Pod";
    case ObjectKind::Node:
        return "Node";
    case ObjectKind::Namespace:
        return "Namespace";
    case ObjectKind::ResourceQuota:
        return "ResourceQuota";
    case ObjectKind::LimitRange:
        return "LimitRange";
    case ObjectKind::Event:
        return "Event";
    case ObjectKind::CustomResource:
        return "CustomResource";
    case ObjectKind::TableRow:
        return "TableRow";
    }
    return "CustomResource";
}

} // namespace cubedesk::k8s
