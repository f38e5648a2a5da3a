#pragma once

// ContextConfig: one `contexts[]` entry as written: which cluster and user, and the namespace.
// `originFile` is the file that defined it (the UI groups contexts by file).
//
// Thread-safety: a plain value type.

#include "k8s/config/configerror.h"

#include <QString>

#include <vector>

namespace cubedesk::k8s {

struct ContextConfig {
    QString name;
    QString originFile;
    QString cluster;
    QString user;
    QString namespaceName; ///< as written; empty means "default" once resolved

    std::vector<ConfigError> problems;
};

} // namespace cubedesk::k8s
