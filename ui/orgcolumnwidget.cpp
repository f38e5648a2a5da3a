#include "ui/orgcolumnwidget.h"

#include "models/modelroles.h"
#include "models/orgboardmodel.h"
#include "models/orgsummary.h"
#include "ui/themecontroller.h"
#include "widgets/nodecarddelegate.h"
#include "widgets/usagebarpainter.h"

#include <QLabel>
#include <QListView>
#include <QVBoxLayout>

namespace cubedesk::ui {

OrgColumnWidget::OrgColumnWidget(models::OrgBoardModel *model, const QModelIndex &org,
                                 QWidget *parent)
    : QFrame(parent)
    , m_model(model)
    , m_org(org)
    , m_header(new QLabel(this))
    , m_list(new QListView(this)) {
    setFrameShape(QFrame::StyledPanel);
    setObjectName(QStringLiteral("orgColumn_%1").arg(this->org()));
    setMinimumWidth(250);
    setMaximumWidth(280);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_header);
    layout->addWidget(m_list, 1);
    m_header->setTextFormat(Qt::RichText);
    m_header->setWordWrap(true);
    // The header's red and orange are chosen for the palette: choose again when it changes.
    ThemeController::watchPalette(m_header, [this] { refreshHeader(); });
    m_list->setObjectName(QStringLiteral("orgList_%1").arg(this->org()));
    m_list->setAccessibleName(tr("Nodes of resource group %1").arg(this->org()));
    m_list->setModel(model);
    m_list->setRootIndex(org);
    m_list->setItemDelegate(new widgets::NodeCardDelegate(m_list));
    m_list->setUniformItemSizes(true);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setDragDropMode(QAbstractItemView::DragDrop);
    m_list->setDefaultDropAction(Qt::MoveAction);
    m_list->setDragEnabled(true);
    m_list->setAcceptDrops(true);
    m_list->setDropIndicatorShown(true);
    m_list->setSpacing(2);
    refreshHeader();
}

QString OrgColumnWidget::org() const {
    return m_org.data(models::OrgNameRole).toString();
}

void OrgColumnWidget::refreshHeader() {
    const auto s = m_org.data(models::OrgSummaryRole).value<models::OrgSummary>();
    // Not-ready red and pending orange, at 4.5:1 on the header's window in either theme.
    const QColor window = m_header->palette().color(QPalette::Window);
    const QString red = widgets::UsageBarPainter::legibleOn(QColor(0xc0392b), window).name();
    const QString orange = widgets::UsageBarPainter::legibleOn(QColor(0xd35400), window).name();
    QString text = QStringLiteral("<b style='font-size:large'>%1</b>").arg(s.name.toHtmlEscaped());
    text += QStringLiteral("<br>") + tr("%n node(s)", "", s.nodes);
    if (s.readyNodes != s.nodes)
        text += QStringLiteral(" · <span style='color:%1'>%2</span>")
                    .arg(red, tr("%n not ready", "", s.nodes - s.readyNodes));
    text += QStringLiteral("<br>") + tr("CPU %1 · GPU %2").arg(s.cpu.text, s.gpus.text);
    if (s.pendingPods > 0)
        text += QStringLiteral("<br><span style='color:%1'>%2</span>")
                    .arg(orange, tr("%n pending pod(s)", "", s.pendingPods));
    else
        text += QStringLiteral("<br>") + tr("no pending pods");
    if (s.userAdded && s.nodes == 0)
        text += QStringLiteral("<br><i>%1</i>").arg(tr("new column: drop nodes here"));
    m_header->setText(text);
    m_header->setToolTip(tr("Resource group %1: requested / allocatable").arg(s.name));
}

QStringList OrgColumnWidget::selectedNodes() const {
    QStringList out;
    for (const auto &i : m_list->selectionModel()->selectedIndexes())
        out << i.data(models::NodeNameRole).toString();
    return out;
}

} // namespace cubedesk::ui
