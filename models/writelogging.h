#pragma once

// The log category of every write the window sends to a cluster (`cubedesk.models.writes`):
// what was asked, on which cluster and objects, and each result. The write controllers log
// through it; it never carries request bodies' secrets (writes here are labels, cordons, job
// and quota changes).

#include <QLoggingCategory>

namespace cubedesk::models {

Q_DECLARE_LOGGING_CATEGORY(lcWrites)

} // namespace cubedesk::models
