#include "models/objectreader.h"

#include "k8s/api/objectmetadata.h"
#include "k8s/api/podcontainernames.h"
#include "k8s/api/servertable.h"
#include "k8s/api/urlescape.h"
#include "k8s/api/yamlview.h"
#include "k8s/cube/schedulerpolicy.h"
#include "k8s/write/jobwrites.h"
#include "k8s/write/nodewrites.h"
#include "models/clusterconnection.h"
#include "models/qtstring.h"

namespace cubedesk::models {

namespace {

ObjectReader::FullObject fullObjectOf(const k8s::WriteResult &r,
                                      const std::set<std::string> &revealed = {}) {
    ObjectReader::FullObject out;
    if (!r.ok()) {
        out.error = toQString(r.error.message);
        return out;
    }
    const auto yaml = k8s::YamlView::fromJson(r.body, revealed);
    if (!yaml) {
        out.status = ObjectReader::FullObject::Status::NotJson;
        out.error = toQString(yaml.error());
        return out;
    }
    out.status = ObjectReader::FullObject::Status::Read;
    out.yaml = toQString(yaml.value());
    for (const auto &[key, value] :
         k8s::ObjectMetadata::annotations(r.body).value_or(std::map<std::string, std::string>()))
        out.annotations.emplace(toQString(key), toQString(value));
    for (const auto &key : k8s::YamlView::secretKeys(r.body))
        out.secretKeys << toQString(key);
    // A scheduler policy kept in a ConfigMap (seed 000's policy.cfg, or a
    // KubeSchedulerConfiguration), shown readably beside the YAML.
    for (const auto &[key, value] : k8s::ObjectMetadata::stringMap(r.body, "/data")
                                        .value_or(std::map<std::string, std::string>())) {
        if (key.find("policy") == std::string::npos && key.find("scheduler") == std::string::npos)
            continue;
        const auto policy = k8s::SchedulerPolicyView::parse(value);
        if (!policy)
            continue;
        out.schedulerPolicyKey = toQString(key);
        for (const auto &row : policy->rows())
            out.schedulerPolicy.push_back({toQString(row.section), toQString(row.name),
                                           row.weight ? QString::number(*row.weight) : QString(),
                                           toQString(row.detail)});
        break;
    }
    return out;
}

std::optional<k8s::WriteRequest> jobGet(const ClusterConnection *cluster, const std::string &key) {
    const auto job = cluster->store().job(key);
    return job ? k8s::JobWrites::get(*job, k8s::JobWrites::pluralOfKey(key)) : std::nullopt;
}

} // namespace

void ObjectReader::readObject(ClusterConnection *cluster, const k8s::ResourceDescriptor &resource,
                              const QString &ns, const QString &name,
                              const std::set<std::string> &revealed, const QObject *context,
                              std::function<void(FullObject)> done) {
    k8s::ResourceDescriptor scoped = resource;
    scoped.namespaceScope = resource.namespaced ? ns.toStdString() : std::string();
    k8s::WriteRequest get;
    get.method = "GET";
    get.path = scoped.collectionPath() + '/' + k8s::UrlEscape::segment(name.toStdString());
    get.subject = resource.plural + ' ' + name.toStdString();
    cluster->submit(
        {std::move(get)}, context,
        [done = std::move(done), revealed](std::vector<k8s::WriteResult> results) {
            done(fullObjectOf(results.front(), revealed));
        },
        1);
}

void ObjectReader::readPodContainers(ClusterConnection *cluster, const QString &ns,
                                     const QString &pod, const QObject *context,
                                     std::function<void(PodContainers)> done) {
    k8s::WriteRequest get;
    get.method = "GET";
    get.path = "/api/v1/namespaces/" + k8s::UrlEscape::segment(ns.toStdString()) + "/pods/" +
               k8s::UrlEscape::segment(pod.toStdString());
    get.subject = "pod " + pod.toStdString();
    cluster->submit(
        {std::move(get)}, context,
        [done = std::move(done)](std::vector<k8s::WriteResult> results) {
            const auto &r = results.front();
            PodContainers out;
            if (!r.ok()) {
                out.error = QString::fromStdString(r.error.message);
                return done(std::move(out));
            }
            auto names = k8s::PodContainerNames::parse(r.body);
            if (!names) {
                out.error = QStringLiteral("the answer was not JSON");
                return done(std::move(out));
            }
            out.names = std::move(*names);
            out.ok = true;
            done(std::move(out));
        },
        1);
}

void ObjectReader::readNode(ClusterConnection *cluster, const QString &node, const QObject *context,
                            std::function<void(FullObject)> done) {
    cluster->submit(
        {k8s::NodeWrites::get(node.toStdString())}, context,
        [done = std::move(done)](std::vector<k8s::WriteResult> results) {
            done(fullObjectOf(results.front()));
        },
        1);
}

bool ObjectReader::readJob(ClusterConnection *cluster, const std::string &key,
                           const QObject *context, std::function<void(FullObject)> done) {
    auto request = jobGet(cluster, key);
    if (!request)
        return false;
    cluster->submit(
        {std::move(*request)}, context,
        [done = std::move(done)](std::vector<k8s::WriteResult> results) {
            done(fullObjectOf(results.front()));
        },
        1);
    return true;
}

bool ObjectReader::readPrinterColumns(ClusterConnection *cluster, const std::string &key,
                                      const QObject *context,
                                      std::function<void(std::vector<PrinterColumn>)> done) {
    auto request = jobGet(cluster, key);
    if (!request)
        return false;
    request->accept = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json";
    cluster->submit(
        {std::move(*request)}, context,
        [done = std::move(done)](std::vector<k8s::WriteResult> results) {
            const auto &r = results.front();
            if (!r.ok())
                return;
            const auto table = k8s::ServerTable::parse(r.body);
            if (!table || table->rows.empty())
                return;
            std::vector<PrinterColumn> columns;
            const auto &cells = table->rows.front().cells;
            for (std::size_t i = 0; i < table->columns.size() && i < cells.size(); ++i) {
                const QString name = toQString(table->columns[i].name);
                if (name.compare(QStringLiteral("Name"), Qt::CaseInsensitive) != 0)
                    columns.push_back({name, toQString(cells[i])});
            }
            if (!columns.empty())
                done(std::move(columns));
        },
        1);
    return true;
}

} // namespace cubedesk::models
