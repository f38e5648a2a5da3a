#pragma once

#include "k8s/api/result.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

/// One resource a cluster serves at one group/version.
struct ApiResource {
    std::string group; ///< "" for the core group
    std::string version;
    std::string plural;
    std::string singular; ///< as served; the lower-case kind when the server names none
    std::string kind;
    bool namespaced = true;
    bool hasStatus = false;
    bool preferred = false; ///< served at the group's preferred version
    std::vector<std::string> verbs;
    std::vector<std::string> shortNames;
    std::vector<std::string> categories;

    std::string groupVersion() const { return group.empty() ? version : group + '/' + version; }
    bool can(std::string_view verb) const;
};

/// What the cluster serves (docs/kubernetes-api.md): parsed from aggregated discovery
/// (apidiscovery.k8s.io/v2, one request each for /api and /apis) or, when the server answers
/// the legacy formats (decided by the response Content-Type only), from APIVersions /
/// APIGroupList plus one APIResourceList per group-version. Pure parsing; the session fetches.
class Discovery final {
public:
    /// The Accept header that asks for aggregated discovery and accepts the legacy answer.
    static const char *acceptHeader();
    /// True when `contentType` is the aggregated-discovery media type.
    static bool isAggregated(std::string_view contentType);

    /// Adds the resources of an APIGroupDiscoveryList (the body of /api or /apis). On an error
    /// nothing was added.
    Status<std::string> addAggregated(std::string_view body);
    /// Legacy: the group-versions to fetch next from an APIVersions (/api) or APIGroupList
    /// (/apis) body, as "v1" or "group/version"; records each group's preferred version.
    Result<std::vector<std::string>, std::string> legacyGroupVersions(std::string_view body);
    /// Legacy: adds the resources of one APIResourceList (/api/v1, /apis/G/V). On an error
    /// nothing was added.
    Status<std::string> addResourceList(std::string_view body);

    const std::vector<ApiResource> &resources() const { return m_resources; }
    /// The resource for group + plural at the preferred version, if served.
    std::optional<ApiResource> find(std::string_view group, std::string_view plural) const;
    /// The resource for group + kind at the preferred version, if served.
    std::optional<ApiResource> findKind(std::string_view group, std::string_view kind) const;
    /// The resource a user means by `name`, as kubectl 1.32 resolves a resource argument:
    /// "RESOURCE", "RESOURCE.GROUP" or "RESOURCE.VERSION.GROUP", where RESOURCE is a short name
    /// (first), a plural or a singular name, in any case ("deploy", "Deployment",
    /// "deployments.apps", "jobs.v1.batch"); subresources are not resources. When several
    /// groups serve the name, the first in discovery order wins, as kubectl's priority does
    /// (the core group, then the server's group order); without a version, the group's
    /// preferred one.
    std::optional<ApiResource> resolve(std::string_view name) const;

private:
    void markPreferred();

    std::vector<ApiResource> m_resources;
    std::map<std::string, std::string> m_preferred; ///< group → preferred version
};

} // namespace cubedesk::k8s
