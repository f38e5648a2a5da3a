#pragma once

#include "k8s/api/servertable.h"
#include "k8s/objects/resourcedescriptor.h"
#include "k8s/session/deltabuffer.h"
#include "k8s/session/resourcewatch.h"
#include "k8s/watch/watchstate.h"

#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

namespace cubedesk::k8s {

/// The hand-over of one table watch (ClusterSession::openTableWatch): the rows of one resource
/// as the server prints them (TableRow objects), their columns and the watch's state, from the
/// session thread to one consumer. Rows arrive as coalescing deltas (DeltaBuffer: one queued
/// wake-up however many changes arrive before the consumer drains); the columns and the state
/// are the latest values, each with a counter that moves when it changes.
///
/// When the columns change after rows were handed over (a CRD's printer columns edited while
/// its table is shown), every row is handed back as deleted and listed again under the new
/// columns: a consumer that sees columnsVersion() move can trust the rows that follow.
///
/// Threads: the producer side (set*, add) is the session thread; drain() and the getters any
/// thread (the consumer's, usually the GUI thread). `wake` runs on the session thread and must
/// only post. Shared by the session and the consumer; it outlives whichever lets go last.
class TableWatchFeed final {
public:
    using Delta = DeltaBuffer<ObjectPtr>::Delta;

    TableWatchFeed(ResourceDescriptor resource, std::function<void()> wake);

    const ResourceDescriptor &resource() const { return m_resource; }

    /// Every row change since the last call, coalesced per object.
    std::vector<Delta> drain() { return m_deltas.drain(); }
    /// The server's columns, empty until the first page or event carried them.
    std::vector<ServerTable::Column> columns() const;
    std::uint64_t columnsVersion() const;
    WatchState state() const;
    /// The session stopped this watch (closed, or the session stopped): no more changes.
    bool closed() const;

    // Session thread.
    void add(DeltaBuffer<ObjectPtr>::Type type, const ObjectPtr &row);
    void setColumns(std::vector<ServerTable::Column> columns);
    /// Publishes `state`; wakes the consumer only when it differs from the last one.
    void setState(const WatchState &state);
    void setClosed();

private:
    void wake();

    const ResourceDescriptor m_resource;
    DeltaBuffer<ObjectPtr> m_deltas;
    std::function<void()> m_wake;
    mutable std::mutex m_mutex;
    std::vector<ServerTable::Column> m_columns;
    std::uint64_t m_columnsVersion = 0;
    WatchState m_state;
    bool m_closed = false;
};

} // namespace cubedesk::k8s
