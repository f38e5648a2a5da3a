#pragma once
// CoreDnsDialog: the platform's intranet DNS as a task (seed 000: registries, package mirrors and
// model hubs pointed at internal addresses; per-domain forwarders) over models::CoreDnsEditor —
// a table of host → address and one of domain → upstream DNS servers, checked as they are
// typed (a wrong cell is marked with the reason), the Corefile change previewed as a diff,
// Save (a dry run, then the write, audited), and Restart CoreDNS (a rollout restart of its
// Deployment, through the same access review, confirmation and audit as the browser's Restart).
// Not modal.
//
// Threads: GUI thread only. Owns the editor and its widgets; does not own the cluster.

#include "k8s/cube/corednsconfig.h"

#include <QDialog>

#include <utility>
#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace cubedesk::models {
class ClusterConnection;
class CoreDnsEditor;
class ObjectActionController;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class DiffView;
}

namespace cubedesk::ui {

class ResourceActionMenu;

class CoreDnsDialog final : public QDialog {
    Q_OBJECT
public:
    CoreDnsDialog(models::ClusterConnection *cluster, models::ObjectActionController *actions,
                  QWidget *parent = nullptr);

    models::CoreDnsEditor *editor() const { return m_editor; }
    QTableWidget *hosts() const { return m_hosts; }
    QTableWidget *forwarders() const { return m_forwarders; }
    QPushButton *saveButton() const { return m_save; }
    QPushButton *restartButton() const { return m_restart; }
    QString problemsText() const;
    QString statusText() const;

private:
    void fill();
    /// The tables as edited.
    std::pair<std::vector<k8s::CoreDnsHostEntry>, std::vector<k8s::CoreDnsForwarder>>
    tables() const;
    void edited();
    void setStatus(const QString &text, bool error);

    models::ClusterConnection *m_cluster;
    models::CoreDnsEditor *m_editor;
    ResourceActionMenu *m_actions;
    QTableWidget *m_hosts;
    QTableWidget *m_forwarders;
    QLabel *m_root;
    QLabel *m_problems;
    widgets::DiffView *m_preview;
    QPushButton *m_save;
    QPushButton *m_restart;
    QLabel *m_status;
    bool m_filling = false;
};

} // namespace cubedesk::ui
