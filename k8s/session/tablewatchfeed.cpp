#include "k8s/session/tablewatchfeed.h"

#include <utility>

namespace cubedesk::k8s {

TableWatchFeed::TableWatchFeed(ResourceDescriptor resource, std::function<void()> wake)
    : m_resource(std::move(resource))
    , m_deltas(wake)
    , m_wake(std::move(wake)) {}

std::vector<ServerTable::Column> TableWatchFeed::columns() const {
    std::lock_guard lock(m_mutex);
    return m_columns;
}

std::uint64_t TableWatchFeed::columnsVersion() const {
    std::lock_guard lock(m_mutex);
    return m_columnsVersion;
}

WatchState TableWatchFeed::state() const {
    std::lock_guard lock(m_mutex);
    return m_state;
}

bool TableWatchFeed::closed() const {
    std::lock_guard lock(m_mutex);
    return m_closed;
}

void TableWatchFeed::add(DeltaBuffer<ObjectPtr>::Type type, const ObjectPtr &row) {
    m_deltas.add(type, KubeObjectTraits::text(*row), row);
}

void TableWatchFeed::setColumns(std::vector<ServerTable::Column> columns) {
    {
        std::lock_guard lock(m_mutex);
        m_columns = std::move(columns);
        ++m_columnsVersion;
    }
    wake();
}

void TableWatchFeed::setState(const WatchState &state) {
    {
        std::lock_guard lock(m_mutex);
        if (state.phase == m_state.phase && state.reason == m_state.reason &&
            state.since == m_state.since)
            return;
        m_state = state;
    }
    wake();
}

void TableWatchFeed::setClosed() {
    {
        std::lock_guard lock(m_mutex);
        m_closed = true;
    }
    wake();
}

void TableWatchFeed::wake() {
    if (m_wake)
        m_wake();
}

} // namespace cubedesk::k8s
