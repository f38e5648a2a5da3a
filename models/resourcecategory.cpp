#include "models/resourcecategory.h"

#include <QCoreApplication>

namespace cubedesk::models {

namespace {

struct Placement {
    std::string_view group;
    std::string_view plural; ///< "" for every type of the group
    ResourceCategory category;
};

// Built-in kinds by name; the groups that belong to one heading as a whole after them.
constexpr Placement kPlacements[] = {
    {"", "pods", ResourceCategory::Workloads},
    {"", "replicationcontrollers", ResourceCategory::Workloads},
    {"apps", "", ResourceCategory::Workloads},
    {"batch", "", ResourceCategory::Workloads},
    {"autoscaling", "", ResourceCategory::Workloads},
    {"", "services", ResourceCategory::Networking},
    {"", "endpoints", ResourceCategory::Networking},
    {"discovery.k8s.io", "", ResourceCategory::Networking},
    {"networking.k8s.io", "", ResourceCategory::Networking},
    {"gateway.networking.k8s.io", "", ResourceCategory::Networking},
    {"networking.istio.io", "", ResourceCategory::Networking},
    {"security.istio.io", "", ResourceCategory::Networking},
    {"", "configmaps", ResourceCategory::Config},
    {"", "secrets", ResourceCategory::Config},
    {"", "resourcequotas", ResourceCategory::Config},
    {"", "limitranges", ResourceCategory::Config},
    {"policy", "", ResourceCategory::Config},
    {"scheduling.k8s.io", "", ResourceCategory::Config},
    {"node.k8s.io", "", ResourceCategory::Config},
    {"coordination.k8s.io", "", ResourceCategory::Config},
    {"admissionregistration.k8s.io", "", ResourceCategory::Config},
    {"", "persistentvolumeclaims", ResourceCategory::Storage},
    {"", "persistentvolumes", ResourceCategory::Storage},
    {"storage.k8s.io", "", ResourceCategory::Storage},
    {"snapshot.storage.k8s.io", "", ResourceCategory::Storage},
    {"", "serviceaccounts", ResourceCategory::AccessControl},
    {"rbac.authorization.k8s.io", "", ResourceCategory::AccessControl},
    {"certificates.k8s.io", "", ResourceCategory::AccessControl},
    {"monitoring.coreos.com", "", ResourceCategory::Monitoring},
    {"metrics.k8s.io", "", ResourceCategory::Monitoring},
    {"", "nodes", ResourceCategory::Cluster},
    {"", "namespaces", ResourceCategory::Cluster},
    {"", "events", ResourceCategory::Cluster},
    {"events.k8s.io", "", ResourceCategory::Cluster},
    {"", "componentstatuses", ResourceCategory::Cluster},
    {"apiextensions.k8s.io", "", ResourceCategory::Cluster},
    {"apiregistration.k8s.io", "", ResourceCategory::Cluster},
    {"flowcontrol.apiserver.k8s.io", "", ResourceCategory::Cluster},
};

} // namespace

ResourceCategory ResourceCategories::of(std::string_view group, std::string_view plural) {
    for (const Placement &p : kPlacements)
        if (p.group == group && (p.plural.empty() || p.plural == plural))
            return p.category;
    // The rest of the core group is the cluster's own machinery; other groups are extensions.
    return group.empty() ? ResourceCategory::Cluster : ResourceCategory::Custom;
}

QString ResourceCategories::title(ResourceCategory category) {
    const char *text = "";
    switch (category) {
    case ResourceCategory::Workloads:
        text = QT_TRANSLATE_NOOP("cubedesk::models::ResourceCategories", "Workloads");
        break;
    case ResourceCategory::Networking:
        text = QT_TRANSLATE_NOOP("cubedesk::models::ResourceCategories", "Networking");
        break;
    case ResourceCategory::Config:
        text = QT_TRANSLATE_NOOP("cubedesk::models::ResourceCategories", "Config");
        break;
    case ResourceCategory::Storage:
        text = QT_TRANSLATE_NOOP("cubedesk::models::ResourceCategories", "Storage");
        break;
    case ResourceCategory::AccessControl:
        text = QT_TRANSLATE_NOOP("cubedesk::models::ResourceCategories", "Access control");
        break;
    case ResourceCategory::Monitoring:
        text = QT_TRANSLATE_NOOP("cubedesk::models::ResourceCategories", "Monitoring");
        break;
    case ResourceCategory::Cluster:
        text = QT_TRANSLATE_NOOP("cubedesk::models::ResourceCategories", "Cluster");
        break;
    case ResourceCategory::Custom:
        text = QT_TRANSLATE_NOOP("cubedesk::models::ResourceCategories", "Custom resources");
        break;
    }
    return QCoreApplication::translate("cubedesk::models::ResourceCategories", text);
}

} // namespace cubedesk::models
