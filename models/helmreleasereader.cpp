#include "models/helmreleasereader.h"

#include "k8s/api/urlescape.h"
#include "k8s/write/writerequest.h"
#include "models/clusterconnection.h"
#include "models/qtstring.h"

#include <chrono>

namespace cubedesk::models {

void HelmReleaseReader::read(ClusterConnection *cluster, const QString &ns, const QObject *context,
                             std::function<void(Releases)> done) {
    k8s::WriteRequest list;
    list.method = "GET";
    list.path = (ns.isEmpty() ? std::string("/api/v1/secrets")
                              : "/api/v1/namespaces/" + k8s::UrlEscape::segment(ns.toStdString()) +
                                    "/secrets") +
                "?labelSelector=owner%3Dhelm";
    list.subject = "helm release secrets";
    list.timeout = std::chrono::seconds(60);
    const QString name = cluster->name();
    cluster->submit(
        {std::move(list)}, context,
        [done = std::move(done), name](std::vector<k8s::WriteResult> results) {
            const auto &r = results.front();
            Releases out;
            out.cluster = name;
            if (!r.ok()) {
                out.error = toQString(r.error.message);
                return done(std::move(out));
            }
            auto history = k8s::HelmReleaseHistory::fromSecretList(r.body);
            if (!history)
                out.error = toQString(history.error());
            else
                out.history = std::move(*history);
            done(std::move(out));
        },
        1);
}

} // namespace cubedesk::models
