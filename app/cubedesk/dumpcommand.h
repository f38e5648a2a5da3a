#pragma once

#include <QString>
#include <QStringList>

/// `cubedesk --dump WHAT`: headless. Loads the kubeconfigs, connects to every context in scope
/// (one ClusterSession each), waits until every watch has synced, optionally keeps watching for
/// `followSeconds`, prints the rows as JSON (an array of flat objects) or TSV and returns 0.
/// Any failure returns non-zero after one line on stderr saying what and where. Main thread.
class DumpCommand final {
public:
    struct Options {
        QString what; ///< clusters | nodes | pods | orgs | jobs | quotas | events
        QString format = QStringLiteral("json");
        QStringList kubeconfigs;
        QStringList contexts;
        double followSeconds = 0;
        double timeoutSeconds = 60;
        /// --dump gpus: the Prometheus to read DCGM metrics from ("NS/SERVICE:PORT"); "" looks
        /// for the well-known installs (PrometheusEndpoint::wellKnown).
        QString prometheus;
        /// --dump idle-gpus: under this utilization for at least this long is idle.
        double idleThresholdPercent = 5;
        long long idleWindowSeconds = 3600;
    };
    static int run(const Options &options);
    static QStringList supported();
};
