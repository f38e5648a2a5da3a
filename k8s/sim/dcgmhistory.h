#pragma once

// DcgmHistory: what a Prometheus would have stored from scraping dcgm-exporter endpoints in the
// past, as OpenMetrics text for `promtool tsdb create-blocks-from openmetrics` — so that the
// demo's Prometheus starts with a day of history (the GPUs pane's 24-h charts, the Idle and waste
// report) instead of none.
//
// add() takes one scrape: an exposition (the text format 0.0.4 DcgmExporter writes), the
// target's labels and the scrape's time. It stores the samples as Prometheus's scrape loop would
// for prometheus-operator's job (honor_labels false): empty labels dropped, an exposed label
// that the target also has renamed `exported_<name>`, the target's labels added (those starting
// with "__" are not stored). Only the families named at construction are kept (all when none).
// write() gives each family's series one after another, each series' samples in time order
// (promtool's requirement), values as exposed, times in seconds, then "# EOF".
//
// Not thread-safe; a value type.

#include <chrono>
#include <cstddef>
#include <map>
#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cubedesk::sim {

class DcgmHistory final {
public:
    using TimePoint = std::chrono::system_clock::time_point;
    using Labels = std::map<std::string, std::string>;

    /// Keeps only the families named `metrics` (every family when empty).
    explicit DcgmHistory(std::set<std::string> metrics = {});

    /// Stores one scrape of `exposition` at `time` from a target labelled `target`; false
    /// (storing nothing of it) when a sample line is malformed.
    bool add(std::string_view exposition, const Labels &target, TimePoint time);
    /// The OpenMetrics text of everything stored.
    void write(std::ostream &out) const;
    /// How many samples are stored.
    std::size_t samples() const { return m_samples; }

private:
    struct Sample {
        long long milliseconds;
        std::string value;
    };
    std::set<std::string> m_metrics;
    /// family → its series' label text (`{a="1",b="2"}`, sorted) → samples
    std::map<std::string, std::map<std::string, std::vector<Sample>>> m_families;
    std::size_t m_samples = 0;
};

} // namespace cubedesk::sim
