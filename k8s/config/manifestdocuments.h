#pragma once
// ManifestDocuments: the YAML editor's text read as Kubernetes objects — one or more YAML
// documents (separated by `---`), each an object with apiVersion, kind and metadata.name,
// converted to the JSON the API takes (kubectl's YAML 1.1 scalar typing: k8s::YamlJson). A text
// that does not parse gives the first error with its line and column (1-based), as the editor
// shows it while the user types; empty documents (a trailing `---`) are skipped.
//
// Thread-safety: a pure function; any thread.

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace cubedesk::k8s {

class ManifestDocuments final {
public:
    ManifestDocuments() = delete;

    struct Document {
        std::string json; ///< compact JSON of the object
        std::string apiVersion;
        std::string kind;
        std::string name;
        std::string ns; ///< metadata.namespace, "" when not given
        int line = 1;   ///< where the document starts in the text (1-based)
    };
    struct Error {
        int line = 0;   ///< 1-based; 0 when the error is about the whole text
        int column = 0; ///< 1-based; 0 when unknown
        QString message;
    };
    struct Parsed {
        std::vector<Document> documents;
        std::optional<Error> error; ///< set: documents is empty
    };

    static Parsed parse(const std::string &text);
};

} // namespace cubedesk::k8s
