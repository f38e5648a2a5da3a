#include "app/cubedesk/democlusters.h"

#include <QFile>

#include <iostream>

DemoClusters::~DemoClusters() {
    {
        const std::lock_guard lock(m_mutex);
        m_stopping = true;
    }
    m_stopRequested.notify_all();
    if (m_prometheusThread.joinable())
        m_prometheusThread.join(); // stops them before their clusters
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
    // A Prometheus per cluster, off this thread: each is ready in a second or two. The thread
    // that starts them stays until the end, as they die with it (PrometheusProcess).
    m_prometheusThread = std::thread([this] {
        cubedesk::sim::PrometheusProcess::Options po;
        po.scrapeInterval = std::chrono::seconds(5);
        std::vector<std::unique_ptr<cubedesk::sim::PrometheusProcess>> running;
        for (const auto &sim : m_simulators) {
            auto prometheus = std::make_unique<cubedesk::sim::PrometheusProcess>(po);
            if (auto error = prometheus->start(sim->dcgmScrapeTargets())) {
                std::cerr << "cubedesk: demo: " << *error << std::endl;
                break; // the same reason for every cluster
            }
            sim->setServiceProxy("monitoring/prometheus-k8s:9090", prometheus->url());
            running.push_back(std::move(prometheus));
        }
        std::unique_lock lock(m_mutex);
        m_stopRequested.wait(lock, [this] { return m_stopping; });
    });
    return {};
}
