#include "k8s/config/kubeconfig.h"

#include "k8s/config/configlogging.h"
#include "k8s/config/contextresolver.h"

namespace cubedesk::k8s {

namespace {

template <class Entry>
void mergeEntries(const std::vector<Entry> &from, std::vector<Entry> &into,
                  std::map<QString, std::size_t> &index) {
    for (const Entry &entry : from) {
        // First file wins wholesale: a later entry of the same name is dropped entirely.
        if (index.emplace(entry.name, into.size()).second)
            into.push_back(entry);
    }
}

template <class Entry>
const Entry *find(const std::vector<Entry> &entries, const std::map<QString, std::size_t> &index,
                  const QString &name) {
    const auto it = index.find(name);
    return it == index.end() ? nullptr : &entries[it->second];
}

} // namespace

Kubeconfig Kubeconfig::load(const KubeconfigSources &sources) {
    std::vector<KubeconfigFile> files;
    std::vector<ConfigError> errors;
    for (const KubeconfigSources::File &source : sources.files()) {
        Result<KubeconfigFile, ConfigError> file = KubeconfigFile::load(source.path);
        if (file.ok()) {
            files.push_back(std::move(file).value());
        } else {
            qCWarning(lcK8sConfig).noquote() << file.error().toString();
            errors.push_back(file.error());
        }
    }
    return merge(files, std::move(errors));
}

Kubeconfig Kubeconfig::merge(const std::vector<KubeconfigFile> &files,
                             std::vector<ConfigError> loadErrors) {
    Kubeconfig config;
    config.m_loadErrors = std::move(loadErrors);
    for (const KubeconfigFile &file : files) {
        config.m_files.append(file.path());
        for (const ConfigError &problem : file.problems()) {
            qCWarning(lcK8sConfig).noquote() << problem.toString();
            config.m_loadErrors.push_back(problem);
        }
        if (config.m_currentContext.isEmpty())
            config.m_currentContext = file.currentContext();
        mergeEntries(file.clusters(), config.m_clusters, config.m_clusterIndex);
        mergeEntries(file.users(), config.m_users, config.m_userIndex);
        mergeEntries(file.contexts(), config.m_contexts, config.m_contextIndex);
    }
    qCDebug(lcK8sConfig).noquote()
        << "merged" << config.m_files.size() << "kubeconfig files:" << config.m_contexts.size()
        << "contexts, current context" << config.m_currentContext;
    return config;
}

QStringList Kubeconfig::contextNames() const {
    QStringList names;
    for (const ContextConfig &c : m_contexts)
        names.append(c.name);
    return names;
}

const ContextConfig *Kubeconfig::context(const QString &name) const {
    return find(m_contexts, m_contextIndex, name);
}

const ClusterConfig *Kubeconfig::cluster(const QString &name) const {
    return find(m_clusters, m_clusterIndex, name);
}

const UserConfig *Kubeconfig::user(const QString &name) const {
    return find(m_users, m_userIndex, name);
}

QString Kubeconfig::serverUrl(const QString &contextName) const {
    const ContextConfig *ctx = context(contextName);
    const ClusterConfig *cl = ctx ? cluster(ctx->cluster) : nullptr;
    if (!cl)
        return {};
    const Result<QUrl, QString> url = ContextResolver::serverUrl(
        cl->server, ContextResolver::hasTlsSettings(*cl, user(ctx->user)));
    // Shown in the cluster tree and logs: never with a password (user info) in it.
    return url.ok() ? url.value().toString(QUrl::RemoveUserInfo) : QString();
}

std::vector<ConfigError> Kubeconfig::resolveInto(const QString &contextName,
                                                 const ResolveOptions &options,
                                                 ResolvedContext &out) const {
    if (contextName.isEmpty()) {
        return {ConfigError{
            m_files.join(QStringLiteral(", ")), QString(), QStringLiteral("current-context"),
            m_files.isEmpty() ? QStringLiteral("invalid configuration: no configuration has "
                                               "been provided")
                              : QStringLiteral("no context was given and current-context is "
                                               "not set")}};
    }
    const ContextConfig *ctx = context(contextName);
    if (!ctx) {
        return {ConfigError{
            m_files.join(QStringLiteral(", ")), ConfigError::contextEntry(contextName), QString(),
            QStringLiteral("context was not found for specified context: ") + contextName}};
    }
    return ContextResolver(*ctx, cluster(ctx->cluster), user(ctx->user), options).resolve(out);
}

Result<ResolvedContext, ConfigError> Kubeconfig::resolve(const QString &contextName,
                                                         const ResolveOptions &options) const {
    ResolvedContext out;
    std::vector<ConfigError> problems = resolveInto(contextName, options, out);
    if (!problems.empty()) {
        for (const ConfigError &p : problems)
            qCWarning(lcK8sConfig).noquote() << p.toString();
        return problems.front();
    }
    qCDebug(lcK8sConfig).noquote()
        << "resolved context" << out.contextName << "->"
        << out.server.toString(QUrl::RemoveUserInfo) << "namespace" << out.namespaceName;
    return out;
}

Result<ResolvedContext, ConfigError>
Kubeconfig::resolveCurrent(const ResolveOptions &options) const {
    return resolve(m_currentContext, options);
}

std::vector<ConfigError> Kubeconfig::problems(const QString &contextName,
                                              const ResolveOptions &options) const {
    ResolvedContext ignored;
    return resolveInto(contextName, options, ignored);
}

} // namespace cubedesk::k8s
