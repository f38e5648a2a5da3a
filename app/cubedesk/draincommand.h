#pragma once

#include <QString>
#include <QStringList>

#include <optional>

/// `cubedesk --drain NODE…`: headless node drain (docs/command-line.md). Reads what kubectl
/// drain reads — the nodes, the pods on them, the DaemonSets that own some, plus the disruption
/// budgets and each affected job's pod count for the plan — builds the k8s::DrainPlan, then runs
/// it with k8s::DrainRun on its own transport: cordon, evict (budgets honoured, 429 retried every
/// 5 s), wait for each pod to go; nodes one after another (or `concurrency` at a time). Progress
/// goes to stderr as it happens; at the end one row per pod with its outcome (the dump formats)
/// to stdout. Exit 0 only when every node was drained (or, with a dry run, would be); Ctrl+C
/// cancels what has not started and leaves the nodes cordoned.
///
/// Main thread, one HttpTransport of its own; no cluster cache is built.
class DrainCommand final {
public:
    struct Options {
        QStringList nodes;
        QStringList kubeconfigs;
        QString context; ///< empty: the current context
        QString format = QStringLiteral("json");
        bool ignoreDaemonSets = false;
        bool deleteEmptyDirData = false;
        bool force = false;
        bool disableEviction = false;
        std::optional<int> gracePeriod;
        int timeoutSeconds = 0;    ///< per node; 0: no limit
        bool dryRun = false;       ///< client: nothing is sent after the reads
        bool serverDryRun = false; ///< the server checks every write and keeps none
        int concurrency = 1;
    };
    static int run(const Options &options);
};
