#pragma once

// Result<T, E>: errors as values, the one expected-like type of the k8s libraries
// (docs/architecture.md, house rules). Either holds a T (ok()) or an E: a ConfigError in
// k8s/config, an ApiError in the simulator (sim::Result<T>), a message where a string says it
// all. Nothing here throws; reading the alternative that is not there is a programming error,
// caught by an assertion in debug builds.
//
// Thread-safety: a plain value type; distinct instances may be used from different threads.

#include <cassert>
#include <type_traits>
#include <utility>
#include <variant>

namespace cubedesk::k8s {

/// An error on its way into a Result, for when the value and the error have the same type
/// (`return Failure{message};` in a function returning Result<std::string, std::string>).
template <class E>
struct Failure {
    E error;
};
template <class E>
Failure(E) -> Failure<E>;

/// The value of a Result that only says "it worked": functions that fill an object they were
/// given, or act, return a Status (`return Success{};`).
struct Success {};

template <class T, class E>
class [[nodiscard]] Result final {
public:
    // Implicit on purpose: `return value;` and `return error;` read naturally in functions
    // returning a Result.
    Result(T value) // NOLINT(google-explicit-constructor)
        : m_data(std::in_place_index<0>, std::move(value)) {}
    Result(E error) // NOLINT(google-explicit-constructor)
        requires(!std::is_same_v<T, E>)
        : m_data(std::in_place_index<1>, std::move(error)) {}
    template <class F>
    Result(Failure<F> failure) // NOLINT(google-explicit-constructor)
        : m_data(std::in_place_index<1>, E(std::move(failure.error))) {}

    bool ok() const noexcept { return m_data.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }

    /// Precondition: ok().
    T &value() & {
        assert(ok());
        return *std::get_if<0>(&m_data);
    }
    const T &value() const & {
        assert(ok());
        return *std::get_if<0>(&m_data);
    }
    T &&value() && {
        assert(ok());
        return std::move(*std::get_if<0>(&m_data));
    }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }
    T &operator*() & { return value(); }
    const T &operator*() const & { return value(); }

    /// Precondition: !ok().
    const E &error() const & {
        assert(!ok());
        return *std::get_if<1>(&m_data);
    }

    T valueOr(T fallback) const & { return ok() ? value() : std::move(fallback); }

private:
    std::variant<T, E> m_data;
};

/// Success or an E: the Result of a function whose work is its effect.
template <class E>
using Status = Result<Success, E>;

} // namespace cubedesk::k8s
