#include "k8s/cube/dumprows.h"

#include "k8s/cube/amountformat.h"
#include "k8s/cube/jobrow.h"
#include "k8s/cube/labelrules.h"
#include "k8s/cube/nodestatus.h"
#include "k8s/cube/quotarows.h"
#include "k8s/objects/customresource.h"
#include "k8s/objects/event.h"
#include "k8s/objects/limitrange.h"
#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/resourcequota.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

namespace cubedesk::k8s {

namespace {

std::int64_t amount(const ClusterAccounting::Amounts &a, const char *name) {
    auto it = a.find(name);
    return it == a.end() ? 0 : it->second;
}

double cores(std::int64_t milli) {
    return static_cast<double>(milli) / 1000.0;
}

const char *phaseName(Pod::Phase p) {
    switch (p) {
    case Pod::Phase::Pending:
        return "Pending";
    case Pod::Phase::Running:
        return "Running";
    case Pod::Phase::Succeeded:
        return "Succeeded";
    case Pod::Phase::Failed:
        return "Failed";
    default:
        return "Unknown";
    }
}

template <class T>
std::vector<const T *> sortedAs(const std::vector<std::shared_ptr<const KubeObject>> &objects) {
    std::vector<const T *> out;
    out.reserve(objects.size());
    for (const auto &o : objects)
        out.push_back(static_cast<const T *>(o.get()));
    std::sort(out.begin(), out.end(), [](const T *a, const T *b) {
        return std::pair(a->namespaceName(), a->name()) < std::pair(b->namespaceName(), b->name());
    });
    return out;
}

} // namespace

const std::vector<std::string> &DumpRows::gpuResourceNames() {
    static const std::vector<std::string> names = {"nvidia.com/gpu", "amd.com/gpu",
                                                   "huawei.com/Ascend910", "huawei.com/Ascend310"};
    return names;
}

std::int64_t DumpRows::gpus(const ClusterAccounting::Amounts &amounts) {
    std::int64_t n = 0;
    for (const auto &name : gpuResourceNames())
        n += amount(amounts, name.c_str());
    return n;
}

std::string DumpRows::formatTime(std::int64_t epochSeconds) {
    if (epochSeconds <= 0)
        return {};
    const std::time_t t = static_cast<std::time_t>(epochSeconds);
    std::tm tm{};
#ifdef _WIN32
    gmtime_s(&tm, &t);
#else
    gmtime_r(&t, &tm);
#endif
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

ClusterAccounting DumpRows::account(const ClusterSnapshot &cluster) {
    ClusterAccounting a;
    for (const auto &n : cluster.nodes)
        a.upsertNode(static_cast<const Node &>(*n));
    for (const auto &p : cluster.pods) {
        std::string key(p->namespaceName());
        key += '/';
        key += p->name();
        a.upsertPod(key, static_cast<const Pod &>(*p));
    }
    return a;
}

std::vector<DumpRow> DumpRows::clusters(const std::vector<ClusterSnapshot> &clusters) {
    std::vector<DumpRow> rows;
    for (const auto &c : clusters) {
        const ClusterAccounting a = account(c);
        const auto &t = a.totals();
        DumpRow r;
        r.set("cluster", c.name)
            .set("server", c.server)
            .set("version", c.version)
            .set("nodes_ready", std::int64_t{t.readyNodes})
            .set("nodes", std::int64_t{t.nodes})
            .set("pods", std::int64_t{t.pods})
            .set("pods_pending", std::int64_t{t.pendingPods})
            .set("namespaces", static_cast<std::int64_t>(c.namespaces.size()))
            .set("cpu_requested", cores(amount(t.requested, "cpu")))
            .set("cpu_allocatable", cores(amount(t.allocatable, "cpu")))
            .set("memory_requested", amount(t.requested, "memory"))
            .set("memory_allocatable", amount(t.allocatable, "memory"))
            .set("gpu_requested", gpus(t.requested))
            .set("gpu_allocatable", gpus(t.allocatable))
            .set("state", c.state)
            .set("last_error", c.lastError);
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<DumpRow> DumpRows::nodes(const std::vector<ClusterSnapshot> &clusters) {
    std::vector<DumpRow> rows;
    for (const auto &c : clusters) {
        const ClusterAccounting a = account(c);
        for (const Node *n : sortedAs<Node>(c.nodes)) {
            const auto labels = n->labels();
            const std::string status = NodeStatus::text(n->isReady(), n->unschedulable());
            std::string roles;
            for (const std::string &role : LabelRules::roles(labels))
                roles += (roles.empty() ? "" : ",") + role;
            std::string taints;
            for (const auto &t : n->taints()) {
                if (!taints.empty())
                    taints += ',';
                taints += std::string(t.key);
                if (!t.value.empty())
                    taints += '=' + std::string(t.value);
                taints += ':' + std::string(t.effect);
            }
            const ClusterAccounting::NodeEntry *e = a.node(n->name());
            static const ClusterAccounting::NodeEntry empty;
            const auto &entry = e != nullptr ? *e : empty;
            DumpRow r;
            r.set("cluster", c.name)
                .set("name", std::string(n->name()))
                .set("status", status)
                .set("roles", roles)
                .set("org", entry.org)
                .set("gpu_type", std::string(labels.value("gpu-type").value_or("")))
                .set("gpus_used", gpus(entry.requested))
                .set("gpus_total", gpus(entry.allocatable))
                .set("cpu_requested", cores(amount(entry.requested, "cpu")))
                .set("cpu_allocatable", cores(amount(entry.allocatable, "cpu")))
                .set("memory_requested", amount(entry.requested, "memory"))
                .set("memory_allocatable", amount(entry.allocatable, "memory"))
                .set("pods", std::int64_t{entry.pods})
                .set("taints", taints)
                .set("created", formatTime(n->creationTimestamp()))
                .set("internal_ip", std::string(n->internalIp()));
            rows.push_back(std::move(r));
        }
    }
    return rows;
}

std::vector<DumpRow> DumpRows::pods(const std::vector<ClusterSnapshot> &clusters) {
    std::vector<DumpRow> rows;
    for (const auto &c : clusters) {
        for (const Pod *p : sortedAs<Pod>(c.pods)) {
            const ResourceList req = p->effectiveRequests();
            std::int64_t gpu = 0;
            for (const auto &name : gpuResourceNames())
                gpu += req.get(name);
            std::string pendingReason;
            if (p->phase() == Pod::Phase::Pending &&
                p->podScheduledStatus() == Pod::ConditionStatus::False)
                pendingReason = std::string(p->podScheduledMessage());
            DumpRow r;
            r.set("cluster", c.name)
                .set("namespace", std::string(p->namespaceName()))
                .set("name", std::string(p->name()))
                .set("phase", std::string(phaseName(p->phase())))
                .set("node", std::string(p->nodeName()))
                .set("org", std::string(p->org()))
                .set("user", std::string(p->user()))
                .set("project", std::string(p->project()))
                .set("cpu_requested", cores(req.milliCpu()))
                .set("memory_requested", req.memoryBytes())
                .set("gpus", gpu)
                .set("ready", std::to_string(p->readyContainers()) + '/' +
                                  std::to_string(p->totalContainers()))
                .set("restarts", std::int64_t{p->restartCount()})
                .set("created", formatTime(p->creationTimestamp()))
                .set("start_time", formatTime(p->startTime().value_or(0)))
                .set("pending_reason", pendingReason);
            rows.push_back(std::move(r));
        }
    }
    return rows;
}

std::vector<DumpRow> DumpRows::usage(const std::vector<ClusterSnapshot> &clusters) {
    const auto measured = [](const std::optional<std::int64_t> &value, bool cpu) -> DumpRow::Value {
        if (!value)
            return std::string();
        return cpu ? DumpRow::Value(cores(*value)) : DumpRow::Value(*value);
    };
    std::vector<DumpRow> rows;
    for (const auto &c : clusters) {
        const ClusterAccounting a = account(c);
        std::map<std::string, const MetricsPage::Item *> nodeItems;
        for (const auto &m : c.nodeMetrics)
            nodeItems[m.name] = &m;
        std::map<std::pair<std::string, std::string>, const MetricsPage::Item *> podItems;
        for (const auto &m : c.podMetrics)
            podItems[{m.ns, m.name}] = &m;
        static const MetricsPage::Item kNone;
        for (const Node *n : sortedAs<Node>(c.nodes)) {
            const ClusterAccounting::NodeEntry *e = a.node(n->name());
            static const ClusterAccounting::NodeEntry empty;
            const auto &entry = e != nullptr ? *e : empty;
            const auto it = nodeItems.find(std::string(n->name()));
            const MetricsPage::Item &m = it != nodeItems.end() ? *it->second : kNone;
            DumpRow r;
            r.set("cluster", c.name)
                .set("kind", std::string("node"))
                .set("namespace", std::string())
                .set("name", std::string(n->name()))
                .set("node", std::string(n->name()))
                .set("org", entry.org)
                .set("cpu_used", measured(m.usage.milliCpu, true))
                .set("cpu_requested", cores(amount(entry.requested, "cpu")))
                .set("cpu_allocatable", cores(amount(entry.allocatable, "cpu")))
                .set("memory_used", measured(m.usage.memoryBytes, false))
                .set("memory_requested", amount(entry.requested, "memory"))
                .set("memory_allocatable", amount(entry.allocatable, "memory"))
                .set("timestamp", m.timestamp)
                .set("window", m.window);
            rows.push_back(std::move(r));
        }
        for (const Pod *p : sortedAs<Pod>(c.pods)) {
            if (p->phase() != Pod::Phase::Running || p->nodeName().empty())
                continue;
            const ResourceList req = p->effectiveRequests();
            const ClusterAccounting::NodeEntry *e = a.node(p->nodeName());
            const auto it =
                podItems.find({std::string(p->namespaceName()), std::string(p->name())});
            const MetricsPage::Item &m = it != podItems.end() ? *it->second : kNone;
            DumpRow r;
            r.set("cluster", c.name)
                .set("kind", std::string("pod"))
                .set("namespace", std::string(p->namespaceName()))
                .set("name", std::string(p->name()))
                .set("node", std::string(p->nodeName()))
                .set("org", e != nullptr ? e->org : std::string())
                .set("cpu_used", measured(m.usage.milliCpu, true))
                .set("cpu_requested", cores(req.milliCpu()))
                .set("cpu_allocatable", std::string())
                .set("memory_used", measured(m.usage.memoryBytes, false))
                .set("memory_requested", req.memoryBytes())
                .set("memory_allocatable", std::string())
                .set("timestamp", m.timestamp)
                .set("window", m.window);
            rows.push_back(std::move(r));
        }
    }
    return rows;
}

std::vector<DumpRow> DumpRows::orgs(const std::vector<ClusterSnapshot> &clusters) {
    std::vector<DumpRow> rows;
    for (const auto &c : clusters) {
        const ClusterAccounting a = account(c);
        for (const auto &[name, o] : a.orgs()) {
            if (o.nodes == 0 && o.pendingPods == 0 && o.requested.empty())
                continue;
            DumpRow r;
            r.set("cluster", c.name)
                .set("org", name)
                .set("nodes", std::int64_t{o.nodes})
                .set("nodes_ready", std::int64_t{o.readyNodes})
                .set("cpu_requested", cores(amount(o.requested, "cpu")))
                .set("cpu_allocatable", cores(amount(o.allocatable, "cpu")))
                .set("memory_requested", amount(o.requested, "memory"))
                .set("memory_allocatable", amount(o.allocatable, "memory"))
                .set("gpu_requested", gpus(o.requested))
                .set("gpu_allocatable", gpus(o.allocatable))
                .set("pending_pods", std::int64_t{o.pendingPods});
            rows.push_back(std::move(r));
        }
    }
    return rows;
}

} // namespace cubedesk::k8s

namespace cubedesk::k8s {

namespace {

std::string amountText(const std::string &resource, const std::optional<std::int64_t> &v) {
    return v ? AmountFormat::text(resource, *v) : std::string();
}

} // namespace

std::vector<DumpRow> DumpRows::jobs(const std::vector<ClusterSnapshot> &clusters,
                                    std::int64_t now) {
    std::vector<JobRow> all;
    for (const auto &c : clusters)
        for (const auto *job : sortedAs<CustomResource>(c.jobs))
            all.push_back(JobRow::from(c.name, {}, *job, now));
    std::sort(all.begin(), all.end(), [](const JobRow &a, const JobRow &b) {
        return std::tie(a.cluster, a.ns, a.kind, a.name) <
               std::tie(b.cluster, b.ns, b.kind, b.name);
    });
    std::vector<DumpRow> rows;
    for (const auto &j : all) {
        DumpRow r;
        r.set("cluster", j.cluster)
            .set("namespace", j.ns)
            .set("kind", j.kind)
            .set("api_version", j.apiVersion)
            .set("name", j.name)
            .set("phase", std::string(JobPhase::name(j.phase)))
            .set("raw_phase", j.rawPhase)
            .set("replicas", j.replicasText())
            .set("gpus", j.gpus)
            .set("gpu_detail", j.gpuDetail)
            .set("run_id", j.runId)
            .set("pipeline_name", j.pipelineName)
            .set("run_username", j.runUsername)
            .set("task_name", j.taskName)
            .set("created", formatTime(j.created))
            .set("started", formatTime(j.started))
            .set("finished", formatTime(j.finished))
            .set("duration_s", j.durationSeconds(now))
            .set("suspended", std::int64_t{j.suspended ? 1 : 0})
            .set("past_timeout", std::int64_t{j.pastTimeout ? 1 : 0});
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<DumpRow> DumpRows::quotas(const std::vector<ClusterSnapshot> &clusters) {
    std::vector<QuotaRow> all;
    for (const auto &c : clusters) {
        auto add = [&all](std::vector<QuotaRow> rows) {
            all.insert(all.end(), std::make_move_iterator(rows.begin()),
                       std::make_move_iterator(rows.end()));
        };
        for (const auto *q : sortedAs<ResourceQuota>(c.quotas))
            add(QuotaRows::quota(c.name, *q));
        for (const auto *l : sortedAs<LimitRange>(c.limitRanges))
            add(QuotaRows::limitRange(c.name, *l));
        for (const auto *q : sortedAs<CustomResource>(c.queues))
            add(QuotaRows::queue(c.name, *q));
        add(QuotaRows::orgs(c.name, account(c)));
    }
    std::stable_sort(all.begin(), all.end(), [](const QuotaRow &a, const QuotaRow &b) {
        return std::tie(a.cluster, a.kind, a.ns, a.name, a.scope, a.resource) <
               std::tie(b.cluster, b.kind, b.ns, b.name, b.scope, b.resource);
    });
    std::vector<DumpRow> rows;
    for (const auto &q : all) {
        DumpRow r;
        const auto percent = q.percent();
        r.set("cluster", q.cluster)
            .set("kind", std::string(QuotaRow::kindName(q.kind)))
            .set("namespace", q.ns)
            .set("name", q.name)
            .set("scope", q.scope)
            .set("resource", q.resource)
            .set("hard", amountText(q.resource, q.hard))
            .set("used", amountText(q.resource, q.used))
            .set("percent", percent ? std::round(*percent * 10) / 10 : -1.0)
            .set("min", amountText(q.resource, q.min))
            .set("max", amountText(q.resource, q.max))
            .set("default", amountText(q.resource, q.defaultLimit))
            .set("default_request", amountText(q.resource, q.defaultRequest))
            .set("deserved", amountText(q.resource, q.deserved))
            .set("guaranteed", amountText(q.resource, q.guaranteed));
        rows.push_back(std::move(r));
    }
    return rows;
}

std::vector<DumpRow> DumpRows::events(const std::vector<ClusterSnapshot> &clusters) {
    std::vector<std::pair<std::string, const Event *>> all;
    for (const auto &c : clusters)
        for (const auto *e : sortedAs<Event>(c.events))
            all.emplace_back(c.name, e);
    std::sort(all.begin(), all.end(), [](const auto &a, const auto &b) {
        return std::tuple(a.second->lastTimestamp(), a.first, a.second->namespaceName(),
                          a.second->name()) < std::tuple(b.second->lastTimestamp(), b.first,
                                                         b.second->namespaceName(),
                                                         b.second->name());
    });
    std::vector<DumpRow> rows;
    for (const auto &[cluster, e] : all) {
        DumpRow r;
        r.set("cluster", cluster)
            .set("namespace", std::string(e->namespaceName()))
            .set("last_seen", formatTime(e->lastTimestamp()))
            .set("type", std::string(e->type()))
            .set("reason", std::string(e->reason()))
            .set("object", std::string(e->involvedKind()) + '/' + e->involvedName())
            .set("count", std::int64_t{e->count()})
            .set("source", std::string(e->source()))
            .set("message", e->message());
        rows.push_back(std::move(r));
    }
    return rows;
}

} // namespace cubedesk::k8s
