#pragma once

#include "k8s/objects/objectkind.h"

#include <string>

namespace cubedesk::k8s {

/// Which collection a watch follows: the API path pieces and the projection to decode into.
struct ResourceDescriptor {
    ObjectKind kind = ObjectKind::CustomResource;
    std::string group; ///< "" for the core group
    std::string version = "v1";
    std::string plural;
    bool namespaced = true;

    /// "/api/v1/pods", "/apis/kubeflow.org/v1/pytorchjobs" (all namespaces).
    std::string collectionPath() const {
        return group.empty() ? "/api/" + version + '/' + plural
                             : "/apis/" + group + '/' + version + '/' + plural;
    }
    std::string id() const { return group.empty() ? plural : plural + '.' + group; }

    static ResourceDescriptor nodes() { return {ObjectKind::Node, "", "v1", "nodes", false}; }
    static ResourceDescriptor pods() { return {ObjectKind::Pod, "", "v1", "pods", true}; }
    static ResourceDescriptor namespaces() {
        return {ObjectKind::Namespace, "", "v1", "namespaces", false};
    }
};

} // namespace cubedesk::k8s
