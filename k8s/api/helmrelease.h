#pragma once

// HelmRelease: one revision of a Helm 3 release, read from the release JSON Helm keeps in its
// storage Secret (HelmReleaseCodec undoes the encoding). The document has the shape of Helm's
// release.Release (helm/pkg/release/release.go, info.go, status.go): `name`, `namespace`,
// `version` (the revision), `info` {first_deployed, last_deployed, description, status, notes},
// `chart` {metadata {name, version, appVersion}, values, templates, …}, `config` (the values the
// user supplied) and `manifest` (the rendered YAML).
//
// The values are kept as YAML text (YamlView::documentFromJson), keys sorted as `helm get values`
// prints them: `userValuesYaml` is `config`, `computedValuesYaml` the chart's defaults coalesced
// with it as `helm get values --all` computes them (helm/pkg/chartutil/coalesce.go): a user value
// replaces the default, maps are merged key by key, and a user null deletes the default's key
// (a null for a key the chart does not have stays null). Subcharts' defaults are not part of the
// stored chart, so — as for Helm — they are not coalesced here.
//
// Values may hold passwords: nothing here logs, and parse errors name fields, never values.
// Thread-safety: a value type; parse() and fromSecretData() are pure functions (any thread).

#include "k8s/api/result.h"

#include <string>
#include <string_view>

namespace cubedesk::k8s {

struct HelmRelease {
    /// Helm's release.Status values.
    enum class Status {
        Unknown,
        Deployed,
        Uninstalled,
        Superseded,
        Failed,
        Uninstalling,
        PendingInstall,
        PendingUpgrade,
        PendingRollback,
    };

    std::string name;
    std::string ns;   ///< the release's namespace ("" when the record has none)
    int revision = 0; ///< `version`: 1 for the install, +1 for each upgrade or rollback
    Status status = Status::Unknown;
    std::string chartName;      ///< chart.metadata.name
    std::string chartVersion;   ///< chart.metadata.version
    std::string appVersion;     ///< chart.metadata.appVersion ("" when the chart has none)
    std::string description;    ///< info.description ("Install complete", an upgrade's error, …)
    std::string firstDeployed;  ///< info.first_deployed as written (RFC 3339), "" for none
    std::string lastDeployed;   ///< info.last_deployed as written (RFC 3339), "" for none
    std::string notes;          ///< info.notes: the rendered NOTES.txt
    std::string userValuesYaml; ///< `config` as YAML ("{}\n" when the user set none)
    std::string computedValuesYaml; ///< chart.values coalesced with `config`, as YAML
    std::string manifest;           ///< the rendered manifests, as Helm stored them

    /// The release in `releaseJson`, or why it is not one: not JSON, not an object, or without
    /// a name, a positive integer `version`, `info.status`, `chart.metadata.name` and `version`;
    /// a deploy time that is neither "" nor RFC 3339; values that are not objects.
    static Result<HelmRelease, std::string> parse(std::string_view releaseJson);
    /// HelmReleaseCodec::decodeRelease, then parse().
    static Result<HelmRelease, std::string> fromSecretData(std::string_view secretDataRelease);

    /// "deployed", "pending-upgrade", … as Helm spells them; "unknown" for Unknown.
    static std::string_view statusName(Status status);
    /// The Status Helm spells `name`; Unknown for any other text.
    static Status statusFromName(std::string_view name);

    /// The CHART column of `helm list` and `helm history`: "<name>-<version>".
    std::string chart() const { return chartName + '-' + chartVersion; }
};

} // namespace cubedesk::k8s
