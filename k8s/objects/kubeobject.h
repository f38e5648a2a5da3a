#pragma once

// KubeObject: the common part of every slim, immutable object projection in the cluster cache
// (docs/cache.md): identity, labels and owners. Concrete kinds derive from it (Pod, Node, ...);
// kind() says which, and std::static_pointer_cast gives the derived type.
//
// Built only by ObjectDecoder (session thread) and then shared read-only as
// std::shared_ptr<const KubeObject>; every accessor may be called from any thread.
//
// Memory layout (what keeps a cached pod small):
//   * strings that repeat across objects are 4-byte StringIds into the cluster's StringPool, which
//     the object names by its 2-byte registry index and keeps alive with a reference;
//   * labels are a LabelSet (4 bytes per label): shared and de-duplicated through the pool once
//     a second object carries the same labels, inline in the object's tail until then;
//     with the same labels);
//   * the object's own variable-length data (name, owner references, rare fields) lives in a
//     "tail" right behind the object, in the same allocation as the object and its shared_ptr
//     control block (TailAllocator);
//   * the UID is 16 binary bytes when it has the canonical form, the resourceVersion a uint64
//     when it is a canonical decimal; anything else is kept as text in the tail.
// Annotations are not kept, except the few a pane needs (see the derived classes).

#include "k8s/objects/labelset.h"
#include "k8s/objects/labelview.h"
#include "k8s/objects/objectkind.h"
#include "k8s/objects/stringid.h"
#include "k8s/objects/stringpool.h"
#include "k8s/objects/stringpoolref.h"
#include "k8s/objects/uid.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class KubeObject {
public:
    /// One ownerReferences entry (apiVersion, uid and flags are not kept).
    struct OwnerReference {
        std::string_view kind;
        std::string_view name;
    };

    /// An empty object; only ObjectDecoder fills objects in.
    KubeObject() = default;
    KubeObject(const KubeObject &) = delete;
    KubeObject &operator=(const KubeObject &) = delete;
    ~KubeObject();

    ObjectKind kind() const { return m_kind; }
    std::string_view name() const { return tailText({m_nameOffset, m_nameSize}); }
    /// metadata.namespace ("" for cluster-scoped objects).
    std::string_view namespaceName() const { return string(m_namespace); }
    StringId namespaceId() const { return m_namespace; }

    /// metadata.uid, as received.
    std::string uid() const;
    /// The binary UID when metadata.uid had the canonical form.
    std::optional<Uid> binaryUid() const;

    /// metadata.resourceVersion, as received ("" when absent).
    std::string resourceVersion() const;
    /// The resourceVersion as a number when it is a canonical decimal (as etcd-backed servers
    /// send); resourceVersions are opaque, so compare them only for equality otherwise.
    std::optional<std::uint64_t> resourceVersionNumber() const;

    /// metadata.creationTimestamp in seconds since the epoch (0 when absent).
    std::int64_t creationTimestamp() const { return m_creationTimestamp; }

    LabelView labels() const {
        if (m_baseFlags & LabelsInline) {
            TailText t;
            std::memcpy(static_cast<void *>(&t), &m_labels, sizeof t);
            return LabelView(pool(), tailAt<LabelPairId>(t.offset), t.size);
        }
        return LabelView(pool(), m_labels);
    }

    std::size_t ownerCount() const { return m_ownerCount; }
    OwnerReference owner(std::size_t i) const;

    /// The pool this object's StringIds refer to.
    const StringPool *pool() const { return StringPool::fromIndex(m_poolIndex); }
    std::string_view string(StringId id) const {
        const StringPool *p = pool();
        return p ? p->view(id) : std::string_view();
    }

    /// Layout detail (public only for the decoder's helpers): a string stored in the tail,
    /// as its offset from `this` and its size.
    struct TailText {
        std::uint32_t offset = 0;
        std::uint32_t size = 0;
    };

protected:
    friend class ObjectDecoder;

    std::string_view tailText(TailText t) const {
        return {reinterpret_cast<const char *>(this) + t.offset, t.size};
    }
    template <class T>
    const T *tailAt(std::size_t offset) const {
        return reinterpret_cast<const T *>(reinterpret_cast<const char *>(this) + offset);
    }

    enum BaseFlag : std::uint8_t { UidIsText = 1, ResourceVersionIsText = 2, LabelsInline = 4 };

    ObjectKind m_kind = ObjectKind::CustomResource;
    std::uint8_t m_baseFlags = 0;
    std::uint16_t m_ownerCount = 0;
    StringId m_namespace = StringId::Empty;
    std::uint32_t m_nameOffset = 0; ///< the name in the tail (names are at most 253 bytes)
    std::uint16_t m_nameSize = 0;
    std::uint16_t m_poolIndex = 0;           ///< StringPool::fromIndex; one pool reference held
    alignas(8) unsigned char m_uid[16] = {}; ///< Uid bytes, or a TailText (UidIsText)
    std::uint64_t m_resourceVersion = 0;     ///< number, or a TailText (ResourceVersionIsText)
    std::int64_t m_creationTimestamp = 0;
    /// One reference held on a pooled set; or with LabelsInline, a TailText whose offset and size
    /// locate the label pairs in the tail; nullptr = no labels.
    const LabelSet *m_labels = nullptr;
};

static_assert(sizeof(KubeObject) == 56);

} // namespace cubedesk::k8s
