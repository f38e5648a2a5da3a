#pragma once
// QuotasPane: who holds which share against which limit — ResourceQuotas (hard vs used for
// every resource, requests.nvidia.com/gpu and count/* included), LimitRanges (min, max,
// defaults per type), Volcano Queues (capability, deserved, guaranteed, allocated, state) and
// each org's capacity, for the clusters in scope, with bars that turn amber at 80 % and red at
// 95 % (QuotaTableModel through SortFilterIndex). "Edit hard values…" opens QuotaEditDialog for
// the selected ResourceQuota.
//
// Threads: GUI thread only. Does not own the model; owns its proxy and widgets.

#include <QSet>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

namespace cubedesk::models {
class ClusterHub;
class QuotaTableModel;
class QuotaWriteController;
class SortFilterIndex;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class EmptyStateOverlay;
}

namespace cubedesk::ui {

class QuotaEditDialog;

class QuotasPane final : public QWidget {
    Q_OBJECT
public:
    QuotasPane(models::ClusterHub *hub, models::QuotaTableModel *model,
               models::QuotaWriteController *writes, QWidget *parent = nullptr);

    void setScope(const QSet<QString> &clusters);
    void setFilterText(const QString &text);
    void focusFilter();
    /// Shows one kind only (-1: all), a k8s::QuotaRow::Kind.
    void setKind(int kind);
    void setReadOnlyReason(const QString &why);
    /// Opens the editor for the selected ResourceQuota row (nullptr when none is selected).
    QuotaEditDialog *editSelected();

    QTableView *view() const { return m_view; }
    models::SortFilterIndex *proxy() const { return m_proxy; }

Q_SIGNALS:
    void writeReported(const QString &message);

private:
    void applyFilter();
    void updateCount();
    void updateActions();

    models::ClusterHub *m_hub;
    models::QuotaWriteController *m_writes;
    models::QuotaTableModel *m_model;
    models::SortFilterIndex *m_proxy;
    QSet<QString> m_scope;
    QLineEdit *m_filter;
    QComboBox *m_kind;
    QLabel *m_count;
    QTableView *m_view;
    widgets::EmptyStateOverlay *m_empty = nullptr;
    QToolButton *m_edit;
    QString m_readOnly;
};

} // namespace cubedesk::ui
