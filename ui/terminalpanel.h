#pragma once
// TerminalPanel: one terminal tab — a bar with the container, the command (sh, bash or one the
// user types; remembered), the session's state and Reconnect, over a TerminalView of the
// session's screen. The pod's containers are read first (ObjectReader); the default container
// is chosen as kubectl chooses it. A session that ends says why in the bar and in the screen,
// and Reconnect (or Enter in the ended terminal) starts it again — with the container and
// command now chosen.
// Threads: GUI thread only. Owns its TerminalSession.

#include <QPointer>
#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;

namespace cubedesk::models {
class ClusterConnection;
class TerminalSession;
} // namespace cubedesk::models

namespace cubedesk::widgets {
class TerminalView;
}

namespace cubedesk::ui {

class TerminalPanel final : public QWidget {
    Q_OBJECT
public:
    TerminalPanel(models::ClusterConnection *connection, QString ns, QString pod,
                  QString container = {}, QWidget *parent = nullptr);
    ~TerminalPanel() override;

    /// "cluster/namespace/pod".
    QString title() const;
    QString shortTitle() const { return m_pod; }
    models::TerminalSession *session() const { return m_session; }
    widgets::TerminalView *view() const { return m_view; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

Q_SIGNALS:
    /// The tab's text should change (the container became known, the session ended).
    void titleChanged();

private:
    void containersRead(const QStringList &containers, const QString &chosen, const QString &error);
    /// Starts a session with the container and command chosen now (a new one when they
    /// changed, else the same one again).
    void connectSession();
    void sessionStateChanged();
    void chooseFont();

    QPointer<models::ClusterConnection> m_connection;
    QString m_ns;
    QString m_pod;
    QString m_wantedContainer;
    QComboBox *m_container;
    QComboBox *m_command;
    QLabel *m_state;
    QPushButton *m_reconnect;
    widgets::TerminalView *m_view;
    models::TerminalSession *m_session = nullptr;
};

} // namespace cubedesk::ui
