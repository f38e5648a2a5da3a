#include "k8s/cube/corednsvalidation.h"

#include <map>
#include <utility>

namespace cubedesk::k8s {

namespace {

constexpr std::size_t kMaxUpstreams = 15;

bool isDigit(char c) {
    return c >= '0' && c <= '9';
}

bool isHex(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

/// The colon-separated hex groups of one side of an IPv6 `::`; false when one is malformed.
/// `count` grows by the 16-bit groups read (an IPv4 tail counts two).
bool ipv6Groups(std::string_view part, bool ipv4Tail, int &count) {
    if (part.empty())
        return true;
    while (true) {
        const auto colon = part.find(':');
        const std::string_view group = part.substr(0, colon);
        const bool last = colon == std::string_view::npos;
        if (last && ipv4Tail && group.find('.') != std::string_view::npos) {
            if (!CoreDnsValidation::isIpv4(group))
                return false;
            count += 2;
            return true;
        }
        if (group.empty() || group.size() > 4)
            return false;
        for (const char c : group)
            if (!isHex(c))
                return false;
        ++count;
        if (last)
            return true;
        part.remove_prefix(colon + 1);
    }
}

std::optional<std::string> portProblem(std::string_view port) {
    if (port.empty())
        return "port is empty";
    if (port.size() > 5)
        return "port must be between 1 and 65535";
    int value = 0;
    for (const char c : port) {
        if (!isDigit(c))
            return "port is not a number";
        value = value * 10 + (c - '0');
    }
    if (value < 1 || value > 65535)
        return "port must be between 1 and 65535";
    return std::nullopt;
}

std::string quoted(std::string_view s) {
    return "'" + std::string(s) + "'";
}

} // namespace

CoreDnsProblem::CoreDnsProblem(Table table, int row, Field field, std::string message)
    : table(table)
    , row(row)
    , field(field)
    , message(std::move(message)) {}

bool CoreDnsValidation::isIpv4(std::string_view text) {
    int parts = 0;
    while (true) {
        const auto dot = text.find('.');
        const std::string_view part = text.substr(0, dot);
        if (part.empty() || part.size() > 3 || (part.size() > 1 && part.front() == '0'))
            return false;
        int value = 0;
        for (const char c : part) {
            if (!isDigit(c))
                return false;
            value = value * 10 + (c - '0');
        }
        if (value > 255)
            return false;
        ++parts;
        if (dot == std::string_view::npos)
            return parts == 4;
        text.remove_prefix(dot + 1);
    }
}

bool CoreDnsValidation::isIpv6(std::string_view text, bool allowZone) {
    if (const auto percent = text.find('%'); percent != std::string_view::npos) {
        if (!allowZone || percent + 1 == text.size())
            return false;
        text = text.substr(0, percent);
    }
    if (text.find(':') == std::string_view::npos)
        return false;
    int count = 0;
    const auto ellipsis = text.find("::");
    if (ellipsis == std::string_view::npos)
        return ipv6Groups(text, true, count) && count == 8;
    if (text.find("::", ellipsis + 1) != std::string_view::npos)
        return false;
    const std::string_view head = text.substr(0, ellipsis);
    const std::string_view tail = text.substr(ellipsis + 2);
    return ipv6Groups(head, tail.empty(), count) && ipv6Groups(tail, true, count) && count <= 7;
}

std::optional<std::string> CoreDnsValidation::dnsNameProblem(std::string_view name) {
    if (name.empty())
        return "empty";
    if (name == ".")
        return "the root '.' is not allowed here";
    if (name.back() == '.')
        name.remove_suffix(1);
    if (name.size() > 253)
        return "longer than 253 characters";
    while (true) {
        const auto dot = name.find('.');
        const std::string_view label = name.substr(0, dot);
        if (label.empty())
            return "empty label (two dots in a row, or a leading dot)";
        if (label.size() > 63)
            return "label longer than 63 characters";
        for (const char c : label) {
            const bool ok = isDigit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                            c == '-' || c == '_';
            if (!ok) {
                const auto byte = static_cast<unsigned char>(c);
                if (byte < 0x21 || byte >= 0x7f)
                    return "only letters, digits, '-' and '_' are allowed";
                return "character '" + std::string(1, c) + "' is not allowed";
            }
        }
        if (label.front() == '-' || label.back() == '-')
            return "label " + quoted(label) + " starts or ends with '-'";
        if (dot == std::string_view::npos)
            return std::nullopt;
        name.remove_prefix(dot + 1);
    }
}

std::optional<std::string> CoreDnsValidation::upstreamProblem(std::string_view upstream) {
    if (upstream.empty())
        return "empty";
    if (upstream.front() == '/') {
        for (const char c : upstream)
            if (static_cast<unsigned char>(c) <= 0x20 || c == '{' || c == '}' || c == '#' ||
                c == '"')
                return "a file path cannot contain spaces, quotes, braces or '#'";
        return std::nullopt;
    }
    if (const auto scheme = upstream.find("://"); scheme != std::string_view::npos) {
        const std::string_view name = upstream.substr(0, scheme);
        if (name != "dns" && name != "tls")
            return "unsupported scheme " + quoted(std::string(name) + "://") +
                   " (use dns:// or tls://)";
        upstream.remove_prefix(scheme + 3);
        if (upstream.empty())
            return "no address after the scheme";
    }
    if (upstream.front() == '[') {
        const auto close = upstream.find(']');
        if (close == std::string_view::npos || !isIpv6(upstream.substr(1, close - 1)))
            return "not an IPv6 address in brackets";
        const std::string_view rest = upstream.substr(close + 1);
        if (rest.empty())
            return "an address in brackets needs a port, e.g. [fd00::1]:53";
        if (rest.front() != ':')
            return "expected ':port' after ']'";
        return portProblem(rest.substr(1));
    }
    if (isIpv6(upstream))
        return std::nullopt;
    const auto colon = upstream.rfind(':');
    const std::string_view host = upstream.substr(0, colon);
    if (host.find(':') != std::string_view::npos)
        return "an IPv6 address with a port needs brackets, e.g. [fd00::1]:53";
    if (!isIpv4(host))
        return "not an IP address, IP:port or file path";
    if (colon != std::string_view::npos)
        return portProblem(upstream.substr(colon + 1));
    return std::nullopt;
}

std::vector<CoreDnsProblem>
CoreDnsValidation::check(const std::vector<CoreDnsHostEntry> &hosts,
                         const std::vector<CoreDnsForwarder> &forwarders) {
    using Field = CoreDnsProblem::Field;
    using Table = CoreDnsProblem::Table;
    std::vector<CoreDnsProblem> problems;
    std::map<std::string, std::pair<int, std::string>> firstAddress; // hostname → (row, address)
    for (std::size_t i = 0; i < hosts.size(); ++i) {
        const int row = static_cast<int>(i);
        const auto &h = hosts[i];
        if (h.address.empty())
            problems.emplace_back(Table::Hosts, row, Field::Address, "empty");
        else if (!isIpv4(h.address) && !isIpv6(h.address, true))
            problems.emplace_back(Table::Hosts, row, Field::Address, "not an IPv4 or IPv6 address");
        if (const auto problem = dnsNameProblem(h.hostname)) {
            problems.emplace_back(Table::Hosts, row, Field::Hostname, *problem);
            continue;
        }
        const auto [it, inserted] = firstAddress.emplace(
            CoreDnsConfig::normalizedDomain(h.hostname), std::make_pair(row, h.address));
        if (!inserted && it->second.second != h.address)
            problems.emplace_back(Table::Hosts, row, Field::Hostname,
                                  "already mapped to " + it->second.second + " in row " +
                                      std::to_string(it->second.first + 1));
    }
    std::map<std::string, int> firstRow; // domain → row
    for (std::size_t i = 0; i < forwarders.size(); ++i) {
        const int row = static_cast<int>(i);
        const auto &f = forwarders[i];
        if (f.domain == ".")
            problems.emplace_back(Table::Forwarders, row, Field::Domain,
                                  "the root '.' is forwarded by the main server block");
        else if (const auto problem = dnsNameProblem(f.domain))
            problems.emplace_back(Table::Forwarders, row, Field::Domain, *problem);
        else if (const auto [it, inserted] =
                     firstRow.emplace(CoreDnsConfig::normalizedDomain(f.domain), row);
                 !inserted)
            problems.emplace_back(Table::Forwarders, row, Field::Domain,
                                  "already listed in row " + std::to_string(it->second + 1));
        if (f.upstreams.empty())
            problems.emplace_back(Table::Forwarders, row, Field::Upstreams, "no upstream");
        else if (f.upstreams.size() > kMaxUpstreams)
            problems.emplace_back(Table::Forwarders, row, Field::Upstreams,
                                  "more than 15 upstreams");
        for (const auto &u : f.upstreams)
            if (const auto problem = upstreamProblem(u))
                problems.emplace_back(Table::Forwarders, row, Field::Upstreams,
                                      quoted(u) + ": " + *problem);
    }
    return problems;
}

} // namespace cubedesk::k8s
