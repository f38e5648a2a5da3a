#pragma once
// DeleteObjectDialog: the confirmation of a delete from the resource browser — what goes (kind,
// namespace/name, cluster), what happens to what it owns (the propagation policy: Background, the
// default as kubectl's; Foreground; Orphan, each explained), and that the delete is refused if
// the object changed since the user looked (uid and resourceVersion are preconditions). The
// Delete button is the explicit user action; Cancel is the default.
//
// Threads: GUI thread only. Owns its widgets.

#include "models/objectactioncontroller.h"

#include <QDialog>

class QButtonGroup;

namespace cubedesk::ui {

class DeleteObjectDialog final : public QDialog {
    Q_OBJECT
public:
    /// `subject`: "Deployment infra/mysql"; `cluster`: its cluster's name; `owns`: whether the
    /// kind owns other objects (workloads), which makes the propagation choice matter.
    DeleteObjectDialog(const QString &subject, const QString &cluster, bool owns,
                       QWidget *parent = nullptr);

    models::ObjectActionController::Propagation propagation() const;
    void setPropagation(models::ObjectActionController::Propagation propagation);

private:
    QButtonGroup *m_policy;
};

} // namespace cubedesk::ui
