#pragma once

// TableRow: one object of any kind as a row of the server's Table (meta.k8s.io/v1, asked with
// `as=Table`; docs/kubernetes-api.md) — the cells the API server printed for it, as text
// (TableCellText: what kubectl reads), and the object's identity from the row's
// PartialObjectMetadata (name, namespace, uid, resourceVersion, creation time, labels, owners:
// KubeObject). What the resource browser caches for a type while its table is shown.
//
// Memory: the cells live in the object's tail (a span per cell, then their text), in the one
// allocation of the object (see KubeObject).
// Built only by ObjectDecoder; immutable; any thread may read it (see KubeObject).

#include "k8s/objects/kubeobject.h"

#include <cstdint>
#include <string_view>

namespace cubedesk::k8s {

class TableRow final : public KubeObject {
public:
    TableRow() = default;

    std::size_t cellCount() const { return m_cellCount; }
    /// Cell `i` ("" past the last one: a row may have fewer cells than the Table has columns).
    std::string_view cell(std::size_t i) const {
        if (i >= m_cellCount)
            return {};
        return tailText(tailAt<TailText>(m_cells)[i]);
    }
    /// metadata.deletionTimestamp is set: the object is being deleted.
    bool deleting() const { return m_deleting; }

private:
    friend class ObjectDecoder;

    std::uint32_t m_cells = 0; ///< tail offset of m_cellCount TailTexts
    std::uint16_t m_cellCount = 0;
    bool m_deleting = false;
};

} // namespace cubedesk::k8s
