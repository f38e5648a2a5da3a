#pragma once

// StringPoolRef: a counted reference to a StringPool (8 bytes, an intrusive count inside the
// pool). Every cached object holds one, so a pool lives exactly as long as the last object that
// points into it, whichever thread drops that object.
//
// Thread-safety: copying and destroying references is safe from any thread (atomic count);
// a single StringPoolRef object must not be assigned from two threads at once.

#include <utility>

namespace cubedesk::k8s {

class StringPool;

class StringPoolRef final {
public:
    StringPoolRef() = default;
    /// Takes a new reference to `pool` (may be null).
    explicit StringPoolRef(StringPool *pool);
    StringPoolRef(const StringPoolRef &other);
    StringPoolRef(StringPoolRef &&other) noexcept
        : m_pool(std::exchange(other.m_pool, nullptr)) {}
    StringPoolRef &operator=(StringPoolRef other) noexcept {
        std::swap(m_pool, other.m_pool);
        return *this;
    }
    ~StringPoolRef();

    /// Takes over a reference someone already holds (no increment).
    static StringPoolRef adopt(StringPool *pool) {
        StringPoolRef ref;
        ref.m_pool = pool;
        return ref;
    }
    /// Gives up this reference without dropping it (the caller now holds it; see adopt()).
    StringPool *detach() { return std::exchange(m_pool, nullptr); }

    StringPool *get() const { return m_pool; }
    StringPool *operator->() const { return m_pool; }
    StringPool &operator*() const { return *m_pool; }
    explicit operator bool() const { return m_pool != nullptr; }

private:
    StringPool *m_pool = nullptr;
};

} // namespace cubedesk::k8s
