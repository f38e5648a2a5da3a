#include "k8s/cube/nrttopologyparser.h"

#include "k8s/api/asciicase.h"
#include "k8s/api/jsonfields.h"
#include "k8s/api/quantity.h"
#include "k8s/cube/gputopologyparser.h"

#include <algorithm>
#include <cctype>
#include <map>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace {

using simdjson::dom::array;
using simdjson::dom::element;
using simdjson::dom::object;

/// A quantity given as a string ("4", "128Gi") or a number; nullopt when absent or malformed.
std::optional<std::int64_t> amount(element e) {
    std::string_view s;
    if (e.get(s) == simdjson::SUCCESS) {
        const auto q = Quantity::parse(s);
        return q ? std::optional<std::int64_t>(q->value()) : std::nullopt;
    }
    std::int64_t i = 0;
    if (e.get(i) == simdjson::SUCCESS)
        return i;
    std::uint64_t u = 0;
    if (e.get(u) == simdjson::SUCCESS)
        return static_cast<std::int64_t>(std::min<std::uint64_t>(u, INT64_MAX));
    double d = 0;
    if (e.get(d) == simdjson::SUCCESS && d >= 0)
        return static_cast<std::int64_t>(d);
    return std::nullopt;
}

std::optional<std::int64_t> field(element e, const char *key) {
    element v;
    if (e[key].get(v) != simdjson::SUCCESS)
        return std::nullopt;
    return amount(v);
}

std::optional<int> trailingNumber(std::string_view name) {
    std::size_t i = name.size();
    while (i > 0 && std::isdigit(static_cast<unsigned char>(name[i - 1])))
        --i;
    if (i == name.size() || name.size() - i > 6)
        return std::nullopt;
    return std::stoi(std::string(name.substr(i)));
}

struct Zone {
    int numa = 0;
    std::int64_t gpus = 0;
    std::optional<std::int64_t> free;
};

NrtTopologyParser::Result parseObject(element doc, const std::vector<std::string> &gpuResources) {
    NrtTopologyParser::Result r;
    r.node = JsonFields::text(doc["metadata"], "name");
    array zones;
    if (doc["zones"].get(zones) != simdjson::SUCCESS) {
        r.error = "NodeResourceTopology " + r.node + " has no zones";
        return r;
    }
    auto isGpu = [&](std::string_view name) {
        return std::find(gpuResources.begin(), gpuResources.end(), name) != gpuResources.end();
    };
    std::vector<Zone> found;
    int position = 0;
    for (element z : zones) {
        const std::string type = AsciiCase::lower(JsonFields::text(z, "type"));
        if (type != "node" && type != "numa")
            continue;
        Zone zone;
        zone.numa = trailingNumber(JsonFields::text(z, "name")).value_or(position);
        ++position;
        auto add = [&](std::optional<std::int64_t> capacity,
                       std::optional<std::int64_t> available) {
            zone.gpus += std::max<std::int64_t>(0, capacity.value_or(0));
            if (available)
                zone.free = zone.free.value_or(0) + std::max<std::int64_t>(0, *available);
        };
        array list;
        object map;
        if (z["resources"].get(list) == simdjson::SUCCESS) {
            for (element res : list) {
                if (!isGpu(JsonFields::text(res, "name")))
                    continue;
                auto capacity = field(res, "capacity");
                if (!capacity)
                    capacity = field(res, "allocatable");
                add(capacity, field(res, "available"));
            }
        } else if (z["resources"].get(map) == simdjson::SUCCESS) {
            for (auto [key, value] : map)
                if (isGpu(key))
                    add(amount(value), std::nullopt);
        }
        if (zone.gpus > 0)
            found.push_back(zone);
    }
    if (found.empty()) {
        r.error = "NodeResourceTopology " + r.node + " reports no GPUs in any NUMA zone";
        return r;
    }
    std::int64_t total = 0;
    for (const Zone &zone : found)
        total += std::min<std::int64_t>(zone.gpus, 64);
    if (total > static_cast<std::int64_t>(GpuTopologyParser::kMaxDevices)) {
        // The links are a matrix over every device: refuse before allocating it.
        r.error = "NodeResourceTopology " + r.node + " reports " + std::to_string(total) +
                  " GPUs; a node has at most " + std::to_string(GpuTopologyParser::kMaxDevices);
        return r;
    }
    std::stable_sort(found.begin(), found.end(),
                     [](const Zone &a, const Zone &b) { return a.numa < b.numa; });
    std::vector<GpuTopology::Device> devices;
    std::map<int, int> free;
    for (const Zone &zone : found) {
        const std::int64_t count = std::min<std::int64_t>(zone.gpus, 64);
        for (std::int64_t i = 0; i < count; ++i) {
            GpuTopology::Device d;
            d.name = 'N' + std::to_string(zone.numa) + '.' + std::to_string(i);
            d.numa = zone.numa;
            devices.push_back(std::move(d));
        }
        if (zone.free)
            free[zone.numa] += static_cast<int>(std::min(*zone.free, count));
    }
    const std::size_t n = devices.size();
    std::vector<GpuTopology::Link> links(n * n);
    for (std::size_t i = 0; i < n; ++i)
        links[i * n + i] = {GpuTopology::LinkType::Self, 0, "X"};
    GpuTopology topology(std::move(devices), std::move(links),
                         GpuTopology::Source::NodeResourceTopology);
    topology.setZoneFree(std::move(free));
    r.topology = std::move(topology);
    return r;
}

} // namespace

NrtTopologyParser::Result NrtTopologyParser::parse(std::string_view json,
                                                   const std::vector<std::string> &gpuResources) {
    simdjson::dom::parser parser;
    element doc;
    if (parser.parse(json.data(), json.size()).get(doc) != simdjson::SUCCESS || !doc.is_object()) {
        Result r;
        r.error = "NodeResourceTopology is not a JSON object";
        return r;
    }
    return parseObject(doc, gpuResources);
}

std::vector<NrtTopologyParser::Result>
NrtTopologyParser::parseList(std::string_view json, const std::vector<std::string> &gpuResources) {
    simdjson::dom::parser parser;
    element doc;
    array items;
    if (parser.parse(json.data(), json.size()).get(doc) != simdjson::SUCCESS ||
        doc["items"].get(items) != simdjson::SUCCESS) {
        Result r;
        r.error = "not a NodeResourceTopologyList";
        return {r};
    }
    std::vector<Result> out;
    for (element item : items)
        out.push_back(parseObject(item, gpuResources));
    return out;
}

std::string NrtTopologyParser::listPath() {
    return "/apis/topology.node.k8s.io/v1alpha2/noderesourcetopologies";
}

std::string NrtTopologyParser::objectPath(std::string_view node) {
    return listPath() + '/' + std::string(node);
}

} // namespace cubedesk::k8s
