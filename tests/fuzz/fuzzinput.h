#pragma once

// FuzzInput: reads typed choices from the front of a fuzzer's input, so that one byte string
// drives both the data and how it is fed (a kind, chunk sizes). Header-only; one per call of
// LLVMFuzzerTestOneInput.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace cubedesk::fuzz {

class FuzzInput final {
public:
    FuzzInput(const std::uint8_t *data, std::size_t size)
        : m_data(reinterpret_cast<const char *>(data), size) {}

    /// One byte from the front (0 when empty).
    std::uint8_t byte() {
        if (m_data.empty())
            return 0;
        const auto b = static_cast<std::uint8_t>(m_data.front());
        m_data.remove_prefix(1);
        return b;
    }
    /// Up to `n` bytes from the front.
    std::string_view take(std::size_t n) {
        const std::string_view front = m_data.substr(0, n);
        m_data.remove_prefix(front.size());
        return front;
    }
    bool empty() const { return m_data.empty(); }
    /// Everything not consumed yet.
    std::string_view rest() const { return m_data; }

private:
    std::string_view m_data;
};

} // namespace cubedesk::fuzz
