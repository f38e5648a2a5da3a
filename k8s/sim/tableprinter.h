#pragma once

// TablePrinter: server-side printing for the simulator, i.e. the `columnDefinitions` and `rows`
// of the meta.k8s.io/v1 Table that kube-apiserver returns for
// `Accept: application/json;as=Table;v=v1;g=meta.k8s.io` (docs/kubernetes-api.md), so that stock
// kubectl 1.32 prints its usual columns.
//
// Column sets (like the apiserver, cells always include the priority-1 "wide" columns; kubectl
// hides them unless -o wide):
//   * core Pod:       Name Ready Status Restarts Age | IP Node "Nominated Node" "Readiness Gates"
//                     (Status as upstream printPod: status.reason, SchedulingGated, Init:x/y,
//                     Init:<reason>, container waiting/terminated reasons, Completed→Running/
//                     NotReady while a container still runs, Terminating, Unknown for NodeLost;
//                     sidecar init containers count towards Ready. Restarts is the integer sum of
//                     restartCount, without upstream's "(5m ago)" suffix.)
//   * core Node:      Name Status Roles Age Version | Internal-IP External-IP OS-Image
//                     Kernel-Version Container-Runtime
//   * core Namespace: Name Status Age;  core ConfigMap: Name Data Age
//   * core Event:     "Last Seen" Type Reason Object | Subobject Source | Message | "First Seen"
//                     Count Name  (Message is priority 0, the others after Object are wide)
//   * core ResourceQuota: Name Age Request Limit (used/hard from status; spec.hard when the status
//                     has not been filled in, with used 0)
//   * apps: DaemonSet Name Desired Current Ready Up-to-date Available "Node Selector" Age |
//           Containers Images Selector; Deployment Name Ready Up-to-date Available Age |
//           Containers Images Selector; ReplicaSet Name Desired Current Ready Age | Containers
//           Images Selector; StatefulSet Name Ready Age | Containers Images
//   * batch: Job Name Status Completions Duration Age | Containers Images Selector (Status as
//           1.32: Complete, Failed, Terminating, Suspended, FailureTarget, SuccessCriteriaMet,
//           Running); CronJob Name Schedule Timezone Suspend Active "Last Schedule" Age |
//           Containers Images Selector
//   * networking.k8s.io: Ingress Name Class Hosts Address Ports Age; IngressClass Name
//           Controller Parameters Age
//   * core storage: PersistentVolumeClaim Name Status Volume Capacity "Access Modes"
//           StorageClass VolumeAttributesClass Age | VolumeMode; PersistentVolume Name Capacity
//           "Access Modes" "Reclaim Policy" Status Claim StorageClass VolumeAttributesClass
//           Reason Age | VolumeMode; storage.k8s.io StorageClass Name ("(default)" appended)
//           Provisioner ReclaimPolicy VolumeBindingMode AllowVolumeExpansion Age
//   * core ServiceAccount Name Secrets Age; Secret Name Type Data Age; Endpoints Name
//           Endpoints Age
//   * rbac: Role and ClusterRole Name "Created At" (RFC 3339 text); RoleBinding and
//           ClusterRoleBinding Name Role Age | Users Groups ServiceAccounts ("ns/name")
//   * a type with printerColumns (CRD additionalPrinterColumns): Name plus those columns,
//     evaluated with the simple JSONPath subset below. Cells follow apiextensions-apiserver:
//     integer/number/boolean cells must have that JSON type (else null), string cells print any
//     scalar (objects and arrays as compact JSON), and date cells are turned into an age
//     ("5m") by the server, exactly as the apiextensions table convertor does; missing → null.
//   * a custom type without printerColumns: Name and Age (type date), apiextensions' default.
//   * anything else (LimitRange, CustomResourceDefinition, ...): the apiserver default table
//     convertor, Name and "Created At" (type date, cell an RFC 3339 UTC string).
//
// A printer column's jsonPath is evaluated by JsonPath (k8s/sim/jsonpath.h); a column uses the
// first match.
//
// Thread-safety: stateless static functions; safe from any thread. Ownership: results by value.
// Nothing throws: malformed objects produce "<unknown>"/null cells rather than errors.

#include "k8s/sim/resourcetype.h"

#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::sim {

class TablePrinter final {
public:
    TablePrinter() = delete;

    /// The Table's columnDefinitions: [{"name","type","format","description","priority"}, ...].
    static nlohmann::json columnDefinitions(const ResourceType &type);

    /// The cells of one object, one per column definition, ages computed against `now`.
    static nlohmann::json cells(const ResourceType &type, const nlohmann::json &object,
                                std::chrono::system_clock::time_point now);

    /// One Table row: {"cells":[...],"object":{PartialObjectMetadata with the object's metadata
    /// minus managedFields}}; completed/failed pods also get upstream's "conditions".
    static nlohmann::json rowFor(const ResourceType &type, const nlohmann::json &object,
                                 std::chrono::system_clock::time_point now);

    /// A metav1.LabelSelector (matchLabels, matchExpressions) as labels.Selector's String():
    /// requirements sorted by key ("app=x,tier in (a,b),!gone"); "" for none.
    static std::string labelSelectorText(const nlohmann::json &selector);

    /// Parses an RFC 3339 timestamp ("2018-12-16T21:39:09Z", fractions and offsets allowed).
    static std::optional<std::chrono::system_clock::time_point>
    parseTimestamp(std::string_view text);
};

} // namespace cubedesk::sim
