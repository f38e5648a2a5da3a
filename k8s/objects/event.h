#pragma once

// Event: the slim projection of a core/v1 Event (also what events.k8s.io/v1 serves through the
// core API): what happened (type, reason, message), to which object, how often and when.
// firstTimestamp/lastTimestamp fall back to eventTime and series.lastObservedTime, as kubectl
// does for events written by the new API.
//
// Immutable; any thread may read it (see KubeObject for ownership).

#include "k8s/objects/kubeobject.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class Event final : public KubeObject {
public:
    Event() = default;

    std::string_view type() const { return string(m_type); } ///< Normal, Warning
    std::string_view reason() const { return string(m_reason); }
    const std::string &message() const { return m_message; }

    std::string_view involvedKind() const { return string(m_involvedKind); }
    std::string_view involvedNamespace() const { return string(m_involvedNamespace); }
    const std::string &involvedName() const { return m_involvedName; }
    std::string_view involvedFieldPath() const { return m_involvedFieldPath; }

    /// The component that reported it (source.component, else reportingComponent).
    std::string_view source() const { return string(m_source); }
    std::string_view sourceHost() const { return string(m_sourceHost); }

    std::int32_t count() const { return m_count; }
    std::int64_t firstTimestamp() const { return m_first; }
    std::int64_t lastTimestamp() const { return m_last; }

private:
    friend class ObjectDecoder;
    StringId m_type = StringId::Empty;
    StringId m_reason = StringId::Empty;
    StringId m_involvedKind = StringId::Empty;
    StringId m_involvedNamespace = StringId::Empty;
    StringId m_source = StringId::Empty;
    StringId m_sourceHost = StringId::Empty;
    std::int32_t m_count = 0;
    std::int64_t m_first = 0;
    std::int64_t m_last = 0;
    std::string m_message;
    std::string m_involvedName;
    std::string m_involvedFieldPath;
};

} // namespace cubedesk::k8s
