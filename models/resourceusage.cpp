#include "models/resourceusage.h"

#include "k8s/cube/dumprows.h"

#include <cmath>

namespace cubedesk::models {

namespace {

QString number(double v) {
    return QString::number(v, 'f', v == std::floor(v) ? 0 : 1);
}

} // namespace

std::int64_t ResourceUsage::amount(const Amounts &amounts, const char *name) {
    auto it = amounts.find(name);
    return it == amounts.end() ? 0 : it->second;
}

Usage ResourceUsage::of(double used, double total, const QString &unit) {
    Usage u{used, total, number(used) + QStringLiteral(" / ") + number(total)};
    if (!unit.isEmpty())
        u.text += QLatin1Char(' ') + unit;
    return u;
}

Usage ResourceUsage::cpu(const Amounts &requested, const Amounts &allocatable) {
    return of(static_cast<double>(amount(requested, "cpu")) / 1000.0,
              static_cast<double>(amount(allocatable, "cpu")) / 1000.0);
}

Usage ResourceUsage::memory(const Amounts &requested, const Amounts &allocatable) {
    constexpr double gi = 1024.0 * 1024.0 * 1024.0;
    return of(std::round(static_cast<double>(amount(requested, "memory")) / gi),
              std::round(static_cast<double>(amount(allocatable, "memory")) / gi),
              QStringLiteral("Gi"));
}

Usage ResourceUsage::gpus(const Amounts &requested, const Amounts &allocatable) {
    return of(static_cast<double>(k8s::DumpRows::gpus(requested)),
              static_cast<double>(k8s::DumpRows::gpus(allocatable)));
}

} // namespace cubedesk::models
