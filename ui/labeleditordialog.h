#pragma once
// LabelEditorDialog: edit labels on one or many selected nodes (across clusters) with chips and
// the platform's presets, then review the change as a per-node diff before one confirmation.
// The dialog only plans; the caller applies plans() through NodeWriteController.
//
// Threads: GUI thread only. Does not own the connections.

#include "k8s/cube/labeleditplan.h"

#include <QDialog>
#include <QMap>
#include <QPointer>

class QLabel;
class QStackedWidget;
class QTreeWidget;
class QPushButton;

namespace cubedesk::models {
class ClusterConnection;
class ClusterHub;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class LabelChipsEditor;
}

namespace cubedesk::ui {

class LabelEditorDialog final : public QDialog {
    Q_OBJECT
public:
    struct ClusterPlan {
        QPointer<models::ClusterConnection> cluster;
        QStringList nodes;
        std::vector<k8s::LabelEdit> edits;
        k8s::LabelEditPlan plan;
    };

    LabelEditorDialog(models::ClusterHub *hub, const QMap<QString, QStringList> &selection,
                      QWidget *parent = nullptr);
    /// Opens directly on the review page for plans made elsewhere (a 409 retry).
    LabelEditorDialog(std::vector<ClusterPlan> plans, const QString &message,
                      QWidget *parent = nullptr);

    const std::vector<ClusterPlan> &plans() const { return m_plans; }
    widgets::LabelChipsEditor *editor() const { return m_editor; }
    /// Builds the plans from the chips and shows the review page; false when nothing changes
    /// or a label is invalid (the reason is shown).
    bool review();

private:
    void build();
    void showReview();

    models::ClusterHub *m_hub = nullptr;
    QMap<QString, QStringList> m_selection;
    std::vector<ClusterPlan> m_plans;
    QStackedWidget *m_pages = nullptr;
    widgets::LabelChipsEditor *m_editor = nullptr;
    QLabel *m_intro = nullptr;
    QLabel *m_summary = nullptr;
    QTreeWidget *m_diff = nullptr;
    QPushButton *m_next = nullptr;
    QPushButton *m_apply = nullptr;
    QPushButton *m_back = nullptr;
};

} // namespace cubedesk::ui
