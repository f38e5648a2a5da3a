#pragma once
// ResourceCategory: where the resource browser's navigator files a resource type — the groups an
// admin looks for (Workloads, Networking with the Istio routes, Config, Storage, Access control,
// Monitoring with the Prometheus operator's kinds, Cluster), and every other API group under
// Custom resources by its group name.
// Thread-safety: pure functions (any thread).

#include <QString>

#include <string_view>

namespace cubedesk::models {

enum class ResourceCategory {
    Workloads,
    Networking,
    Config,
    Storage,
    AccessControl,
    Monitoring,
    Cluster,
    Custom,
};

struct ResourceCategories {
    /// The category of `plural` in API group `group` ("" for the core group).
    static ResourceCategory of(std::string_view group, std::string_view plural);
    /// The navigator's heading, translated.
    static QString title(ResourceCategory category);
    /// Every category, in the navigator's order.
    static constexpr ResourceCategory all[] = {
        ResourceCategory::Workloads, ResourceCategory::Networking,    ResourceCategory::Config,
        ResourceCategory::Storage,   ResourceCategory::AccessControl, ResourceCategory::Monitoring,
        ResourceCategory::Cluster,   ResourceCategory::Custom};
};

} // namespace cubedesk::models
