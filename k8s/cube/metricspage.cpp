#include "k8s/cube/metricspage.h"

#include "k8s/api/quantity.h"
#include "k8s/api/urlescape.h"

#include <nlohmann/json.hpp>

namespace cubedesk::k8s {

using nlohmann::json;

namespace {

std::optional<Quantity> quantity(const json &usage, const char *name) {
    if (!usage.is_object())
        return std::nullopt;
    const auto it = usage.find(name);
    if (it == usage.end() || !it->is_string())
        return std::nullopt;
    return Quantity::parse(it->get<std::string>());
}

MetricsPage::Usage usageOf(const json &usage) {
    MetricsPage::Usage u;
    if (const auto cpu = quantity(usage, "cpu"))
        u.milliCpu = cpu->milliValue();
    if (const auto memory = quantity(usage, "memory"))
        u.memoryBytes = memory->value();
    return u;
}

std::string stringAt(const json &o, const char *key) {
    const auto it = o.find(key);
    return it != o.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace

std::string MetricsPage::path(bool pods, std::size_t limit, std::string_view continueToken) {
    std::string p = std::string("/apis/metrics.k8s.io/v1beta1/") + (pods ? "pods" : "nodes") +
                    "?limit=" + std::to_string(limit);
    if (!continueToken.empty())
        p += "&continue=" + UrlEscape::queryValue(continueToken);
    return p;
}

Result<MetricsPage, std::string> MetricsPage::parse(std::string_view body) {
    const json doc = json::parse(body, nullptr, false);
    if (doc.is_discarded() || !doc.is_object())
        return Failure{std::string("the metrics list is not a JSON object")};
    const std::string kind = stringAt(doc, "kind");
    if (kind != "NodeMetricsList" && kind != "PodMetricsList")
        return Failure{"expected a NodeMetricsList or PodMetricsList, got \"" + kind + '"'};
    const bool pods = kind == "PodMetricsList";
    MetricsPage page;
    if (const auto meta = doc.find("metadata"); meta != doc.end() && meta->is_object())
        page.continueToken = stringAt(*meta, "continue");
    const auto items = doc.find("items");
    if (items == doc.end() || !items->is_array())
        return page; // an empty list may omit its items
    for (const json &o : *items) {
        if (!o.is_object())
            continue;
        Item item;
        if (const auto meta = o.find("metadata"); meta != o.end() && meta->is_object()) {
            item.name = stringAt(*meta, "name");
            item.ns = stringAt(*meta, "namespace");
        }
        if (item.name.empty())
            continue;
        item.timestamp = stringAt(o, "timestamp");
        item.window = stringAt(o, "window");
        if (!pods) {
            if (const auto usage = o.find("usage"); usage != o.end())
                item.usage = usageOf(*usage);
        } else {
            // The pod's usage is the exact sum of its containers', rounded once (as kubectl
            // top pods does); unknown when any container's is.
            std::optional<Quantity> cpu = Quantity();
            std::optional<Quantity> memory = Quantity();
            const auto containers = o.find("containers");
            if (containers != o.end() && containers->is_array())
                for (const json &c : *containers) {
                    if (!c.is_object())
                        continue;
                    Container container{stringAt(c, "name"), {}};
                    const auto usage = c.find("usage");
                    const json &u = usage != c.end() ? *usage : json::object();
                    container.usage = usageOf(u);
                    const auto addTo = [&u](std::optional<Quantity> &sum, const char *name) {
                        const auto q = quantity(u, name);
                        sum = sum && q ? std::optional(*sum + *q) : std::nullopt;
                    };
                    addTo(cpu, "cpu");
                    addTo(memory, "memory");
                    item.containers.push_back(std::move(container));
                }
            if (cpu)
                item.usage.milliCpu = cpu->milliValue();
            if (memory)
                item.usage.memoryBytes = memory->value();
        }
        page.items.push_back(std::move(item));
    }
    return page;
}

} // namespace cubedesk::k8s
