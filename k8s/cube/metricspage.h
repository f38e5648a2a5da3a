#pragma once

// MetricsPage: one page of a metrics.k8s.io/v1beta1 list — NodeMetricsList or PodMetricsList, as
// metrics-server serves them (docs/kubernetes-api.md) — decoded: each node's or pod's CPU in
// millicores (rounded up, as kubectl's MilliValue) and memory working set in bytes, a pod's
// per-container usage, the sample's timestamp and window, and the page's continue token. A
// usage value that is missing or not a quantity leaves the item without that value (nullopt):
// unknown is never zero.
//
// Pure functions; any thread.

#include "k8s/api/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

struct MetricsPage {
    struct Usage {
        std::optional<std::int64_t> milliCpu;
        std::optional<std::int64_t> memoryBytes;
    };
    struct Container {
        std::string name;
        Usage usage;
    };
    struct Item {
        std::string ns; ///< "" for a node
        std::string name;
        std::string timestamp;
        std::string window;
        Usage usage; ///< a node's own; a pod's: the sum of its containers (unknown if any is)
        std::vector<Container> containers; ///< pods only
    };

    std::vector<Item> items;
    std::string continueToken;

    /// The path of a page: nodes or pods (every namespace), `limit` items, after `continueToken`.
    static std::string path(bool pods, std::size_t limit, std::string_view continueToken);
    /// Decodes a NodeMetricsList or PodMetricsList body; the error says what is wrong with it.
    static Result<MetricsPage, std::string> parse(std::string_view body);
};

} // namespace cubedesk::k8s
