#pragma once

#include "k8s/cube/clusteraccounting.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class CustomResource;
class LimitRange;
class ResourceQuota;

/// One line of the Quotas pane and of `cubedesk --dump quotas`: one resource of a
/// ResourceQuota (hard vs used), of a LimitRange item (min, max, defaults per type), of a
/// Volcano Queue (capability, deserved, guaranteed, allocated, state) or of an org's capacity
/// (allocatable vs requested, ClusterAccounting). Amounts in ResourceList units (CPU-like names
/// in millicores, the rest whole units). A plain value; any thread.
struct QuotaRow {
    enum class Kind { ResourceQuota, LimitRange, Queue, Org };
    std::string cluster;
    Kind kind = Kind::ResourceQuota;
    std::string ns; ///< "" for queues and orgs
    std::string name;
    std::string scope; ///< LimitRange item type (Container, Pod, PVC); Queue state; quota scopes
    std::string resource;
    std::optional<std::int64_t> hard; ///< quota hard, queue capability, org allocatable
    std::optional<std::int64_t> used; ///< quota used, queue allocated, org requested
    std::optional<std::int64_t> min;  ///< LimitRange
    std::optional<std::int64_t> max;
    std::optional<std::int64_t> defaultLimit;
    std::optional<std::int64_t> defaultRequest;
    std::optional<std::int64_t> deserved; ///< Queue
    std::optional<std::int64_t> guaranteed;

    /// used / hard in percent; nullopt without both or with hard 0.
    std::optional<double> percent() const;
    static const char *kindName(Kind kind);
};

/// Builds QuotaRows, sorted by kind, namespace, name, resource. Pure functions.
class QuotaRows final {
public:
    static std::vector<QuotaRow> quota(const std::string &cluster, const ResourceQuota &q);
    static std::vector<QuotaRow> limitRange(const std::string &cluster, const LimitRange &l);
    static std::vector<QuotaRow> queue(const std::string &cluster, const CustomResource &queue);
    /// Every org's cpu, memory and each GPU-like resource: allocatable vs requested.
    static std::vector<QuotaRow> orgs(const std::string &cluster, const ClusterAccounting &a);
};

} // namespace cubedesk::k8s
