#pragma once

// Quantity: an exact Kubernetes resource quantity (k8s.io/apimachinery/pkg/api/resource), as
// found in requests, limits, capacity and allocatable ("500m", "1.5Gi", "129e6", "8").
//
// Syntax: [+-] digits [. digits] followed by one of
//   - a binary suffix   Ki Mi Gi Ti Pi Ei   (powers of 1024),
//   - a decimal suffix  n u m "" k M G T P E (powers of 1000),
//   - a decimal exponent e/E and a signed integer ("1e3", "12E-3").
// Note the two families: "M"/"G" are decimal (10^6, 10^9) while "Mi"/"Gi" are binary (2^20, 2^30).
// The CubeStudio platform treats them alike when it talks about GPU memory; this class does not —
// it parses both exactly, so "1G" < "1Gi".
//
// Representation: a signed count of nano-units (10^-9), stored in 128 bits, so every quantity
// Kubernetes can express is held exactly and sums of many of them cannot overflow in practice.
// Like Kubernetes, a value finer than a nano-unit is rounded away from zero to the next nano-unit
// ("0.001n" is 1n: if you asked for some resource you get some), and magnitudes above
// 2^63-1 whole units are capped there. Unlike upstream, a number must contain at least one digit:
// "Gi", "." and "-" are rejected rather than read as zero, and an exponent outside the 32-bit
// range is rejected rather than wrapped.
//
// Thread-safety: an immutable value type (the compound operators only change the object they are
// called on); copies may be shared and read from any thread. Nothing here throws.

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class Quantity final {
public:
    /// 128-bit signed integer; `__extension__` keeps -Wpedantic quiet about the GNU type.
    __extension__ typedef __int128 Int128;

    /// Zero.
    Quantity() = default;

    /// Parses a Kubernetes quantity string; nullopt when malformed (including "").
    static std::optional<Quantity> parse(std::string_view text);
    static Quantity fromMilli(int64_t milli);
    static Quantity fromUnits(int64_t units);
    static Quantity fromNano(Int128 nano);

    /// Rounded up (towards +infinity) to whole milli-units, saturated to the int64 range.
    int64_t milliValue() const;
    /// Rounded up (towards +infinity) to whole units, saturated to the int64 range.
    int64_t value() const;
    /// Nearest double, in units.
    double toDouble() const;
    Int128 nanoValue() const { return m_nano; }
    bool isZero() const { return m_nano == 0; }

    /// Smallest exact decimal form: whole units ("2", "-3", "128974848") when exact, else
    /// milli-units ("1500m"), else nano-units ("1n"). No binary suffixes.
    std::string toString() const;

    /// Saturating at the 128-bit range.
    Quantity operator+(const Quantity &other) const;
    Quantity operator-(const Quantity &other) const;
    Quantity &operator+=(const Quantity &other);
    Quantity &operator-=(const Quantity &other);

    std::strong_ordering operator<=>(const Quantity &other) const {
        return m_nano < other.m_nano   ? std::strong_ordering::less
               : m_nano > other.m_nano ? std::strong_ordering::greater
                                       : std::strong_ordering::equal;
    }
    bool operator==(const Quantity &other) const { return m_nano == other.m_nano; }

private:
    explicit Quantity(Int128 nano)
        : m_nano(nano) {}

    Int128 m_nano = 0;
};

} // namespace cubedesk::k8s
