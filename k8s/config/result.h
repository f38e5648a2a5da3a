#pragma once

// Result<T, E>: an expected-like value for errors-as-values inside cubedesk_k8s (DESIGN.md §7).
// Either holds a T (ok()) or an E (the default is ConfigError). Nothing here throws; accessing
// the wrong alternative is a programming error caught by an assertion in debug builds.
//
// Thread-safety: a plain value type; distinct instances may be used from different threads.

#include "k8s/config/configerror.h"

#include <QtGlobal>

#include <utility>
#include <variant>

namespace cubedesk::k8s {

template <class T, class E = ConfigError>
class [[nodiscard]] Result final {
public:
    // Implicit on purpose: `return value;` and `return error;` read naturally in functions
    // returning a Result.
    Result(T value) // NOLINT(google-explicit-constructor)
        : m_data(std::in_place_index<0>, std::move(value)) {}
    Result(E error) // NOLINT(google-explicit-constructor)
        : m_data(std::in_place_index<1>, std::move(error)) {}

    bool ok() const noexcept { return m_data.index() == 0; }
    explicit operator bool() const noexcept { return ok(); }

    /// Precondition: ok().
    T &value() & {
        Q_ASSERT(ok());
        return *std::get_if<0>(&m_data);
    }
    const T &value() const & {
        Q_ASSERT(ok());
        return *std::get_if<0>(&m_data);
    }
    T &&value() && {
        Q_ASSERT(ok());
        return std::move(*std::get_if<0>(&m_data));
    }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    /// Precondition: !ok().
    const E &error() const & {
        Q_ASSERT(!ok());
        return *std::get_if<1>(&m_data);
    }

    T valueOr(T fallback) const & { return ok() ? value() : std::move(fallback); }

private:
    std::variant<T, E> m_data;
};

} // namespace cubedesk::k8s
