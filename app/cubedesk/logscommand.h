#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>
#include <optional>

/// `cubedesk --logs TARGET`: headless logs (docs/command-line.md).
///
/// TARGET `[CONTEXT/]NAMESPACE/POD`: writes the log to stdout byte for byte as `kubectl logs`
/// does for the same options (the same request; the container chosen by kubectl's rule, with its
/// notice on stderr). TARGET `job:NAMESPACE/KIND/NAME`: every container of every pod of the job
/// (the launcher or master first), read at once with timestamps and interleaved by them
/// (k8s::LogMerge; with --follow, printed as soon as every stream has caught up), each line
/// prefixed `[pod/container] `. Errors: one line on stderr and a non-zero exit.
///
/// Runs on the main thread with one HttpTransport of its own; no cluster cache is built.
class LogsCommand final {
public:
    struct Options {
        QString target;
        QStringList kubeconfigs;
        QString context; ///< when TARGET names none; empty: the current context
        QString container;
        bool previous = false;
        bool timestamps = false;
        std::optional<std::int64_t> tailLines;
        std::optional<std::int64_t> sinceSeconds;
        std::optional<std::int64_t> sinceTime; ///< seconds since the epoch
        std::optional<std::int64_t> limitBytes;
        /// Follow for this many seconds (0: until the stream ends); nullopt: no follow.
        std::optional<double> followSeconds;
    };
    static int run(const Options &options);
};
