#include "k8s/sim/continuetoken.h"

#include <nlohmann/json.hpp>
#include <openssl/evp.h>
#include <vector>

namespace cubedesk::sim {

std::string ContinueToken::encode() const {
    const std::string raw =
        nlohmann::json{{"v", "meta.k8s.io/v1"}, {"rv", rv}, {"start", start}}.dump();
    std::vector<unsigned char> out(4 * ((raw.size() + 2) / 3) + 1);
    const int n = EVP_EncodeBlock(out.data(), reinterpret_cast<const unsigned char *>(raw.data()),
                                  static_cast<int>(raw.size()));
    std::string text(reinterpret_cast<const char *>(out.data()), static_cast<std::size_t>(n));
    for (char &c : text) {
        if (c == '+')
            c = '-';
        else if (c == '/')
            c = '_';
    }
    while (!text.empty() && text.back() == '=')
        text.pop_back();
    return text;
}

std::optional<ContinueToken> ContinueToken::decode(std::string_view text) {
    std::string b64(text);
    for (char &c : b64) {
        if (c == '-')
            c = '+';
        else if (c == '_')
            c = '/';
    }
    const std::size_t padding = (4 - b64.size() % 4) % 4;
    if (padding == 3 || b64.empty())
        return std::nullopt;
    b64.append(padding, '=');
    std::vector<unsigned char> out(b64.size());
    const int n = EVP_DecodeBlock(out.data(), reinterpret_cast<const unsigned char *>(b64.data()),
                                  static_cast<int>(b64.size()));
    if (n < 0)
        return std::nullopt;
    const std::string raw(reinterpret_cast<const char *>(out.data()),
                          static_cast<std::size_t>(n) - padding);
    const auto doc = nlohmann::json::parse(raw, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || doc.value("v", "") != "meta.k8s.io/v1" ||
        !doc.contains("rv") || !doc["rv"].is_number_unsigned() || !doc.contains("start") ||
        !doc["start"].is_string())
        return std::nullopt;
    return ContinueToken{doc["rv"].get<std::uint64_t>(), doc["start"].get<std::string>()};
}

} // namespace cubedesk::sim
