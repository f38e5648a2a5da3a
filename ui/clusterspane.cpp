#include "ui/clusterspane.h"

#include "models/clusterlistmodel.h"
#include "models/modelroles.h"
#include "ui/tableviews.h"
#include "widgets/usagebardelegate.h"

#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

namespace cubedesk::ui {

using models::ClusterListModel;

ClustersPane::ClustersPane(ClusterListModel *model, QWidget *parent)
    : QWidget(parent)
    , m_view(new QTableView(this)) {
    setObjectName(QStringLiteral("clustersPane"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    m_view->setObjectName(QStringLiteral("clustersView"));
    m_view->setAccessibleName(tr("Clusters"));
    m_view->setModel(model);
    auto *bars = new widgets::UsageBarDelegate(m_view);
    for (int c :
         {ClusterListModel::CpuColumn, ClusterListModel::MemoryColumn, ClusterListModel::GpuColumn})
        m_view->setItemDelegateForColumn(c, bars);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    TableViews::setRowHeight(m_view, 30);
    m_view->horizontalHeader()->setStretchLastSection(true);
    const int widths[] = {110, 170, 230, 90, 90, 70, 160, 160, 140};
    for (int c = 0; c < static_cast<int>(std::size(widths)); ++c)
        m_view->setColumnWidth(c, widths[c]);
    connect(m_view, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        Q_EMIT clusterActivated(index.data(models::ClusterNameRole).toString());
    });
}

} // namespace cubedesk::ui
