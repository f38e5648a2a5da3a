#include "models/draincontroller.h"

#include "k8s/cube/draininputreader.h"
#include "k8s/write/drainwrites.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/qtstring.h"
#include "models/writelogging.h"

#include <QDateTime>

#include <algorithm>

namespace cubedesk::models {

using Clock = k8s::DrainRun::Clock;

struct DrainController::Reading {
    quint64 id = 0;
    QString cluster;
    std::unique_ptr<k8s::DrainInputReader> reader;
    int inFlight = 0;
    bool done = false;
};

struct DrainController::Running {
    quint64 id = 0;
    QString cluster;
    QStringList nodes;
    std::unique_ptr<k8s::DrainRun> run;
    int inFlight = 0;
    bool reported = false;
};

DrainController::DrainController(ClusterHub *hub, QObject *parent)
    : QObject(parent)
    , m_hub(hub) {
    qRegisterMetaType<Preview>();
    qRegisterMetaType<Outcome>();
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        for (const auto &[id, running] : m_runs)
            if (!running->reported)
                pumpRun(id);
        schedule();
    });
}

DrainController::~DrainController() = default;

quint64 DrainController::preview(const QString &cluster, const QStringList &nodes) {
    const quint64 id = m_nextId++;
    auto reading = std::make_shared<Reading>();
    reading->id = id;
    reading->cluster = cluster;
    std::vector<std::string> names;
    for (const QString &n : nodes)
        names.push_back(n.toStdString());
    reading->reader =
        std::make_unique<k8s::DrainInputReader>(names, QDateTime::currentSecsSinceEpoch());
    // Answered after the caller has the id, like every other answer.
    // The analyzer does not see Qt take the queued slot object over.
    // NOLINTNEXTLINE(clang-analyzer-cplusplus.NewDeleteLeaks)
    QMetaObject::invokeMethod(
        this, [this, reading] { pumpReading(reading); }, Qt::QueuedConnection);
    return id;
}

void DrainController::pumpReading(const std::shared_ptr<Reading> &reading) {
    if (reading->done)
        return;
    ClusterConnection *connection = m_hub->cluster(reading->cluster);
    const auto fail = [&](const QString &why) {
        reading->done = true;
        Preview p;
        p.id = reading->id;
        p.cluster = reading->cluster;
        p.error = why;
        Q_EMIT previewReady(p);
    };
    if (connection == nullptr)
        return fail(tr("The cluster %1 is gone.").arg(reading->cluster));
    for (auto &step : reading->reader->due()) {
        ++reading->inFlight;
        const std::uint64_t tag = step.tag;
        connection->submit({std::move(step.request)}, this,
                           [this, reading, tag](std::vector<k8s::WriteResult> results) {
                               --reading->inFlight;
                               reading->reader->answer(tag, results.front());
                               pumpReading(reading);
                           });
    }
    if (!reading->reader->finished() || reading->inFlight > 0)
        return;
    reading->done = true;
    Preview p;
    p.id = reading->id;
    p.cluster = reading->cluster;
    p.error = toQString(reading->reader->error());
    if (const auto &budgets = reading->reader->budgetsError(); !budgets.empty())
        p.warnings << tr("The disruption budgets cannot be read (%1): the preview cannot say which "
                         "will block.")
                          .arg(toQString(budgets));
    p.inputs = reading->reader->inputs();
    Q_EMIT previewReady(p);
}

quint64 DrainController::start(const QString &cluster, const k8s::DrainPlan &plan,
                               const k8s::DrainOptions &options) {
    ClusterConnection *connection = m_hub->cluster(cluster);
    if (connection == nullptr || !connection->writeBlockedReason().isEmpty())
        return 0;
    const quint64 id = m_nextId++;
    auto running = std::make_shared<Running>();
    running->id = id;
    running->cluster = cluster;
    for (const auto &n : plan.nodes)
        running->nodes << toQString(n.name);
    running->run = std::make_unique<k8s::DrainRun>(plan, options);
    m_runs[id] = running;
    qCInfo(lcWrites).noquote() << "draining" << running->nodes.join(QStringLiteral(", ")) << "on"
                               << cluster << "(" << plan.evictCount() << "pods to evict,"
                               << (options.dryRun == k8s::DrainOptions::DryRun::None ? "for real)"
                                                                                     : "dry run)");
    QStringList flags;
    if (options.ignoreDaemonSets)
        flags << QStringLiteral("--ignore-daemonsets");
    if (options.deleteEmptyDirData)
        flags << QStringLiteral("--delete-emptydir-data");
    if (options.force)
        flags << QStringLiteral("--force");
    if (options.disableEviction)
        flags << QStringLiteral("--disable-eviction");
    if (options.gracePeriod)
        flags << QStringLiteral("--grace-period=%1").arg(*options.gracePeriod);
    if (options.timeout.count() > 0)
        flags << QStringLiteral("--timeout=%1s").arg(options.timeout.count());
    if (options.dryRun == k8s::DrainOptions::DryRun::Server)
        flags << QStringLiteral("--dry-run=server");
    Q_EMIT started(
        id, cluster, running->nodes,
        tr("%n pod(s) to evict", nullptr, plan.evictCount()) +
            (flags.isEmpty() ? QString() : QLatin1Char(' ') + flags.join(QLatin1Char(' '))));
    // NOLINTNEXTLINE(clang-analyzer-cplusplus.NewDeleteLeaks): Qt owns the queued slot object.
    QMetaObject::invokeMethod(
        this,
        [this, id] {
            pumpRun(id);
            schedule();
        },
        Qt::QueuedConnection);
    return id;
}

void DrainController::pumpRun(quint64 id) {
    const auto it = m_runs.find(id);
    if (it == m_runs.end() || it->second->reported)
        return;
    const std::shared_ptr<Running> running = it->second;
    ClusterConnection *connection = m_hub->cluster(running->cluster);
    auto steps = running->run->due(Clock::now());
    for (auto &step : steps) {
        const std::uint64_t tag = step.tag;
        if (connection == nullptr) {
            k8s::WriteResult gone;
            gone.error = k8s::ApiStatus::transportError("the cluster is gone");
            running->run->answer(tag, gone, Clock::now());
            continue;
        }
        ++running->inFlight;
        connection->submit({std::move(step.request)}, this,
                           [this, running, tag](std::vector<k8s::WriteResult> results) {
                               --running->inFlight;
                               running->run->answer(tag, results.front(), Clock::now());
                               pumpRun(running->id);
                               schedule();
                           });
    }
    Q_EMIT progressed(id);
    if (running->run->finished() && running->inFlight == 0)
        finish(id);
}

void DrainController::schedule() {
    std::optional<Clock::time_point> wake;
    for (const auto &[id, running] : m_runs) {
        if (running->reported)
            continue;
        if (const auto next = running->run->nextWake(); next && (!wake || *next < *wake))
            wake = next;
    }
    if (!wake)
        return;
    const auto now = Clock::now();
    // A wake in the past (time_point::min(): a node may start) means at once.
    const long long ms =
        *wake <= now
            ? 0
            : std::chrono::duration_cast<std::chrono::milliseconds>(*wake - now).count() + 1;
    m_timer.start(static_cast<int>(std::min<long long>(ms, 60'000)));
}

void DrainController::finish(quint64 id) {
    const auto &running = m_runs.at(id);
    running->reported = true;
    Outcome o;
    o.id = id;
    o.cluster = running->cluster;
    o.nodes = running->nodes;
    o.succeeded = running->run->succeeded();
    for (const auto &p : running->run->pods()) {
        o.evicted += p.state == k8s::DrainRun::PodState::Gone ? 1 : 0;
        o.failed += (p.state == k8s::DrainRun::PodState::Failed ||
                     p.state == k8s::DrainRun::PodState::TimedOut)
                        ? 1
                        : 0;
        o.cancelled = o.cancelled || p.state == k8s::DrainRun::PodState::Cancelled;
    }
    QStringList states;
    for (const auto &n : running->run->nodes())
        states << QStringLiteral("%1 %2").arg(toQString(n.name), nodeStateText(n.state));
    o.message = tr("Drain on %1: %2; %n pod(s) evicted", nullptr, o.evicted)
                    .arg(o.cluster, states.join(QStringLiteral(", ")));
    if (o.failed > 0)
        o.message += tr(", %n failed or timed out", nullptr, o.failed);
    if (o.succeeded)
        qCInfo(lcWrites).noquote() << o.message;
    else
        qCWarning(lcWrites).noquote() << o.message;
    Q_EMIT finished(o);
}

void DrainController::cancel(quint64 id) {
    const auto it = m_runs.find(id);
    if (it == m_runs.end() || it->second->reported)
        return;
    qCInfo(lcWrites).noquote() << "cancelling the drain of"
                               << it->second->nodes.join(QStringLiteral(", "));
    it->second->run->cancel();
    pumpRun(id);
}

void DrainController::undo(quint64 id) {
    const auto it = m_runs.find(id);
    if (it == m_runs.end())
        return;
    const auto running = it->second;
    ClusterConnection *connection = m_hub->cluster(running->cluster);
    if (connection == nullptr) {
        Q_EMIT uncordoned(id, tr("The cluster %1 is gone.").arg(running->cluster));
        return;
    }
    std::vector<k8s::WriteRequest> requests;
    for (const QString &n : running->nodes)
        requests.push_back(k8s::DrainWrites::cordon(n.toStdString(), false, false));
    qCInfo(lcWrites).noquote() << "uncordoning" << running->nodes.join(QStringLiteral(", ")) << "on"
                               << running->cluster;
    connection->submit(
        std::move(requests), this, [this, id, running](std::vector<k8s::WriteResult> results) {
            QStringList failures;
            for (std::size_t i = 0; i < results.size(); ++i)
                if (!results[i].ok())
                    failures << QStringLiteral("%1: %2").arg(
                        running->nodes.value(static_cast<qsizetype>(i)),
                        toQString(results[i].error.message));
            const QString result =
                failures.isEmpty()
                    ? tr("Uncordoned %1.").arg(running->nodes.join(QStringLiteral(", ")))
                    : tr("Uncordon failed: %1").arg(failures.join(QStringLiteral("; ")));
            qCInfo(lcWrites).noquote() << result;
            Q_EMIT uncordoned(id, result);
        });
}

const k8s::DrainRun *DrainController::run(quint64 id) const {
    const auto it = m_runs.find(id);
    return it == m_runs.end() ? nullptr : it->second->run.get();
}

bool DrainController::running() const {
    return std::any_of(m_runs.begin(), m_runs.end(),
                       [](const auto &r) { return !r.second->reported; });
}

QString DrainController::podStateText(k8s::DrainRun::PodState state) {
    using S = k8s::DrainRun::PodState;
    switch (state) {
    case S::Queued:
        return tr("Waiting");
    case S::Evicting:
        return tr("Evicting");
    case S::Blocked:
        return tr("Blocked by budget");
    case S::Retrying:
        return tr("Retrying");
    case S::Terminating:
        return tr("Terminating");
    case S::Gone:
        return tr("Gone");
    case S::DryRun:
        return tr("Would be evicted");
    case S::Skipped:
        return tr("Skipped");
    case S::Refused:
        return tr("Needs a choice");
    case S::NotStarted:
        return tr("Not started");
    case S::Failed:
        return tr("Failed");
    case S::TimedOut:
        return tr("Timed out");
    case S::Cancelled:
        return tr("Cancelled");
    }
    return {};
}

QString DrainController::nodeStateText(k8s::DrainRun::NodeState state) {
    using S = k8s::DrainRun::NodeState;
    switch (state) {
    case S::Waiting:
        return tr("waiting");
    case S::Cordoning:
        return tr("cordoning");
    case S::Evicting:
        return tr("evicting");
    case S::Drained:
        return tr("drained");
    case S::Refused:
        return tr("refused");
    case S::Failed:
        return tr("failed");
    case S::TimedOut:
        return tr("timed out");
    case S::Cancelled:
        return tr("cancelled");
    }
    return {};
}

} // namespace cubedesk::models
