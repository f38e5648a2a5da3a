#pragma once

// Test helpers for the GPU tests of tests/k8s/cube: the real fixtures of
// tests/fixtures/real/k8s (nvidia-smi topo -m outputs, GFD node label
// maps), and Node/Pod objects decoded by the real ObjectDecoder from JSON built with
// nlohmann::json. A missing fixture fails the test loudly; nothing is skipped.

#include "k8s/objects/node.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/stringpool.h"
#include "tests/support/decodeas.h"
#include "tests/support/fixturefiles.h"

#include <gtest/gtest.h>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace cubedesk::k8s::gputest {

/// The bytes of tests/fixtures/real/k8s/<name>; fails the test when unreadable. (Also called
/// while ctest lists the tests: some broken-input cases are built from a fixture when the suite
/// is instantiated, so the path must not depend on the tests' environment.)
inline std::string realFixture(const std::string &name) {
    std::optional<std::string> bytes = cubedesk::test::readFixtureFile("k8s/" + name);
    if (!bytes) {
        ADD_FAILURE() << "cannot read fixture " << cubedesk::test::fixturePath("k8s/" + name);
        return {};
    }
    return std::move(*bytes);
}

/// Builds and decodes Nodes and Pods.
class Objects {
public:
    ObjectDecoder decoder{StringPool::create()};

    /// A node with `labels`, capacity = allocatable = `allocatable` (plus cpu/memory), Ready
    /// unless told, and optionally the topology annotation and taints.
    std::shared_ptr<const Node> node(const std::string &name, nlohmann::json labels,
                                     nlohmann::json allocatable, bool ready = true,
                                     const std::string &topology = {}, bool cordoned = false,
                                     const nlohmann::json &taints = nlohmann::json::array()) {
        if (!allocatable.contains("cpu"))
            allocatable["cpu"] = "64";
        if (!allocatable.contains("memory"))
            allocatable["memory"] = "256Gi";
        nlohmann::json meta = {{"name", name}, {"resourceVersion", "1"}, {"labels", labels}};
        if (!topology.empty())
            meta["annotations"] = {{"cubedesk.io/gpu-topology", topology}};
        nlohmann::json spec = nlohmann::json::object();
        if (cordoned)
            spec["unschedulable"] = true;
        if (!taints.empty())
            spec["taints"] = taints;
        nlohmann::json n = {
            {"metadata", meta},
            {"spec", spec},
            {"status",
             {{"capacity", allocatable},
              {"allocatable", allocatable},
              {"conditions", nlohmann::json::array(
                                 {{{"type", "Ready"}, {"status", ready ? "True" : "False"}}})}}}};
        return testing::decodeAs<Node>(decoder, ObjectKind::Node, n.dump());
    }

    /// A pod on `nodeName` ("" = unbound) requesting `requests` in one container.
    std::shared_ptr<const Pod> pod(const std::string &ns, const std::string &name,
                                   const std::string &nodeName, nlohmann::json requests,
                                   const std::string &phase = "Running") {
        nlohmann::json spec = {
            {"containers",
             nlohmann::json::array({{{"name", "main"}, {"resources", {{"requests", requests}}}}})}};
        if (!nodeName.empty())
            spec["nodeName"] = nodeName;
        nlohmann::json p = {{"metadata",
                             {{"name", name},
                              {"namespace", ns},
                              {"resourceVersion", "2"},
                              {"labels", {{"user", "alice"}}}}},
                            {"spec", spec},
                            {"status", {{"phase", phase}}}};
        return testing::decodeAs<Pod>(decoder, ObjectKind::Pod, p.dump());
    }
};

/// The labels of a GFD label-map fixture (a JSON object of label → value).
inline nlohmann::json labelsFixture(const std::string &name) {
    const std::string text = realFixture(name);
    if (text.empty())
        return nlohmann::json::object();
    auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_array() && !j.empty())
        j = j.front();
    EXPECT_TRUE(j.is_object()) << name;
    return j.is_object() ? j : nlohmann::json::object();
}

} // namespace cubedesk::k8s::gputest

namespace cubedesk::k8s::gputest {

/// `nvidia-smi topo -m` text of n GPUs: link(a, b) gives each cell, numa(g) each NUMA affinity.
template <class LinkFn, class NumaFn>
std::string topoText(int n, LinkFn link, NumaFn numa) {
    std::string out;
    for (int g = 0; g < n; ++g)
        out += "\tGPU" + std::to_string(g);
    out += "\tCPU Affinity\tNUMA Affinity\n";
    for (int a = 0; a < n; ++a) {
        out += "GPU" + std::to_string(a);
        for (int b = 0; b < n; ++b)
            out += '\t' + (a == b ? std::string(" X ") : std::string(link(a, b)));
        out += "\t" + std::to_string(numa(a) * 32) + '-' + std::to_string(numa(a) * 32 + 31) +
               '\t' + std::to_string(numa(a)) + '\n';
    }
    return out;
}

/// 8 PCIe GPUs, 0-3 on NUMA 0 and 4-7 on NUMA 1, no NVLink.
inline std::string pcieBox() {
    return topoText(
        8, [](int a, int b) { return (a < 4) == (b < 4) ? "NODE" : "SYS"; },
        [](int g) { return g < 4 ? 0 : 1; });
}

/// 8 GPUs in two NVLink islands (0-3, 4-7) that coincide with the two NUMA nodes.
inline std::string twoIslands() {
    return topoText(
        8, [](int a, int b) { return (a < 4) == (b < 4) ? "NV4" : "SYS"; },
        [](int g) { return g < 4 ? 0 : 1; });
}

/// 16 PCIe GPUs over two NUMA nodes (too many to enumerate every free set).
inline std::string sixteen() {
    return topoText(
        16, [](int a, int b) { return (a < 8) == (b < 8) ? "PIX" : "SYS"; },
        [](int g) { return g < 8 ? 0 : 1; });
}

} // namespace cubedesk::k8s::gputest
