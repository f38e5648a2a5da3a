#include "k8s/sim/helmrelease.h"

#include "k8s/api/helmreleasecodec.h"
#include "k8s/sim/base64.h"

#include <zlib.h>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

// zlib's windowBits for a gzip wrapper rather than zlib's own (15 + 16).
constexpr int kGzipWindow = 15 + 16;

std::string unixSeconds(std::chrono::system_clock::time_point t) {
    return std::to_string(
        std::chrono::duration_cast<std::chrono::seconds>(t.time_since_epoch()).count());
}

} // namespace

k8s::Result<std::string, std::string> HelmRelease::gzip(std::string_view bytes) {
    z_stream zs{};
    if (deflateInit2(&zs, Z_BEST_COMPRESSION, Z_DEFLATED, kGzipWindow, 8, Z_DEFAULT_STRATEGY) !=
        Z_OK)
        return k8s::Failure{std::string("zlib could not start a gzip stream")};
    std::string out(deflateBound(&zs, static_cast<uLong>(bytes.size())), '\0');
    // zlib's API takes a non-const input pointer but never writes through it.
    zs.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(bytes.data()));
    zs.avail_in = static_cast<uInt>(bytes.size());
    zs.next_out = reinterpret_cast<Bytef *>(out.data());
    zs.avail_out = static_cast<uInt>(out.size());
    const int rc = deflate(&zs, Z_FINISH);
    out.resize(zs.total_out);
    deflateEnd(&zs);
    if (rc != Z_STREAM_END)
        return k8s::Failure{std::string("gzip compression did not finish")};
    return out;
}

k8s::Result<json, std::string>
HelmRelease::storageSecret(const json &release, std::chrono::system_clock::time_point created,
                           std::chrono::system_clock::time_point modified) {
    if (!release.is_object() || !release.contains("name") || !release["name"].is_string() ||
        !release.contains("namespace") || !release.contains("version") ||
        !release["version"].is_number_integer() || !release.contains("info") ||
        !release["info"].is_object() || !release["info"].contains("status"))
        return k8s::Failure{
            std::string("a release needs name, namespace, version and info.status")};
    auto compressed = gzip(release.dump());
    if (!compressed.ok())
        return k8s::Failure{compressed.error()};
    const std::string name = release["name"].get<std::string>();
    const std::string version = std::to_string(release["version"].get<int>());
    // Helm stores base64 text in the Secret; the API encodes every data value once more.
    const std::string helmEncoded = Base64::encode(compressed.value());
    return json{{"apiVersion", "v1"},
                {"kind", "Secret"},
                {"metadata",
                 {{"name", "sh.helm.release.v1." + name + ".v" + version},
                  {"namespace", release["namespace"]},
                  {"labels",
                   {{"name", name},
                    {"owner", "helm"},
                    {"status", release["info"]["status"]},
                    {"version", version},
                    {"createdAt", unixSeconds(created)},
                    {"modifiedAt", unixSeconds(modified)}}}}},
                {"type", "helm.sh/release.v1"},
                {"data", {{"release", Base64::encode(helmEncoded)}}}};
}

k8s::Result<json, std::string> HelmRelease::decodeRelease(std::string_view encoded) {
    auto text = k8s::HelmReleaseCodec::decodeRecord(encoded);
    if (!text.ok())
        return k8s::Failure{text.error()};
    json release = json::parse(text.value(), nullptr, false);
    if (release.is_discarded() || !release.is_object())
        return k8s::Failure{std::string("the release is not a JSON object")};
    return release;
}

} // namespace cubedesk::sim
