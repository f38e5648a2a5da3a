#pragma once

#include "k8s/api/result.h"

#include <nlohmann/json.hpp>
#include <string>

namespace cubedesk::sim {

/// Applies a Kubernetes strategic merge patch (Content-Type application/strategic-merge-patch+json,
/// docs/kubernetes-api.md) to a built-in object and returns the patched copy, or std::nullopt
/// with a human-readable reason in *error (when error is not null) if the patch is malformed. The
/// caller maps a failure to a 400/422 Status; custom resources must be refused before calling
/// this.
///
/// Semantics:
/// * Objects merge recursively; a `null` value deletes the key. A value whose type differs from
///   the original's replaces it.
/// * Lists are replaced, except lists known to merge. Those are recognised by field name wherever
///   they occur, as the upstream struct tags would place them: containers, initContainers,
///   ephemeralContainers, env, volumes, imagePullSecrets, resourceClaims by "name"; ports by
///   "containerPort" (but `spec.ports` of a Service by "port", as ServiceSpec declares);
///   volumeMounts by "mountPath"; volumeDevices by "devicePath"; conditions and addresses by
///   "type"; ownerReferences by "uid"; hostAliases by "ip"; topologySpreadConstraints by
///   "topologyKey". Elements with a matching key merge in place, others are appended. Every
///   patch element of such a list must be an object carrying the merge key.
///   The primitive list `finalizers` merges as a union (original order, then new values).
/// * `$patch: replace` in an object replaces it by the rest of the patch object; as an element of
///   a merging list it makes the other patch elements replace the whole list.
///   `$patch: delete` in an object deletes it (the root becomes `{}`); as an element of a merging
///   list it removes the element with its merge key. `$patch: merge` is the default, spelled out.
///   Any other `$patch` value is an error.
/// * `$retainKeys: [...]` drops the original's keys not listed (a non-null patch key missing from
///   the list is an error). `$deleteFromPrimitiveList/<field>: [...]` removes those values from
///   the original list `<field>` before the patch's own `<field>` merges.
///   `$setElementOrder/<field>: [...]` reorders the merged list: listed elements first, in that
///   order (matched by merge key, or by value for primitives), the rest keep their relative order
///   after them.
/// * Values absent from the original are still normalised: their nulls are dropped and nested
///   directives applied, so no `$`-directive ever reaches the result.
/// * Simplification: merged lists keep the original's order with new elements appended (upstream
///   sorts patch elements by patch order); kubectl sends `$setElementOrder` when order matters.
///
/// The patched document, or why the patch is invalid. Pure function: any thread may call it
/// concurrently; inputs are not modified.
k8s::Result<nlohmann::json, std::string> applyStrategicMergePatch(const nlohmann::json &original,
                                                                  const nlohmann::json &patch);

} // namespace cubedesk::sim
