#include "app/cubedesk/democlusters.h"

#include <QFile>

#include <iostream>

DemoClusters::~DemoClusters() {
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_stopRequested.notify_all();
    for (std::thread &t : m_prometheusThreads)
        t.join(); // stops them before their clusters
}

QString DemoClusters::start() {
    if (!m_files.isEmpty())
        return {}; // already running
    if (!m_dir.isValid())
        return QStringLiteral("cannot create a temporary folder for the demo kubeconfigs");
    std::uint64_t seed = 1;
    for (const char *name : {"dev", "dev1"}) {
        cubedesk::sim::SimulatorOptions o;
        o.scenario = "demo";
        o.contextName = name;
        o.seed = seed++;
        o.churnPerSecond = 2;
        auto sim = std::make_unique<cubedesk::sim::Simulator>(o);
        if (auto error = sim->start())
            return QStringLiteral("demo cluster %1: %2")
                .arg(QString::fromLatin1(name), QString::fromStdString(*error));
        const QString path =
            m_dir.filePath(QStringLiteral("%1.kubeconfig").arg(QString::fromLatin1(name)));
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) ||
            f.write(QByteArray::fromStdString(sim->kubeconfig())) < 0)
            return QStringLiteral("cannot write %1").arg(path);
        f.setPermissions(QFile::ReadOwner | QFile::WriteOwner);
        m_files << path;
        m_simulators.push_back(std::move(sim));
    }
    // A Prometheus per cluster, each started on a thread of its own (the window never waits
    // for them; a day of history takes each a few seconds), which stays until the end as its
    // Prometheus dies with it (PrometheusProcess).
    cubedesk::sim::PrometheusProcess::Options po;
    po.scrapeInterval = std::chrono::seconds(5);
    if (!cubedesk::sim::PrometheusProcess::findBinary(po.binary)) {
        std::cerr << "cubedesk: demo: no '" << po.binary
                  << "' executable found (Debian package: prometheus); running without Prometheus"
                  << std::endl;
        return {};
    }
    for (const auto &simulator : m_simulators)
        m_prometheusThreads.emplace_back([this, po, sim = simulator.get()] {
            cubedesk::sim::PrometheusProcess prometheus(po);
            const auto started = std::chrono::system_clock::now();
            if (auto error = prometheus.start(sim->dcgmScrapeTargets())) {
                std::cerr << "cubedesk: demo: " << *error << std::endl;
                return;
            }
            sim->setServiceProxy("monitoring/prometheus-k8s:9090", prometheus.url());
            // Then the day before it started, so that the charts and the Idle and waste report
            // have something to show from the first minute: Prometheus answers meanwhile, and
            // loads the day within a minute of it being stored.
            const auto stopping = [this] {
                const std::lock_guard lock(m_mutex);
                return m_stopping;
            };
            if (auto error = prometheus.addHistory([&](std::ostream &out) {
                    return sim->writeDcgmHistory(out, started, std::chrono::hours(24),
                                                 std::chrono::minutes(3), stopping);
                });
                error && !stopping())
                std::cerr << "cubedesk: demo: Prometheus runs without history: " << *error
                          << std::endl;
            std::unique_lock lock(m_mutex);
            m_stopRequested.wait(lock, [this] { return m_stopping; });
        });
    return {};
}
