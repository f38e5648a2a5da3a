#pragma once
// QuotaEditDialog: edits the hard values of one ResourceQuota. Every value is checked as a
// Kubernetes quantity as it is typed (a red cell and the reason); the change is shown as a diff
// ("requests.cpu: 10 → 12", "+ count/pods: 50", "− limits.memory") before one Apply, which
// sends a merge patch of spec.hard carrying the quota's resourceVersion, so a quota changed
// meanwhile is not overwritten (409 says so and asks to reopen). The result is shown in the
// dialog and logged.
//
// Threads: GUI thread only. Holds a pointer to the connection (ClusterHub owns it).

#include "models/clusterstore.h"

#include <QDialog>

#include <map>
#include <optional>
#include <string>

class QDialogButtonBox;
class QLabel;
class QPlainTextEdit;
class QTableWidget;

namespace cubedesk::models {
class ClusterConnection;
class QuotaWriteController;
} // namespace cubedesk::models

namespace cubedesk::ui {

class QuotaEditDialog final : public QDialog {
    Q_OBJECT
public:
    /// The patch goes through `writes`, which outlives the dialog: closing it while the patch is
    /// in flight loses nothing (the window still reports the outcome).
    QuotaEditDialog(models::ClusterConnection *cluster, models::ResourceQuotaPtr quota,
                    models::QuotaWriteController *writes, QWidget *parent = nullptr);

    /// The edits as they stand: resource → new hard value, nullopt to remove; empty when
    /// nothing changed or a value is invalid (then error() says why).
    std::map<std::string, std::optional<std::string>> changes() const;
    QString error() const { return m_error; }
    QTableWidget *table() const { return m_table; }
    /// Sends the patch (the Apply button); resultText() shows the outcome when it arrives.
    void apply();
    QString resultText() const;

private:
    void revalidate();

    models::ClusterConnection *m_cluster;
    models::ResourceQuotaPtr m_quota;
    models::QuotaWriteController *m_writes;
    quint64 m_request = 0; ///< the patch in flight, 0 when none
    QTableWidget *m_table;
    QPlainTextEdit *m_preview;
    QLabel *m_result;
    QDialogButtonBox *m_buttons;
    QString m_error;
    std::map<std::string, std::string> m_original; ///< resource → hard as a quantity text
};

} // namespace cubedesk::ui
