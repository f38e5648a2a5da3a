#include "ui/clustertree.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "widgets/freshnessbadge.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QMenu>

namespace cubedesk::ui {

using models::ClusterConnection;

namespace {
constexpr int kContextRole = Qt::UserRole + 1;
constexpr int kFileRole = Qt::UserRole + 2;
} // namespace

ClusterTree::ClusterTree(models::ClusterHub *hub, QWidget *parent)
    : QTreeWidget(parent)
    , m_hub(hub) {
    setColumnCount(2);
    setHeaderLabels({tr("Clusters"), tr("Data")});
    header()->setStretchLastSection(true);
    header()->setSectionResizeMode(0, QHeaderView::Interactive);
    setColumnWidth(0, 150);
    setRootIsDecorated(true);
    setUniformRowHeights(true);
    setContextMenuPolicy(Qt::CustomContextMenu);
    setObjectName(QStringLiteral("clusterTree"));
    connect(this, &QWidget::customContextMenuRequested, this, &ClusterTree::showMenu);
    connect(hub, &models::ClusterHub::contextsChanged, this, &ClusterTree::rebuild);
    connect(hub, &models::ClusterHub::clusterStateChanged, this, &ClusterTree::updateBadge);
    connect(this, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem *item, int column) {
        if (m_rebuilding || column != 0)
            return;
        const QString context = item->data(0, kContextRole).toString();
        if (context.isEmpty())
            return;
        if (item->checkState(0) == Qt::Checked)
            m_unchecked.remove(context);
        else
            m_unchecked.insert(context);
        Q_EMIT scopeChanged(scope());
    });
    rebuild();
}

QTreeWidgetItem *ClusterTree::itemFor(const QString &context) const {
    for (int i = 0; i < topLevelItemCount(); ++i)
        for (int j = 0; j < topLevelItem(i)->childCount(); ++j)
            if (topLevelItem(i)->child(j)->data(0, kContextRole).toString() == context)
                return topLevelItem(i)->child(j);
    return nullptr;
}

void ClusterTree::rebuild() {
    m_rebuilding = true;
    clear();
    QMap<QString, QTreeWidgetItem *> files;
    for (const auto &info : m_hub->contexts()) {
        QTreeWidgetItem *&file = files[info.file];
        if (!file) {
            file = new QTreeWidgetItem(this, {QFileInfo(info.file).fileName()});
            file->setToolTip(0, info.file);
            file->setData(0, kFileRole, info.file);
            file->setFirstColumnSpanned(false);
            file->setExpanded(true);
        }
        auto *item = new QTreeWidgetItem(file, {info.name});
        item->setData(0, kContextRole, info.name);
        item->setToolTip(0, info.server);
        item->setCheckState(0, info.enabled && !m_unchecked.contains(info.name) ? Qt::Checked
                                                                                : Qt::Unchecked);
        if (!info.enabled)
            item->setDisabled(true);
        auto *badge = new widgets::FreshnessBadge(this);
        if (!info.enabled)
            badge->setState(widgets::FreshnessBadge::Level::Offline, tr("disconnected"));
        setItemWidget(item, 1, badge);
        if (auto *c = m_hub->cluster(info.name))
            updateBadge(c);
    }
    expandAll();
    m_rebuilding = false;
    Q_EMIT scopeChanged(scope());
}

void ClusterTree::updateBadge(ClusterConnection *cluster) {
    QTreeWidgetItem *item = itemFor(cluster->name());
    if (!item)
        return;
    auto *badge = qobject_cast<widgets::FreshnessBadge *>(itemWidget(item, 1));
    if (!badge)
        return;
    const auto &f = cluster->freshness();
    badge->setState(static_cast<widgets::FreshnessBadge::Level>(f.level), f.text, f.details);
}

QSet<QString> ClusterTree::scope() const {
    QSet<QString> out;
    for (auto *c : m_hub->clusters())
        if (!m_unchecked.contains(c->name()))
            out.insert(c->name());
    return out;
}

void ClusterTree::setScopeOnly(const QString &cluster) {
    m_unchecked.clear();
    if (!cluster.isEmpty())
        for (const auto &info : m_hub->contexts())
            if (info.name != cluster)
                m_unchecked.insert(info.name);
    rebuild();
}

void ClusterTree::showMenu(const QPoint &pos) {
    QTreeWidgetItem *item = itemAt(pos);
    QMenu menu(this);
    const QString context = item ? item->data(0, kContextRole).toString() : QString();
    const QString file = item ? item->data(0, kFileRole).toString() : QString();
    if (!context.isEmpty()) {
        menu.addAction(tr("Show only %1").arg(context), this,
                       [this, context] { setScopeOnly(context); });
        if (auto *c = m_hub->cluster(context)) {
            menu.addAction(tr("Reconnect %1").arg(context), c, &ClusterConnection::reconnect);
            menu.addAction(tr("Disconnect %1").arg(context), this,
                           [this, context] { m_hub->setContextEnabled(context, false); });
        } else {
            menu.addAction(tr("Connect %1").arg(context), this,
                           [this, context] { m_hub->setContextEnabled(context, true); });
        }
    }
    if (!file.isEmpty())
        menu.addAction(tr("Remove this kubeconfig file"), this,
                       [this, file] { Q_EMIT removeFileRequested(file); });
    menu.addSeparator();
    menu.addAction(tr("Show all clusters"), this, [this] { setScopeOnly({}); });
    menu.exec(viewport()->mapToGlobal(pos));
}

} // namespace cubedesk::ui
