#pragma once
// PrometheusDialog: where each cluster's GPU metrics come from — one row per cluster: what the
// GPU metrics monitor found or why it found nothing, and a field for the user's choice: empty
// (look among the well-known installs), a service `namespace/name:port` (asked through the API
// server's service proxy with the kubeconfig's credentials; RBAC `get services/proxy`) or an
// http(s) URL (asked directly, without the cluster's credentials). Malformed entries are named
// and the dialog stays open. The choice is kept in the Preferences.
//
// Threads: GUI thread. Owns its widgets; reads the hub; writes the preferences on accept().

#include <QDialog>
#include <QHash>

class QLabel;
class QLineEdit;

namespace cubedesk::models {
class ClusterHub;
}

namespace cubedesk::ui {

class Preferences;

class PrometheusDialog final : public QDialog {
    Q_OBJECT
public:
    PrometheusDialog(models::ClusterHub *hub, Preferences *preferences, QWidget *parent = nullptr);

    /// The field of `cluster` (tests).
    QLineEdit *field(const QString &cluster) const { return m_fields.value(cluster); }
    QLabel *errorLabel() const { return m_error; }

    void accept() override;

private:
    models::ClusterHub *m_hub;
    Preferences *m_preferences;
    QHash<QString, QLineEdit *> m_fields;
    QLabel *m_error;
};

} // namespace cubedesk::ui
