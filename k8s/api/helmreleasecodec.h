#pragma once

// HelmReleaseCodec: the bytes of a Helm 3 release record back to the release's JSON text, as
// Helm's Secret storage driver reads them (helm/pkg/storage/driver/util.go, decodeRelease). A
// release lives in a Secret `sh.helm.release.v1.<name>.v<revision>` of type `helm.sh/release.v1`;
// its `release` key holds base64 text of the gzipped release JSON, and the API encodes every
// Secret value in base64 once more — so the Secret's `data.release` is
// base64(base64(gzip(JSON))). Helm also reads records written before it compressed them: after
// its base64 it gunzips only when the bytes start with the gzip magic 1f 8b 08.
//
// Decompression stops at a size limit (64 MiB by default) so that a crafted record — a Secret
// holds at most 1 MiB, which deflate can expand a thousandfold — cannot exhaust memory. Error
// messages say what was wrong with the bytes and never quote them: a release carries its values,
// passwords included.
// Thread-safety: pure functions; nothing throws.

#include "k8s/api/result.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class HelmReleaseCodec final {
public:
    HelmReleaseCodec() = delete;

    /// The most a release record may decompress to.
    static constexpr std::size_t kMaxReleaseBytes = std::size_t{64} * 1024 * 1024;

    /// The release JSON text of a Secret's `data.release` value as the API returns it (base64 of
    /// Helm's base64 text), or why it is not one. The text is not parsed here (HelmRelease does).
    static Result<std::string, std::string> decodeRelease(std::string_view secretDataRelease);
    /// The same from Helm's own text, once the API's base64 is undone (what the Secret's
    /// `release` key holds): base64 → gunzip when gzip magic leads → JSON text.
    static Result<std::string, std::string> decodeRecord(std::string_view helmText);
    /// The data of a gzip stream (RFC 1952; several members are read one after the other, as
    /// Go's gzip.Reader does), or why not: a damaged or truncated stream, trailing bytes that
    /// are not another member, or more than `limit` bytes of output.
    static Result<std::string, std::string> gunzip(std::string_view bytes,
                                                   std::size_t limit = kMaxReleaseBytes);
};

} // namespace cubedesk::k8s
