#pragma once

// TailAllocator: lets std::allocate_shared place an object, its control block and `extra` bytes
// of variable-length data (the object's "tail": name characters, small arrays) in ONE heap block.
//
// The tail starts at reinterpret_cast<char *>(object) + sizeof(T): the object is stored inside
// the block allocate_shared obtains from this allocator, so at least `extra` bytes follow it.
// Used by ObjectDecoder; the objects read their tails through offsets relative to `this`.
//
// Thread-safety: a value type; the allocation it makes is freed by whichever thread drops the
// last shared_ptr.

#include <cstddef>
#include <new>

namespace cubedesk::k8s {

template <class T>
class TailAllocator final {
public:
    using value_type = T;

    explicit TailAllocator(std::size_t extra)
        : m_extra(extra) {}
    template <class U>
    TailAllocator(const TailAllocator<U> &other) // NOLINT(google-explicit-constructor): rebind
        : m_extra(other.extra()) {}

    T *allocate(std::size_t n) { return static_cast<T *>(::operator new(n * sizeof(T) + m_extra)); }
    void deallocate(T *p, std::size_t n) { ::operator delete(p, n * sizeof(T) + m_extra); }

    std::size_t extra() const { return m_extra; }
    template <class U>
    bool operator==(const TailAllocator<U> &other) const {
        return m_extra == other.extra();
    }

private:
    std::size_t m_extra;
};

} // namespace cubedesk::k8s
