#pragma once

// ResourceList: a read-only view of resource amounts by name (requests, limits, capacity,
// allocatable, quota hard/used, ...), as projected by ObjectDecoder.
//
// Units (see ResourceEntry): milli-units for CPU-like names, whole units rounded up otherwise.
// Quantities are parsed exactly (Quantity::parse) before conversion, so "0.5" CPU is 500, "1Gi"
// memory is 1073741824 and "129e6" is 129000000. Order: "cpu" first, "memory" second (when
// present), then the other names in the order they were first seen.
//
// A small value (pointers into the object it came from); valid as long as that object.
// Thread-safety: read-only.

#include "k8s/objects/resourceentry.h"
#include "k8s/objects/stringpool.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace cubedesk::k8s {

class ResourceList final {
public:
    struct Entry {
        std::string_view name;
        std::int64_t value = 0;
    };
    enum Fixed : std::uint8_t { HasCpu = 1, HasMemory = 2 };

    ResourceList() = default;
    ResourceList(const StringPool *pool, std::uint8_t fixed, std::int64_t cpu, std::int64_t memory,
                 const ResourceEntry *others, std::size_t otherCount)
        : m_pool(pool)
        , m_others(others)
        , m_cpu(cpu)
        , m_memory(memory)
        , m_otherCount(static_cast<std::uint32_t>(otherCount))
        , m_fixed(fixed) {}

    std::size_t size() const {
        return ((m_fixed & HasCpu) ? 1 : 0) + ((m_fixed & HasMemory) ? 1 : 0) + m_otherCount;
    }
    bool empty() const { return size() == 0; }
    Entry at(std::size_t i) const;

    /// The amount of `name`, or nullopt when the list has no such entry.
    std::optional<std::int64_t> value(std::string_view name) const;
    /// The amount of `name`, 0 when absent.
    std::int64_t get(std::string_view name) const { return value(name).value_or(0); }
    /// CPU in millicores (0 when absent).
    std::int64_t milliCpu() const { return (m_fixed & HasCpu) ? m_cpu : get("cpu"); }
    /// Memory in bytes (0 when absent).
    std::int64_t memoryBytes() const { return (m_fixed & HasMemory) ? m_memory : get("memory"); }

    /// True for names whose amounts are kept in milli-units.
    static bool isMilliResource(std::string_view name) {
        return name == "cpu" || (name.size() > 4 && name.substr(name.size() - 4) == ".cpu");
    }

    class Iterator {
    public:
        Iterator(const ResourceList *list, std::size_t i)
            : m_list(list)
            , m_i(i) {}
        Entry operator*() const { return m_list->at(m_i); }
        Iterator &operator++() {
            ++m_i;
            return *this;
        }
        bool operator==(const Iterator &other) const { return m_i == other.m_i; }

    private:
        const ResourceList *m_list;
        std::size_t m_i;
    };
    Iterator begin() const { return {this, 0}; }
    Iterator end() const { return {this, size()}; }

private:
    const StringPool *m_pool = nullptr;
    const ResourceEntry *m_others = nullptr;
    std::int64_t m_cpu = 0;
    std::int64_t m_memory = 0;
    std::uint32_t m_otherCount = 0;
    std::uint8_t m_fixed = 0;
};

inline ResourceList::Entry ResourceList::at(std::size_t i) const {
    if (m_fixed & HasCpu) {
        if (i == 0)
            return {"cpu", m_cpu};
        --i;
    }
    if (m_fixed & HasMemory) {
        if (i == 0)
            return {"memory", m_memory};
        --i;
    }
    return {m_pool->view(m_others[i].name), m_others[i].value};
}

inline std::optional<std::int64_t> ResourceList::value(std::string_view name) const {
    if ((m_fixed & HasCpu) && name == "cpu")
        return m_cpu;
    if ((m_fixed & HasMemory) && name == "memory")
        return m_memory;
    for (std::uint32_t i = 0; i < m_otherCount; ++i) {
        if (m_pool->view(m_others[i].name) == name)
            return m_others[i].value;
    }
    return std::nullopt;
}

} // namespace cubedesk::k8s
