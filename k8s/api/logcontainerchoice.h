#pragma once

// LogContainerChoice: which container's log to read when none was named, by kubectl 1.32's rule
// (podcmd.FindOrDefaultContainerByName): the `kubectl.kubernetes.io/default-container`
// annotation when it names a container of the pod (init and ephemeral ones included), else the
// first container — with the notices kubectl writes to standard error.
//
// Thread-safety: pure functions.

#include <string>
#include <vector>

namespace cubedesk::k8s {

struct LogContainerChoice {
    std::string container; ///< empty when the pod has no container
    /// What kubectl prints on stderr for this choice ("" for none), each ending with "\n":
    /// "Default container name \"x\" not found in pod p" and/or
    /// "Defaulted container \"a\" out of: a, b, c (ephem), i (init)".
    std::string notice;

    static LogContainerChoice choose(const std::string &podName, const std::string &annotation,
                                     const std::vector<std::string> &containers,
                                     const std::vector<std::string> &initContainers,
                                     const std::vector<std::string> &ephemeralContainers);
};

} // namespace cubedesk::k8s
