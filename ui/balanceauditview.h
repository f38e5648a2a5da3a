#pragma once
// BalanceAuditView: the audit of resource-group moves (BalanceAuditModel) as a table — time,
// cluster, node, from, to, how (drag and drop, applied suggestion, auto-balance), result and
// reason. Shown in a dock of the main window.
//
// Threads: GUI thread only. Does not own the model.

#include <QWidget>

class QTableView;

namespace cubedesk::models {
class BalanceAuditModel;
}

namespace cubedesk::ui {

class BalanceAuditView final : public QWidget {
    Q_OBJECT
public:
    explicit BalanceAuditView(models::BalanceAuditModel *model, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }

private:
    QTableView *m_table;
};

} // namespace cubedesk::ui
