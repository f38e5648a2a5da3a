#pragma once

// ObjectMetadata: what a detail panel reads from an object's full JSON (a GET of one object)
// besides its YAML — its annotations, a ConfigMap's values. The cache's slim objects keep only the
// annotations the panes need, so the rest are read from the object fetched on demand.
// Thread-safety: pure functions (any thread).

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

class ObjectMetadata final {
public:
    ObjectMetadata() = delete;

    /// metadata.annotations of the object in `objectJson`, sorted by key (values that are not
    /// strings skipped); an empty map when it has none; nullopt when `objectJson` is not a JSON
    /// object.
    static std::optional<std::map<std::string, std::string>>
    annotations(std::string_view objectJson);
    /// The string members of the object at JSON pointer `pointer` ("/data": a ConfigMap's
    /// values), as annotations() reads metadata.annotations.
    static std::optional<std::map<std::string, std::string>> stringMap(std::string_view objectJson,
                                                                       const char *pointer);
};

} // namespace cubedesk::k8s
