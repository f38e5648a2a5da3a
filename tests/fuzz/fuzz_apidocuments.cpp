// The API server's documents read whole: discovery (aggregated and legacy), the CRD list's
// status kinds, and Status bodies with any HTTP status.
#include "k8s/api/apistatus.h"
#include "k8s/api/crdstatuskinds.h"
#include "k8s/api/discovery.h"
#include "tests/fuzz/fuzzinput.h"

#include <cstdint>

using namespace cubedesk::k8s;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    cubedesk::fuzz::FuzzInput in(data, size);
    const int status = 200 + in.byte() * 2;
    const std::string_view body = in.rest();
    Discovery d;
    (void)d.addAggregated(body);
    (void)d.legacyGroupVersions(body);
    (void)d.addResourceList(body);
    (void)d.find("kubeflow.org", "pytorchjobs");
    (void)CrdStatusKinds::parse(body);
    (void)ApiStatus::fromResponse(status, body, -1).toString();
    return 0;
}
