#pragma once

// How long ago, the way kubectl prints it: apimachinery's duration.HumanDuration, which fills the
// AGE column of `kubectl get` and every age and duration CubeDesk shows ("45s", "5m30s", "179m",
// "3h30m", "47h", "2d5h", "8d", "2y10d", "8y"). Up to a second in the future counts as clock
// skew ("0s"); further is "<invalid>". One implementation for the simulator's Table printer and
// the window's tables; docs/kubernetes-api.md states the rules.
// Thread-safety: a pure function.

#include <chrono>
#include <string>

namespace cubedesk::k8s {

/// `d` in kubectl's short form.
std::string humanDuration(std::chrono::seconds d);

} // namespace cubedesk::k8s
