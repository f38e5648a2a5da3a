#include "ui/quotaspane.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/emptyreason.h"
#include "models/quotatablemodel.h"
#include "models/quotawritecontroller.h"
#include "models/sortfilterindex.h"
#include "ui/quotaeditdialog.h"
#include "ui/tableviews.h"
#include "widgets/emptystateoverlay.h"
#include "widgets/usagebardelegate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace cubedesk::ui {

using k8s::QuotaRow;
using models::QuotaTableModel;

QuotasPane::QuotasPane(models::ClusterHub *hub, QuotaTableModel *model,
                       models::QuotaWriteController *writes, QWidget *parent)
    : QWidget(parent)
    , m_hub(hub)
    , m_writes(writes)
    , m_model(model)
    , m_proxy(new models::SortFilterIndex(this))
    , m_filter(new QLineEdit(this))
    , m_kind(new QComboBox(this))
    , m_count(new QLabel(this))
    , m_view(new QTableView(this))
    , m_edit(new QToolButton(this)) {
    setObjectName(QStringLiteral("quotasPane"));
    connect(m_writes, &models::QuotaWriteController::finished, this,
            [this](const models::QuotaWriteController::Outcome &o) {
                Q_EMIT writeReported(o.message);
            });
    m_proxy->setSourceModel(model);
    m_filter->setObjectName(QStringLiteral("quotaFilter"));
    m_filter->setAccessibleName(tr("Filter quotas"));
    m_filter->setClearButtonEnabled(true);
    m_filter->setPlaceholderText(tr("Filter: namespace, name, resource (Ctrl+F)"));
    connect(m_filter, &QLineEdit::textChanged, this, &QuotasPane::applyFilter);
    m_kind->setObjectName(QStringLiteral("quotaKind"));
    m_kind->addItem(tr("Everything"), -1);
    for (auto k : {QuotaRow::Kind::ResourceQuota, QuotaRow::Kind::LimitRange, QuotaRow::Kind::Queue,
                   QuotaRow::Kind::Org})
        m_kind->addItem(QuotaTableModel::kindText(k), static_cast<int>(k));
    connect(m_kind, &QComboBox::currentIndexChanged, this, &QuotasPane::applyFilter);
    m_edit->setObjectName(QStringLiteral("editQuotaButton"));
    m_edit->setText(tr("Edit hard values…"));
    connect(m_edit, &QToolButton::clicked, this, [this] {
        if (auto *dialog = editSelected())
            dialog->open();
    });

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter, 1);
    bar->addWidget(m_kind);
    bar->addWidget(m_count);
    bar->addWidget(m_edit);

    m_view->setModel(m_proxy);
    m_empty = new widgets::EmptyStateOverlay(m_view);
    TableViews::configure(m_view, QStringLiteral("quotasView"), {80, 120, 110, 150, 190, 200});
    m_view->setAccessibleName(tr("Quotas"));
    m_view->sortByColumn(QuotaTableModel::ClusterColumn, Qt::AscendingOrder);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setItemDelegateForColumn(QuotaTableModel::UsageColumn,
                                     new widgets::UsageBarDelegate(m_view));
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &QuotasPane::updateActions);
    connect(m_view, &QTableView::doubleClicked, this, [this] {
        if (auto *dialog = editSelected())
            dialog->open();
    });
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &QuotasPane::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &QuotasPane::updateCount);
    connect(hub, &models::ClusterHub::clusterStateChanged, this, &QuotasPane::updateCount);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    updateActions();
}

void QuotasPane::setScope(const QSet<QString> &clusters) {
    m_scope = clusters;
    applyFilter();
}

void QuotasPane::setFilterText(const QString &text) {
    m_filter->setText(text);
    applyFilter();
}

void QuotasPane::focusFilter() {
    m_filter->setFocus(Qt::ShortcutFocusReason);
    m_filter->selectAll();
}

void QuotasPane::setKind(int kind) {
    m_kind->setCurrentIndex(m_kind->findData(kind));
    applyFilter();
}

void QuotasPane::applyFilter() {
    const QStringList words =
        m_filter->text().toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    const int kind = m_kind->currentData().toInt();
    const QSet<QString> scope = m_scope;
    m_proxy->setFilter([this, words, kind, scope](int sourceRow) {
        const auto &row = m_model->row(sourceRow);
        if (!scope.contains(row.clusterName))
            return false;
        if (kind >= 0 && static_cast<int>(row.quota.kind) != kind)
            return false;
        const QString hay = (QString::fromStdString(row.quota.ns + ' ' + row.quota.name + ' ' +
                                                    row.quota.resource) +
                             QLatin1Char(' ') + row.detail)
                                .toLower();
        for (const auto &w : words)
            if (!hay.contains(w))
                return false;
        return true;
    });
    updateCount();
    updateActions();
}

void QuotasPane::updateCount() {
    m_count->setText(tr("%1 of %2 lines").arg(m_proxy->rowCount()).arg(m_model->rowCount()));
    models::EmptyReason::Message own{
        tr("The clusters in scope have no quotas."),
        tr("Lines appear for every ResourceQuota, LimitRange, Volcano queue and resource "
           "group; none is defined in these clusters.")};
    if (m_kind->currentData().toInt() >= 0)
        own = {tr("No quotas to show under “%1”.").arg(m_kind->currentText()),
               tr("Choose “%1” to see every line.").arg(m_kind->itemText(0))};
    const auto why =
        models::EmptyReason::forView(m_proxy->rowCount(), *m_hub, m_scope, m_filter->text(), own);
    m_empty->setMessage(why.title, why.hint);
}

void QuotasPane::setReadOnlyReason(const QString &why) {
    m_readOnly = why;
    updateActions();
}

void QuotasPane::updateActions() {
    const auto rows = m_view->selectionModel()->selectedRows();
    const bool quota =
        !rows.isEmpty() && m_model->row(m_proxy->mapToSource(rows.front()).row()).quota.kind ==
                               QuotaRow::Kind::ResourceQuota;
    m_edit->setEnabled(quota && m_readOnly.isEmpty());
    m_edit->setToolTip(!m_readOnly.isEmpty() ? m_readOnly
                       : quota               ? tr("Change this quota's hard values.")
                                             : tr("Select a resource-quota line first."));
}

QuotaEditDialog *QuotasPane::editSelected() {
    const auto rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty() || !m_readOnly.isEmpty())
        return nullptr;
    const auto &row = m_model->row(m_proxy->mapToSource(rows.front()).row());
    if (row.quota.kind != QuotaRow::Kind::ResourceQuota)
        return nullptr;
    auto *cluster = m_hub->cluster(row.clusterName);
    if (!cluster)
        return nullptr;
    auto it = cluster->store().quotas().find(row.quota.ns + '/' + row.quota.name);
    if (it == cluster->store().quotas().end())
        return nullptr;
    auto *dialog = new QuotaEditDialog(cluster, it->second, m_writes, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    return dialog;
}

} // namespace cubedesk::ui
