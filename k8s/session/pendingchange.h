#pragma once

#include <optional>

namespace cubedesk::k8s {

/// What one object's changes since the consumer's last drain amount to — the coalescing rule of
/// the session's hand-overs (DeltaBuffer, ObjectDeltaQueue), in one place.
///
/// It remembers two facts, not the last change: whether the consumer had the object before the
/// first change (the first change was not an addition) and whether the object exists after the
/// last. The net change follows from them alone: it had none and has none — nothing; had none,
/// has one — Added; had one, has one — Updated (whatever came between, a deletion and a new
/// object of the same name included); had one, has none — Deleted. Keeping the last change's type
/// instead goes wrong on DELETED, ADDED, DELETED of one name (a StatefulSet's pod deleted twice
/// between two drains): that ends as "added then deleted", dropped, and the consumer keeps the
/// pod that is gone.
///
/// A value type of two bytes; no threads of its own (its owner's lock guards it).
template <class Type>
struct PendingChange {
    bool existed = false; ///< the consumer had the object before the first change
    bool present = false; ///< the object exists after the last change

    static PendingChange first(Type type) { return {type != Type::Added, type != Type::Deleted}; }
    void then(Type type) { present = type != Type::Deleted; }

    /// The one change the consumer applies, or none when the object came and went.
    std::optional<Type> net() const {
        if (!existed)
            return present ? std::optional(Type::Added) : std::nullopt;
        return present ? Type::Updated : Type::Deleted;
    }
};

} // namespace cubedesk::k8s
