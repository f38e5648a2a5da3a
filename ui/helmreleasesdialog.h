#pragma once
// HelmReleasesDialog: the Helm releases of the clusters in scope, read-only, as Helm shows them
// (models::HelmReleaseReader decodes each cluster's release Secrets): one table of releases —
// cluster, namespace, name, revision, updated, status, chart, app version, as `helm list -A`
// (with a namespace filter and the failed and pending releases Helm lists too) — and for the
// selected release its revision history (`helm history`), its values (user-supplied, or computed
// with the chart's defaults: `helm get values [--all]`), the manifest it rendered and its notes.
// Read on opening and on Refresh; nothing is watched. Clusters whose Secrets cannot be listed
// (RBAC) or whose records fail to decode say so below the table. Not modal.
//
// Threads: GUI thread only. Owns its widgets and the releases read; does not own the clusters.

#include "k8s/api/helmreleasehistory.h"

#include <QDialog>
#include <QList>
#include <QPointer>

#include <map>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QTabWidget;
class QTreeWidget;

namespace cubedesk::models {
class ClusterConnection;
}

namespace cubedesk::ui {

class HelmReleasesDialog final : public QDialog {
    Q_OBJECT
public:
    HelmReleasesDialog(const QList<models::ClusterConnection *> &clusters,
                       QWidget *parent = nullptr);

    void refresh();
    QTreeWidget *releases() const { return m_releases; }
    QTreeWidget *history() const { return m_history; }
    QPlainTextEdit *values() const { return m_values; }
    QPlainTextEdit *manifest() const { return m_manifest; }
    QCheckBox *computedValues() const { return m_computed; }
    QString statusText() const;
    /// Selects release `name` of `ns` on `cluster`; false when it is not listed.
    bool selectRelease(const QString &cluster, const QString &ns, const QString &name);

private:
    void fillReleases();
    void showSelected();

    QList<QPointer<models::ClusterConnection>> m_clusters;
    std::map<QString, k8s::HelmReleaseHistory> m_byCluster;
    QStringList m_problems;
    int m_pending = 0;
    QLineEdit *m_filter;
    QTreeWidget *m_releases;
    QTabWidget *m_tabs;
    QTreeWidget *m_history;
    QCheckBox *m_computed;
    QPlainTextEdit *m_values;
    QPlainTextEdit *m_manifest;
    QPlainTextEdit *m_notes;
    QLabel *m_status;
};

} // namespace cubedesk::ui
