#include "app/cubedesk/commandtarget.h"

#include "k8s/config/kubeconfig.h"
#include "k8s/config/kubeconfigsources.h"
#include "k8s/session/transportfactory.h"

using namespace cubedesk::k8s;

std::optional<CommandTarget> CommandTarget::parsePod(const QString &target) {
    QStringList parts = target.split(QLatin1Char('/'));
    if (parts.size() < 2 || parts.last().isEmpty() || parts[parts.size() - 2].isEmpty())
        return std::nullopt;
    CommandTarget t;
    t.pod = parts.takeLast().toStdString();
    t.ns = parts.takeLast().toStdString();
    t.context = parts.join(QLatin1Char('/'));
    return t;
}

Result<TransportSettings, std::string> CommandTarget::settings(const QStringList &kubeconfigs,
                                                               const QString &context) {
    const Kubeconfig config = Kubeconfig::load(KubeconfigSources::fromEnvironment(kubeconfigs));
    ResolveOptions resolveOptions;
    auto resolved = context.isEmpty() ? config.resolveCurrent(resolveOptions)
                                      : config.resolve(context, resolveOptions);
    if (!resolved.ok())
        return Failure{resolved.error().toString().toStdString()};
    auto settings = TransportFactory::fromContext(resolved.value());
    if (!settings)
        return Failure{settings.error()};
    return std::move(*settings);
}

std::string CommandTarget::namespaceOf(const QStringList &kubeconfigs, const QString &context) {
    const Kubeconfig config = Kubeconfig::load(KubeconfigSources::fromEnvironment(kubeconfigs));
    ResolveOptions resolveOptions;
    auto resolved = context.isEmpty() ? config.resolveCurrent(resolveOptions)
                                      : config.resolve(context, resolveOptions);
    if (!resolved.ok())
        return "default";
    return resolved.value().namespaceName.toStdString();
}

QString CommandTarget::contextName(const QStringList &kubeconfigs, const QString &context) {
    if (!context.isEmpty())
        return context;
    return Kubeconfig::load(KubeconfigSources::fromEnvironment(kubeconfigs)).currentContext();
}
