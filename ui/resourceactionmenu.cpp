#include "ui/resourceactionmenu.h"

#include "models/clusterconnection.h"
#include "models/qtstring.h"
#include "ui/deleteobjectdialog.h"

#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QWidget>

#include <utility>

namespace cubedesk::ui {

using Action = models::ObjectActionController::Action;
using Order = models::ObjectActionController::Order;

ResourceActionMenu::ResourceActionMenu(models::ObjectActionController *controller,
                                       QWidget *dialogParent)
    : QObject(dialogParent)
    , m_controller(controller)
    , m_parent(dialogParent) {}

ResourceActionMenu::Subject ResourceActionMenu::subjectOf(models::ClusterConnection *cluster,
                                                          const k8s::ResourceDescriptor &resource,
                                                          const std::string &kind,
                                                          const k8s::TableRow &row,
                                                          const QStringList &headers,
                                                          const QStringList &cells) {
    Subject s;
    s.cluster = cluster;
    s.target = {resource,
                std::string(row.namespaceName()),
                std::string(row.name()),
                row.resourceVersion(),
                row.uid(),
                kind};
    s.target.resource.namespaceScope.clear();
    s.target.resource.labelSelector.clear();
    s.target.resource.fieldSelector.clear();
    for (int i = 0; i < headers.size() && i < cells.size(); ++i) {
        const QString header = headers[i].toLower();
        const QString &cell = cells[i];
        bool ok = false;
        if (header == QLatin1String("desired")) {
            const qint64 n = cell.toLongLong(&ok);
            if (ok)
                s.replicas = n;
        } else if (header == QLatin1String("ready") && !s.replicas &&
                   cell.count(QLatin1Char('/')) == 1) {
            const qint64 n = cell.section(QLatin1Char('/'), 1).toLongLong(&ok);
            if (ok)
                s.replicas = n;
        } else if (header == QLatin1String("suspend")) {
            s.suspended = cell == QLatin1String("true") || cell == QLatin1String("True");
        }
    }
    return s;
}

void ResourceActionMenu::fill(QMenu *menu, const Subject &subject) {
    const std::string &group = subject.target.resource.group;
    const std::string &kind = subject.target.kind;
    const auto add = [&](Action action, const QString &text) {
        if (!models::ObjectActionController::applies(action, group, kind))
            return;
        QAction *entry = menu->addAction(text);
        entry->setObjectName(QStringLiteral("objectAction%1").arg(static_cast<int>(action)));
        connect(entry, &QAction::triggered, this,
                [this, action, subject] { trigger(action, subject); });
    };
    QAction *edit = menu->addAction(tr("Edit YAML…"));
    edit->setObjectName(QStringLiteral("objectActionEdit"));
    connect(edit, &QAction::triggered, this, [this, subject] { Q_EMIT editRequested(subject); });
    if (kind == "ConfigMap" && subject.target.ns == "kube-system" &&
        subject.target.name == "coredns") {
        QAction *dns = menu->addAction(tr("Edit DNS hosts and forwarders…"));
        dns->setObjectName(QStringLiteral("objectActionCoreDns"));
        connect(dns, &QAction::triggered, this,
                [this, subject] { Q_EMIT coreDnsRequested(subject.cluster); });
    }
    menu->addSeparator();
    add(Action::Scale, tr("Scale…"));
    add(Action::Restart, tr("Restart (rollout)"));
    if (subject.suspended)
        add(Action::Resume, tr("Resume"));
    else
        add(Action::Suspend, tr("Suspend"));
    add(Action::RunNow, tr("Run now"));
    menu->addSeparator();
    add(Action::Delete, tr("Delete…"));
}

void ResourceActionMenu::trigger(Action action, const Subject &subject) {
    if (!subject.cluster)
        return;
    Order order;
    order.action = action;
    order.target = subject.target;
    order.replicas = subject.replicas.value_or(1);
    askThenRun(std::move(order), subject.cluster, subject.replicas);
}

void ResourceActionMenu::askThenRun(Order order, const QPointer<models::ClusterConnection> &cluster,
                                    std::optional<std::int64_t> replicas) {
    m_controller->askPermission(
        cluster, order, this,
        [this, order, cluster, replicas](bool allowed, const QString &reason) {
            // The dialogs run their own event loop: never inside the connection's delivery.
            QMetaObject::invokeMethod(
                this,
                [this, order, cluster, replicas, allowed, reason]() mutable {
                    if (!cluster)
                        return;
                    if (!allowed) {
                        QMessageBox::warning(
                            m_parent, tr("Not allowed"),
                            tr("%1 on %2 was not sent.\n%3")
                                .arg(models::ObjectActionController::actionText(order),
                                     models::ObjectActionController::subjectOf(order.target),
                                     reason));
                        return;
                    }
                    if (confirm(order, cluster, replicas) && cluster)
                        m_controller->perform(cluster, order);
                },
                Qt::QueuedConnection);
        });
}

bool ResourceActionMenu::confirm(Order &order, models::ClusterConnection *cluster,
                                 std::optional<std::int64_t> replicas) {
    const QString subject = models::ObjectActionController::subjectOf(order.target);
    switch (order.action) {
    case Action::Scale: {
        bool ok = false;
        const int n =
            QInputDialog::getInt(m_parent, tr("Scale %1").arg(subject),
                                 tr("Replicas of %1 on %2 (now %3):")
                                     .arg(subject, cluster->name(),
                                          replicas ? QString::number(*replicas) : tr("unknown")),
                                 static_cast<int>(replicas.value_or(1)), 0, 100000, 1, &ok);
        order.replicas = n;
        return ok;
    }
    case Action::Restart:
        return QMessageBox::question(
                   m_parent, tr("Restart %1").arg(subject),
                   tr("Restart %1 on %2? Its pods are replaced as its rollout strategy says "
                      "(kubectl rollout restart).")
                       .arg(subject, cluster->name())) == QMessageBox::Yes;
    case Action::RunNow:
        return QMessageBox::question(m_parent, tr("Run %1 now").arg(subject),
                                     tr("Start a Job from %1 on %2 now, outside its schedule?")
                                         .arg(subject, cluster->name())) == QMessageBox::Yes;
    case Action::Suspend:
    case Action::Resume:
        return true; // the menu entry says what it does; undone by the other one
    case Action::Delete: {
        const bool owns = order.target.kind != "Pod" && order.target.kind != "ConfigMap" &&
                          order.target.kind != "Secret";
        DeleteObjectDialog dialog(subject, cluster->name(), owns, m_parent);
        if (dialog.exec() != QDialog::Accepted)
            return false;
        order.propagation = dialog.propagation();
        return true;
    }
    case Action::Apply:
    case Action::Create:
        break;
    }
    return false;
}

} // namespace cubedesk::ui
