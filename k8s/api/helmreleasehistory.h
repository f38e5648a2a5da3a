#pragma once

// HelmReleaseHistory: the Helm 3 releases of a SecretList (GET /api/v1/secrets or
// /api/v1/namespaces/<ns>/secrets with labelSelector=owner=helm), grouped by release —
// (namespace, name) — with every revision, and shown as Helm's CLI shows them:
//   * listRows(): `helm list -A` — each release's latest revision (the highest `version`),
//     kept when its status is deployed or failed (helm list's default state mask; `all` keeps
//     every status, as `helm list --all`), sorted by name (then namespace). Columns NAME
//     NAMESPACE REVISION UPDATED STATUS CHART APP VERSION; UPDATED is info.last_deployed as Go's
//     time.Time.String() prints it ("2024-03-01 10:20:30.5 +0000 UTC"), "-" when unset;
//   * historyRows(): `helm history` — a release's revisions, oldest first, at most `max` (the
//     newest ones; helm's default 256). Columns REVISION UPDATED STATUS CHART APP VERSION
//     DESCRIPTION; UPDATED as Go's time.ANSIC ("Fri Mar  1 10:20:30 2024").
// Times are printed in the offset they were written with; a "Z" time prints as UTC, a numeric
// offset as Go names a zone it does not know ("+0800 +0800") — Helm on a machine whose local zone
// has that offset would print the zone's abbreviation instead.
//
// An item that is not a release record (no data.release, not decodable, not a release) is
// reported in errors() with the Secret's namespace, name and why; the other items are kept.
// Neither the errors nor anything else here holds a decoded value.
// Thread-safety: a value type; fromSecretList() is a pure function (any thread).

#include "k8s/api/helmrelease.h"
#include "k8s/api/result.h"

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cubedesk::k8s {

class HelmReleaseHistory final {
public:
    /// A row of `helm list`.
    struct ListRow {
        std::string name;
        std::string ns;
        std::string revision;
        std::string updated;
        std::string status;
        std::string chart;
        std::string appVersion;
        bool operator==(const ListRow &) const = default;
    };
    /// A row of `helm history`.
    struct HistoryRow {
        std::string revision;
        std::string updated;
        std::string status;
        std::string chart;
        std::string appVersion;
        std::string description;
        bool operator==(const HistoryRow &) const = default;
    };
    /// A Secret of the list that holds no readable release.
    struct ItemError {
        std::string secretNamespace;
        std::string secretName;
        std::string reason;
    };

    /// The releases of a SecretList body, or why the body is not a list (not JSON, no `items`
    /// array). Items that fail are in errors(); a record without a namespace takes its Secret's.
    static Result<HelmReleaseHistory, std::string> fromSecretList(std::string_view body);

    /// Adds one decoded revision (what fromSecretList does for each item).
    void add(HelmRelease release);

    /// `helm list -A` (`all`: `helm list -A --all`).
    std::vector<ListRow> listRows(bool all = false) const;
    /// `helm history <name> -n <ns> --max <max>`; empty when there is no such release.
    std::vector<HistoryRow> historyRows(const std::string &ns, const std::string &name,
                                        std::size_t max = 256) const;
    /// Every revision of a release, oldest first; empty when there is none.
    const std::vector<HelmRelease> &revisions(const std::string &ns, const std::string &name) const;
    /// The releases' (namespace, name) keys, sorted.
    std::vector<std::pair<std::string, std::string>> releases() const;
    const std::vector<ItemError> &errors() const { return m_errors; }

    /// Go's time.Time.String() and Format(time.ANSIC) of an RFC 3339 time, in its own offset;
    /// "" for text that is not RFC 3339.
    static std::string goTimeString(std::string_view rfc3339);
    static std::string goTimeAnsic(std::string_view rfc3339);

private:
    std::map<std::pair<std::string, std::string>, std::vector<HelmRelease>> m_releases;
    std::vector<ItemError> m_errors;
};

} // namespace cubedesk::k8s
