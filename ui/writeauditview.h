#pragma once
// WriteAuditView: the audit of writes (WriteAuditModel) as a table — time, cluster, target (the
// node or object), from, to, how (drag and drop, applied suggestion, auto-balance), result,
// reason and action. Shown in a dock of the main window.
//
// Threads: GUI thread only. Does not own the model.

#include <QWidget>

class QTableView;

namespace cubedesk::models {
class WriteAuditModel;
}

namespace cubedesk::ui {

class WriteAuditView final : public QWidget {
    Q_OBJECT
public:
    explicit WriteAuditView(models::WriteAuditModel *model, QWidget *parent = nullptr);
    QTableView *table() const { return m_table; }

private:
    QTableView *m_table;
};

} // namespace cubedesk::ui
