#include "k8s/sim/websocketframes.h"

#include <openssl/evp.h>
#include <openssl/sha.h>

namespace cubedesk::sim {

std::string WebSocketFrames::acceptKey(std::string_view clientKey) {
    static constexpr std::string_view kGuid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";
    const std::string input = std::string(clientKey) + std::string(kGuid);
    unsigned char digest[SHA_DIGEST_LENGTH];
    SHA1(reinterpret_cast<const unsigned char *>(input.data()), input.size(), digest);
    unsigned char encoded[4 * ((SHA_DIGEST_LENGTH + 2) / 3) + 1];
    const int n = EVP_EncodeBlock(encoded, digest, SHA_DIGEST_LENGTH);
    return {reinterpret_cast<const char *>(encoded), static_cast<std::size_t>(n)};
}

std::string WebSocketFrames::frame(Opcode opcode, std::string_view payload) {
    std::string out;
    out.reserve(payload.size() + 10);
    out += static_cast<char>(0x80 | opcode);
    const std::uint64_t size = payload.size();
    if (size < 126) {
        out += static_cast<char>(size);
    } else if (size <= 0xffff) {
        out += static_cast<char>(126);
        out += static_cast<char>((size >> 8) & 0xff);
        out += static_cast<char>(size & 0xff);
    } else {
        out += static_cast<char>(127);
        for (int shift = 56; shift >= 0; shift -= 8)
            out += static_cast<char>((size >> shift) & 0xff);
    }
    out += payload;
    return out;
}

std::string WebSocketFrames::closeFrame(std::uint16_t code, std::string_view reason) {
    std::string payload;
    payload += static_cast<char>(code >> 8);
    payload += static_cast<char>(code & 0xff);
    payload += reason.substr(0, 123);
    return frame(Close, payload);
}

std::optional<WebSocketFrames::Message> WebSocketFrames::Reader::next() {
    while (m_error.empty()) {
        const std::size_t available = m_buffer.size() - m_offset;
        const auto *p = reinterpret_cast<const unsigned char *>(m_buffer.data() + m_offset);
        if (available < 2)
            break;
        const bool fin = (p[0] & 0x80) != 0;
        const auto opcode = static_cast<Opcode>(p[0] & 0x0f);
        const bool masked = (p[1] & 0x80) != 0;
        std::uint64_t size = p[1] & 0x7f;
        std::size_t header = 2;
        if (size == 126) {
            if (available < 4)
                break;
            size = (std::uint64_t{p[2]} << 8) | p[3];
            header = 4;
        } else if (size == 127) {
            if (available < 10)
                break;
            size = 0;
            for (int i = 0; i < 8; ++i)
                size = (size << 8) | p[2 + i];
            header = 10;
        }
        if ((p[0] & 0x70) != 0) {
            m_error = "reserved bits set";
            break;
        }
        if (!masked) {
            m_error = "a client frame is not masked";
            break;
        }
        const bool control = (opcode & 0x8) != 0;
        if (control && (!fin || size > 125)) {
            m_error = "a control frame is fragmented or too long";
            break;
        }
        if (size > m_max || m_fragments.size() + size > m_max) {
            m_error = "message too large";
            break;
        }
        if (available < header + 4 + size)
            break;
        const unsigned char *mask = p + header;
        std::string payload(static_cast<std::size_t>(size), '\0');
        for (std::size_t i = 0; i < size; ++i)
            payload[i] = static_cast<char>(p[header + 4 + i] ^ mask[i % 4]);
        m_offset += header + 4 + static_cast<std::size_t>(size);
        if (m_offset > 65536 && m_offset * 2 > m_buffer.size()) {
            m_buffer.erase(0, m_offset);
            m_offset = 0;
        }
        if (control) {
            if (opcode != Close && opcode != Ping && opcode != Pong) {
                m_error = "unknown control opcode";
                break;
            }
            return Message{opcode, std::move(payload)};
        }
        if (opcode == Continuation) {
            if (!m_fragmentOpcode) {
                m_error = "a continuation frame without a message";
                break;
            }
            m_fragments += payload;
        } else if (opcode == Text || opcode == Binary) {
            if (m_fragmentOpcode) {
                m_error = "a new message inside a fragmented one";
                break;
            }
            m_fragmentOpcode = opcode;
            m_fragments = std::move(payload);
        } else {
            m_error = "unknown data opcode";
            break;
        }
        if (fin) {
            Message m{*m_fragmentOpcode, std::move(m_fragments)};
            m_fragments.clear();
            m_fragmentOpcode.reset();
            return m;
        }
    }
    return std::nullopt;
}

} // namespace cubedesk::sim
