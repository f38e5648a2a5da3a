#include "k8s/objects/pod.h"

namespace cubedesk::k8s {

std::string_view Pod::phaseName(Phase phase) {
    switch (phase) {
    case Phase::Pending:
        return "Pending";
    case Phase::Running:
        return "Running";
    case Phase::Succeeded:
        return "Succeeded";
    case Phase::Failed:
        return "Failed";
    case Phase::Unknown:
        break;
    }
    return "Unknown";
}

std::string_view Pod::qosClassName(QosClass qos) {
    switch (qos) {
    case QosClass::BestEffort:
        return "BestEffort";
    case QosClass::Burstable:
        return "Burstable";
    case QosClass::Guaranteed:
        return "Guaranteed";
    case QosClass::Unknown:
        break;
    }
    return "";
}

std::size_t Pod::deletionOffset() const {
    std::size_t offset = effectiveOffset();
    if (m_flags & HasEffective)
        offset += sizeof(EffectiveHeader) +
                  tailAt<EffectiveHeader>(offset)->otherCount * sizeof(ResourceEntry);
    return offset;
}

std::string_view Pod::podScheduledReason() const {
    if (!(m_flags & HasScheduledDetail))
        return {};
    return string(tailAt<ScheduledDetail>(scheduledOffset())->reason);
}

std::string_view Pod::podScheduledMessage() const {
    if (!(m_flags & HasScheduledDetail))
        return {};
    return tailText(tailAt<ScheduledDetail>(scheduledOffset())->message);
}

std::optional<std::int64_t> Pod::startTime() const {
    if (!(m_flags & HasStartTime))
        return std::nullopt;
    return m_startTime;
}

std::optional<std::int64_t> Pod::deletionTimestamp() const {
    if (!(m_flags & HasDeletion))
        return std::nullopt;
    return *tailAt<std::int64_t>(deletionOffset());
}

ResourceList Pod::requests() const {
    return ResourceList(pool(), fixedMask(m_flags & RequestCpu, m_flags & RequestMemory),
                        m_requestCpu, m_requestMemory, tailAt<ResourceEntry>(extraRequestsOffset()),
                        m_extraRequests);
}

ResourceList Pod::limits() const {
    return ResourceList(pool(), fixedMask(m_flags & LimitCpu, m_flags & LimitMemory), m_limitCpu,
                        m_limitMemory, tailAt<ResourceEntry>(extraLimitsOffset()), m_extraLimits);
}

ResourceList Pod::effectiveRequests() const {
    if (!(m_flags & HasEffective))
        return requests();
    const auto *header = tailAt<EffectiveHeader>(effectiveOffset());
    return ResourceList(pool(), header->fixed, header->cpu, header->memory,
                        tailAt<ResourceEntry>(effectiveOffset() + sizeof(EffectiveHeader)),
                        header->otherCount);
}

} // namespace cubedesk::k8s
