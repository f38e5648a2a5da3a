#include "models/joblogfeed.h"

#include "k8s/api/logcontainerchoice.h"
#include "k8s/cube/jobpods.h"
#include "models/clusterchange.h"
#include "models/clusterconnection.h"
#include "models/logviewmodel.h"
#include "models/objectreader.h"

#include <algorithm>

namespace cubedesk::models {

using State = k8s::LogStream::State;

namespace {
/// How long held lines wait for a quiet pod before they are shown anyway.
constexpr int kReleaseCheckMs = 250;
} // namespace

struct JobLogFeed::Member {
    QString pod;
    QString replica;
    int source = -1; ///< in the merge and in the model alike
    std::unique_ptr<k8s::LogStream> stream;
    State state = State::Connecting;
    QString message;
    int reconnects = 0;
    bool finished = false; ///< told the merge
};

JobLogFeed::JobLogFeed(ClusterConnection *connection, LogViewModel *model, const QString &ns,
                       const QString &kind, const QString &name, QObject *parent)
    : AbstractLogFeed(connection, parent)
    , m_model(model)
    , m_ns(ns)
    , m_kind(kind)
    , m_name(name) {
    m_release.setSingleShot(true);
    connect(&m_release, &QTimer::timeout, this, &JobLogFeed::releaseMerged);
    if (connection != nullptr) {
        connect(connection, &ClusterConnection::changed, this, [this](const ClusterChange &c) {
            if (m_follow && !m_members.empty() && !c.podsAdded.empty())
                addNewPods();
        });
    }
}

JobLogFeed::~JobLogFeed() {
    // No last drain: the model may already be gone.
    for (auto &m : m_members)
        if (m->stream)
            m->stream->stop();
}

void JobLogFeed::restart(bool follow, std::int64_t tailLines) {
    stop();
    m_members.clear();
    m_merge = k8s::LogMerge();
    m_model->clear();
    m_follow = follow;
    m_tailLines = tailLines;
    ++m_generation;
    streamsStarted();
    if (!m_connection || m_connection->session() == nullptr) {
        m_state = State::Failed;
        m_message = tr("The cluster is not connected.");
        Q_EMIT stateChanged();
        return;
    }
    addNewPods();
    updateState();
}

void JobLogFeed::stop() {
    m_release.stop();
    for (auto &m : m_members)
        if (m->stream)
            m->stream->stop();
    drain(); // the last lines and the final states
    for (auto &m : m_members)
        m->stream.reset();
}

int JobLogFeed::reconnects() const {
    int n = 0;
    for (const auto &m : m_members)
        n += m->reconnects;
    return n;
}

QStringList JobLogFeed::pods() const {
    QStringList out;
    for (const auto &m : m_members)
        out << m->pod;
    return out;
}

void JobLogFeed::addNewPods() {
    if (!m_connection)
        return;
    struct Found {
        int rank;
        QString pod;
        QString replica;
    };
    std::vector<Found> found;
    for (const auto &pod : m_connection->store().podsOfJob(m_ns.toStdString(), m_kind.toStdString(),
                                                           m_name.toStdString())) {
        const QString name =
            QString::fromUtf8(pod->name().data(), static_cast<qsizetype>(pod->name().size()));
        if (std::any_of(m_members.begin(), m_members.end(),
                        [&](const auto &m) { return m->pod == name; }))
            continue;
        const auto labels = pod->labels();
        const k8s::JobPods::LabelLookup lookup = [&labels](std::string_view key) {
            return labels.value(key);
        };
        found.push_back({k8s::JobPods::rank(lookup), name,
                         QString::fromStdString(k8s::JobPods::replica(pod->name(), lookup))});
    }
    std::sort(found.begin(), found.end(), [](const Found &a, const Found &b) {
        return std::tie(a.rank, a.pod) < std::tie(b.rank, b.pod);
    });
    const auto now = k8s::LogMerge::Clock::now();
    for (Found &f : found) {
        auto member = std::make_unique<Member>();
        member->pod = f.pod;
        member->replica = f.replica;
        member->source = m_merge.addSource(now);
        // The model numbers its sources as the merge does: both start at 0 with restart().
        [[maybe_unused]] const int modelSource =
            m_model->addSource(QLatin1Char('[') + f.replica + QStringLiteral("] "));
        Q_ASSERT(modelSource == member->source);
        Member *raw = member.get();
        m_members.push_back(std::move(member));
        const int generation = m_generation;
        ObjectReader::readPodContainers(
            m_connection, m_ns, f.pod, this,
            [this, raw, generation](const ObjectReader::PodContainers &c) {
                if (generation != m_generation)
                    return; // restarted meanwhile: `raw` is gone
                if (!c.ok) {
                    raw->state = State::Failed;
                    raw->message = c.error;
                    raw->finished = true;
                    m_merge.finish(raw->source);
                    releaseMerged();
                    return;
                }
                const auto choice = k8s::LogContainerChoice::choose(
                    raw->pod.toStdString(), c.names.defaultAnnotation, c.names.containers,
                    c.names.initContainers, c.names.ephemeralContainers);
                startMember(*raw, QString::fromStdString(choice.container));
            });
    }
    if (!found.empty())
        updateState();
}

void JobLogFeed::startMember(Member &member, const QString &container) {
    k8s::ClusterSession *session = m_connection ? m_connection->session() : nullptr;
    if (session == nullptr)
        return;
    k8s::LogStream::Options o;
    o.ns = m_ns.toStdString();
    o.pod = member.pod.toStdString();
    o.log.container = container.toStdString();
    o.log.follow = m_follow;
    o.log.tailLines = m_tailLines;
    member.stream = std::make_unique<k8s::LogStream>(*session, o);
    member.stream->setOnReady(streamWakeUp());
    member.stream->start();
}

void JobLogFeed::drain() {
    const auto now = k8s::LogMerge::Clock::now();
    for (auto &m : m_members) {
        if (!m->stream)
            continue;
        auto batch = m->stream->drain();
        m_model->addUpstreamDropped(batch.dropped);
        m_merge.push(m->source, std::move(batch.lines), now);
        m->state = batch.state;
        m->message = QString::fromStdString(batch.message);
        m->reconnects = batch.reconnects;
        if (!m->finished && (batch.state == State::Ended || batch.state == State::Failed)) {
            m->finished = true;
            m_merge.finish(m->source);
        }
    }
    releaseMerged();
    updateState();
}

void JobLogFeed::releaseMerged() {
    auto released = m_merge.release(k8s::LogMerge::Clock::now());
    if (!released.empty()) {
        std::vector<k8s::LogLine> lines;
        std::vector<int> sources;
        lines.reserve(released.size());
        sources.reserve(released.size());
        for (auto &r : released) {
            lines.push_back(std::move(r.line));
            sources.push_back(r.source);
        }
        m_model->append(std::move(lines), sources);
    }
    if (m_merge.held() > 0 && !m_release.isActive())
        m_release.start(kReleaseCheckMs);
}

void JobLogFeed::updateState() {
    State state = State::Ended;
    QString message;
    if (m_members.empty()) {
        message = tr("No pods of %1 %2 are in the cache.").arg(m_kind, m_name);
    } else {
        int streaming = 0;
        int reconnecting = 0;
        int connecting = 0;
        int failed = 0;
        QStringList failures;
        for (const auto &m : m_members) {
            switch (m->state) {
            case State::Streaming:
                ++streaming;
                break;
            case State::Reconnecting:
                ++reconnecting;
                break;
            case State::Connecting:
                ++connecting;
                break;
            case State::Failed:
                ++failed;
                failures << m->replica + QStringLiteral(": ") + m->message;
                break;
            case State::Ended:
                break;
            }
        }
        const auto total = static_cast<int>(m_members.size());
        if (streaming > 0)
            state = State::Streaming;
        else if (reconnecting > 0)
            state = State::Reconnecting;
        else if (connecting > 0)
            state = State::Connecting;
        else if (failed == total)
            state = State::Failed;
        if (failed > 0)
            message = tr("%n of %1 pods failed: %2", nullptr, failed)
                          .arg(total)
                          .arg(failures.join(QStringLiteral("; ")));
    }
    if (state != m_state || message != m_message) {
        m_state = state;
        m_message = message;
        Q_EMIT stateChanged();
    }
}

} // namespace cubedesk::models
