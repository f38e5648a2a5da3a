#include "k8s/cube/gputopologyparser.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

namespace cubedesk::k8s {

namespace {

using Link = GpuTopology::Link;
using LinkType = GpuTopology::LinkType;

struct Line {
    int number = 0;
    std::string_view text;
};

std::vector<Line> splitLines(std::string_view text) {
    std::vector<Line> lines;
    int number = 1;
    while (!text.empty()) {
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        lines.push_back({number++, line});
        if (end == std::string_view::npos)
            break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\v' || c == '\f';
}

struct Token {
    std::string_view text;
    std::size_t end = 0; ///< offset just past the token in its line
};

std::vector<Token> tokens(std::string_view line) {
    std::vector<Token> out;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && isSpace(line[i]))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && !isSpace(line[i]))
            ++i;
        if (i > start)
            out.push_back({line.substr(start, i - start), i});
    }
    return out;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return s;
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char &c : out)
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && upper(a) == upper(b);
}

/// GPU0, NIC1, mlx5_0: letters, digits and '_', starting with a letter, ending in a digit —
/// and not a link token (NV12 has that shape too).
bool isDeviceName(std::string_view t) {
    if (t.empty() || !std::isalpha(static_cast<unsigned char>(t.front())) ||
        !std::isdigit(static_cast<unsigned char>(t.back())))
        return false;
    for (char c : t)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
            return false;
    return !GpuTopologyParser::parseLink(t).has_value();
}

bool isGpuName(std::string_view name) {
    return name.size() > 3 && iequals(name.substr(0, 3), "GPU");
}

std::optional<int> parseInt(std::string_view s) {
    if (s.empty() || s.size() > 9)
        return std::nullopt;
    int v = 0;
    for (char c : s) {
        if (c < '0' || c > '9')
            return std::nullopt;
        v = v * 10 + (c - '0');
    }
    return v;
}

bool isNotAvailable(std::string_view s) {
    return iequals(s, "N/A") || iequals(s, "NA");
}

/// The trailing titles of a header ("CPU Affinity", "NUMA Affinity", "GPU NUMA ID", others):
/// split at tabs or runs of 2+ spaces, and at the known titles inside a chunk (a reflowed copy
/// may separate them with single spaces).
std::vector<std::string> splitTitles(std::string_view rest) {
    std::vector<std::string_view> chunks;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= rest.size(); ++i) {
        const bool cut = i == rest.size() || rest[i] == '\t' ||
                         (rest[i] == ' ' && i + 1 < rest.size() && rest[i + 1] == ' ');
        if (!cut)
            continue;
        if (auto c = trim(rest.substr(start, i - start)); !c.empty())
            chunks.push_back(c);
        start = i + 1;
    }
    static const std::vector<std::vector<std::string>> known = {
        {"CPU", "AFFINITY"}, {"NUMA", "AFFINITY"}, {"GPU", "NUMA", "ID"}};
    std::vector<std::string> titles;
    for (std::string_view chunk : chunks) {
        std::vector<std::string_view> words;
        for (const Token &t : tokens(chunk))
            words.push_back(t.text);
        std::string other;
        auto flushOther = [&] {
            if (!other.empty())
                titles.push_back(other);
            other.clear();
        };
        for (std::size_t w = 0; w < words.size();) {
            std::size_t matched = 0;
            for (const auto &title : known) {
                if (w + title.size() > words.size())
                    continue;
                bool all = true;
                for (std::size_t k = 0; k < title.size() && all; ++k)
                    all = upper(words[w + k]) == title[k];
                if (all) {
                    matched = title.size();
                    break;
                }
            }
            if (matched > 0) {
                flushOther();
                std::string title;
                for (std::size_t k = 0; k < matched; ++k)
                    title += (k ? " " : "") + std::string(words[w + k]);
                titles.push_back(title);
                w += matched;
            } else {
                other += (other.empty() ? "" : " ") + std::string(words[w]);
                ++w;
            }
        }
        flushOther();
    }
    return titles;
}

/// The text without terminal escape sequences and other control characters. Drivers since the
/// 5xx series underline the header (ESC[4m … ESC[0m) even when writing to a file or a pipe; tabs
/// and line ends stay, so line numbers and columns do too.
std::string withoutTerminalEscapes(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == 0x1b) {
            // CSI: ESC [ parameters intermediates final (0x40-0x7E); any other: ESC + one byte.
            if (i + 1 < text.size() && text[i + 1] == '[') {
                i += 2;
                while (i < text.size() && (static_cast<unsigned char>(text[i]) < 0x40 ||
                                           static_cast<unsigned char>(text[i]) > 0x7e))
                    ++i;
            } else {
                ++i;
            }
            continue;
        }
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f)
            continue;
        out += text[i];
    }
    return out;
}

bool startsWithLegend(std::string_view token) {
    return token.size() >= 6 && iequals(token.substr(0, 6), "Legend");
}

std::string quoted(std::string_view s) {
    return '"' + std::string(s) + '"';
}

} // namespace

std::string GpuTopologyParser::Problem::toString() const {
    return line > 0 ? "line " + std::to_string(line) + ": " + message : message;
}

std::optional<GpuTopology::Link> GpuTopologyParser::parseLink(std::string_view token) {
    const std::string t = upper(token);
    Link link;
    link.text = std::string(token);
    if (t == "X") {
        link.type = LinkType::Self;
    } else if (t == "PIX") {
        link.type = LinkType::Pix;
    } else if (t == "PXB") {
        link.type = LinkType::Pxb;
    } else if (t == "PHB") {
        link.type = LinkType::Phb;
    } else if (t == "NODE") {
        link.type = LinkType::Node;
    } else if (t == "SYS" || t == "SOC") {
        link.type = LinkType::Sys;
    } else if (t == "N/A" || t == "NA") {
        link.type = LinkType::Unknown;
    } else if (t.size() > 2 && t.compare(0, 2, "NV") == 0) {
        const auto count = parseInt(std::string_view(t).substr(2));
        if (!count || *count <= 0)
            return std::nullopt;
        link.type = LinkType::NVLink;
        link.nvlinks = *count;
    } else {
        return std::nullopt;
    }
    return link;
}

GpuTopologyParser::Result GpuTopologyParser::parse(std::string_view text,
                                                   GpuTopology::Source source) {
    Result result;
    auto error = [&](int line, std::string message) {
        result.errors.push_back({line, std::move(message)});
    };
    auto warn = [&](int line, std::string message) {
        result.warnings.push_back({line, std::move(message)});
    };

    const std::string clean = withoutTerminalEscapes(text);
    const std::vector<Line> lines = splitLines(clean);
    if (std::all_of(lines.begin(), lines.end(),
                    [](const Line &l) { return trim(l.text).empty(); })) {
        error(0, "empty: no `nvidia-smi topo -m` output");
        return result;
    }

    // The header: indented with a device name first (the matrix's empty corner cell), or two
    // device names first.
    std::size_t header = lines.size();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const auto toks = tokens(lines[i].text);
        if (toks.empty() || !isDeviceName(toks[0].text))
            continue;
        const bool indented = isSpace(lines[i].text.front());
        if (indented || (toks.size() >= 2 && isDeviceName(toks[1].text))) {
            header = i;
            break;
        }
        if (toks.size() >= 2 && parseLink(toks[1].text)) {
            error(lines[i].number, "a matrix row before any header line (GPU0 GPU1 ...)");
            return result;
        }
    }
    if (header == lines.size()) {
        error(0, "no header line naming the devices (GPU0 GPU1 ...) was found");
        return result;
    }
    const Line &headerLine = lines[header];
    const auto headerTokens = tokens(headerLine.text);
    std::vector<std::string> names;
    std::size_t headerEnd = 0;
    for (const Token &t : headerTokens) {
        if (!isDeviceName(t.text))
            break;
        names.emplace_back(t.text);
        headerEnd = t.end;
    }
    const std::vector<std::string> titles = splitTitles(headerLine.text.substr(headerEnd));
    std::map<std::string, std::size_t> column;
    for (std::size_t i = 0; i < names.size(); ++i)
        if (!column.emplace(upper(names[i]), i).second)
            error(headerLine.number, "device " + quoted(names[i]) + " is named twice");
    if (std::none_of(names.begin(), names.end(), [](const std::string &n) { return isGpuName(n); }))
        error(headerLine.number, "the header names no GPU column");
    if (names.size() > kMaxDevices)
        error(headerLine.number, "the header names " + std::to_string(names.size()) +
                                     " devices; a node has at most " + std::to_string(kMaxDevices));
    if (!result.errors.empty())
        return result;

    const std::size_t n = names.size();
    std::vector<GpuTopology::Device> devices(n);
    for (std::size_t i = 0; i < n; ++i) {
        devices[i].name = names[i];
        devices[i].gpu = isGpuName(names[i]);
    }
    std::vector<Link> links(n * n);
    std::vector<int> rowLine(n, 0);
    int lastTableLine = headerLine.number;
    std::size_t next = header + 1;

    for (; next < lines.size(); ++next) {
        const Line &line = lines[next];
        const auto toks = tokens(line.text);
        const bool anyRow = std::any_of(rowLine.begin(), rowLine.end(), [](int l) { return l; });
        if (toks.empty() || startsWithLegend(toks[0].text)) {
            if (anyRow)
                break;
            continue;
        }
        auto it = column.find(upper(toks[0].text));
        if (it == column.end()) {
            if (anyRow)
                break; // a fence or anything else after the table
            continue;
        }
        const std::size_t row = it->second;
        if (rowLine[row] != 0) {
            error(line.number, names[row] + " has a second row (the first is on line " +
                                   std::to_string(rowLine[row]) + ")");
            continue;
        }
        rowLine[row] = line.number;
        lastTableLine = line.number;
        if (toks.size() < n + 1) {
            error(line.number, names[row] + " has " + std::to_string(toks.size() - 1) +
                                   " link cells, " + std::to_string(n) + " expected");
            continue;
        }
        for (std::size_t c = 0; c < n; ++c) {
            const std::string_view cell = toks[c + 1].text;
            auto parsed = parseLink(cell);
            if (!parsed && std::isdigit(static_cast<unsigned char>(cell.front()))) {
                // A trailing value (CPU affinity) where a cell belongs: the row is short.
                error(line.number, names[row] + " has " + std::to_string(c) + " link cells, " +
                                       std::to_string(n) + " expected");
                break;
            }
            if (!parsed) {
                error(line.number, names[row] + ", column " + names[c] + ": unknown link " +
                                       quoted(cell) +
                                       " (expected X, NV#, PIX, PXB, PHB, NODE or SYS)");
                continue;
            }
            if ((c == row) != (parsed->type == LinkType::Self)) {
                error(line.number,
                      names[row] + ", column " + names[c] + ": " +
                          (c == row ? "expected X on the diagonal, found " + quoted(cell)
                                    : std::string("X off the diagonal")));
                continue;
            }
            links[row * n + c] = std::move(*parsed);
        }
        // Trailing values, in title order (whitespace-separated; empty fields vanish).
        std::vector<std::string_view> values;
        for (std::size_t t = n + 1; t < toks.size(); ++t)
            values.push_back(toks[t].text);
        if (values.size() > titles.size())
            warn(line.number, names[row] + " has " + std::to_string(values.size()) +
                                  " values after the matrix, the header names " +
                                  std::to_string(titles.size()) + " columns");
        GpuTopology::Device &d = devices[row];
        for (std::size_t v = 0; v < values.size() && v < titles.size(); ++v) {
            const std::string title = upper(titles[v]);
            const std::string_view value = values[v];
            if (title == "CPU AFFINITY") {
                d.cpuAffinity = isNotAvailable(value) ? std::string() : std::string(value);
            } else if (title == "NUMA AFFINITY" || title == "GPU NUMA ID") {
                std::optional<int> number;
                if (!isNotAvailable(value)) {
                    number = parseInt(value);
                    if (!number)
                        warn(line.number, names[row] + ": " + titles[v] + " " + quoted(value) +
                                              " is not a NUMA node number");
                }
                (title == "NUMA AFFINITY" ? d.numa : d.gpuNumaId) = number;
            }
        }
    }
    for (std::size_t i = 0; i < n; ++i)
        if (rowLine[i] == 0)
            error(lastTableLine, names[i] + " has no row (the table ends after line " +
                                     std::to_string(lastTableLine) + ")");

    // NIC legend after the table: "  NIC0: mlx5_0".
    for (; next < lines.size(); ++next) {
        const std::string_view t = trim(lines[next].text);
        const auto colon = t.find(':');
        if (colon == std::string_view::npos || colon == 0)
            continue;
        auto it = column.find(upper(trim(t.substr(0, colon))));
        const std::string_view alias = trim(t.substr(colon + 1));
        if (it != column.end() && !alias.empty() && alias.find(' ') == std::string_view::npos)
            devices[it->second].alias = std::string(alias);
    }
    if (!result.errors.empty())
        return result;

    for (std::size_t a = 0; a < n; ++a)
        for (std::size_t b = a + 1; b < n; ++b) {
            const Link &ab = links[a * n + b];
            const Link &ba = links[b * n + a];
            if (ab.type != ba.type || ab.nvlinks != ba.nvlinks)
                warn(rowLine[b], names[a] + "–" + names[b] + " is " + ab.text + " one way and " +
                                     ba.text + " the other");
        }
    result.topology = GpuTopology(std::move(devices), std::move(links), source);
    return result;
}

} // namespace cubedesk::k8s
