#pragma once

// Uid: a Kubernetes object UID in its 16-byte binary form.
//
// parse() accepts only the canonical text form the API server generates (RFC 4122 layout,
// 8-4-4-4-12 lower-case hex digits), so toString(parse(s)) == s always holds; any other text is
// kept as text by the objects (KubeObject::uid()).
//
// Thread-safety: a value type.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class Uid final {
public:
    Uid() = default;
    static std::optional<Uid> parse(std::string_view text);
    std::string toString() const;

    const std::array<std::uint8_t, 16> &bytes() const { return m_bytes; }
    bool isNull() const;
    bool operator==(const Uid &) const = default;

private:
    std::array<std::uint8_t, 16> m_bytes{};
};

static_assert(sizeof(Uid) == 16);

} // namespace cubedesk::k8s
