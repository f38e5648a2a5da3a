// The simulator's WebSocket framing: RFC 6455's handshake example, server frames of every length
// class, and a client's masked, fragmented frames read back with control frames between them.
#include "k8s/sim/websocketframes.h"

#include <gtest/gtest.h>

using cubedesk::sim::WebSocketFrames;

namespace {

std::string masked(std::uint8_t first, std::string_view payload,
                   std::array<unsigned char, 4> mask = {0x37, 0xfa, 0x21, 0x3d}) {
    std::string out;
    out += static_cast<char>(first);
    if (payload.size() < 126) {
        out += static_cast<char>(0x80 | payload.size());
    } else {
        out += static_cast<char>(0x80 | 126);
        out += static_cast<char>(payload.size() >> 8);
        out += static_cast<char>(payload.size() & 0xff);
    }
    for (auto m : mask)
        out += static_cast<char>(m);
    for (std::size_t i = 0; i < payload.size(); ++i)
        out += static_cast<char>(payload[i] ^ mask[i % 4]);
    return out;
}

} // namespace

TEST(WebSocketFrames, AcceptKeyOfRfc6455) {
    EXPECT_EQ(WebSocketFrames::acceptKey("dGhlIHNhbXBsZSBub25jZQ=="),
              "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

TEST(WebSocketFrames, ServerFramesUseTheShortestLength) {
    EXPECT_EQ(WebSocketFrames::frame(WebSocketFrames::Binary, "ab"), std::string("\x82\x02"
                                                                                 "ab"));
    const std::string mid(300, 'x');
    const std::string f = WebSocketFrames::frame(WebSocketFrames::Binary, mid);
    EXPECT_EQ(f.substr(0, 4), std::string("\x82\x7e\x01\x2c", 4));
    const std::string big(70000, 'y');
    const std::string g = WebSocketFrames::frame(WebSocketFrames::Binary, big);
    EXPECT_EQ(g.substr(0, 10), std::string("\x82\x7f\x00\x00\x00\x00\x00\x01\x11\x70", 10));
    EXPECT_EQ(g.size(), 70010u);
    EXPECT_EQ(WebSocketFrames::closeFrame(1000, "bye"), std::string("\x88\x05\x03\xe8"
                                                                    "bye"));
}

TEST(WebSocketFrames, ReadsMaskedFragmentedMessagesAroundAPing) {
    WebSocketFrames::Reader reader;
    std::string bytes = masked(0x02, std::string("\x00"
                                                 "ec",
                                                 3)); // binary, not final
    bytes += masked(0x89, "hi");                      // ping between fragments
    bytes += masked(0x80, "ho\r");                    // final continuation
    // Fed one byte at a time: nothing comes out before a frame is complete.
    std::vector<WebSocketFrames::Message> got;
    for (char c : bytes) {
        reader.feed(std::string_view(&c, 1));
        while (auto m = reader.next())
            got.push_back(*m);
    }
    ASSERT_EQ(got.size(), 2u);
    EXPECT_EQ(got[0].opcode, WebSocketFrames::Ping);
    EXPECT_EQ(got[0].payload, "hi");
    EXPECT_EQ(got[1].opcode, WebSocketFrames::Binary);
    EXPECT_EQ(got[1].payload, std::string("\x00"
                                          "echo\r",
                                          6));
    EXPECT_TRUE(reader.error().empty());
}

TEST(WebSocketFrames, RefusesUnmaskedAndOversizedFrames) {
    WebSocketFrames::Reader unmasked;
    unmasked.feed(std::string("\x82\x01x", 3));
    EXPECT_FALSE(unmasked.next());
    EXPECT_EQ(unmasked.error(), "a client frame is not masked");

    WebSocketFrames::Reader small(100);
    small.feed(masked(0x82, std::string(200, 'z')));
    EXPECT_FALSE(small.next());
    EXPECT_EQ(small.error(), "message too large");

    WebSocketFrames::Reader orphan;
    orphan.feed(masked(0x80, "x"));
    EXPECT_FALSE(orphan.next());
    EXPECT_EQ(orphan.error(), "a continuation frame without a message");
}
