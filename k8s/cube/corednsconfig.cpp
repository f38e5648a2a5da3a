#include "k8s/cube/corednsconfig.h"

#include <algorithm>
#include <optional>
#include <utility>

namespace cubedesk::k8s {

namespace {

using Directive = Corefile::Directive;
using ServerBlock = Corefile::ServerBlock;
using Token = Corefile::Token;

const char *const kDefaultUnit = "    ";

std::string lower(std::string_view s) {
    std::string out(s);
    for (char &c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string joined(const std::vector<std::string> &words) {
    std::string out;
    for (const auto &w : words) {
        if (!out.empty())
            out.push_back(' ');
        out += w;
    }
    return out;
}

bool isHostsOption(std::string_view name) {
    return name == "fallthrough" || name == "no_reverse" || name == "reload" || name == "ttl";
}

/// A server-block key without its scheme and port, case kept.
std::string_view zoneAsWritten(std::string_view key) {
    if (const auto scheme = key.find("://"); scheme != std::string_view::npos)
        key.remove_prefix(scheme + 3);
    if (key.starts_with('[')) {
        const auto close = key.find(']');
        return close == std::string_view::npos ? key : key.substr(0, close + 1);
    }
    return key.substr(0, key.find(':'));
}

/// The index of the root (`.`) server block, or -1.
int rootBlockIndex(const Corefile &file) {
    const auto &blocks = file.serverBlocks();
    for (std::size_t i = 0; i < blocks.size(); ++i)
        for (const auto &key : blocks[i].keys)
            if (CoreDnsConfig::zoneOfKey(key.text) == ".")
                return static_cast<int>(i);
    return -1;
}

const Directive *findDirective(const std::vector<Directive> &list, std::string_view name) {
    for (const auto &d : list)
        if (d.name.text == name)
            return &d;
    return nullptr;
}

/// The `forward` directive that makes `block` an editable domain forwarder, or nullptr.
const Directive *domainForward(const ServerBlock &block) {
    if (block.keys.size() != 1 || block.keys.front().text.starts_with('('))
        return nullptr;
    const std::string zone = CoreDnsConfig::zoneOfKey(block.keys.front().text);
    if (zone == "." || zone.empty())
        return nullptr;
    const Directive *forward = findDirective(block.directives, "forward");
    if (forward == nullptr || forward->args.empty())
        return nullptr;
    const std::string &from = forward->args.front().text;
    if (from != "." &&
        CoreDnsConfig::normalizedDomain(from) != CoreDnsConfig::normalizedDomain(zone))
        return nullptr;
    return forward;
}

std::vector<std::string> texts(const std::vector<Token> &tokens, std::size_t from = 0) {
    std::vector<std::string> out;
    for (std::size_t i = from; i < tokens.size(); ++i)
        out.push_back(tokens[i].text);
    return out;
}

/// Byte-range replacements on the original text, applied in one pass.
class Splices final {
public:
    explicit Splices(const Corefile &file)
        : m_file(file) {}

    void replace(std::size_t begin, std::size_t end, std::string text) {
        Splice s;
        s.begin = begin;
        s.end = end;
        s.text = std::move(text);
        m_splices.push_back(std::move(s));
    }
    void insert(std::size_t at, std::string text) { replace(at, at, std::move(text)); }

    /// Replaces tokens `from` by `to`: word by word when the counts match (the spacing between
    /// them stays), else the whole run with the words joined by one space.
    void rewriteWords(const std::vector<const Token *> &from, const std::vector<std::string> &to) {
        if (from.size() == to.size()) {
            for (std::size_t i = 0; i < from.size(); ++i)
                if (from[i]->text != to[i] || from[i]->quoted)
                    replace(from[i]->begin, from[i]->end, to[i]);
            return;
        }
        replace(from.front()->begin, from.back()->end, joined(to));
    }

    /// Removes [begin, end), with the whole lines when nothing else is on them.
    void removeLines(std::size_t begin, std::size_t end) {
        if (m_file.startsLine(begin) && m_file.endsLine(end))
            replace(m_file.lineStart(begin), m_file.lineEnd(end), {});
        else
            replace(begin, end, {});
    }

    /// Puts `lines` (indented, without newlines) on lines of their own before the token at
    /// `offset`.
    void insertLinesBefore(std::size_t offset, const std::vector<std::string> &lines) {
        std::string text;
        if (m_file.startsLine(offset)) {
            for (const auto &l : lines)
                text += l + '\n';
            insert(m_file.lineStart(offset), std::move(text));
            return;
        }
        for (const auto &l : lines)
            text += '\n' + l;
        insert(offset, text + '\n' + m_file.indentOf(offset));
    }

    /// Puts `lines` on lines of their own after the token ending at `offset`.
    void insertLinesAfter(std::size_t offset, const std::vector<std::string> &lines) {
        std::string text;
        if (m_file.endsLine(offset)) {
            const std::size_t at = m_file.lineEnd(offset);
            const std::string &all = m_file.text();
            if (at == all.size() && (all.empty() || all.back() != '\n'))
                text.push_back('\n');
            for (const auto &l : lines)
                text += l + '\n';
            insert(at, std::move(text));
            return;
        }
        for (const auto &l : lines)
            text += '\n' + l;
        insert(offset, text + '\n' + m_file.indentOf(offset));
    }

    std::string apply() const {
        std::vector<Splice> sorted = m_splices;
        std::stable_sort(sorted.begin(), sorted.end(),
                         [](const Splice &a, const Splice &b) { return a.begin < b.begin; });
        const std::string &text = m_file.text();
        std::string out;
        std::size_t cursor = 0;
        for (const auto &s : sorted) {
            if (s.begin < cursor)
                continue; // overlapping: cannot happen with the edits made here
            out.append(text, cursor, s.begin - cursor);
            out += s.text;
            cursor = s.end;
        }
        out.append(text, cursor, std::string::npos);
        return out;
    }

private:
    struct Splice {
        std::size_t begin = 0;
        std::size_t end = 0;
        std::string text;
    };
    const Corefile &m_file;
    std::vector<Splice> m_splices;
};

/// The indentation step the root block uses (its first directive's indent), or four spaces.
std::string indentUnit(const Corefile &file, const ServerBlock *root) {
    if (root != nullptr && !root->directives.empty()) {
        const std::size_t at = root->directives.front().name.begin;
        if (file.startsLine(at)) {
            std::string unit = file.indentOf(at);
            const std::string outer = file.indentOf(root->begin());
            if (unit.size() > outer.size() && unit.starts_with(outer))
                return unit.substr(outer.size());
        }
    }
    return kDefaultUnit;
}

/// The indent of the first line inside a directive's block in `block`, or "" when none.
std::string childIndent(const Corefile &file, const ServerBlock &block) {
    for (const auto &d : block.directives)
        if (d.hasBlock && !d.children.empty() && file.startsLine(d.children.front().name.begin))
            return file.indentOf(d.children.front().name.begin);
    return {};
}

class HostsRenderer final {
public:
    HostsRenderer(const Corefile &file, const ServerBlock &root, Splices &out)
        : m_file(file)
        , m_root(root)
        , m_out(out)
        , m_unit(indentUnit(file, &root)) {}

    void render(const std::vector<CoreDnsHostEntry> &rows) {
        const Directive *hosts = findDirective(m_root.directives, "hosts");
        if (hosts == nullptr) {
            addPlugin(rows);
            return;
        }
        const std::string outer = m_file.indentOf(hosts->name.begin);
        if (!hosts->hasBlock) {
            if (rows.empty())
                return;
            std::string inner = childIndent(m_file, m_root);
            if (inner.size() <= outer.size())
                inner = outer + m_unit;
            std::string text = " {\n";
            for (const auto &r : rows)
                text += inner + r.address + ' ' + r.hostname + '\n';
            m_out.insert(hosts->end(), text + outer + '}');
            return;
        }
        std::vector<bool> consumed(rows.size(), false);
        const Directive *lastInline = nullptr;
        std::string inner;
        std::vector<LinePlan> plans;
        for (const auto &line : hosts->children) {
            if (isHostsOption(line.name.text))
                continue;
            if (inner.empty() && m_file.startsLine(line.name.begin))
                inner = m_file.indentOf(line.name.begin);
            lastInline = &line;
            plans.push_back(plan(line, rows, consumed));
        }
        // A hostname renamed in its row keeps its place: a name gone from a line takes a row
        // left over at the line's address.
        for (auto &p : plans)
            for (int &i : p.match)
                if (i < 0) {
                    i = find(rows, consumed, nullptr, &p.address);
                    if (i >= 0)
                        consumed[static_cast<std::size_t>(i)] = true;
                }
        for (const auto &p : plans)
            emit(p, rows);
        if (inner.empty() && !hosts->children.empty() &&
            m_file.startsLine(hosts->children.front().name.begin))
            inner = m_file.indentOf(hosts->children.front().name.begin);
        if (inner.empty())
            inner = outer + m_unit;
        std::vector<std::string> added;
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (!consumed[i])
                added.push_back(inner + rows[i].address + ' ' + rows[i].hostname);
        if (added.empty())
            return;
        if (lastInline != nullptr)
            m_out.insertLinesAfter(lastInline->end(), added);
        else if (!hosts->children.empty())
            m_out.insertLinesBefore(hosts->children.front().name.begin, added);
        else
            m_out.insertLinesBefore(hosts->closeBrace, added);
    }

private:
    /// What becomes of one inline line `ADDRESS NAME…`: the row each name is now (-1: none)
    /// and the address the line gets.
    struct LinePlan {
        const Directive *line = nullptr;
        std::vector<int> match;
        std::string address;
    };

    /// The first row not consumed with this hostname and address (either may be left open).
    static int find(const std::vector<CoreDnsHostEntry> &rows, const std::vector<bool> &consumed,
                    const std::string *hostname, const std::string *address) {
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (!consumed[i] && (hostname == nullptr || rows[i].hostname == *hostname) &&
                (address == nullptr || rows[i].address == *address))
                return static_cast<int>(i);
        return -1;
    }

    /// Matches the line's names to rows by hostname (at the line's address first); the rows
    /// matched are marked consumed. Names that went to different addresses stay on the line only
    /// when at its own address.
    static LinePlan plan(const Directive &line, const std::vector<CoreDnsHostEntry> &rows,
                         std::vector<bool> &consumed) {
        LinePlan p;
        p.line = &line;
        const std::string &address = line.name.text;
        for (const auto &name : line.args) {
            int i = find(rows, consumed, &name.text, &address);
            if (i < 0)
                i = find(rows, consumed, &name.text, nullptr);
            if (i >= 0)
                consumed[static_cast<std::size_t>(i)] = true;
            p.match.push_back(i);
        }
        std::optional<std::string> newAddress;
        bool oneAddress = true;
        for (const int i : p.match) {
            if (i < 0)
                continue;
            const std::string &a = rows[static_cast<std::size_t>(i)].address;
            if (!newAddress)
                newAddress = a;
            else if (a != *newAddress)
                oneAddress = false;
        }
        p.address = newAddress.value_or(address);
        if (!oneAddress) {
            p.address = address;
            for (int &i : p.match)
                if (i >= 0 && rows[static_cast<std::size_t>(i)].address != address) {
                    consumed[static_cast<std::size_t>(i)] = false;
                    i = -1;
                }
        }
        return p;
    }

    /// The line kept, rewritten, or deleted.
    void emit(const LinePlan &p, const std::vector<CoreDnsHostEntry> &rows) {
        const Directive &line = *p.line;
        std::vector<std::string> words;
        for (const int i : p.match)
            if (i >= 0)
                words.push_back(rows[static_cast<std::size_t>(i)].hostname);
        if (words.empty()) {
            if (!line.args.empty())
                m_out.removeLines(line.name.begin, line.end());
            return;
        }
        words.insert(words.begin(), p.address);
        std::vector<const Token *> tokens{&line.name};
        for (const auto &t : line.args)
            tokens.push_back(&t);
        bool same = words.size() == tokens.size();
        for (std::size_t k = 0; same && k < words.size(); ++k)
            same = tokens[k]->text == words[k];
        if (!same)
            m_out.rewriteWords(tokens, words);
    }

    /// A new `hosts { … fallthrough }` in the root block.
    void addPlugin(const std::vector<CoreDnsHostEntry> &rows) {
        if (rows.empty())
            return;
        const Directive *anchor = findDirective(m_root.directives, "kubernetes");
        if (anchor == nullptr)
            anchor = findDirective(m_root.directives, "forward");
        std::string outer;
        if (anchor != nullptr)
            outer = m_file.indentOf(anchor->name.begin);
        else if (!m_root.directives.empty())
            outer = m_file.indentOf(m_root.directives.front().name.begin);
        else
            outer = m_file.indentOf(m_root.begin()) + m_unit;
        std::string inner = childIndent(m_file, m_root);
        if (inner.size() <= outer.size())
            inner = outer + m_unit;
        std::vector<std::string> lines{outer + "hosts {"};
        for (const auto &r : rows)
            lines.push_back(inner + r.address + ' ' + r.hostname);
        lines.push_back(inner + "fallthrough");
        lines.push_back(outer + '}');
        if (anchor != nullptr)
            m_out.insertLinesBefore(anchor->name.begin, lines);
        else if (m_root.braced)
            m_out.insertLinesBefore(m_root.closeBrace, lines);
        else
            m_out.insertLinesAfter(m_root.end(), lines);
    }

    const Corefile &m_file;
    const ServerBlock &m_root;
    Splices &m_out;
    std::string m_unit;
};

/// The port of the root block's key (":53"), or "".
std::string rootPort(const ServerBlock *root) {
    if (root == nullptr)
        return {};
    for (const auto &key : root->keys) {
        std::string_view k = key.text;
        if (const auto scheme = k.find("://"); scheme != std::string_view::npos)
            k.remove_prefix(scheme + 3);
        if (CoreDnsConfig::zoneOfKey(key.text) != ".")
            continue;
        const auto colon = k.find(':');
        if (colon == std::string_view::npos)
            continue;
        const std::string_view port = k.substr(colon + 1);
        if (!port.empty() && port.size() <= 5 &&
            port.find_first_not_of("0123456789") == std::string_view::npos)
            return ':' + std::string(port);
    }
    return {};
}

Status<Corefile::ParseError> renderForwarders(const Corefile &file, int rootIndex,
                                              const std::vector<CoreDnsForwarder> &forwarders,
                                              Splices &out) {
    const auto &blocks = file.serverBlocks();
    std::vector<bool> used(forwarders.size(), false);
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        if (static_cast<int>(b) == rootIndex)
            continue;
        const Directive *forward = domainForward(blocks[b]);
        if (forward == nullptr)
            continue;
        const std::string zone =
            CoreDnsConfig::normalizedDomain(CoreDnsConfig::zoneOfKey(blocks[b].keys.front().text));
        std::size_t j = 0;
        while (j < forwarders.size() &&
               (used[j] || CoreDnsConfig::normalizedDomain(forwarders[j].domain) != zone))
            ++j;
        if (j == forwarders.size()) {
            out.removeLines(blocks[b].begin(), blocks[b].end());
            continue;
        }
        used[j] = true;
        const auto &upstreams = forwarders[j].upstreams;
        if (texts(forward->args, 1) == upstreams)
            continue;
        if (forward->args.size() == 1) {
            out.insert(forward->args.front().end, ' ' + joined(upstreams));
            continue;
        }
        std::vector<const Token *> tos;
        for (std::size_t k = 1; k < forward->args.size(); ++k)
            tos.push_back(&forward->args[k]);
        if (upstreams.empty())
            out.replace(forward->args.front().end, tos.back()->end, {});
        else
            out.rewriteWords(tos, upstreams);
    }
    const ServerBlock *root =
        rootIndex >= 0 ? &blocks[static_cast<std::size_t>(rootIndex)] : nullptr;
    const std::string unit = indentUnit(file, root);
    const std::string port = rootPort(root);
    std::string added;
    for (std::size_t j = 0; j < forwarders.size(); ++j) {
        if (used[j])
            continue;
        added += forwarders[j].domain + port + " {\n";
        added += unit + "errors\n";
        added += unit + "cache 30\n";
        added += unit + "forward . " + joined(forwarders[j].upstreams) + '\n';
        added += "}\n";
    }
    if (added.empty())
        return Success{};
    if (!blocks.empty() && !blocks.back().braced)
        return Failure{
            Corefile::ParseError(blocks.back().keys.empty() ? 0 : blocks.back().keys.front().line,
                                 "a server block cannot follow one written without braces")};
    const std::string &text = file.text();
    if (!text.empty() && text.back() != '\n')
        added.insert(added.begin(), '\n');
    out.insert(text.size(), std::move(added));
    return Success{};
}

} // namespace

CoreDnsHostEntry::CoreDnsHostEntry(std::string address, std::string hostname)
    : address(std::move(address))
    , hostname(std::move(hostname)) {}

CoreDnsForwarder::CoreDnsForwarder(std::string domain, std::vector<std::string> upstreams)
    : domain(std::move(domain))
    , upstreams(std::move(upstreams)) {}

std::string CoreDnsConfig::zoneOfKey(std::string_view key) {
    return lower(zoneAsWritten(key));
}

std::string CoreDnsConfig::normalizedDomain(std::string_view domain) {
    std::string out = lower(domain);
    if (out.size() > 1 && out.back() == '.')
        out.pop_back();
    return out;
}

Result<CoreDnsConfig, Corefile::ParseError> CoreDnsConfig::extract(std::string_view corefileText) {
    auto parsed = Corefile::parse(corefileText);
    if (!parsed.ok())
        return Failure{parsed.error()};
    const Corefile &file = parsed.value();
    CoreDnsConfig config;
    const int rootIndex = rootBlockIndex(file);
    const auto &blocks = file.serverBlocks();
    if (rootIndex >= 0) {
        config.m_hasRootBlock = true;
        const ServerBlock &root = blocks[static_cast<std::size_t>(rootIndex)];
        if (const Directive *hosts = findDirective(root.directives, "hosts")) {
            config.m_hasHostsPlugin = true;
            config.m_hostsArguments = texts(hosts->args);
            for (const auto &line : hosts->children) {
                if (isHostsOption(line.name.text)) {
                    auto words = texts(line.args);
                    words.insert(words.begin(), line.name.text);
                    config.m_hostsOptions.push_back(joined(words));
                    continue;
                }
                for (const auto &name : line.args)
                    config.m_hosts.emplace_back(line.name.text, name.text);
            }
        }
        if (const Directive *forward = findDirective(root.directives, "forward");
            forward != nullptr && !forward->args.empty()) {
            config.m_rootForwardFrom = forward->args.front().text;
            config.m_rootUpstreams = texts(forward->args, 1);
        }
    }
    for (std::size_t b = 0; b < blocks.size(); ++b) {
        if (static_cast<int>(b) == rootIndex)
            continue;
        if (const Directive *forward = domainForward(blocks[b]))
            config.m_forwarders.emplace_back(
                std::string(zoneAsWritten(blocks[b].keys.front().text)), texts(forward->args, 1));
    }
    return config;
}

Result<std::string, Corefile::ParseError>
CoreDnsConfig::render(std::string_view original, const std::vector<CoreDnsHostEntry> &hosts,
                      const std::vector<CoreDnsForwarder> &forwarders) {
    auto parsed = Corefile::parse(original);
    if (!parsed.ok())
        return Failure{parsed.error()};
    const Corefile &file = parsed.value();
    Splices splices(file);
    const int rootIndex = rootBlockIndex(file);
    if (rootIndex >= 0) {
        HostsRenderer(file, file.serverBlocks()[static_cast<std::size_t>(rootIndex)], splices)
            .render(hosts);
    } else if (!hosts.empty()) {
        return Failure{
            Corefile::ParseError(0, "no server block for the root zone '.' to add hosts to")};
    }
    if (auto status = renderForwarders(file, rootIndex, forwarders, splices); !status.ok())
        return Failure{status.error()};
    return splices.apply();
}

} // namespace cubedesk::k8s
