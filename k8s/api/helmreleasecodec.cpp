#include "k8s/api/helmreleasecodec.h"

#include "k8s/api/base64.h"

#include <array>
#include <climits>

#include <zlib.h>

namespace cubedesk::k8s {

namespace {

// zlib's windowBits for a gzip wrapper rather than zlib's own (15 + 16).
constexpr int kGzipWindow = 15 + 16;

bool hasGzipMagic(std::string_view bytes) {
    // Helm compares the first three bytes when there are more than three.
    return bytes.size() > 3 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
           static_cast<unsigned char>(bytes[1]) == 0x8b &&
           static_cast<unsigned char>(bytes[2]) == 0x08;
}

std::string sizeText(std::size_t bytes) {
    constexpr std::size_t kMiB = std::size_t{1024} * 1024;
    return bytes % kMiB == 0 ? std::to_string(bytes / kMiB) + " MiB"
                             : std::to_string(bytes) + " bytes";
}

} // namespace

Result<std::string, std::string> HelmReleaseCodec::gunzip(std::string_view bytes,
                                                          std::size_t limit) {
    if (bytes.size() > UINT_MAX)
        return Failure{std::string("the gzip stream is too large to read")};
    z_stream zs{};
    if (inflateInit2(&zs, kGzipWindow) != Z_OK)
        return Failure{std::string("zlib could not start a gunzip stream")};
    // zlib's API takes a non-const input pointer but never writes through it.
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
    zs.avail_in = static_cast<uInt>(bytes.size());
    std::string out;
    std::array<char, 16384> chunk{};
    std::string error;
    while (error.empty()) {
        zs.next_out = reinterpret_cast<Bytef *>(chunk.data());
        zs.avail_out = static_cast<uInt>(chunk.size());
        const int rc = inflate(&zs, Z_NO_FLUSH);
        const std::size_t produced = chunk.size() - zs.avail_out;
        if (out.size() + produced > limit) {
            error = "the gzip stream decompresses to more than " + sizeText(limit);
            break;
        }
        out.append(chunk.data(), produced);
        if (rc == Z_STREAM_END) {
            // Another member may follow, as in Go's multistream reader.
            if (zs.avail_in == 0)
                break;
            if (inflateReset(&zs) != Z_OK)
                error = "zlib could not read the next gzip member";
        } else if (rc == Z_BUF_ERROR) {
            error = zs.avail_in == 0 ? "the gzip stream is truncated"
                                     : "the gzip stream cannot be decompressed";
        } else if (rc != Z_OK) {
            error = std::string("the gzip stream is damaged (") +
                    (zs.msg != nullptr ? zs.msg : "zlib error " + std::to_string(rc)) + ")";
        }
    }
    inflateEnd(&zs);
    if (!error.empty())
        return Failure{std::move(error)};
    return out;
}

Result<std::string, std::string> HelmReleaseCodec::decodeRecord(std::string_view helmText) {
    auto raw = Base64::decode(helmText);
    if (!raw.ok())
        return Failure{"the release record is not base64: " + raw.error()};
    if (!hasGzipMagic(raw.value()))
        return std::move(raw.value());
    auto plain = gunzip(raw.value());
    if (!plain.ok())
        return Failure{"the release record does not decompress: " + plain.error()};
    return std::move(plain.value());
}

Result<std::string, std::string>
HelmReleaseCodec::decodeRelease(std::string_view secretDataRelease) {
    auto helmText = Base64::decode(secretDataRelease);
    if (!helmText.ok())
        return Failure{"data.release is not base64: " + helmText.error()};
    return decodeRecord(helmText.value());
}

} // namespace cubedesk::k8s
