#pragma once

// WatchEvent: one decoded line of a watch stream (docs/kubernetes-api.md).
//
// ADDED / MODIFIED / DELETED carry `object`. BOOKMARK carries only `resourceVersion` and
// `initialEventsEnd` (the k8s.io/initial-events-end annotation of a WatchList stream); ERROR
// carries the metav1.Status in `status` (410 Expired → relist). In a watch of Table rows each
// event's object is a one-row Table: `object` is that row (a TableRow). `resourceVersion` is also
// set for object events (the object's metadata.resourceVersion), so a watcher can resume from it.
//
// A plain value; the object inside is immutable and shareable across threads.

#include "k8s/objects/kubeobject.h"

#include <memory>
#include <string>

namespace cubedesk::k8s {

struct WatchEvent {
    enum class Type { Added, Modified, Deleted, Bookmark, Error };

    struct Status {
        int code = 0;       ///< HTTP-style code, e.g. 410
        std::string status; ///< "Failure"
        std::string reason; ///< "Expired", "Gone", ...
        std::string message;
    };

    Type type = Type::Added;
    std::shared_ptr<const KubeObject> object;
    std::string resourceVersion;
    bool initialEventsEnd = false;
    Status status;
    /// A watch of Table rows (ObjectKind::TableRow): the event Table's columnDefinitions as JSON
    /// text, when it carried them (the first event of a stream does); "" otherwise.
    std::string tableColumns;
};

} // namespace cubedesk::k8s
