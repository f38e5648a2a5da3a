#pragma once

// ObjectReader: reads one object from the API server on demand for a detail panel — a node, a
// job or any object of the resource browser, as YAML with its annotations, or a job's printer
// columns as the server evaluates them (a Table, as `kubectl get` shows) — and hands the panel
// prepared values, so that ui/ neither sends requests nor parses JSON. The answer is delivered to
// `done` on the GUI thread unless `context` (the panel) was destroyed meanwhile
// (ClusterConnection::submit). Reads change nothing on the cluster and are not audited.
// Thread-safety: GUI thread only. Owns nothing.

#include "k8s/api/podcontainernames.h"
#include "k8s/objects/resourcedescriptor.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

class QObject;

namespace cubedesk::models {

class ClusterConnection;

class ObjectReader final {
public:
    ObjectReader() = delete;

    struct FullObject {
        enum class Status { Read, Failed, NotJson };
        Status status = Status::Failed;
        QString error;                          ///< Failed: the API's reason; NotJson: why
        QString yaml;                           ///< Read: the object as read-only YAML
        std::map<QString, QString> annotations; ///< Read: metadata.annotations by key
        QStringList secretKeys; ///< Read, a Secret: the keys of its values (what may be revealed)
        /// Read, a ConfigMap holding a scheduler policy (a key naming a policy or scheduler
        /// config that parses as one: k8s::SchedulerPolicyView): which key, and its rows.
        QString schedulerPolicyKey;
        struct PolicyRow {
            QString section;
            QString name;
            QString weight; ///< "" when the entry has none
            QString detail;
        };
        std::vector<PolicyRow> schedulerPolicy;
    };
    /// A pod's containers, for choosing whose log to read.
    struct PodContainers {
        bool ok = false;
        QString error; ///< !ok: the API's reason
        k8s::PodContainerNames names;
    };
    struct PrinterColumn {
        QString name;
        QString value;
    };

    /// GETs object `ns`/`name` of `resource` (any kind: the resource browser) as YAML, a
    /// Secret's values masked but for the keys in `revealed` (k8s::YamlView).
    static void readObject(ClusterConnection *cluster, const k8s::ResourceDescriptor &resource,
                           const QString &ns, const QString &name,
                           const std::set<std::string> &revealed, const QObject *context,
                           std::function<void(FullObject)> done);
    /// GETs pod `ns`/`pod` for its containers.
    static void readPodContainers(ClusterConnection *cluster, const QString &ns, const QString &pod,
                                  const QObject *context, std::function<void(PodContainers)> done);
    /// GETs node `node`.
    static void readNode(ClusterConnection *cluster, const QString &node, const QObject *context,
                         std::function<void(FullObject)> done);
    /// GETs the job cached under `key` ("pytorchjobs.kubeflow.org/ns/name"); false (and nothing
    /// sent) when the cache has no such job or CubeDesk cannot address its kind.
    static bool readJob(ClusterConnection *cluster, const std::string &key, const QObject *context,
                        std::function<void(FullObject)> done);
    /// The job's columns from the server's Table, the Name column left out; `done` is not
    /// called when the server answers no Table. False (and nothing sent) as readJob.
    static bool readPrinterColumns(ClusterConnection *cluster, const std::string &key,
                                   const QObject *context,
                                   std::function<void(std::vector<PrinterColumn>)> done);
};

} // namespace cubedesk::models
