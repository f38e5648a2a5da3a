#pragma once

// KubeconfigFile: one kubeconfig file parsed into entries (docs/kubernetes-api.md). Relative
// paths in certificate-authority, client-certificate, client-key, tokenFile, and exec.command
// when it contains a path separator, are made absolute against the folder of this file; paths in
// auth-provider config are left alone, as kubectl does.
//
// Errors: a file that cannot be read, is not valid YAML (the message carries line and column),
// or whose top level is not a mapping gives an error value; yaml-cpp exceptions never escape.
// Problems with single fields stay with their entry (ClusterConfig::problems ...), so that the
// other entries remain usable; entries that cannot be kept at all (no name, a duplicate name)
// are listed in problems(). Unknown fields are ignored, as kubectl does.
//
// Thread-safety: load()/parse() may run on any thread; the result is an immutable value.

#include "k8s/api/result.h"
#include "k8s/config/clusterconfig.h"
#include "k8s/config/configerror.h"
#include "k8s/config/contextconfig.h"
#include "k8s/config/userconfig.h"

#include <QByteArray>
#include <QString>

#include <vector>

namespace cubedesk::k8s {

class KubeconfigFile final {
public:
    /// Kubeconfig files above this size are refused (real ones are a few KB).
    static constexpr qint64 maxFileSize = qint64{16} * 1024 * 1024;

    /// Reads and parses `path`.
    static Result<KubeconfigFile, ConfigError> load(const QString &path);
    /// Parses `yaml` as if it had been read from `path` (used for relative paths and messages).
    static Result<KubeconfigFile, ConfigError> parse(const QByteArray &yaml, const QString &path);

    /// Absolute, clean path of the file.
    const QString &path() const { return m_path; }
    const std::vector<ClusterConfig> &clusters() const { return m_clusters; }
    const std::vector<UserConfig> &users() const { return m_users; }
    const std::vector<ContextConfig> &contexts() const { return m_contexts; }
    /// Empty when the file does not set it.
    const QString &currentContext() const { return m_currentContext; }
    /// Entries that were dropped (no name, duplicate name) and top-level fields of the wrong
    /// type.
    const std::vector<ConfigError> &problems() const { return m_problems; }

private:
    class Parser;
    KubeconfigFile() = default;

    QString m_path;
    std::vector<ClusterConfig> m_clusters;
    std::vector<UserConfig> m_users;
    std::vector<ContextConfig> m_contexts;
    QString m_currentContext;
    std::vector<ConfigError> m_problems;
};

} // namespace cubedesk::k8s
