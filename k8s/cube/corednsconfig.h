#pragma once

// CoreDnsConfig: the part of the platform's Corefile an intranet admin edits (docs/platform.md,
// "CoreDNS and the scheduler policy"), as two tables, and the Corefile those tables make once
// edited.
//
// Read (extract):
//   * host entries — the inline lines of the `hosts` plugin of the root server block (the first
//     block with a key whose zone is `.`, e.g. `.:53`): one row per hostname, address first, in
//     file order; the plugin's FILE/ZONES arguments and option lines (`fallthrough`, `ttl 60`, …)
//     are reported as they are and never changed;
//   * domain forwarders — every other server block with exactly one key whose zone is not `.`
//     (snippets `(name)` excluded) and a `forward` directive whose FROM is `.` or the zone:
//     (domain without port or scheme, upstreams);
//   * the root block's own `forward` (FROM and upstreams), for information.
// Write (render): the original text with only the lines the edit changes rewritten —
//   * host lines: a line whose names all stay (same or one new address) is kept or rewritten in
//     place, a line whose names all went is deleted, new rows are added one per line after the
//     last inline line; without a `hosts` plugin in the root block one is added before
//     `kubernetes` (else before `forward`, else at the block's end) with `fallthrough`;
//   * forwarders matched by domain (case and trailing dot ignored): changed upstreams rewrite
//     the TO words of that `forward` (its options block kept), a domain no longer listed loses
//     its whole server block, a new domain gets a block at the end of the file —
//     `DOMAIN[:port of the root block] { errors / cache 30 / forward . UPSTREAMS }`.
// render(text, extract(text)'s tables) == text, byte for byte. render does not validate: run
// CoreDnsValidation first; values are written as given (no quoting).
//
// A value type; extract() and render() are pure functions (any thread).

#include "k8s/api/result.h"
#include "k8s/cube/corefile.h"

#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

/// One hostname of the hosts plugin and the address it resolves to.
struct CoreDnsHostEntry {
    std::string address;
    std::string hostname;
    CoreDnsHostEntry(std::string address, std::string hostname);
    bool operator==(const CoreDnsHostEntry &) const = default;
};

/// A domain whose queries a server block forwards to its own upstreams.
struct CoreDnsForwarder {
    std::string domain;                 ///< e.g. "oa.com" (no port, no scheme)
    std::vector<std::string> upstreams; ///< the forward plugin's TO words, e.g. "10.88.0.53"
    CoreDnsForwarder(std::string domain, std::vector<std::string> upstreams);
    bool operator==(const CoreDnsForwarder &) const = default;
};

class CoreDnsConfig final {
public:
    /// The editable tables of `corefileText`, or why it does not parse.
    static Result<CoreDnsConfig, Corefile::ParseError> extract(std::string_view corefileText);

    /// `original` with its hosts entries and forwarders replaced by these; an error when
    /// `original` does not parse, has host entries to write and no root (`.`) server block, or
    /// has a new forwarder to add after a lone server block written without braces.
    static Result<std::string, Corefile::ParseError>
    render(std::string_view original, const std::vector<CoreDnsHostEntry> &hosts,
           const std::vector<CoreDnsForwarder> &forwarders);

    /// True when the file has a root (`.`) server block.
    bool hasRootBlock() const { return m_hasRootBlock; }
    /// True when the root block has a `hosts` plugin.
    bool hasHostsPlugin() const { return m_hasHostsPlugin; }
    /// The root block's hosts entries, one per hostname, in file order.
    const std::vector<CoreDnsHostEntry> &hosts() const { return m_hosts; }
    /// The hosts plugin's FILE and ZONES arguments.
    const std::vector<std::string> &hostsArguments() const { return m_hostsArguments; }
    /// The hosts plugin's option lines as written, words joined by one space ("fallthrough").
    const std::vector<std::string> &hostsOptions() const { return m_hostsOptions; }
    /// The domain forwarders, in file order.
    const std::vector<CoreDnsForwarder> &forwarders() const { return m_forwarders; }
    /// The root block's `forward` FROM ("" when it has none) and upstreams.
    const std::string &rootForwardFrom() const { return m_rootForwardFrom; }
    const std::vector<std::string> &rootUpstreams() const { return m_rootUpstreams; }

    /// The zone of a server-block key: scheme and port removed, lower case
    /// ("dns://.:53" → ".", "OA.com:53" → "oa.com").
    static std::string zoneOfKey(std::string_view key);
    /// A domain as forwarders are matched: lower case, one trailing dot removed (not from ".").
    static std::string normalizedDomain(std::string_view domain);

private:
    bool m_hasRootBlock = false;
    bool m_hasHostsPlugin = false;
    std::vector<CoreDnsHostEntry> m_hosts;
    std::vector<std::string> m_hostsArguments;
    std::vector<std::string> m_hostsOptions;
    std::vector<CoreDnsForwarder> m_forwarders;
    std::string m_rootForwardFrom;
    std::vector<std::string> m_rootUpstreams;
};

} // namespace cubedesk::k8s
