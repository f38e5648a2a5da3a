#include "models/corednseditor.h"

#include "k8s/api/objectmetadata.h"
#include "k8s/write/nodewrites.h"
#include "k8s/write/objectedits.h"
#include "models/clusterconnection.h"
#include "models/objectactioncontroller.h"
#include "models/qtstring.h"

namespace cubedesk::models {

CoreDnsEditor::CoreDnsEditor(ClusterConnection *cluster, ObjectActionController *actions,
                             QObject *parent)
    : QObject(parent)
    , m_cluster(cluster)
    , m_actions(actions) {}

QString CoreDnsEditor::clusterName() const {
    return m_cluster ? m_cluster->name() : QString();
}

k8s::WorkloadWrites::Target CoreDnsEditor::configMap() {
    return {k8s::ResourceDescriptor(k8s::ObjectKind::CustomResource, "", "v1", "configmaps", true),
            "kube-system",
            "coredns",
            {},
            {},
            "ConfigMap"};
}

k8s::WorkloadWrites::Target CoreDnsEditor::deployment() {
    return {
        k8s::ResourceDescriptor(k8s::ObjectKind::CustomResource, "apps", "v1", "deployments", true),
        "kube-system",
        "coredns",
        {},
        {},
        "Deployment"};
}

void CoreDnsEditor::load() {
    if (!m_cluster) {
        Q_EMIT failed(tr("The cluster was removed."));
        return;
    }
    const auto target = configMap();
    m_cluster->submit(
        {k8s::NodeWrites::getObject(target.resource.collectionPath(), target.ns, target.name)},
        this,
        [this](std::vector<k8s::WriteResult> results) {
            auto &r = results.front();
            if (!r.ok()) {
                Q_EMIT failed(tr("Could not read kube-system/coredns on %1: %2")
                                  .arg(clusterName(), toQString(r.error.message)));
                return;
            }
            take(std::move(r.body));
        },
        1);
}

void CoreDnsEditor::take(std::string json) {
    const auto data = k8s::ObjectMetadata::stringMap(json, "/data")
                          .value_or(std::map<std::string, std::string>());
    const auto corefile = data.find("Corefile");
    if (corefile == data.end()) {
        Q_EMIT failed(tr("kube-system/coredns on %1 has no Corefile.").arg(clusterName()));
        return;
    }
    auto config = k8s::CoreDnsConfig::extract(corefile->second);
    if (!config) {
        Q_EMIT failed(tr("The Corefile does not parse: %1").arg(toQString(config.error().text())));
        return;
    }
    m_liveJson = std::move(json);
    m_corefile = corefile->second;
    m_hosts = config->hosts();
    m_forwarders = config->forwarders();
    m_rootUpstreams = config->rootUpstreams();
    Q_EMIT loaded();
}

std::vector<k8s::CoreDnsProblem>
CoreDnsEditor::check(const std::vector<k8s::CoreDnsHostEntry> &hosts,
                     const std::vector<k8s::CoreDnsForwarder> &forwarders) {
    return k8s::CoreDnsValidation::check(hosts, forwarders);
}

CoreDnsEditor::Preview
CoreDnsEditor::preview(const std::vector<k8s::CoreDnsHostEntry> &hosts,
                       const std::vector<k8s::CoreDnsForwarder> &forwarders) const {
    Preview out;
    auto text = k8s::CoreDnsConfig::render(m_corefile, hosts, forwarders);
    if (!text) {
        out.error = toQString(text.error().text());
        return out;
    }
    out.ok = true;
    out.corefile = std::move(*text);
    out.diff = k8s::LineDiff::hunks(m_corefile, out.corefile);
    return out;
}

void CoreDnsEditor::save(const std::vector<k8s::CoreDnsHostEntry> &hosts,
                         const std::vector<k8s::CoreDnsForwarder> &forwarders) {
    if (!m_cluster || !m_actions || m_liveJson.empty() || m_busy) {
        Q_EMIT saved(false, tr("Nothing to save: the Corefile was not read."));
        return;
    }
    if (!check(hosts, forwarders).empty()) {
        Q_EMIT saved(false, tr("Fix the marked cells first."));
        return;
    }
    const Preview next = preview(hosts, forwarders);
    if (!next.ok) {
        Q_EMIT saved(false, next.error);
        return;
    }
    if (next.diff.empty()) {
        Q_EMIT saved(true, tr("Nothing changed."));
        return;
    }
    const auto json = k8s::ObjectEdits::withDataValue(m_liveJson, "Corefile", next.corefile);
    if (!json) {
        Q_EMIT saved(false, toQString(json.error()));
        return;
    }
    auto dry = k8s::ObjectEdits::replace(configMap(), *json, true);
    auto real = k8s::ObjectEdits::replace(configMap(), *json, false);
    if (!dry || !real) {
        Q_EMIT saved(false, toQString(dry ? real.error() : dry.error()));
        return;
    }
    m_busy = true;
    m_cluster->submit(
        {std::move(*dry)}, this,
        [this, request = std::move(*real)](std::vector<k8s::WriteResult> results) mutable {
            const auto &r = results.front();
            if (!r.ok() || !m_cluster || !m_actions) {
                m_busy = false;
                if (r.status == 409)
                    load();
                Q_EMIT saved(
                    false,
                    r.status == 409
                        ? tr("The ConfigMap changed on the cluster meanwhile (409 "
                             "Conflict): nothing was written. It was read again; save "
                             "once more to apply your rows to it.")
                        : tr("The server refused the change: %1").arg(toQString(r.error.message)));
                return;
            }
            QPointer<CoreDnsEditor> self(this);
            m_actions->sendAudited(m_cluster, ObjectActionController::Action::Apply,
                                   ObjectActionController::subjectOf(configMap()),
                                   tr("Edit CoreDNS hosts and forwarders"), std::move(request),
                                   [self](const ObjectActionController::Outcome &o) {
                                       if (!self)
                                           return;
                                       self->m_busy = false;
                                       if (o.ok)
                                           self->take(o.body);
                                       else if (o.status == 409)
                                           self->load();
                                       Q_EMIT self->saved(
                                           o.ok, o.ok ? tr("Saved. CoreDNS reloads the Corefile "
                                                           "within its reload interval; restart it "
                                                           "to apply now.")
                                                      : o.message);
                                   });
        },
        1);
}

} // namespace cubedesk::models
