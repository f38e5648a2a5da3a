#include "k8s/sim/base64.h"

#include <openssl/evp.h>

namespace cubedesk::sim {

std::string Base64::encode(std::string_view bytes) {
    std::string out(4 * ((bytes.size() + 2) / 3) + 1, '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char *>(out.data()),
                                  reinterpret_cast<const unsigned char *>(bytes.data()),
                                  static_cast<int>(bytes.size()));
    out.resize(static_cast<std::size_t>(n));
    return out;
}

k8s::Result<std::string, std::string> Base64::decode(std::string_view text) {
    if (text.size() % 4 != 0)
        return k8s::Failure{std::string("base64 text of a length that is not a multiple of 4")};
    std::string out(text.size() / 4 * 3 + 1, '\0');
    const int n = EVP_DecodeBlock(reinterpret_cast<unsigned char *>(out.data()),
                                  reinterpret_cast<const unsigned char *>(text.data()),
                                  static_cast<int>(text.size()));
    if (n < 0)
        return k8s::Failure{std::string("invalid base64 text")};
    // EVP_DecodeBlock counts the padding as zero bytes; Go's decoder does not.
    std::size_t size = static_cast<std::size_t>(n);
    for (std::size_t i = text.size(); i > 0 && text[i - 1] == '=' && size > 0; --i)
        --size;
    out.resize(size);
    return out;
}

} // namespace cubedesk::sim
