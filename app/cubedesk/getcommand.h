#pragma once

#include <QString>
#include <QStringList>

/// `cubedesk --get RESOURCE [NAME]`: headless, prints the server's own table of a resource as
/// `kubectl get` prints it (docs/command-line.md): RESOURCE resolved from discovery as kubectl
/// resolves it (short names, plural, singular or kind, `.GROUP` or `.VERSION.GROUP`), the list
/// asked as a Table in pages, the columns kubectl shows (the wide ones with `wide`), NAMESPACE
/// first with `allNamespaces`, laid out by kubectl's tabwriter rules. With several contexts one
/// CLUSTER column comes first and the rows of every cluster are in one table. "No resources
/// found …" goes to stderr as kubectl writes it; an error is one line on stderr and exit 1.
///
/// Runs on the main thread with one HttpTransport per context; no cluster cache is built.
class GetCommand final {
public:
    struct Options {
        QString resource;
        QString name; ///< one object; "" lists
        QStringList kubeconfigs;
        QStringList contexts; ///< empty: the current context
        QString ns;           ///< "" the context's namespace
        bool allNamespaces = false;
        QString selector;
        bool wide = false;
        double timeoutSeconds = 60;
    };
    static int run(const Options &options);
};
