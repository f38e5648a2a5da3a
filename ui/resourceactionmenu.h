#pragma once
// ResourceActionMenu: the actions on one object of the resource browser, as menu entries where
// they belong (models::ObjectActionController::applies): Edit YAML… for any object (and for the
// ConfigMap kube-system/coredns, Edit DNS hosts and forwarders…: the pane's); Scale… and
// Restart for workloads; Suspend or Resume and Run now for CronJobs; Delete… for any object. An
// entry first asks the cluster whether the user may do it (an access review: a refusal says why
// and nothing is sent), then asks the user (the replica count; a confirmation naming the object
// and cluster; the delete's propagation policy), then hands the order to the controller, which
// sends and audits it. Edit YAML… is the pane's (editRequested).
//
// Threads: GUI thread only. Owns nothing but its QActions (children of the menu filled);
// does not own the controller or the cluster.

#include "k8s/objects/tablerow.h"
#include "models/objectactioncontroller.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <optional>

class QMenu;
class QWidget;

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class ResourceActionMenu final : public QObject {
    Q_OBJECT
public:
    /// One object, as the browser shows it.
    struct Subject {
        QPointer<models::ClusterConnection> cluster;
        models::ObjectActionController::Target target;
        std::optional<std::int64_t> replicas; ///< what the table shows as desired, if it does
        bool suspended = false;               ///< a CronJob's table says so
    };

    /// `dialogParent`: the window part the dialogs belong to.
    ResourceActionMenu(models::ObjectActionController *controller, QWidget *dialogParent);

    /// Adds the entries that fit `subject` to `menu`.
    void fill(QMenu *menu, const Subject &subject);
    /// The entry `action` of `subject` as if chosen from the menu (keyboard shortcuts, tests).
    void trigger(models::ObjectActionController::Action action, const Subject &subject);

    /// The subject of a table row: target from its metadata, replicas and suspension from the
    /// cells (`headers`: the columns' names, `cells`: the row's texts, in the same order).
    static Subject subjectOf(models::ClusterConnection *cluster,
                             const k8s::ResourceDescriptor &resource, const std::string &kind,
                             const k8s::TableRow &row, const QStringList &headers,
                             const QStringList &cells);

Q_SIGNALS:
    void editRequested(const cubedesk::ui::ResourceActionMenu::Subject &subject);
    /// The CoreDNS ConfigMap's own editor (hosts and forwarders as tables).
    void coreDnsRequested(cubedesk::models::ClusterConnection *cluster);

private:
    void askThenRun(models::ObjectActionController::Order order,
                    const QPointer<models::ClusterConnection> &cluster,
                    std::optional<std::int64_t> replicas);
    bool confirm(models::ObjectActionController::Order &order, models::ClusterConnection *cluster,
                 std::optional<std::int64_t> replicas);

    models::ObjectActionController *m_controller;
    QPointer<QWidget> m_parent;
};

} // namespace cubedesk::ui
