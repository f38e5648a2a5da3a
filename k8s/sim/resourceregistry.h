#pragma once

#include "k8s/sim/resourcetype.h"

#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::sim {

/// Which resources the simulator serves: the built-in kinds plus whatever the stored
/// CustomResourceDefinitions declare, and the discovery documents that describe them
/// (legacy APIVersions/APIGroupList/APIResourceList and aggregated APIGroupDiscoveryList,
/// docs/kubernetes-api.md).
///
/// Thread-safety: all members may be called from any thread (one mutex); lookups return copies.
class ResourceRegistry final {
public:
    ResourceRegistry();

    /// The type served at group/version/plural, if any.
    std::optional<ResourceType> find(const std::string &group, const std::string &version,
                                     const std::string &plural) const;
    /// The built-in core type of that kind (Pod, Node, ...). Aborts on an unknown kind: callers
    /// name built-ins only.
    ResourceType core(const std::string &plural) const;
    /// Every version of a group/plural (a CRD may serve several).
    std::vector<ResourceType> versionsOf(const std::string &group, const std::string &plural) const;
    /// The CRD's preferred (storage) version type, for a group/kind pair.
    std::optional<ResourceType> findByKind(const std::string &group, const std::string &kind) const;

    /// Serves metrics.k8s.io/v1beta1 (NodeMetrics as "nodes", PodMetrics as "pods"; get and
    /// list), the aggregated API metrics-server registers. Without it the group is absent and
    /// its paths answer 404, as on a cluster without metrics-server.
    void serveMetricsApi();

    /// Registers or replaces the resource a CRD object declares; returns an error text when the
    /// CRD is invalid (missing group, names or versions).
    std::optional<std::string> applyCrd(const nlohmann::json &crd);
    /// Removes the types of that CRD; returns them so their objects can be dropped.
    std::vector<ResourceType> removeCrd(const nlohmann::json &crd);

    nlohmann::json versionDocument() const;
    nlohmann::json legacyCoreVersions() const;                                 ///< GET /api
    nlohmann::json legacyGroupList() const;                                    ///< GET /apis
    std::optional<nlohmann::json> legacyGroup(const std::string &group) const; ///< /apis/G
    std::optional<nlohmann::json> resourceList(const std::string &group,
                                               const std::string &version) const;
    nlohmann::json aggregatedCore() const;   ///< GET /api, aggregated
    nlohmann::json aggregatedGroups() const; ///< GET /apis, aggregated

private:
    struct GroupVersion {
        std::string group;
        std::string version;
        std::vector<ResourceType> resources;
    };
    void addBuiltin(ResourceType t);
    std::vector<std::string> groupOrder() const;
    std::vector<std::string> versionsOfGroup(const std::string &group) const;
    nlohmann::json aggregatedGroup(const std::string &group) const;
    /// The types served at group/version, or null; the caller holds m_mutex.
    const std::map<std::string, ResourceType> *typesAt(const std::string &group,
                                                       const std::string &version) const;

    mutable std::mutex m_mutex;
    /// group → version → plural → type. Versions of a group are kept in preference order.
    std::map<std::string, std::map<std::string, std::map<std::string, ResourceType>>> m_types;
    std::map<std::string, std::vector<std::string>>
        m_versionOrder; ///< group → versions, preferred first
};

} // namespace cubedesk::sim
