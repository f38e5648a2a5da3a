#pragma once

#include <nlohmann/json.hpp>
#include <vector>

namespace cubedesk::sim {

/// The CustomResourceDefinitions a CubeStudio-style cluster has installed (docs/simulator.md):
/// Kubeflow training jobs (kubeflow.org v1, MPIJob also v2beta1), the platform's legacy groups,
/// Volcano, Spark, Argo, Istio, prometheus-operator (monitoring.coreos.com) and
/// NodeResourceTopology — as CRD documents, created through the
/// same path as a user's CRD. Pure function.
std::vector<nlohmann::json> builtinCrds();

} // namespace cubedesk::sim
