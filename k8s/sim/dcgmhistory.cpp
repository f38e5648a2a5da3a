#include "k8s/sim/dcgmhistory.h"

#include <algorithm>
#include <optional>

namespace cubedesk::sim {

namespace {

/// The label pairs of `text` (between the braces, without them), unescaped; nullopt when
/// malformed.
std::optional<DcgmHistory::Labels> parseLabels(std::string_view text) {
    DcgmHistory::Labels labels;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ',' || text[i] == ' '))
            ++i;
        if (i == text.size())
            break;
        const std::size_t equals = text.find('=', i);
        if (equals == std::string_view::npos || equals + 1 >= text.size() ||
            text[equals + 1] != '"')
            return std::nullopt;
        std::string name(text.substr(i, equals - i));
        std::string value;
        std::size_t j = equals + 2;
        for (; j < text.size() && text[j] != '"'; ++j) {
            if (text[j] != '\\') {
                value += text[j];
                continue;
            }
            if (++j == text.size())
                return std::nullopt;
            value += text[j] == 'n' ? '\n' : text[j];
        }
        if (j == text.size())
            return std::nullopt;
        labels[std::move(name)] = std::move(value);
        i = j + 1;
    }
    return labels;
}

std::string escaped(const std::string &value) {
    std::string out;
    for (const char c : value) {
        if (c == '\\' || c == '"')
            out += '\\';
        out += c == '\n' ? std::string("\\n") : std::string(1, c);
    }
    return out;
}

} // namespace

DcgmHistory::DcgmHistory(std::set<std::string> metrics)
    : m_metrics(std::move(metrics)) {}

bool DcgmHistory::add(std::string_view exposition, const Labels &target, TimePoint time) {
    struct Parsed {
        std::string name;
        std::string labels;
        std::string value;
    };
    std::vector<Parsed> parsed;
    while (!exposition.empty()) {
        const std::size_t end = exposition.find('\n');
        std::string_view line = exposition.substr(0, end);
        exposition.remove_prefix(end == std::string_view::npos ? exposition.size() : end + 1);
        if (line.empty() || line.front() == '#')
            continue;
        const std::size_t nameEnd = line.find_first_of("{ ");
        if (nameEnd == std::string_view::npos)
            return false;
        std::string name(line.substr(0, nameEnd));
        Labels labels;
        std::string_view rest = line.substr(nameEnd);
        if (rest.front() == '{') {
            const std::size_t close = rest.rfind('}');
            if (close == std::string_view::npos)
                return false;
            auto exposed = parseLabels(rest.substr(1, close - 1));
            if (!exposed)
                return false;
            labels = std::move(*exposed);
            rest.remove_prefix(close + 1);
        }
        while (!rest.empty() && rest.front() == ' ')
            rest.remove_prefix(1);
        const std::string value(rest.substr(0, rest.find(' ')));
        if (value.empty())
            return false;
        if (!m_metrics.empty() && m_metrics.count(name) == 0)
            continue;
        // As the scrape loop stores it (honor_labels false).
        Labels stored;
        for (auto &[k, v] : labels)
            if (!v.empty())
                stored[target.count(k) != 0 ? "exported_" + k : k] = std::move(v);
        for (const auto &[k, v] : target)
            if (k.rfind("__", 0) != 0 && !v.empty())
                stored[k] = v;
        std::string text;
        for (const auto &[k, v] : stored)
            text += (text.empty() ? "{" : ",") + k + "=\"" + escaped(v) + '"';
        if (!text.empty())
            text += '}';
        parsed.push_back({std::move(name), std::move(text), value});
    }
    const long long ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(time.time_since_epoch()).count();
    for (Parsed &p : parsed) {
        m_families[p.name][p.labels].push_back({ms, std::move(p.value)});
        ++m_samples;
    }
    return true;
}

void DcgmHistory::write(std::ostream &out) const {
    for (const auto &[family, series] : m_families) {
        out << "# TYPE " << family << " gauge\n";
        for (const auto &[labels, samples] : series) {
            std::vector<Sample> ordered = samples;
            std::stable_sort(ordered.begin(), ordered.end(), [](const Sample &a, const Sample &b) {
                return a.milliseconds < b.milliseconds;
            });
            for (const Sample &s : ordered)
                out << family << labels << ' ' << s.value << ' ' << s.milliseconds / 1000 << '.'
                    << (s.milliseconds % 1000) / 100 << (s.milliseconds % 100) / 10
                    << s.milliseconds % 10 << '\n';
        }
    }
    out << "# EOF\n";
}

} // namespace cubedesk::sim
