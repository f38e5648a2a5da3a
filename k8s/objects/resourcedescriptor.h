#pragma once

#include "k8s/api/urlescape.h"
#include "k8s/objects/objectkind.h"

#include <string>
#include <utility>

namespace cubedesk::k8s {

/// Which collection a watch follows: the API path pieces, the projection to decode into
/// (ObjectKind::TableRow: the server's Table rows), and optionally one namespace and selectors.
struct ResourceDescriptor {
    ResourceDescriptor() = default;
    ResourceDescriptor(ObjectKind kind, std::string group, std::string version, std::string plural,
                       bool namespaced)
        : kind(kind)
        , group(std::move(group))
        , version(std::move(version))
        , plural(std::move(plural))
        , namespaced(namespaced) {}

    ObjectKind kind = ObjectKind::CustomResource;
    std::string group; ///< "" for the core group
    std::string version = "v1";
    std::string plural;
    bool namespaced = true;
    std::string namespaceScope; ///< a namespaced resource in this namespace only; "": all
    std::string labelSelector;  ///< passed to the server as it is ("": everything)
    std::string fieldSelector;

    /// "/api/v1/pods", "/apis/kubeflow.org/v1/pytorchjobs" (all namespaces),
    /// "/api/v1/namespaces/NS/pods" with a namespace scope.
    std::string collectionPath() const {
        std::string path = group.empty() ? "/api/" + version : "/apis/" + group + '/' + version;
        if (namespaced && !namespaceScope.empty())
            path += "/namespaces/" + UrlEscape::segment(namespaceScope);
        return path + '/' + plural;
    }
    /// "&labelSelector=…&fieldSelector=…" for the selectors that are set, escaped; "" for none.
    std::string selectorQuery() const {
        std::string query;
        if (!labelSelector.empty())
            query += "&labelSelector=" + UrlEscape::queryValue(labelSelector);
        if (!fieldSelector.empty())
            query += "&fieldSelector=" + UrlEscape::queryValue(fieldSelector);
        return query;
    }
    std::string id() const { return group.empty() ? plural : plural + '.' + group; }

    static ResourceDescriptor nodes() { return {ObjectKind::Node, "", "v1", "nodes", false}; }
    static ResourceDescriptor pods() { return {ObjectKind::Pod, "", "v1", "pods", true}; }
    static ResourceDescriptor namespaces() {
        return {ObjectKind::Namespace, "", "v1", "namespaces", false};
    }
};

} // namespace cubedesk::k8s
