#include "models/pendingpodreason.h"

#include "models/qtstring.h"

#include <QStringList>

#include <algorithm>
#include <charconv>

namespace cubedesk::models {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '.'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '.'))
        s.remove_suffix(1);
    return s;
}

/// Splits on ", " outside braces (taints print as "{key: value}").
std::vector<std::string_view> splitParts(std::string_view s) {
    std::vector<std::string_view> out;
    int depth = 0;
    std::size_t start = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '{')
            ++depth;
        else if (s[i] == '}')
            depth = std::max(0, depth - 1);
        else if (s[i] == ',' && depth == 0) {
            out.push_back(trim(s.substr(start, i - start)));
            start = i + 1;
        }
    }
    out.push_back(trim(s.substr(start)));
    return out;
}

int rank(PendingPodReason::Kind k) {
    return static_cast<int>(k);
}

} // namespace

PendingPodReason PendingPodReason::parse(std::string_view message, std::string_view reason) {
    PendingPodReason r;
    r.m_reason = toQString(reason);
    constexpr std::string_view available = " nodes are available";
    const auto at = message.find(available);
    if (at == std::string_view::npos) {
        if (!trim(message).empty())
            r.m_items.push_back({Kind::Other, toQString(trim(message)), 0});
        return r;
    }
    if (const auto slash = message.rfind('/', at); slash != std::string_view::npos) {
        int n = 0;
        const auto digits = message.substr(slash + 1, at - slash - 1);
        if (std::from_chars(digits.data(), digits.data() + digits.size(), n).ec == std::errc())
            r.m_totalNodes = n;
    }
    std::string_view rest = message.substr(at + available.size());
    if (!rest.empty() && rest.front() == ':')
        rest.remove_prefix(1);
    if (const auto preemption = rest.find("preemption:"); preemption != std::string_view::npos)
        rest = rest.substr(0, preemption);
    rest = trim(rest);
    if (rest.empty())
        return r;
    for (std::string_view part : splitParts(rest)) {
        if (part.empty())
            continue;
        Item item;
        // "<count> <phrase>"
        const auto space = part.find(' ');
        int count = 0;
        if (space != std::string_view::npos) {
            const auto parsed = std::from_chars(part.data(), part.data() + space, count);
            if (parsed.ec == std::errc() && parsed.ptr == part.data() + space) {
                item.nodes = count;
                part.remove_prefix(space + 1);
            }
        }
        if (part.starts_with("Insufficient ")) {
            item.kind = Kind::Insufficient;
            item.detail = toQString(part.substr(13));
        } else if (part.find("didn't match Pod's node affinity") != std::string_view::npos ||
                   part.find("didn't match node selector") != std::string_view::npos ||
                   part.find("node affinity/selector") != std::string_view::npos) {
            item.kind = Kind::SelectorMismatch;
        } else if (const auto brace = part.find("taint {"); brace != std::string_view::npos) {
            item.kind = Kind::Taint;
            auto taint = part.substr(brace + 6);
            if (const auto end = taint.find('}'); end != std::string_view::npos)
                taint = taint.substr(0, end + 1);
            item.detail = toQString(taint);
        } else if (part.find("were unschedulable") != std::string_view::npos) {
            item.kind = Kind::Unschedulable;
        } else if (part == "Too many pods") {
            item.kind = Kind::TooManyPods;
        } else {
            item.kind = Kind::Other;
            item.detail = toQString(part);
        }
        r.m_items.push_back(std::move(item));
    }
    std::stable_sort(r.m_items.begin(), r.m_items.end(),
                     [](const Item &a, const Item &b) { return rank(a.kind) < rank(b.kind); });
    return r;
}

QString PendingPodReason::describe(const Item &item) {
    switch (item.kind) {
    case Kind::Insufficient:
        return tr("Insufficient %1").arg(item.detail);
    case Kind::SelectorMismatch:
        return tr("selector mismatch");
    case Kind::Taint:
        return tr("untolerated taint %1").arg(item.detail);
    case Kind::Unschedulable:
        return tr("cordoned");
    case Kind::TooManyPods:
        return tr("too many pods");
    case Kind::Other:
        return item.detail;
    }
    return item.detail;
}

QString PendingPodReason::summary() const {
    if (m_items.empty())
        return m_reason.isEmpty() || m_reason == QLatin1String("Unschedulable")
                   ? tr("waiting for the scheduler")
                   : m_reason;
    QStringList parts;
    for (const Item &item : m_items)
        parts << (item.nodes > 0 ? tr("%1 (%n node(s))", "", item.nodes).arg(describe(item))
                                 : describe(item));
    return parts.join(QStringLiteral(" · "));
}

} // namespace cubedesk::models
