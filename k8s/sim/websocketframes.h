#pragma once

// WebSocketFrames: the server's half of RFC 6455 framing, for the simulator's exec endpoint —
// the handshake's accept key, frames written by a server (never masked) and an incremental
// reader of a client's frames (always masked), which reassembles fragmented messages and
// hands control frames (ping, pong, close) over as they come, between fragments too.
//
// Thread-safety: acceptKey() and frame() are pure; a FrameReader is used by one thread.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::sim {

class WebSocketFrames final {
public:
    WebSocketFrames() = delete;

    enum Opcode : std::uint8_t {
        Continuation = 0x0,
        Text = 0x1,
        Binary = 0x2,
        Close = 0x8,
        Ping = 0x9,
        Pong = 0xA,
    };

    /// Sec-WebSocket-Accept for the client's Sec-WebSocket-Key.
    static std::string acceptKey(std::string_view clientKey);
    /// One final, unmasked frame.
    static std::string frame(Opcode opcode, std::string_view payload);
    /// A close frame with a status code and a reason.
    static std::string closeFrame(std::uint16_t code, std::string_view reason);

    struct Message {
        Opcode opcode = Binary; ///< Text or Binary (reassembled), or a control opcode
        std::string payload;
    };

    /// Reads a client's frames from the bytes fed to it.
    class Reader {
    public:
        /// `maxMessage`: a larger message is a protocol error (the simulator's memory bound).
        explicit Reader(std::size_t maxMessage = std::size_t{16} << 20)
            : m_max(maxMessage) {}
        void feed(std::string_view bytes) { m_buffer += bytes; }
        /// The next complete message or control frame; nullopt when more bytes are needed or
        /// after a protocol error (error() says which).
        std::optional<Message> next();
        const std::string &error() const { return m_error; }

    private:
        std::size_t m_max;
        std::string m_buffer;
        std::size_t m_offset = 0;
        std::string m_fragments; ///< the data message being reassembled
        std::optional<Opcode> m_fragmentOpcode;
        std::string m_error;
    };
};

} // namespace cubedesk::sim
