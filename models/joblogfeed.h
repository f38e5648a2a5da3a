#pragma once

// JobLogFeed: a training job's log — every replica's pod read at once (one k8s::LogStream per
// pod, its default container as kubectl chooses it), interleaved by timestamp (k8s::LogMerge)
// into one LogViewModel whose lines carry their replica ("[master-0] ", "[worker-3] ") and a
// colour per pod. The leader (launcher, master, chief, driver) is the first source, then the
// others by name. Pods are the job's as the cluster cache knows them (ClusterStore::podsOfJob);
// while following, pods that appear later (a replica recreated, an elastic job that grew) are
// added as they come.
//
// The state is the streams' together: following while any follows, ended once all ended, failed
// when all failed (the message names the pods that failed and why).
//
// Lifetime and threads as LogFeed: GUI thread only; the streams stop when the feed is destroyed,
// when the connection goes, or on stop().

#include "k8s/session/logmerge.h"
#include "k8s/session/logstream.h"
#include "models/abstractlogfeed.h"

#include <QStringList>
#include <QTimer>

#include <memory>
#include <vector>

namespace cubedesk::models {

class ClusterConnection;
class LogViewModel;

class JobLogFeed final : public AbstractLogFeed {
    Q_OBJECT
public:
    /// The job `kind`/`name` in `ns` ("PyTorchJob", as its kind names itself). `model` must
    /// outlive the feed.
    JobLogFeed(ClusterConnection *connection, LogViewModel *model, const QString &ns,
               const QString &kind, const QString &name, QObject *parent = nullptr);
    ~JobLogFeed() override;

    /// Starts reading every pod of the job (stops what ran, clears the model); each pod's
    /// request asks for its last `tailLines` lines.
    void restart(bool follow, std::int64_t tailLines);
    void stop() override;

    k8s::LogStream::State state() const override { return m_state; }
    QString message() const override { return m_message; }
    int reconnects() const override;
    bool follows() const override { return m_follow; }
    /// The pods read so far, leader first.
    QStringList pods() const;

protected:
    void drain() override;

private:
    struct Member;
    void addNewPods();
    void startMember(Member &member, const QString &container);
    void releaseMerged();
    void updateState();

    LogViewModel *m_model;
    QString m_ns;
    QString m_kind;
    QString m_name;
    bool m_follow = true;
    std::int64_t m_tailLines = 0;
    std::vector<std::unique_ptr<Member>> m_members;
    k8s::LogMerge m_merge;
    QTimer m_release; ///< releases held lines once a quiet pod's patience ran out
    k8s::LogStream::State m_state = k8s::LogStream::State::Connecting;
    QString m_message;
    int m_generation = 0; ///< restart() count: answers for an earlier start are dropped
};

} // namespace cubedesk::models
