#pragma once

// CoreDnsValidation: what is wrong with an edited CoreDnsConfig table before it is rendered and
// written (docs/platform.md, "CoreDNS and the scheduler policy"). Checks, each problem tied to a
// row and a field:
//   * host entries — the address is an IPv4 literal (four decimal parts 0–255, no leading zeros,
//     as Go's net.ParseIP) or an IPv6 literal (an optional `%zone`, which the hosts plugin drops);
//     the hostname is a DNS name: labels of 1–63 letters, digits, `-` and `_` (the hosts plugin
//     serves any name; `_` appears in service names) not starting or ending with `-`, at most
//     253 characters, one optional trailing dot; a hostname mapped to two different addresses
//     (case and trailing dot ignored);
//   * forwarders — the domain is such a DNS name and not the root `.`; a domain listed twice;
//     at least one upstream and at most 15 (the forward plugin's limit); each upstream is an IP
//     literal with an optional port (`10.0.0.1`, `10.0.0.1:53`, `[fd00::1]:53`, `fd00::1`),
//     optionally behind `dns://` or `tls://`, or a file path starting with `/`
//     (`/etc/resolv.conf`); ports are 1–65535.
// Messages are short English phrases for the UI to translate ("not an IPv4 or IPv6 address").
//
// Stateless; any thread.

#include "k8s/cube/corednsconfig.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

/// One thing wrong with one field of one row.
struct CoreDnsProblem {
    enum class Table { Hosts, Forwarders };
    enum class Field { Address, Hostname, Domain, Upstreams };
    Table table;
    int row; ///< 0-based index into the table checked
    Field field;
    std::string message;
    CoreDnsProblem(Table table, int row, Field field, std::string message);
    bool operator==(const CoreDnsProblem &) const = default;
};

class CoreDnsValidation final {
public:
    CoreDnsValidation() = delete;

    /// Every problem of both tables: hosts rows first, then forwarders, each in row order.
    static std::vector<CoreDnsProblem> check(const std::vector<CoreDnsHostEntry> &hosts,
                                             const std::vector<CoreDnsForwarder> &forwarders);

    static bool isIpv4(std::string_view text);
    /// An IPv6 literal without brackets; a `%zone` suffix is accepted when `allowZone`.
    static bool isIpv6(std::string_view text, bool allowZone = false);
    /// Why `name` is not a DNS name, or nullopt when it is.
    static std::optional<std::string> dnsNameProblem(std::string_view name);
    /// Why `upstream` is not a forward plugin destination, or nullopt when it is.
    static std::optional<std::string> upstreamProblem(std::string_view upstream);
};

} // namespace cubedesk::k8s
