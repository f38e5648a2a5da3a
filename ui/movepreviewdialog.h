#pragma once
// MovePreviewDialog: what moving nodes to another resource group will do, before anything is
// written — each node from → to, the running pods that stay where they are, pending pods of the
// target org that would then fit, the ones that still would not (and why), warnings, and both
// orgs' totals before and after. Apply = accept().
//
// Threads: GUI thread only.

#include "k8s/cube/orgmovepreview.h"

#include <QDialog>

class QPushButton;

namespace cubedesk::ui {

class MovePreviewDialog final : public QDialog {
    Q_OBJECT
public:
    MovePreviewDialog(const QString &cluster, const k8s::OrgMovePreview::Result &preview,
                      const QString &writeBlocked, QWidget *parent = nullptr);
    QPushButton *applyButton() const { return m_apply; }
    /// The preview as plain text (tests, logs).
    const QString &text() const { return m_text; }

private:
    QPushButton *m_apply = nullptr;
    QString m_text;
};

} // namespace cubedesk::ui
