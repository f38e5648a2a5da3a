#pragma once

// Base64: standard base64 (RFC 4648 §4: alphabet A–Z a–z 0–9 + /, '=' padding) as Go's
// base64.StdEncoding writes and reads it — the encoding of every `[]byte` field in the API's JSON
// (a Secret's `data`) and of Helm's release records. One implementation for the client's
// decoders and the simulator.
//
// Decoding follows Go's DecodeString: CR and LF anywhere are skipped; padding is required (the
// text, without them, is a multiple of 4 characters, '=' only as the last one or two); any other
// character is an error naming its offset. Like StdEncoding (not .Strict()), unused bits in the
// last character are ignored.
// Thread-safety: pure functions; nothing throws.

#include "k8s/api/result.h"

#include <string>
#include <string_view>

namespace cubedesk::k8s {

class Base64 final {
public:
    Base64() = delete;

    /// Padded standard base64 of `bytes`.
    static std::string encode(std::string_view bytes);
    /// The bytes `text` encodes, or why it is not padded standard base64.
    static Result<std::string, std::string> decode(std::string_view text);
};

} // namespace cubedesk::k8s
