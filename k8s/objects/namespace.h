#pragma once

// Namespace: the slim projection of a Namespace (identity, labels, status.phase).
//
// Immutable; any thread may read it (see KubeObject for ownership).

#include "k8s/objects/kubeobject.h"

#include <string_view>

namespace cubedesk::k8s {

class Namespace final : public KubeObject {
public:
    Namespace() = default;

    /// status.phase: "Active", "Terminating" ("" when absent).
    std::string_view phase() const { return string(m_phase); }

private:
    friend class ObjectDecoder;
    StringId m_phase = StringId::Empty;
};

} // namespace cubedesk::k8s
