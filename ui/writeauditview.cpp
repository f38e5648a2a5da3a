#include "ui/writeauditview.h"

#include "models/writeauditmodel.h"

#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

namespace cubedesk::ui {

WriteAuditView::WriteAuditView(models::WriteAuditModel *model, QWidget *parent)
    : QWidget(parent)
    , m_table(new QTableView(this)) {
    setObjectName(QStringLiteral("balanceAuditView"));
    m_table->setObjectName(QStringLiteral("balanceAuditTable"));
    m_table->setAccessibleName(tr("Audit of cluster writes"));
    m_table->setModel(model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->horizontalHeader()->setStretchLastSection(true);
    const int widths[] = {140, 70, 150, 70, 70, 120, 90};
    for (int c = 0; c < 7; ++c)
        m_table->setColumnWidth(c, widths[c]);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_table);
    // New moves are appended: keep the newest in view.
    connect(model, &QAbstractItemModel::rowsInserted, m_table,
            [this] { m_table->scrollToBottom(); });
}

} // namespace cubedesk::ui
