#pragma once

// LabelView: read access to an object's labels (label pairs resolved through its StringPool):
// a pooled LabelSet, or pairs kept inline in the object.
//
// A small value valid as long as the object it came from. Iteration order is the
// set's canonical order (by interned key id, i.e. roughly first-seen order), not alphabetical.
// A view is also a lookup function for LabelSelector::matches.
//
// Thread-safety: read-only; any thread that may read the owning object may use it.

#include "k8s/objects/labelset.h"
#include "k8s/objects/stringpool.h"

#include <cstddef>
#include <optional>
#include <string_view>

namespace cubedesk::k8s {

class LabelView final {
public:
    struct Label {
        std::string_view key;
        std::string_view value;
    };

    LabelView() = default;
    LabelView(const StringPool *pool, const LabelSet *set)
        : m_pool(pool)
        , m_pairs(set ? set->pairs() : nullptr)
        , m_size(set ? static_cast<std::uint32_t>(set->size()) : 0)
        , m_set(set) {}
    /// Pairs not in a pooled set (canonical order: by key id, unique keys).
    LabelView(const StringPool *pool, const LabelPairId *pairs, std::size_t size)
        : m_pool(pool)
        , m_pairs(pairs)
        , m_size(static_cast<std::uint32_t>(size)) {}

    std::size_t size() const { return m_size; }
    bool empty() const { return size() == 0; }
    Label at(std::size_t i) const {
        const auto [key, value] = m_pool->pair(m_pairs[i]);
        return {m_pool->view(key), m_pool->view(value)};
    }

    /// The value of `key`, or nullopt when the object has no such label. A linear scan over
    /// the set (it must not consult the pool's index, which only the session thread may read).
    std::optional<std::string_view> value(std::string_view key) const {
        const std::size_t n = size();
        for (std::size_t i = 0; i < n; ++i) {
            const auto [k, v] = m_pool->pair(m_pairs[i]);
            if (m_pool->view(k) == key)
                return m_pool->view(v);
        }
        return std::nullopt;
    }
    /// The value of the label whose key has id `key` (binary search; ids come from the pool,
    /// e.g. StringPool::find on the session thread).
    std::optional<std::string_view> value(StringId key) const {
        const LabelPairId *pairs = m_pairs;
        std::size_t lo = 0;
        std::size_t hi = m_size;
        while (lo < hi) {
            const std::size_t mid = (lo + hi) / 2;
            const auto [k, v] = m_pool->pair(pairs[mid]);
            if (k == key)
                return m_pool->view(v);
            if (static_cast<std::uint32_t>(k) < static_cast<std::uint32_t>(key))
                lo = mid + 1;
            else
                hi = mid;
        }
        return std::nullopt;
    }
    std::optional<std::string_view> operator()(std::string_view key) const { return value(key); }

    /// The pooled set behind the view, shared by every object with these labels; nullptr when
    /// there are no labels or they are inline in the object (new labels, see LabelSet). Equal
    /// non-null set() means equal labels; compare views with == for equality in every case.
    const LabelSet *set() const { return m_set; }
    /// Same labels (views of one pool): the canonical pair lists are compared.
    bool operator==(const LabelView &other) const {
        if (m_size != other.m_size)
            return false;
        if (m_pairs == other.m_pairs)
            return true;
        for (std::size_t i = 0; i < m_size; ++i)
            if (m_pairs[i] != other.m_pairs[i])
                return false;
        return true;
    }

    class Iterator {
    public:
        Iterator(const LabelView *view, std::size_t i)
            : m_view(view)
            , m_i(i) {}
        Label operator*() const { return m_view->at(m_i); }
        Iterator &operator++() {
            ++m_i;
            return *this;
        }
        bool operator==(const Iterator &other) const { return m_i == other.m_i; }

    private:
        const LabelView *m_view;
        std::size_t m_i;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, size()}; }

private:
    const StringPool *m_pool = nullptr;
    const LabelPairId *m_pairs = nullptr;
    std::uint32_t m_size = 0;
    const LabelSet *m_set = nullptr;
};

} // namespace cubedesk::k8s
