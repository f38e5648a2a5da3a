#pragma once

#include <QString>
#include <QStringList>

/// `cubedesk --exec [CONTEXT/]NAMESPACE/POD [--container C] [--stdin] -- COMMAND [ARGS…]`: runs a
/// command in a container without a terminal, as `kubectl exec` does (docs/command-line.md):
/// the pod is read first (not found, or a completed pod, is refused before any upgrade), the
/// container is chosen by kubectl's rule with its notice on stderr, then k8s::ExecStream runs
/// the command over a WebSocket. Its stdout and stderr go to ours as they arrive; with --stdin
/// ours is sent to it, and its end ends the command's stdin. The exit status is the command's
/// ("command terminated with exit code N" on stderr, as kubectl prints), or 1 with the reason
/// when it could not run.
///
/// Runs on the main thread with a QCoreApplication; stdin is read on a thread of its own.
class ExecCommand final {
public:
    struct Options {
        QString target;
        QStringList kubeconfigs;
        QString context; ///< when TARGET names none; empty: the current context
        QString container;
        bool stdinEnabled = false;
        QStringList command;
    };
    static int run(const Options &options);
};
