#include "models/runningpodorder.h"

#include <algorithm>
#include <iterator>
#include <limits>

namespace cubedesk::models {

namespace {

constexpr std::uint64_t kMax = std::numeric_limits<std::uint64_t>::max();
// Runs at either end advance by at most this much per item: ids arriving in order (a LIST page
// after another) keep room behind them instead of halving it each time.
constexpr std::uint64_t kEndStep = std::uint64_t(1) << 32;

} // namespace

bool RunningPodOrder::Compare::operator()(Id a, Id b) const {
    if (order->m_less(a, b))
        return true;
    if (order->m_less(b, a))
        return false;
    return a < b;
}

RunningPodOrder::RunningPodOrder(Less less)
    : m_less(std::move(less))
    , m_set(Compare{this}) {}

bool RunningPodOrder::contains(Id id) const {
    return id < m_present.size() && m_present[id];
}

void RunningPodOrder::erase(Id id) {
    if (!contains(id))
        return;
    m_set.erase(id);
    m_present[id] = 0;
}

void RunningPodOrder::relabelAll() {
    ++m_relabels;
    const std::uint64_t step = kMax / (m_set.size() + 1);
    std::uint64_t label = 0;
    for (const Id id : m_set) {
        label += step;
        m_labels[id] = label;
    }
}

bool RunningPodOrder::insert(const std::vector<Id> &ids) {
    if (ids.empty())
        return false;
    const Id most = *std::max_element(ids.begin(), ids.end());
    if (most >= m_labels.size()) {
        m_labels.resize(std::size_t(most) + 1, 0);
        m_present.resize(std::size_t(most) + 1, 0);
    }
    // New ids are "present" but unlabelled (fresh) until their run is labelled.
    std::vector<char> fresh(m_present.size(), 0);
    for (const Id id : ids) {
        m_set.insert(id);
        m_present[id] = 1;
        fresh[id] = 1;
    }
    std::vector<Id> order(ids);
    std::sort(order.begin(), order.end(), Compare{this});
    bool full = false;
    for (const Id first : order) {
        if (!fresh[first])
            continue; // labelled with its run
        auto it = m_set.find(first);
        const bool hasLo = it != m_set.begin();
        const std::uint64_t lo = hasLo ? m_labels[*std::prev(it)] : 0;
        std::vector<Id> run;
        for (; it != m_set.end() && fresh[*it]; ++it)
            run.push_back(*it);
        const bool hasHi = it != m_set.end();
        const std::uint64_t hi = hasHi ? m_labels[*it] : kMax;
        const std::uint64_t k = run.size();
        std::uint64_t step = (hi - lo) / (k + 1);
        if (hasLo != hasHi)
            step = std::min(step, kEndStep);
        if (step == 0) {
            full = true;
            break;
        }
        for (std::uint64_t i = 0; i < k; ++i) {
            m_labels[run[i]] = !hasLo && hasHi ? hi - step * (k - i) : lo + step * (i + 1);
            fresh[run[i]] = 0;
        }
    }
    if (full)
        relabelAll();
    return full;
}

} // namespace cubedesk::models
