#include "ui/clustertree.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "widgets/freshnessbadge.h"

#include <QFileInfo>
#include <QHeaderView>
#include <QMenu>
#include <QScrollBar>
#include <QStyle>

#include <algorithm>

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
    setRootIsDecorated(true);
    setUniformRowHeights(true);
    setContextMenuPolicy(Qt::CustomContextMenu);
    setObjectName(QStringLiteral("clusterTree"));
    setAccessibleName(tr("Clusters in scope"));
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

QSize ClusterTree::sizeHint() const {
    // Whole context names and their badges, within reason: a dock starts this wide.
    const int names = header()->sectionSize(0);
    int badges = 80;
    for (int i = 0; i < topLevelItemCount(); ++i)
        for (int j = 0; j < topLevelItem(i)->childCount(); ++j)
            if (QWidget *badge = itemWidget(topLevelItem(i)->child(j), 1))
                badges = std::max(badges, badge->sizeHint().width());
    const int frame = 2 * frameWidth() + verticalScrollBar()->sizeHint().width() + 4;
    return {std::clamp(names + badges + frame, 200, 440), QTreeWidget::sizeHint().height()};
}

void ClusterTree::fitNames() {
    // Context names decide column 0 (file rows span both columns); the user may still drag it.
    int widest = fontMetrics().horizontalAdvance(headerItem()->text(0));
    // Two levels of indentation, the check box and its spacing, the cell's margins.
    const int indent = indentation() * 2 + style()->pixelMetric(QStyle::PM_IndicatorWidth) +
                       style()->pixelMetric(QStyle::PM_CheckBoxLabelSpacing) + 24;
    for (int i = 0; i < topLevelItemCount(); ++i)
        for (int j = 0; j < topLevelItem(i)->childCount(); ++j)
            widest = std::max(widest,
                              fontMetrics().horizontalAdvance(topLevelItem(i)->child(j)->text(0)) +
                                  indent);
    setColumnWidth(0, std::min(widest, 320));
    updateGeometry();
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
            file->setExpanded(true);
        }
        auto *item = new QTreeWidgetItem(file, {info.name});
        item->setData(0, kContextRole, info.name);
        item->setToolTip(0, QStringLiteral("%1\n%2").arg(info.name, info.server));
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
    // File rows have no badge: their name may run into the second column.
    for (int i = 0; i < topLevelItemCount(); ++i)
        topLevelItem(i)->setFirstColumnSpanned(true);
    fitNames();
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

QStringList ClusterTree::unchecked() const {
    QStringList out(m_unchecked.begin(), m_unchecked.end());
    out.sort();
    return out;
}

void ClusterTree::setUnchecked(const QStringList &contexts) {
    m_unchecked = QSet<QString>(contexts.begin(), contexts.end());
    rebuild();
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
