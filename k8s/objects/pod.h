#pragma once

// Pod: the slim projection of a Pod that the panes, the per-node/per-org aggregates and the
// pending-pod explanations need (docs/platform.md, docs/cache.md). Target: at most 250
// bytes of heap per cached pod on average, all-in — the object with its control block, tail and
// labels, its share of the StringPool and the Reflector's store index (measured by
// tests/k8s/objects/memory_test.cpp: ~237 B for the 15k-pod scale cluster, ~187 B of it the
// object).
//
// Resources (ResourceList units: CPU in millicores, everything else in whole units, bytes for
// memory):
//   * requests(): sum over spec.containers, a missing request defaulting to that container's
//     limit (as the API server defaults it);
//   * limits(): sum over spec.containers of the declared limits;
//   * effectiveRequests(): what the scheduler reserves (k8s.io/component-helpers resource
//     PodRequests): max(sum of containers + restartable init (sidecar) containers, for each init
//     container its request plus the sidecars started before it), plus spec.overhead.
// Every resource name is kept (nvidia.com/gpu, nvidia.com/mig-1g.10gb, nvidia.com/gpucores, ...).
//
// Other fields: node name, phase, QoS class (status.qosClass; computed by the Kubernetes rules
// when absent), the PodScheduled condition (status, reason, message: why a pod is pending),
// start time, deletion timestamp, restarts and ready/total containers counted as kubectl does
// (app containers plus sidecars), scheduler name, the org selector (nodeSelector `org`, else the
// first value of a required node-affinity `In` term on `org`), the user (first of the labels
// run-rtx, user, rtx-user, run-username, username) and the `project` annotation.
//
// Immutable; any thread may read it (see KubeObject for ownership and layout).

#include "k8s/objects/kubeobject.h"
#include "k8s/objects/resourceentry.h"
#include "k8s/objects/resourcelist.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace cubedesk::k8s {

class Pod final : public KubeObject {
public:
    enum class Phase : std::uint8_t { Unknown, Pending, Running, Succeeded, Failed };
    enum class QosClass : std::uint8_t { Unknown, BestEffort, Burstable, Guaranteed };
    enum class ConditionStatus : std::uint8_t { Absent, True, False, Unknown };

    Pod() = default;

    std::string_view nodeName() const { return string(m_nodeName); }
    StringId nodeNameId() const { return m_nodeName; }
    std::string_view schedulerName() const { return string(m_schedulerName); }
    std::string_view project() const { return string(m_project); }
    /// The org (resource group) the pod selects; "" when it selects none.
    std::string_view org() const { return string(m_org); }
    StringId orgId() const { return m_org; }
    std::string_view user() const { return string(m_user); }

    Phase phase() const { return m_phase; }
    static std::string_view phaseName(Phase phase);
    QosClass qosClass() const { return m_qos; }
    static std::string_view qosClassName(QosClass qos);

    ConditionStatus podScheduledStatus() const { return m_scheduled; }
    std::string_view podScheduledReason() const;
    std::string_view podScheduledMessage() const;

    std::uint32_t restartCount() const { return m_restartCount; }
    /// Saturate at 255.
    unsigned readyContainers() const { return m_ready; }
    unsigned totalContainers() const { return m_total; }

    std::optional<std::int64_t> startTime() const;
    std::optional<std::int64_t> deletionTimestamp() const;

    ResourceList requests() const;
    ResourceList limits() const;
    ResourceList effectiveRequests() const;

private:
    friend class ObjectDecoder;

    enum Flag : std::uint8_t {
        RequestCpu = 1,
        RequestMemory = 2,
        LimitCpu = 4,
        LimitMemory = 8,
        HasEffective = 16, ///< effective requests differ from requests(): kept in the tail
        HasDeletion = 32,
        HasScheduledDetail = 64,
        HasStartTime = 128,
    };
    /// Tail section: effective requests when they differ from requests().
    struct EffectiveHeader {
        std::int64_t cpu = 0;
        std::int64_t memory = 0;
        std::uint32_t otherCount = 0;
        std::uint8_t fixed = 0;
    };
    /// Tail section: the PodScheduled condition's reason and message.
    struct ScheduledDetail {
        StringId reason = StringId::Empty;
        TailText message;
    };

    std::size_t extraRequestsOffset() const { return sizeof(Pod); }
    std::size_t extraLimitsOffset() const {
        return extraRequestsOffset() + m_extraRequests * sizeof(ResourceEntry);
    }
    std::size_t effectiveOffset() const {
        return extraLimitsOffset() + m_extraLimits * sizeof(ResourceEntry);
    }
    std::size_t deletionOffset() const;
    std::size_t scheduledOffset() const {
        return deletionOffset() + ((m_flags & HasDeletion) ? sizeof(std::int64_t) : 0);
    }
    static constexpr std::uint8_t fixedMask(bool cpu, bool memory) {
        return static_cast<std::uint8_t>((cpu ? ResourceList::HasCpu : 0) |
                                         (memory ? ResourceList::HasMemory : 0));
    }

    StringId m_nodeName = StringId::Empty;
    StringId m_schedulerName = StringId::Empty;
    StringId m_project = StringId::Empty;
    StringId m_org = StringId::Empty;
    StringId m_user = StringId::Empty;
    Phase m_phase = Phase::Unknown;
    QosClass m_qos = QosClass::Unknown;
    ConditionStatus m_scheduled = ConditionStatus::Absent;
    std::uint8_t m_flags = 0;
    std::uint32_t m_restartCount = 0;
    std::uint8_t m_ready = 0;
    std::uint8_t m_total = 0;
    std::uint8_t m_extraRequests = 0; ///< other request entries in the tail
    std::uint8_t m_extraLimits = 0;
    // CPU in millicores fits 32 bits for any real pod (2,147 cores); a larger amount is kept as
    // a "cpu" entry among the tail's others instead, so nothing is ever truncated.
    std::int32_t m_requestCpu = 0;
    std::int32_t m_limitCpu = 0;
    std::int64_t m_startTime = 0;
    std::int64_t m_requestMemory = 0;
    std::int64_t m_limitMemory = 0;
};

static_assert(sizeof(Pod) == 120);

} // namespace cubedesk::k8s
