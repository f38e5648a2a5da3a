#pragma once

// Kubeconfig: the merged view of the kubeconfig files kubectl would read
// (docs/kubernetes-api.md).
// Merge rule: for clusters, users and contexts the first file that defines a name wins
// wholesale; current-context comes from the first file that sets it. Every entry remembers the
// file that defined it (the UI groups contexts by file; relative paths were resolved against it).
//
// Loading never fails as a whole: files that cannot be read or parsed are listed in
// loadErrors() and the other files still contribute. Resolution of one context (resolve())
// reads the referenced files, decodes base64 data, checks certificates and keys, and builds the
// credential provider; problems are reported per context, so other contexts keep working.
//
// Thread-safety: immutable after load()/merge(); all const members may be called concurrently
// from any thread. resolve() does file I/O and may be slow-ish (no network, no plugin run —
// exec plugins run lazily inside the returned CredentialProvider).

#include "k8s/api/result.h"
#include "k8s/config/clusterconfig.h"
#include "k8s/config/configerror.h"
#include "k8s/config/contextconfig.h"
#include "k8s/config/kubeconfigfile.h"
#include "k8s/config/kubeconfigsources.h"
#include "k8s/config/resolvedcontext.h"
#include "k8s/config/resolveoptions.h"
#include "k8s/config/userconfig.h"

#include <QString>
#include <QStringList>

#include <map>
#include <vector>

namespace cubedesk::k8s {

class Kubeconfig final {
public:
    /// An empty configuration (no files).
    Kubeconfig() = default;

    /// Reads the files `sources` selects and merges them.
    static Kubeconfig load(const KubeconfigSources &sources);
    /// Merges already parsed files in order (first wins); `loadErrors` are kept as given.
    static Kubeconfig merge(const std::vector<KubeconfigFile> &files,
                            std::vector<ConfigError> loadErrors = {});

    /// Files that contributed, in merge order (absolute paths).
    const QStringList &files() const { return m_files; }
    /// Files that could not be read or parsed, required files that are missing, and entries
    /// that were dropped while parsing.
    const std::vector<ConfigError> &loadErrors() const { return m_loadErrors; }
    bool isEmpty() const { return m_contexts.empty() && m_clusters.empty() && m_users.empty(); }

    /// Contexts in file order, then order within the file.
    const std::vector<ContextConfig> &contexts() const { return m_contexts; }
    const std::vector<ClusterConfig> &clusters() const { return m_clusters; }
    const std::vector<UserConfig> &users() const { return m_users; }
    QStringList contextNames() const;
    /// Null when there is no entry of that name.
    const ContextConfig *context(const QString &name) const;
    const ClusterConfig *cluster(const QString &name) const;
    const UserConfig *user(const QString &name) const;
    /// Empty when no file sets it.
    const QString &currentContext() const { return m_currentContext; }

    /// The server URL a context would use (scheme added as client-go does), for display even
    /// when the context does not resolve, without user info (a password never shows); empty
    /// when the context or its cluster is unknown.
    QString serverUrl(const QString &contextName) const;

    /// Everything a connection to `contextName` needs, or the first problem found.
    Result<ResolvedContext, ConfigError> resolve(const QString &contextName,
                                                 const ResolveOptions &options = {}) const;
    /// resolve() for currentContext().
    Result<ResolvedContext, ConfigError> resolveCurrent(const ResolveOptions &options = {}) const;
    /// Every problem resolve() finds for `contextName` (empty when it resolves).
    std::vector<ConfigError> problems(const QString &contextName,
                                      const ResolveOptions &options = {}) const;

private:
    std::vector<ConfigError> resolveInto(const QString &contextName, const ResolveOptions &options,
                                         ResolvedContext &out) const;

    QStringList m_files;
    std::vector<ConfigError> m_loadErrors;
    std::vector<ContextConfig> m_contexts;
    std::vector<ClusterConfig> m_clusters;
    std::vector<UserConfig> m_users;
    std::map<QString, std::size_t> m_contextIndex;
    std::map<QString, std::size_t> m_clusterIndex;
    std::map<QString, std::size_t> m_userIndex;
    QString m_currentContext;
};

} // namespace cubedesk::k8s
