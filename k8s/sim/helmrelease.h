#pragma once

#include "k8s/api/result.h"

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace cubedesk::sim {

/// A Helm 3 release as Helm's Secret storage driver keeps it (helm/pkg/storage/driver
/// secrets.go and util.go): a Secret named `sh.helm.release.v1.<name>.v<revision>` in the
/// release's namespace, type `helm.sh/release.v1`, labelled `name`, `owner=helm`, `status`,
/// `version` (the revision), `createdAt` and `modifiedAt` (Unix seconds), whose `release` key
/// holds base64 text of the gzipped release JSON — so the Secret's `data.release`, which the API
/// encodes in base64 once more, is base64 of base64 of gzip of JSON.
///
/// The release document has Helm's JSON shape (release/v1 Release): `name`, `namespace`,
/// `version`, `info` {first_deployed, last_deployed, deleted, description, status, notes},
/// `chart` {metadata, lock, templates, values, schema, files}, `config` (the user's values) and
/// `manifest` (the rendered YAML).
///
/// Thread-safety: stateless static functions; safe from any thread.
class HelmRelease final {
public:
    HelmRelease() = delete;

    /// The storage Secret of `release` (which must carry name, namespace, version and
    /// info.status); an error when the release lacks them or compression fails.
    static k8s::Result<nlohmann::json, std::string>
    storageSecret(const nlohmann::json &release, std::chrono::system_clock::time_point created,
                  std::chrono::system_clock::time_point modified);
    /// The release a Secret's `release` value holds, after the API's own base64 is undone:
    /// base64 text → gunzip → JSON (Helm's decodeRelease also takes uncompressed JSON). The
    /// decoding is the client's (k8s::HelmReleaseCodec::decodeRecord); this parses its JSON.
    static k8s::Result<nlohmann::json, std::string> decodeRelease(std::string_view encoded);

    /// gzip (RFC 1952) at best compression, as Helm's encodeRelease writes it (the client reads
    /// it back with k8s::HelmReleaseCodec::gunzip).
    static k8s::Result<std::string, std::string> gzip(std::string_view bytes);
};

} // namespace cubedesk::sim
