#pragma once

// WelcomePage: what the window shows instead of its panes while no cluster is in scope — on a
// first run without a kubeconfig, or when every context is disconnected. Two sentences on what
// CubeDesk is, why nothing is shown, and the ways in: Add kubeconfig…, Use ~/.kube/config (when
// that file exists but is not loaded), Try the demo clusters (when the application offers
// them), and dropping a file on the window (MainWindow accepts the drop).
//
// It only asks: each button emits a signal that MainWindow acts on.
//
// Threads: GUI thread only. Owned by its parent (MainWindow's central stack).

#include <QString>
#include <QWidget>

class QLabel;
class QPushButton;

namespace cubedesk::ui {

class WelcomePage final : public QWidget {
    Q_OBJECT
public:
    explicit WelcomePage(QWidget *parent = nullptr);

    /// Why no pane is shown (for people), the home kubeconfig to offer (empty: none), and
    /// whether the demo clusters can be started.
    void setState(const QString &reason, const QString &homeKubeconfig, bool demoAvailable);
    QString homeKubeconfig() const { return m_homeKubeconfig; }

Q_SIGNALS:
    void addKubeconfigRequested();
    void useFileRequested(const QString &file);
    void demoRequested();

protected:
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void fitWrappedText();

    QWidget *m_column = nullptr;
    QLabel *m_about = nullptr;
    QLabel *m_reason;
    QPushButton *m_useHome;
    QPushButton *m_demo;
    QPushButton *m_add = nullptr;
    QString m_homeKubeconfig;
};

} // namespace cubedesk::ui
