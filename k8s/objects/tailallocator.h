#pragma once

// TailAllocator: lets std::allocate_shared place an object, its control block and `extra` bytes
// of variable-length data (the object's "tail": name characters, small arrays) in ONE heap block.
//
// The tail starts at reinterpret_cast<char *>(object) + sizeof(T): the object is stored inside
// the block allocate_shared obtains from this allocator, so at least `extra` bytes follow it.
// Used by ObjectDecoder; the objects read their tails through offsets relative to `this`.
//
// The allocator is stateless, so it costs nothing inside the shared_ptr control block (a stored
// size would cost 8 bytes per cached object). The tail size of the next allocation is passed in
// a thread-local set by a Scope around the allocate_shared call:
//
//     { TailAllocator<Pod>::Scope scope(tailBytes);
//       pod = std::allocate_shared<Pod>(TailAllocator<Pod>()); }
//
// Blocks are freed with unsized operator delete, by whichever thread drops the last reference.

#include <cstddef>
#include <new>

namespace cubedesk::k8s {

namespace tailallocator_detail {
inline thread_local std::size_t pendingExtra = 0;
} // namespace tailallocator_detail

// Not `final`: libstdc++ keeps the allocator in the control block through the empty-base
// optimisation, which a final class defeats (8 more bytes in every cached object).
template <class T>
class TailAllocator {
public:
    using value_type = T;

    /// Sets the tail size of allocations made on this thread while it lives.
    class Scope final {
    public:
        explicit Scope(std::size_t extra) { tailallocator_detail::pendingExtra = extra; }
        ~Scope() { tailallocator_detail::pendingExtra = 0; }
        Scope(const Scope &) = delete;
        Scope &operator=(const Scope &) = delete;
    };

    TailAllocator() = default;
    template <class U>
    TailAllocator(const TailAllocator<U> &) // NOLINT(google-explicit-constructor): rebind
    {}

    T *allocate(std::size_t n) {
        return static_cast<T *>(::operator new(n * sizeof(T) + tailallocator_detail::pendingExtra));
    }
    void deallocate(T *p, std::size_t) { ::operator delete(static_cast<void *>(p)); }

    template <class U>
    bool operator==(const TailAllocator<U> &) const {
        return true;
    }
};

} // namespace cubedesk::k8s
