// GpuMetricsMonitor against two in-process simulators, one whose dcgm-exporter endpoints a real
// Prometheus scrapes behind monitoring/prometheus-k8s and one without a Prometheus: readings
// attributed to the pods that hold the GPUs where there is one, the endpoints tried and their
// answers where there is none, a user-set endpoint used as given, and nothing polled while
// nothing watches.

#include "k8s/cube/gpureadings.h"
#include "k8s/cube/gpuseriesattribution.h"
#include "k8s/cube/idlegpurows.h"
#include "k8s/session/urlget.h"
#include "k8s/sim/prometheusprocess.h"
#include "k8s/sim/simulator.h"
#include "models/balanceadvisor.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/gpudevicemodel.h"
#include "models/gpuinventorymodel.h"
#include "models/gpumetricsmonitor.h"
#include "models/gpunodehistory.h"
#include "models/gputopologysources.h"
#include "models/idlegpureport.h"
#include "models/idlegputablemodel.h"
#include "models/modelroles.h"
#include "models/notificationmodel.h"
#include "models/overviewaggregator.h"
#include "models/sparkline.h"
#include "models/usage.h"
#include "models/usagemonitor.h"

#include <QDateTime>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <functional>
#include <map>

using namespace cubedesk;
using models::GpuMetricsMonitor;

class GpuMetricsMonitorTest : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void readsTheClustersPrometheusAndSaysWhyNot();
    void aGivenEndpointIsUsedAsGiven();
    void gpuFaultsAreNotified();
    void aUrlIsAskedDirectly();
    void identitiesAndValuesReadAsEverySeriesWhole();
    void idleRowsAgreeWithRangeQueriesOfTheSameGrids();
    void aNodesHistoryAndDevices();
    void idleGpusAndDonors();
    void theOverviewMeasuresUse();

private:
    QString kubeconfigOf(const sim::Simulator &sim, const QString &name);
    bool synced(const models::ClusterHub &hub, qsizetype clusters) const;

    std::unique_ptr<sim::Simulator> m_scraped;
    std::unique_ptr<sim::Simulator> m_plain;
    std::unique_ptr<sim::PrometheusProcess> m_prometheus;
    QTemporaryDir m_dir;
};

void GpuMetricsMonitorTest::initTestCase() {
    QVERIFY(m_dir.isValid());
    sim::SimulatorOptions o;
    o.scenario = "demo";
    o.contextName = "scraped";
    m_scraped = std::make_unique<sim::Simulator>(o);
    o.contextName = "plain";
    o.seed = 2;
    m_plain = std::make_unique<sim::Simulator>(o);
    for (auto *s : {m_scraped.get(), m_plain.get()}) {
        const auto error = s->start();
        QVERIFY2(!error, error ? error->c_str() : "");
    }
    sim::PrometheusProcess::Options po;
    po.scrapeInterval = std::chrono::seconds(1);
    m_prometheus = std::make_unique<sim::PrometheusProcess>(po);
    // Three hours of history, as the demo's day (the idle report reads back that far).
    const auto error =
        m_prometheus->start(m_scraped->dcgmScrapeTargets(), [this](std::ostream &out) {
            return m_scraped->writeDcgmHistory(out, std::chrono::system_clock::now(),
                                               std::chrono::hours(3), std::chrono::minutes(3));
        });
    QVERIFY2(!error, error ? ("Prometheus must run for this test: " + *error).c_str() : "");
    QVERIFY2(m_prometheus->historyError().empty(), m_prometheus->historyError().c_str());
    m_scraped->setServiceProxy("monitoring/prometheus-k8s:9090", m_prometheus->url());
}

void GpuMetricsMonitorTest::cleanupTestCase() {
    m_prometheus.reset();
}

QString GpuMetricsMonitorTest::kubeconfigOf(const sim::Simulator &sim, const QString &name) {
    QString path = m_dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QByteArray::fromStdString(sim.kubeconfig()));
    return path;
}

bool GpuMetricsMonitorTest::synced(const models::ClusterHub &hub, qsizetype clusters) const {
    if (hub.clusters().size() != clusters)
        return false;
    for (const auto *c : hub.clusters())
        if (!c->synced())
            return false;
    return true;
}

void GpuMetricsMonitorTest::readsTheClustersPrometheusAndSaysWhyNot() {
    models::ClusterHub hub;
    hub.load({kubeconfigOf(*m_scraped, QStringLiteral("scraped.yaml")),
              kubeconfigOf(*m_plain, QStringLiteral("plain.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(synced(hub, 2), 30000);
    GpuMetricsMonitor *metrics = hub.gpuMetrics();
    metrics->setInterval(std::chrono::milliseconds(500));
    QSignalSpy updated(metrics, &GpuMetricsMonitor::updated);
    QVERIFY(!updated.wait(300)); // nobody watches: nothing asked
    QCOMPARE(metrics->state(QStringLiteral("scraped")), GpuMetricsMonitor::State::NotAsked);

    metrics->watch();
    const QString vision = QStringLiteral("gpu-a100-vision-2");
    // Prometheus needs a scrape or two before it has every node.
    QTRY_VERIFY_WITH_TIMEOUT(metrics->node(QStringLiteral("scraped"), vision).size() == 8, 30000);
    QCOMPARE(metrics->state(QStringLiteral("scraped")), GpuMetricsMonitor::State::Measured);
    QVERIFY2(metrics->describe(QStringLiteral("scraped"))
                 .contains(QLatin1String("monitoring/prometheus-k8s:9090")),
             qPrintable(metrics->describe(QStringLiteral("scraped"))));
    const auto gpus = metrics->node(QStringLiteral("scraped"), vision);
    for (const auto &g : gpus) {
        QVERIFY(g.utilization.has_value());
        QVERIFY(*g.utilization > 80); // the resnet50 job's replicas hold all eight
        QCOMPARE(QString::fromStdString(g.podNamespace), QStringLiteral("pipeline"));
    }
    QCOMPARE(gpus[5].xid.value_or(0), 79);
    // The NotReady node's exporter is down: nothing, rather than zeros.
    QVERIFY(metrics->node(QStringLiteral("scraped"), QStringLiteral("gpu-v100-speech-3")).empty());

    // The GPUs table shows them: utilization, the in-use strip in GPUs, health in words.
    models::GpuTopologySources sources(&hub);
    models::GpuInventoryModel inventory(&hub, &sources);
    const auto cell = [&](const QString &cluster, const QString &node, int column, int role) {
        for (int r = 0; r < inventory.rowCount(); ++r)
            if (inventory.row(r).clusterName == cluster && inventory.row(r).name == node)
                return inventory.index(r, column).data(role);
        return QVariant();
    };
    const QString scraped = QStringLiteral("scraped");
    const QString util =
        cell(scraped, vision, models::GpuInventoryModel::UtilizationColumn, Qt::DisplayRole)
            .toString();
    QVERIFY2(util.endsWith(QLatin1String(" %")) && util.left(util.size() - 2).toInt() > 80,
             qPrintable(util));
    QCOMPARE(
        cell(scraped, vision, models::GpuInventoryModel::HealthColumn, Qt::DisplayRole).toString(),
        QStringLiteral("XID 79 on GPU5"));
    const auto usage =
        cell(scraped, vision, models::GpuInventoryModel::GpusColumn, models::UsageRole)
            .value<models::Usage>();
    QVERIFY2(usage.measured > 6.4 && usage.measured <= 8,
             qPrintable(QString::number(usage.measured)));
    QVERIFY(cell(scraped, vision, models::GpuInventoryModel::UtilizationColumn, Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("pipeline/pytorch-resnet50-vision-worker-0")));
    const QString idle = QStringLiteral("gpu-a100-public-1");
    // Each target is scraped once per interval, at its own offset: wait for this one too.
    QTRY_COMPARE_WITH_TIMEOUT(
        cell(scraped, idle, models::GpuInventoryModel::UtilizationColumn, Qt::DisplayRole)
            .toString(),
        QStringLiteral("0 %"), 20000);
    QCOMPARE(cell(scraped, QStringLiteral("gpu-v100-speech-3"),
                  models::GpuInventoryModel::UtilizationColumn, Qt::DisplayRole)
                 .toString(),
             QString());

    // No Prometheus: every endpoint tried, with its answer.
    QTRY_COMPARE_WITH_TIMEOUT(metrics->state(QStringLiteral("plain")),
                              GpuMetricsMonitor::State::NoPrometheus, 20000);
    const QString why = metrics->describe(QStringLiteral("plain"));
    QVERIFY2(why.contains(QLatin1String("no endpoints available for service \"prometheus-k8s\"")),
             qPrintable(why));
    QVERIFY2(why.contains(QLatin1String("prometheus-operated")), qPrintable(why));
    QVERIFY(metrics->node(QStringLiteral("plain"), vision).empty());
    QCOMPARE(cell(QStringLiteral("plain"), vision, models::GpuInventoryModel::UtilizationColumn,
                  Qt::DisplayRole)
                 .toString(),
             QString());
    QVERIFY(cell(QStringLiteral("plain"), vision, models::GpuInventoryModel::HealthColumn,
                 Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("no Prometheus found")));

    metrics->unwatch();
    updated.wait(2000); // one poll may be in flight
    updated.clear();
    QVERIFY(!updated.wait(1200));
}

void GpuMetricsMonitorTest::aGivenEndpointIsUsedAsGiven() {
    models::ClusterHub hub;
    hub.load({kubeconfigOf(*m_scraped, QStringLiteral("scraped.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(synced(hub, 1), 30000);
    GpuMetricsMonitor *metrics = hub.gpuMetrics();
    metrics->setInterval(std::chrono::milliseconds(500));
    metrics->setEndpoint(QStringLiteral("scraped"),
                         k8s::PrometheusEndpoint::parse("monitoring/dcgm-exporter:9400"));
    metrics->watch();
    QTRY_COMPARE_WITH_TIMEOUT(metrics->state(QStringLiteral("scraped")),
                              GpuMetricsMonitor::State::NoPrometheus, 20000);
    QVERIFY2(metrics->describe(QStringLiteral("scraped"))
                 .contains(QLatin1String("monitoring/dcgm-exporter:9400: 503")),
             qPrintable(metrics->describe(QStringLiteral("scraped"))));
    QVERIFY(
        !metrics->describe(QStringLiteral("scraped")).contains(QLatin1String("prometheus-k8s")));
    // Back to looking: the well-known install is found.
    metrics->setEndpoint(QStringLiteral("scraped"), std::nullopt);
    QTRY_COMPARE_WITH_TIMEOUT(metrics->state(QStringLiteral("scraped")),
                              GpuMetricsMonitor::State::Measured, 20000);
    metrics->unwatch();
}

void GpuMetricsMonitorTest::gpuFaultsAreNotified() {
    models::ClusterHub hub;
    hub.load({kubeconfigOf(*m_scraped, QStringLiteral("scraped.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(synced(hub, 1), 30000);
    hub.gpuMetrics()->setInterval(std::chrono::milliseconds(500));
    // The notifications keep the monitor watched: faults are heard with no GPU view open.
    models::NotificationModel notifications(&hub);
    QVERIFY(hub.gpuMetrics()->watched());
    QSignalSpy posted(&notifications, &models::NotificationModel::posted);
    using Kind = models::NotificationModel::Kind;
    const auto faults = [&] {
        QStringList titles;
        for (int r = 0; r < notifications.rowCount(); ++r)
            if (notifications.entry(r).kind == Kind::GpuFault)
                titles << notifications.entry(r).title;
        titles.sort();
        return titles;
    };
    // What was wrong before CubeDesk looked is listed, not announced.
    QTRY_COMPARE_WITH_TIMEOUT(faults().size(), 3, 30000);
    QCOMPARE(faults(), QStringList({QStringLiteral("GPU2 of gpu-h100-nlp-1 runs hot"),
                                    QStringLiteral("XID 48 on GPU1 of gpu-v100-speech-1"),
                                    QStringLiteral("XID 79 on GPU5 of gpu-a100-vision-2")}));
    for (int r = 0; r < notifications.rowCount(); ++r)
        if (notifications.entry(r).title.startsWith(QLatin1String("XID 79")))
            QVERIFY2(notifications.entry(r).text.contains(QLatin1String("fell off the bus")),
                     qPrintable(notifications.entry(r).text));
    for (const auto &call : posted) {
        QVERIFY(!call.at(0).toString().contains(QLatin1String("XID")));
        QVERIFY(!call.at(0).toString().contains(QLatin1String("runs hot")));
    }
    for (int r = 0; r < notifications.rowCount(); ++r)
        if (notifications.entry(r).title.endsWith(QLatin1String("runs hot")))
            QVERIFY2(notifications.entry(r).text.contains(QLatin1String("3 readings in a row")),
                     qPrintable(notifications.entry(r).text));
    // A new XID is announced.
    posted.clear();
    const auto nodes = m_scraped->registry().core("nodes");
    QVERIFY(m_scraped->store()
                .update(nodes, "", "gpu-a100-vision-1",
                        [](nlohmann::json &n) -> std::optional<sim::ApiError> {
                            n["metadata"]["annotations"]["sim.cubedesk.io/gpu-health"] = "3=xid-31";
                            return std::nullopt;
                        })
                .ok());
    QTRY_VERIFY_WITH_TIMEOUT(
        faults().contains(QStringLiteral("XID 31 on GPU3 of gpu-a100-vision-1")), 30000);
    QTRY_VERIFY_WITH_TIMEOUT(!posted.isEmpty(), 5000);
    QCOMPARE(posted.last().at(0).toString(), QStringLiteral("XID 31 on GPU3 of gpu-a100-vision-1"));
    QVERIFY(posted.last().at(1).toString().contains(QLatin1String("GPU memory page fault")));
    // Put it back for the other tests.
    QVERIFY(m_scraped->store()
                .update(nodes, "", "gpu-a100-vision-1",
                        [](nlohmann::json &n) -> std::optional<sim::ApiError> {
                            n["metadata"]["annotations"].erase("sim.cubedesk.io/gpu-health");
                            return std::nullopt;
                        })
                .ok());
}

void GpuMetricsMonitorTest::aUrlIsAskedDirectly() {
    models::ClusterHub hub;
    hub.load({kubeconfigOf(*m_scraped, QStringLiteral("scraped.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(synced(hub, 1), 30000);
    GpuMetricsMonitor *metrics = hub.gpuMetrics();
    metrics->setInterval(std::chrono::milliseconds(500));
    const auto url = k8s::PrometheusEndpoint::parse(m_prometheus->url());
    QVERIFY2(url && url->isUrl(), m_prometheus->url().c_str());
    metrics->setEndpoint(QStringLiteral("scraped"), url);
    metrics->watch();
    QTRY_COMPARE_WITH_TIMEOUT(metrics->state(QStringLiteral("scraped")),
                              GpuMetricsMonitor::State::Measured, 20000);
    QVERIFY2(metrics->describe(QStringLiteral("scraped"))
                 .contains(QString::fromStdString(url->toString())),
             qPrintable(metrics->describe(QStringLiteral("scraped"))));
    QTRY_VERIFY_WITH_TIMEOUT(
        metrics->node(QStringLiteral("scraped"), QStringLiteral("gpu-a100-vision-2")).size() == 8,
        20000);
    // A URL nothing listens on: said, not hung.
    metrics->setEndpoint(QStringLiteral("scraped"),
                         k8s::PrometheusEndpoint::parse("http://127.0.0.1:1"));
    QTRY_COMPARE_WITH_TIMEOUT(metrics->state(QStringLiteral("scraped")),
                              GpuMetricsMonitor::State::NoPrometheus, 20000);
    QVERIFY2(
        metrics->describe(QStringLiteral("scraped")).contains(QLatin1String("http://127.0.0.1:1")),
        qPrintable(metrics->describe(QStringLiteral("scraped"))));
    metrics->unwatch();
}

void GpuMetricsMonitorTest::identitiesAndValuesReadAsEverySeriesWhole() {
    // The monitor asks a real Prometheus two narrow queries (identities, values by UUID); they
    // must read what asking every series whole reads: every device of the demo — whole GPUs,
    // MIG instances, shared cards, held and idle ones, the XID and hot GPUs — with the same
    // attribution and the same fields present.
    models::ClusterHub hub;
    hub.load({kubeconfigOf(*m_scraped, QStringLiteral("scraped.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(synced(hub, 1), 30000);
    const k8s::GpuSeriesAttribution attribution(
        GpuMetricsMonitor::snapshotOf(*hub.clusters().front()));
    const auto prometheus = k8s::PrometheusEndpoint::parse(m_prometheus->url());
    QVERIFY(prometheus);
    const auto get = [&](const std::string &promql) {
        k8s::WriteResult r = k8s::UrlGet::get(prometheus->url, prometheus->queryPath(promql));
        return r.ok() ? std::move(r.body) : std::string();
    };
    const auto described = [](const std::vector<k8s::GpuReading> &readings) {
        QStringList out;
        for (const k8s::GpuReading &r : readings)
            out << QString::fromStdString(r.node + ' ' + std::to_string(r.gpu) + ' ' + r.uuid +
                                          ' ' + r.model + ' ' + r.migProfile + ' ' + r.migInstance +
                                          ' ' + r.podNamespace + '/' + r.pod + '/' + r.container +
                                          ' ') +
                       QStringLiteral("%1%2%3%4%5%6%7")
                           .arg(r.utilization ? 'U' : '-')
                           .arg(r.memoryUsedMiB ? 'M' : '-')
                           .arg(r.memoryFreeMiB ? 'F' : '-')
                           .arg(r.powerW ? 'P' : '-')
                           .arg(r.temperatureC ? 'T' : '-')
                           .arg(r.smClockMHz ? 'C' : '-')
                           .arg(r.xid ? QString::number(*r.xid) : QStringLiteral("-"));
        return out;
    };
    QStringList whole;
    QStringList joined;
    // Until every exporter has been scraped (each at its own offset) and both read alike.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            std::string wholeBody = get(k8s::GpuReadings::query());
            std::string identities = get(k8s::GpuReadings::identityQuery());
            std::string values = get(k8s::GpuReadings::valuesQuery());
            auto w = k8s::GpuReadings::fromAnswer(wholeBody, attribution, 100000);
            const auto j = k8s::GpuReadings::fromAnswers(identities, values, attribution, 100000);
            if (!w.ok() || !j.error.empty() || j.needsWholeSeries)
                return false;
            whole = described(w.value());
            joined = described(j.readings);
            return whole.size() > 40 && whole == joined;
        }(),
        30000);
    QCOMPARE(joined, whole);
    const QString all = whole.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QLatin1String(" 1g.10gb ")), qPrintable(all)); // MIG instances
    QVERIFY2(all.contains(QLatin1String("pipeline/pytorch-resnet50-vision-worker-0")),
             qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("79")), qPrintable(all)); // the XID
}

void GpuMetricsMonitorTest::idleRowsAgreeWithRangeQueriesOfTheSameGrids() {
    // IdleGpuRows's seven instant queries against a real Prometheus with three hours of history,
    // checked against plain range queries over the same grids, summed here: the hours held and
    // used, the window's mean and maximum, who is idle and since when. Evaluated five minutes
    // ago, so that no scrape changes the data between the two.
    models::ClusterHub hub;
    hub.load({kubeconfigOf(*m_scraped, QStringLiteral("scraped.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(synced(hub, 1), 30000);
    const k8s::ClusterSnapshot snapshot = GpuMetricsMonitor::snapshotOf(*hub.clusters().front());
    const k8s::GpuSeriesAttribution attribution(snapshot);
    const auto prometheus = k8s::PrometheusEndpoint::parse(m_prometheus->url());
    QVERIFY(prometheus);
    const auto get = [&](const std::string &path) {
        k8s::WriteResult r = k8s::UrlGet::get(prometheus->url, path);
        return r.ok() ? std::move(r.body) : std::string();
    };
    k8s::IdleGpuRows::Options o;
    o.now = QDateTime::currentSecsSinceEpoch() - 300;
    o.windowSeconds = 1800;
    o.thresholdPercent = 5;
    const long long step = k8s::IdleGpuRows::windowStep(o);
    QCOMPARE(step, 60LL);
    const std::vector<k8s::InstantQuery> queries = k8s::IdleGpuRows::queries(o);
    std::vector<std::string> answers;
    answers.reserve(queries.size());
    for (const k8s::InstantQuery &q : queries)
        answers.push_back(get(prometheus->queryPath(q)));
    auto rows = k8s::IdleGpuRows::rows(snapshot, answers, attribution, o, 100000);
    QVERIFY2(rows.ok(), rows.ok() ? "" : rows.error().c_str());

    // The same from range queries: per pod, per device.
    struct Device {
        double held = 0;
        double used = 0;
        double windowSum = 0;
        int windowCount = 0;
        double windowMax = -1;
        double latest = -1;
        double lastBusy = -1;
    };
    std::map<std::string, std::map<std::string, Device>> pods;
    const auto range =
        [&](long long start, long long end, long long stepSeconds,
            const std::function<void(Device &, const k8s::PromResponse::Series &)> &each) {
            auto answer = k8s::PromResponse::parse(
                get(prometheus->rangePath("DCGM_FI_DEV_GPU_UTIL", start, end, stepSeconds)));
            QVERIFY2(answer.ok(), answer.ok() ? "" : answer.error().c_str());
            for (const k8s::PromResponse::Series &s : answer.value().series) {
                const k8s::GpuReading id = attribution.identify(s);
                if (!id.pod.empty())
                    each(pods[id.podNamespace + '/' + id.pod]
                             [id.node + ' ' + std::to_string(id.gpu) + ' ' + id.migInstance],
                         s);
            }
        };
    const long long dayTime = queries[5].time;
    const long long windowTime = queries[0].time;
    range(dayTime - 86400 + 120, dayTime, 120, [](Device &d, const auto &s) {
        d.held += static_cast<double>(s.samples.size()) * 120 / 3600;
        for (const auto &v : s.samples)
            if (v.finite && v.value >= 0)
                d.used += std::min(v.value, 100.0) / 100 * 120 / 3600;
    });
    range(windowTime - 1800 + step, windowTime, step, [](Device &d, const auto &s) {
        for (const auto &v : s.samples)
            if (v.finite && v.value >= 0) {
                d.windowSum += v.value;
                ++d.windowCount;
                d.windowMax = std::max(d.windowMax, v.value);
            }
    });
    range(windowTime - 720 * step, windowTime, step, [&](Device &d, const auto &s) {
        for (const auto &v : s.samples)
            if (v.finite && v.value >= o.thresholdPercent)
                d.lastBusy = std::max(d.lastBusy, v.time);
        if (!s.samples.empty() && s.samples.back().time == static_cast<double>(windowTime))
            d.latest = static_cast<double>(windowTime); // held now: a sample in the lookback
    });
    std::map<std::string, const k8s::DumpRow *> podRows;
    for (const k8s::DumpRow &r : rows.value())
        if (models::IdleGpuReport::text(r, "kind") == QLatin1String("pod"))
            podRows[QString(models::IdleGpuReport::text(r, "namespace") + u'/' +
                            models::IdleGpuReport::text(r, "pod"))
                        .toStdString()] = &r;
    int idle = 0;
    for (const auto &[pod, devices] : pods) {
        double held = 0;
        double used = 0;
        double windowSum = 0;
        int windowDevices = 0;
        double windowMax = -1;
        int now = 0;
        bool allIdle = true;
        for (const auto &[key, d] : devices) {
            held += d.held;
            used += d.used;
            if (d.latest < 0)
                continue;
            ++now;
            if (d.windowCount > 0) {
                windowSum += d.windowSum / d.windowCount;
                ++windowDevices;
            }
            windowMax = std::max(windowMax, d.windowMax);
            // Busy within the window: not idle. Never busy in the run's 12 h: idle since its
            // first step (hours ago: the history), which the rows count to the raw sample.
            allIdle =
                allIdle && d.windowCount > 0 && (d.lastBusy < 0 || d.latest - d.lastBusy >= 1800);
        }
        const auto row = podRows.find(pod);
        QVERIFY2((now > 0 && allIdle) == (row != podRows.end()), pod.c_str());
        if (row == podRows.end())
            continue;
        ++idle;
        const k8s::DumpRow &r = *row->second;
        const auto number = [&](const char *field) {
            return models::IdleGpuReport::number(r, field).value_or(-1);
        };
        QVERIFY2(std::abs(number("gpu_hours_held") - held) < 0.0015, pod.c_str());
        QVERIFY2(std::abs(number("gpu_hours_used") - used) < 0.0015, pod.c_str());
        QCOMPARE(number("gpus"), static_cast<double>(now));
        QVERIFY2(std::abs(number("util_avg_percent") - windowSum / windowDevices) < 0.051,
                 pod.c_str());
        QVERIFY2(std::abs(number("util_max_percent") - windowMax) < 0.051, pod.c_str());
        QVERIFY2(number("idle_for_s") >= 1800, pod.c_str());
    }
    QVERIFY2(idle >= 1, "the notebook at least");
    QVERIFY(podRows.count("jupyter/wang.fang-notebook-gpu"));
    QVERIFY2(
        models::IdleGpuReport::number(*podRows["jupyter/wang.fang-notebook-gpu"], "gpu_hours_held")
                .value_or(0) > 2.9,
        "three hours of history held");
}

void GpuMetricsMonitorTest::aNodesHistoryAndDevices() {
    models::ClusterHub hub;
    hub.load({kubeconfigOf(*m_scraped, QStringLiteral("scraped.yaml")),
              kubeconfigOf(*m_plain, QStringLiteral("plain.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(synced(hub, 2), 30000);
    hub.gpuMetrics()->setInterval(std::chrono::milliseconds(500));
    hub.gpuMetrics()->watch();
    models::GpuNodeHistory history(&hub);
    models::GpuDeviceModel devices(&hub, &history);
    history.setNode(QStringLiteral("scraped"), QStringLiteral("gpu-a100-vision-2"));
    QCOMPARE(history.state(), models::GpuNodeHistory::State::Loading);
    history.setRefreshInterval(std::chrono::milliseconds(1000));
    history.setActive(true);
    // Until the monitor has found the Prometheus the history says so; then it asks again.
    QTRY_VERIFY_WITH_TIMEOUT(history.state() == models::GpuNodeHistory::State::Loaded &&
                                 history.devices().size() == 8,
                             30000);
    for (const auto &d : history.devices()) {
        QVERIFY(!d.samples.empty());
        QCOMPARE(QString::fromStdString(d.pod).section(u'/', 0, 0), QStringLiteral("pipeline"));
    }
    QCOMPARE(history.end() - history.start(), 3600);
    QTRY_COMPARE_WITH_TIMEOUT(devices.rowCount(), 8, 20000);
    const auto at = [&](int row, int column, int role = Qt::DisplayRole) {
        return devices.index(row, column).data(role);
    };
    QCOMPARE(at(5, models::GpuDeviceModel::DeviceColumn).toString(), QStringLiteral("GPU5"));
    QCOMPARE(at(5, models::GpuDeviceModel::HealthColumn).toString(),
             QStringLiteral("XID 79 on GPU5"));
    QCOMPARE(at(0, models::GpuDeviceModel::HealthColumn).toString(), QStringLiteral("OK"));
    QVERIFY(at(0, models::GpuDeviceModel::MemoryColumn).toString().contains(QLatin1String(" / ")));
    const auto line = at(0, models::GpuDeviceModel::TrendColumn, models::SparklineRole)
                          .value<models::Sparkline>();
    QVERIFY(!line.points.isEmpty());
    QCOMPARE(line.ceiling, 100.0);
    // Another field: the lines change unit, the sparkline its range.
    history.setField(k8s::GpuHistory::Field::Power);
    QTRY_VERIFY_WITH_TIMEOUT(history.state() == models::GpuNodeHistory::State::Loaded &&
                                 history.devices().size() == 8,
                             30000);
    QTRY_VERIFY_WITH_TIMEOUT(at(0, models::GpuDeviceModel::TrendColumn, models::SparklineRole)
                                     .value<models::Sparkline>()
                                     .ceiling > 100,
                             10000); // an A100 at work draws 300 W and more

    // A cluster without Prometheus: why, and no rows that look like zeros.
    history.setNode(QStringLiteral("plain"), QStringLiteral("gpu-a100-vision-2"));
    QTRY_COMPARE_WITH_TIMEOUT(history.state(), models::GpuNodeHistory::State::Failed, 30000);
    QVERIFY2(history.error().contains(QLatin1String("plain")), qPrintable(history.error()));
    QCOMPARE(devices.rowCount(), 0);
    hub.gpuMetrics()->unwatch();
}

void GpuMetricsMonitorTest::idleGpusAndDonors() {
    models::ClusterHub hub;
    hub.load({kubeconfigOf(*m_scraped, QStringLiteral("scraped.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(synced(hub, 1), 30000);
    hub.gpuMetrics()->setInterval(std::chrono::milliseconds(500));
    models::IdleGpuReport *report = hub.idleGpus();
    report->setInterval(std::chrono::milliseconds(2000));
    // Idle for a second: every pod whose GPUs read under 100 % so far.
    report->setCriteria(100, 1);
    QVERIFY(!hub.gpuMetrics()->watched());
    report->watch();
    QVERIFY2(hub.gpuMetrics()->watched(), "the report needs the monitor to find Prometheus");
    models::IdleGpuTableModel pods(&hub, models::IdleGpuTableModel::Kind::Pods);
    models::IdleGpuTableModel orgs(&hub, models::IdleGpuTableModel::Kind::Orgs);
    QTRY_VERIFY_WITH_TIMEOUT(orgs.rowCount() >= 2 && pods.rowCount() >= 2, 40000);
    QVERIFY2(report->describe(QStringLiteral("scraped")).contains(QLatin1String("prometheus-k8s")),
             qPrintable(report->describe(QStringLiteral("scraped"))));
    QStringList podNames;
    for (int r = 0; r < pods.rowCount(); ++r)
        podNames << pods.index(r, pods.columnOf("pod")).data().toString();
    QVERIFY2(podNames.contains(QStringLiteral("wang.fang-notebook-gpu")),
             qPrintable(podNames.join(u',')));
    // Donors: every group holding GPUs whose mean is under the threshold (here all of them).
    models::BalanceAdvisor advisor(&hub);
    int holding = 0;
    for (int r = 0; r < orgs.rowCount(); ++r)
        if (orgs.index(r, orgs.columnOf("gpus")).data(models::RawValueRole).toDouble() >= 1 &&
            orgs.index(r, orgs.columnOf("util_avg_percent"))
                    .data(models::RawValueRole)
                    .toDouble() >= 0)
            ++holding;
    QVERIFY(holding >= 2);
    QCOMPARE(advisor.idleDonors(QStringLiteral("scraped")).size(), holding);
    // A strict threshold: the busy vision group (its resnet50 replicas near 93 %) is no donor,
    // and its busy pods are not idle.
    report->setCriteria(50, 1);
    QTRY_VERIFY_WITH_TIMEOUT(report->computedAt(QStringLiteral("scraped")).isValid(), 40000);
    QTRY_VERIFY_WITH_TIMEOUT(!report->rows(QStringLiteral("scraped")).empty(), 40000);
    for (const QString &donor : advisor.idleDonors(QStringLiteral("scraped")))
        QVERIFY2(!donor.startsWith(QLatin1String("vision ")), qPrintable(donor));
    for (int r = 0; r < pods.rowCount(); ++r)
        QVERIFY(!pods.index(r, pods.columnOf("pod"))
                     .data()
                     .toString()
                     .contains(QLatin1String("resnet50")));
    report->unwatch();
    QVERIFY(!hub.gpuMetrics()->watched());
}

void GpuMetricsMonitorTest::theOverviewMeasuresUse() {
    models::ClusterHub hub;
    hub.load({kubeconfigOf(*m_scraped, QStringLiteral("scraped.yaml"))});
    QTRY_VERIFY_WITH_TIMEOUT(synced(hub, 1), 30000);
    hub.gpuMetrics()->setInterval(std::chrono::milliseconds(500));
    hub.usage()->setInterval(std::chrono::milliseconds(500));
    models::OverviewAggregator overview(&hub);
    overview.setInterval(100);
    overview.setActive(false);
    QVERIFY(!hub.gpuMetrics()->watched());
    overview.setActive(true);
    QVERIFY(hub.gpuMetrics()->watched() && hub.usage()->watched());
    const QString scraped = QStringLiteral("scraped");
    QTRY_VERIFY_WITH_TIMEOUT(overview.measured(scraped, "vision").busyGpus.value_or(0) > 10, 30000);
    const auto vision = overview.measured(scraped, "vision");
    QVERIFY(vision.gpusReporting >= 16);
    QVERIFY(*vision.busyGpus <= vision.gpusReporting);
    QTRY_VERIFY_WITH_TIMEOUT(overview.measured(scraped).cpuCores.has_value(), 30000);
    QVERIFY(*overview.measured(scraped).cpuCores > 0);
    QVERIFY(overview.measuredTotals().busyGpus >= vision.busyGpus);
    QVERIFY2(!overview.measured(scraped, "no-such-group").busyGpus, "unknown, not zero");
    overview.setActive(false);
    QVERIFY(!hub.gpuMetrics()->watched());
}

QTEST_MAIN(GpuMetricsMonitorTest)
#include "gpumetricsmonitor_test.moc"
