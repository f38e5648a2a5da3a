#include "k8s/cube/quotarows.h"

#include "k8s/objects/customresource.h"
#include "k8s/objects/limitrange.h"
#include "k8s/objects/resourcequota.h"

#include <map>

namespace cubedesk::k8s {

namespace {

std::map<std::string, std::int64_t> toMap(const ResourceList &list) {
    std::map<std::string, std::int64_t> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const auto e = list.at(i);
        out[std::string(e.name)] = e.value;
    }
    return out;
}

std::optional<std::int64_t> lookup(const std::map<std::string, std::int64_t> &m,
                                   const std::string &key) {
    auto it = m.find(key);
    return it == m.end() ? std::nullopt : std::optional<std::int64_t>(it->second);
}

} // namespace

std::optional<double> QuotaRow::percent() const {
    if (!hard || !used || *hard <= 0)
        return std::nullopt;
    return 100.0 * static_cast<double>(*used) / static_cast<double>(*hard);
}

const char *QuotaRow::kindName(Kind kind) {
    switch (kind) {
    case Kind::ResourceQuota:
        return "ResourceQuota";
    case Kind::LimitRange:
        return "LimitRange";
    case Kind::Queue:
        return "Queue";
    case Kind::Org:
        return "Org";
    }
    return "ResourceQuota";
}

std::vector<QuotaRow> QuotaRows::quota(const std::string &cluster, const ResourceQuota &q) {
    const auto hard = toMap(q.hard());
    const auto used = toMap(q.used());
    std::string scopes;
    for (const auto &s : q.scopes())
        scopes += (scopes.empty() ? "" : ",") + s;
    std::map<std::string, bool> names;
    for (const auto &[k, v] : hard)
        names[k] = true;
    for (const auto &[k, v] : used)
        names[k] = true;
    std::vector<QuotaRow> out;
    for (const auto &[resource, unused] : names) {
        QuotaRow r;
        r.cluster = cluster;
        r.kind = QuotaRow::Kind::ResourceQuota;
        r.ns = std::string(q.namespaceName());
        r.name = std::string(q.name());
        r.scope = scopes;
        r.resource = resource;
        r.hard = lookup(hard, resource);
        r.used = lookup(used, resource);
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<QuotaRow> QuotaRows::limitRange(const std::string &cluster, const LimitRange &l) {
    std::vector<QuotaRow> out;
    for (const auto &item : l.items()) {
        const auto min = toMap(l.view(item.min));
        const auto max = toMap(l.view(item.max));
        const auto def = toMap(l.view(item.defaultLimit));
        const auto req = toMap(l.view(item.defaultRequest));
        std::map<std::string, bool> names;
        for (const auto *m : {&min, &max, &def, &req})
            for (const auto &[k, v] : *m)
                names[k] = true;
        for (const auto &[resource, unused] : names) {
            QuotaRow r;
            r.cluster = cluster;
            r.kind = QuotaRow::Kind::LimitRange;
            r.ns = std::string(l.namespaceName());
            r.name = std::string(l.name());
            r.scope = item.type;
            r.resource = resource;
            r.min = lookup(min, resource);
            r.max = lookup(max, resource);
            r.defaultLimit = lookup(def, resource);
            r.defaultRequest = lookup(req, resource);
            out.push_back(std::move(r));
        }
    }
    return out;
}

std::vector<QuotaRow> QuotaRows::queue(const std::string &cluster, const CustomResource &queue) {
    const auto capability = toMap(queue.queueCapability());
    const auto deserved = toMap(queue.queueDeserved());
    const auto guaranteed = toMap(queue.queueGuaranteed());
    const auto allocated = toMap(queue.queueAllocated());
    std::map<std::string, bool> names;
    for (const auto *m : {&capability, &deserved, &guaranteed, &allocated})
        for (const auto &[k, v] : *m)
            names[k] = true;
    std::vector<QuotaRow> out;
    for (const auto &[resource, unused] : names) {
        QuotaRow r;
        r.cluster = cluster;
        r.kind = QuotaRow::Kind::Queue;
        r.name = std::string(queue.name());
        r.scope = queue.rawPhase(); // status.state: Open, Closed, ...
        r.resource = resource;
        r.hard = lookup(capability, resource);
        r.used = lookup(allocated, resource);
        r.deserved = lookup(deserved, resource);
        r.guaranteed = lookup(guaranteed, resource);
        out.push_back(std::move(r));
    }
    if (out.empty()) { // a queue without any resource lists still shows its state
        QuotaRow r;
        r.cluster = cluster;
        r.kind = QuotaRow::Kind::Queue;
        r.name = std::string(queue.name());
        r.scope = queue.rawPhase();
        out.push_back(std::move(r));
    }
    return out;
}

std::vector<QuotaRow> QuotaRows::orgs(const std::string &cluster, const ClusterAccounting &a) {
    std::vector<QuotaRow> out;
    for (const auto &[org, entry] : a.orgs()) {
        if (entry.nodes == 0 && entry.requested.empty() && entry.pendingPods == 0)
            continue; // an org that only existed on the way (a node's default before its labels)
        std::map<std::string, bool> names = {{"cpu", true}, {"memory", true}};
        for (const auto *m : {&entry.allocatable, &entry.requested})
            for (const auto &[k, v] : *m)
                if (k.find('/') != std::string::npos) // GPUs and other extended resources
                    names[k] = true;
        for (const auto &[resource, unused] : names) {
            QuotaRow r;
            r.cluster = cluster;
            r.kind = QuotaRow::Kind::Org;
            r.name = org;
            r.resource = resource;
            auto alloc = entry.allocatable.find(resource);
            auto req = entry.requested.find(resource);
            r.hard = alloc == entry.allocatable.end() ? 0 : alloc->second;
            r.used = req == entry.requested.end() ? 0 : req->second;
            out.push_back(std::move(r));
        }
    }
    return out;
}

} // namespace cubedesk::k8s
