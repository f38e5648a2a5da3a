#pragma once

#include "k8s/api/result.h"
#include "k8s/objects/resourcedescriptor.h"
#include "k8s/write/workloadwrites.h"
#include "k8s/write/writerequest.h"

#include <string>
#include <string_view>

namespace cubedesk::k8s {

/// The requests of the YAML editor (docs/writes.md, "YAML edits"):
///   replace  PUT of the whole object as edited, which must carry the resourceVersion the user
///            started from: the server refuses it (409 Conflict) when the object changed since,
///            so nothing is overwritten blindly (kubectl replace);
///   create   POST of a new object to its collection (kubectl create);
/// each optionally a server-side dry run (`dryRun=All`: validated, defaulted and admitted, not
/// stored). And the undoing of the editor's masks: a Secret is edited with its values shown as
/// YamlView masks them; before it is sent, each value still masked is put back from the live
/// object, so a value the user did not reveal is neither shown nor lost.
/// Pure functions; any thread. Never logs: bodies may hold Secret values.
class ObjectEdits final {
public:
    ObjectEdits() = delete;

    /// PUT of `objectJson` to `target`'s path. An error (nothing to send) when the JSON is not
    /// an object, lacks metadata.resourceVersion, or names another object than `target`
    /// (metadata.name, metadata.namespace, kind).
    static Result<WriteRequest, std::string> replace(const WorkloadWrites::Target &target,
                                                     std::string_view objectJson, bool dryRun);
    /// POST of `objectJson` to the collection of `resource` in `ns` ("" cluster-scoped).
    static WriteRequest create(const ResourceDescriptor &resource, const std::string &ns,
                               std::string_view objectJson, bool dryRun);
    /// `editedJson` with every Secret value (data, stringData, and the last-applied annotation)
    /// that still reads as YamlView's mask of the live value replaced by the live value. Objects
    /// other than Secrets come back as they are. An error when a masked value has no live value
    /// to restore (a key renamed while masked) or a JSON text is not an object.
    static Result<std::string, std::string> restoreMaskedSecret(std::string_view editedJson,
                                                                std::string_view liveJson);
    /// `objectJson` (a ConfigMap as read, resourceVersion included) with data[`key`] set to
    /// `value`; everything else as it was. An error when it is not a JSON object.
    static Result<std::string, std::string>
    withDataValue(std::string_view objectJson, const std::string &key, const std::string &value);
};

} // namespace cubedesk::k8s
