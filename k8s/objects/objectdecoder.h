#pragma once

// ObjectDecoder: turns the JSON bytes of one Kubernetes object (a LIST item, a GET body) or one
// watch-stream line straight into a slim projection (Pod, Node, Namespace, ResourceQuota,
// LimitRange, Event, CustomResource, and TableRow: a row of a server-side Table — a LIST item is
// then one element of the Table's `rows`, a watch event's object a one-row Table whose column
// definitions, when present, go to WatchEvent::tableColumns) with simdjson's on-demand API — no
// DOM, no Qt JSON (docs/performance.md). Only the fields the projections keep are read; everything
// else (managedFields, container specs, images, ...) is skipped by the structural index.
//
// Threads and ownership: one decoder per session thread; it is not thread-safe. It owns a
// reusable simdjson parser and a padded copy buffer (no allocation per document once warm) and
// holds a reference to the cluster's StringPool, into which it interns repeating strings. The
// objects it returns are immutable, hold their own reference to the pool, and may be handed to
// any thread.
//
// Errors: malformed JSON, a top-level value that is not an object, or a field of the wrong JSON
// type gives a Result holding a one-line message instead of the object, and so does an object
// whose strings no longer fit the pool's budget (StringPool::Full). Nothing throws across
// this API. Missing fields are not errors (they project to empty values), and an
// unparseable quantity or timestamp is ignored rather than failing the whole object.

#include "k8s/api/result.h"
#include "k8s/objects/kubeobject.h"
#include "k8s/objects/objectkind.h"
#include "k8s/objects/stringpoolref.h"
#include "k8s/objects/watchevent.h"

#include <memory>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class ObjectDecoder final {
public:
    explicit ObjectDecoder(StringPoolRef pool);
    ~ObjectDecoder();
    ObjectDecoder(const ObjectDecoder &) = delete;
    ObjectDecoder &operator=(const ObjectDecoder &) = delete;

    /// Decodes one object of `kind` from `json` (the bytes are copied; `json` need not outlive
    /// the call). The object is never null.
    Result<std::shared_ptr<const KubeObject>, std::string> decode(ObjectKind kind,
                                                                  std::string_view json);

    /// Decodes one watch event line ({"type":..., "object":{...}}); objects are decoded as
    /// `kind`. Fills `event` (reusing its strings); on an error `event` is unspecified.
    Status<std::string> decodeWatchEvent(ObjectKind kind, std::string_view line, WatchEvent &event);

    /// The projection used for a Kubernetes `kind` ("Pod" → Pod, ...; unknown → CustomResource).
    static ObjectKind kindFor(std::string_view kindName);

    const StringPoolRef &pool() const;
    /// Decodes into `pool` from now on (the session renews a pool that grew with strings no
    /// object uses any more). Objects decoded before keep the old pool alive while they live.
    void renewPool(StringPoolRef pool);

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace cubedesk::k8s
