#pragma once

#include "k8s/api/result.h"
#include "k8s/net/transportsettings.h"

#include <QString>
#include <QStringList>

#include <string>

/// What the headless commands (--logs, --exec, --get) share: a pod named `[CONTEXT/]NAMESPACE/POD`
/// and the transport settings of a kubeconfig context, resolved as the window resolves them
/// (KUBECONFIG and --kubeconfig, exec plugins and all).
///
/// Thread-safety: pure functions; settings() reads files and runs no plugin.
struct CommandTarget {
    QString context; ///< empty: the one the caller defaults to
    std::string ns;
    std::string pod;

    /// `[CONTEXT/]NAMESPACE/POD`: a context name may hold slashes (EKS ARNs); the last two parts
    /// are the namespace and the pod. nullopt when it has fewer than two non-empty parts.
    static std::optional<CommandTarget> parsePod(const QString &target);
    /// The transport settings of `context` (empty: the current context) in `kubeconfigs`
    /// (empty: KUBECONFIG or ~/.kube/config), or why there are none.
    static cubedesk::k8s::Result<cubedesk::k8s::TransportSettings, std::string>
    settings(const QStringList &kubeconfigs, const QString &context);
    /// The namespace of `context` (empty: the current context): the kubeconfig's, else
    /// "default", as kubectl picks it.
    static std::string namespaceOf(const QStringList &kubeconfigs, const QString &context);
    /// `context`, or the current context's name when it is empty.
    static QString contextName(const QStringList &kubeconfigs, const QString &context);
};
