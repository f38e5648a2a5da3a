#include "k8s/cube/amountformat.h"

#include "k8s/objects/resourcelist.h"

#include <array>
#include <utility>

namespace cubedesk::k8s {

std::string AmountFormat::cores(std::int64_t milli) {
    const std::string sign = milli < 0 ? "-" : "";
    const std::int64_t v = milli < 0 ? -milli : milli;
    std::string out = sign + std::to_string(v / 1000);
    if (v % 1000 != 0) {
        std::string frac = std::to_string(1000 + v % 1000).substr(1);
        while (frac.back() == '0')
            frac.pop_back();
        out += '.' + frac;
    }
    return out;
}

bool AmountFormat::isByteResource(std::string_view resource) {
    auto endsWith = [&](std::string_view suffix) {
        return resource.size() >= suffix.size() &&
               resource.substr(resource.size() - suffix.size()) == suffix;
    };
    return endsWith("memory") || endsWith("storage") || resource.rfind("hugepages-", 0) == 0 ||
           resource.find(".hugepages-") != std::string_view::npos;
}

std::string AmountFormat::text(std::string_view resource, std::int64_t amount) {
    if (ResourceList::isMilliResource(resource)) {
        if (amount != 0 && amount % 1000 != 0 && amount > -1000 && amount < 1000)
            return std::to_string(amount) + "m";
        return cores(amount);
    }
    if (isByteResource(resource) && amount != 0) {
        static constexpr std::array<std::pair<std::int64_t, const char *>, 5> units = {{
            {std::int64_t{1} << 50, "Pi"},
            {std::int64_t{1} << 40, "Ti"},
            {std::int64_t{1} << 30, "Gi"},
            {std::int64_t{1} << 20, "Mi"},
            {std::int64_t{1} << 10, "Ki"},
        }};
        for (const auto &[size, suffix] : units)
            if (amount % size == 0)
                return std::to_string(amount / size) + suffix;
    }
    return std::to_string(amount);
}

std::string AmountFormat::readable(std::string_view resource, std::int64_t amount) {
    if (!isByteResource(resource) || amount < 1024)
        return text(resource, amount);
    static constexpr std::array<const char *, 5> suffixes = {"Ki", "Mi", "Gi", "Ti", "Pi"};
    double v = static_cast<double>(amount);
    std::size_t unit = 0;
    v /= 1024;
    while (unit + 1 < suffixes.size() && v >= 1024) {
        v /= 1024;
        ++unit;
    }
    const auto tenths = static_cast<std::int64_t>(v * 10 + 0.5);
    std::string out = std::to_string(tenths / 10);
    if (tenths % 10 != 0)
        out += '.' + std::to_string(tenths % 10);
    return out + suffixes[unit];
}

} // namespace cubedesk::k8s
