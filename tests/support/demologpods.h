#pragma once

// Pods of the simulator's demo scenario that the log tests read (docs/simulator.md, "Logs").

#include <string>

namespace cubedesk::test {

/// A running inference pod: istio-init, main (the annotated default container), istio-proxy.
inline const std::string kDemoInferencePod = "infer-nlp-model-2-5c7f9d";
/// A running training master (namespace pipeline): a line every 5 s.
inline const std::string kDemoMasterPod = "pytorch-resnet50-vision-master-0";
/// A running training worker whose previous run died of a CUDA out-of-memory.
inline const std::string kDemoWorkerPod = "pytorch-resnet50-vision-worker-0";

} // namespace cubedesk::test
