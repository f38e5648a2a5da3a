#pragma once
// Usage: "used of total" for one resource, precomputed by the models for the bar delegates
// (UsageRole), and optionally what is measured in use beside it. Plain value type; registered
// with QMetaType so it travels in a QVariant.

#include <QMetaType>
#include <QString>

namespace cubedesk::models {

struct Usage {
    double used = 0;  ///< requested (or used) amount, in the unit of `text`
    double total = 0; ///< allocatable (or hard limit); 0 = nothing to compare against
    QString text;     ///< what the bar prints, e.g. "12.5 / 64" or "3 / 8 GPU"
    /// What is measured in use (metrics-server), in the unit of `text`; negative when nothing
    /// was measured. The bar's third mark, beside `used` (requested) and `total`.
    double measured = -1;

    /// used/total in [0, ∞); 0 when total is 0.
    double ratio() const { return total > 0 ? used / total : 0.0; }
    /// The platform's thresholds: amber from 80 %, red from 95 % (docs/platform.md).
    enum class Level { Normal, Warning, Critical };
    Level level() const {
        const double r = ratio();
        return r >= 0.95 ? Level::Critical : r >= 0.80 ? Level::Warning : Level::Normal;
    }
    bool operator==(const Usage &) const = default;
};

} // namespace cubedesk::models

Q_DECLARE_METATYPE(cubedesk::models::Usage)
