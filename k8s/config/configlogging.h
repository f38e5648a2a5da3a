#pragma once

// The logging category of k8s/config: `cubedesk.k8s.config`. Messages name files, entries and
// fields, never secret values (tokens, passwords, keys, certificate data, plugin output).

#include <QLoggingCategory>

namespace cubedesk::k8s {

Q_DECLARE_LOGGING_CATEGORY(lcK8sConfig)

} // namespace cubedesk::k8s
