#pragma once

// SchedulerPolicyView: the scheduler's scoring configuration as readable rows (docs/platform.md,
// "CoreDNS and the scheduler policy"). The platform mounts a policy file into kube-scheduler — the
// `scheduler-policy-config` ConfigMap in kube-system, key `policy.cfg` — so that jobs started
// together spread over the nodes instead of piling onto a few. Two shapes are read:
//   * the legacy JSON `kind: Policy` (kube-scheduler ≤ 1.22): `predicates` [{name, argument}],
//     `priorities` [{name, weight, argument}] — RequestedToCapacityRatioPriority's
//     `requestedToCapacityRatioArguments` {shape [{utilization, score}], resources
//     [{name, weight}]}, serviceAntiAffinity, labelPreference — `extenders`, and the settings
//     hardPodAffinitySymmetricWeight and alwaysCheckAllPredicates;
//   * a KubeSchedulerConfiguration (YAML or JSON, apiVersion kubescheduler.config.k8s.io/…):
//     per profile, each extension point's enabled plugins (with weights) and disabled ones, the
//     pluginConfig args (NodeResourcesFit's scoringStrategy spelled out like the Policy's ratio),
//     extenders, percentageOfNodesToScore and parallelism.
// One row per entry, in file order: section ("setting", "predicate", "priority", "extender";
// "<profile>: <extension point>" and "<profile>: pluginConfig" for a configuration), name,
// weight when it has one, and a detail text such as
// "cpu weight 1, memory weight 1; utilization 0% → score 10, 100% → score 0".
// Anything else (other JSON or YAML, another kind, a list where an object belongs) is an error
// that says what was expected.
//
// A value type; parse() is a pure function (any thread). Does not throw.

#include "k8s/api/result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

class SchedulerPolicyView final {
public:
    enum class Format { Policy, KubeSchedulerConfiguration };
    struct Row {
        std::string section;
        std::string name;
        std::optional<std::int64_t> weight;
        std::string detail;
        Row(std::string section, std::string name, std::optional<std::int64_t> weight,
            std::string detail);
        bool operator==(const Row &) const = default;
    };

    /// The rows of a policy file's text, or what was expected instead.
    static Result<SchedulerPolicyView, std::string> parse(std::string_view text);

    Format format() const { return m_format; }
    const std::vector<Row> &rows() const { return m_rows; }

private:
    Format m_format = Format::Policy;
    std::vector<Row> m_rows;
};

} // namespace cubedesk::k8s
