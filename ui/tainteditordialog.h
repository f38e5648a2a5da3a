#pragma once
// TaintEditorDialog: view and edit the taints of one or several nodes of a cluster. The taints
// the nodes have now are listed (with how many of the nodes carry each); the user removes some
// and adds or changes others (key, value, effect — checked as typed: a key or value that is not
// valid, an unknown effect or the same taint twice blocks Apply); the reviewed diff per node is
// shown before anything is written. Apply = accept(); the window then sends plan() through
// NodeWriteController::applyTaints (each node's resourceVersion guards its patch; Undo restores
// the old taints).
//
// Threads: GUI thread only. Reads the cluster's cache when opened; does not own it.

#include "k8s/cube/tainteditplan.h"

#include <QDialog>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTableWidget;

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class TaintEditorDialog final : public QDialog {
    Q_OBJECT
public:
    TaintEditorDialog(const models::ClusterConnection *cluster, const QStringList &nodes,
                      const QString &writeBlocked, QWidget *parent = nullptr);

    const k8s::TaintEditPlan &plan() const { return m_plan; }
    const std::vector<k8s::TaintEdit> &edits() const { return m_edits; }
    /// Adds an edit as the form's Add does (tests, the keyboard).
    void addEdit(const k8s::TaintEdit &edit);
    QPushButton *applyButton() const { return m_apply; }
    /// "nvidia.com/gpu=present:NoSchedule added on 2 nodes" — for the status bar and the log.
    QString description() const;

private:
    void replan();

    std::vector<k8s::NodeTaints> m_nodes;
    QString m_writeBlocked;
    std::vector<k8s::TaintEdit> m_edits;
    k8s::TaintEditPlan m_plan;
    QTableWidget *m_current;
    QLineEdit *m_key;
    QLineEdit *m_value;
    QComboBox *m_effect;
    QListWidget *m_changes;
    QLabel *m_errors;
    QPlainTextEdit *m_diff;
    QPushButton *m_apply;
};

} // namespace cubedesk::ui
