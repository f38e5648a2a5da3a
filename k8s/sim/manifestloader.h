#pragma once

// ManifestLoader: reads Kubernetes manifests (multi-document YAML, JSON, JSON streams) into
// nlohmann::json objects for the simulator's `--load DIR`.
//
// Splitting: like kubectl's YAML reader, a line that starts with "---" followed only by blanks or
// a comment separates documents. Documents that hold nothing (blank, comments only, `null`) are
// skipped and not counted; every other document gets the next 1-based index, used in
// LoadedManifest::origin ("dir/file.yaml#3"). Text that is nothing but JSON values (a "{" or "["
// first) is read as a JSON stream; anything else goes through yaml-cpp.
//
// Typing follows sigs.k8s.io/yaml (go-yaml v2 resolution, then JSON):
//   * plain scalars: y/Y/yes/Yes/YES/true/True/TRUE/on/On/ON (and the n/no/false/off family) are
//     booleans; "", ~, null, Null, NULL are null; integers as Go's strconv.ParseInt with base
//     prefix (0x1F, 0o17, 0b101, leading-zero octal 017, sign, '_' ignored); integers beyond
//     int64 and decimal floats (1.5, 1e3, .5) are doubles; .inf/-.inf/.nan are ±infinity/NaN (note:
//     nlohmann::json serialises those as null, and real kube-apiserver rejects them); a float that
//     overflows a double stays a string, as do timestamps and everything else;
//   * quoted and block scalars (single, double, |, >) are always strings;
//   * explicit tags are respected: !!str makes a string, !!int/!!float/!!bool/!!null must resolve
//     to that type (else an error "cannot decode !!str `x` as a !!int"), !!float accepts integers;
//     other tags (!!binary, local !tags) leave the scalar text as a string;
//   * map keys become strings: booleans "true"/"false", integers in decimal, floats in Go's
//     32-bit 'g' form; null keys and collection keys are errors; `<<` merge keys are applied as
//     go-yaml v2 does (in document order, so a merge overrides keys written before it).
//
// Objects: every document must be a mapping with a non-empty string `kind` and `apiVersion` (and
// a mapping `metadata` when present), otherwise it is reported in LoadResult::errors (the
// document is dropped, loading continues).
// A document whose kind is "List" or ends in "List" and that has an `items` array contributes its
// items instead (origin "file#2.items[0]"); an item missing kind/apiVersion inherits the list's
// apiVersion and, for typed lists (PodList), the kind without the "List" suffix.
//
// Limits: nesting deeper than 1000 levels, alias expansion that dominates a document (go-yaml
// v2's "document contains excessive aliasing" rule) and more than 5M nodes are errors.
//
// Errors are strings naming the file and 1-based line and column where known, e.g.
// "dir/broken.yaml:3:7: end of sequence flow not found". Nothing here throws: yaml-cpp,
// nlohmann::json and std::filesystem failures are caught at this boundary.
//
// Thread-safety: stateless static functions; safe to call from any thread concurrently.
// Ownership: results are returned by value; nothing is retained.

#include "k8s/api/result.h"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::sim {

/// One object read from a manifest.
struct LoadedManifest {
    nlohmann::json object;
    std::string origin; ///< "<file>#<1-based document index>", items add ".items[<i>]"
};

/// Everything read from a text, a file or a directory tree, in input order.
struct LoadResult {
    std::vector<LoadedManifest> objects;
    std::vector<std::string> errors; ///< one human-readable message per rejected document/file
};

class ManifestLoader final {
public:
    ManifestLoader() = delete;

    /// Parses every document of `text`; `originName` (usually the file path) prefixes origins and
    /// error messages.
    static LoadResult loadText(std::string_view text, const std::string &originName);

    /// Loads one file (whatever its extension) or, for a directory, every `*.yaml`, `*.yml` and
    /// `*.json` file below it, walked recursively with each directory's entries in sorted order
    /// (as kubectl -R does). Directory symlinks are not followed.
    static LoadResult loadPath(const std::filesystem::path &path);

    /// Converts a single YAML (or JSON) document to JSON with the typing rules above: a JSON
    /// null for an empty document, or a message with the 1-based line and column of the
    /// failure. More than one document is an error.
    static k8s::Result<nlohmann::json, std::string> yamlToJson(std::string_view text);
};

} // namespace cubedesk::sim
