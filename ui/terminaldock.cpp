#include "ui/terminaldock.h"

#include "models/terminalsession.h"
#include "ui/terminalpanel.h"
#include "widgets/terminalview.h"

#include <QMessageBox>
#include <QTabWidget>

namespace cubedesk::ui {

TerminalDock::TerminalDock(QWidget *parent)
    : TabbedDock(tr("Terminals"), QStringLiteral("terminalDock"), QStringLiteral("terminalTabs"),
                 parent) {}

TerminalPanel *TerminalDock::openPod(models::ClusterConnection *connection, const QString &ns,
                                     const QString &pod, const QString &container) {
    auto *panel = new TerminalPanel(connection, ns, pod, container, m_tabs);
    const int index = m_tabs->addTab(panel, panel->shortTitle());
    m_tabs->setTabToolTip(index, panel->title());
    connect(panel, &TerminalPanel::titleChanged, this, [this, panel] {
        const int at = m_tabs->indexOf(panel);
        if (at < 0)
            return;
        m_tabs->setTabToolTip(at, panel->title());
        const auto *session = panel->session();
        const bool ended =
            session != nullptr && session->state() == models::TerminalSession::State::Ended;
        m_tabs->setTabText(at,
                           ended ? tr("%1 (ended)").arg(panel->shortTitle()) : panel->shortTitle());
    });
    m_tabs->setCurrentIndex(index);
    show();
    raise();
    panel->view()->setFocus();
    return panel;
}

bool TerminalDock::mayClose(QWidget *tab) {
    auto *panel = qobject_cast<TerminalPanel *>(tab);
    const auto *session = panel ? panel->session() : nullptr;
    if (!m_confirmClose || !session || session->state() != models::TerminalSession::State::Open)
        return true;
    QMessageBox box(QMessageBox::Question, tr("Close terminal"),
                    tr("%1 is still running. Close the terminal and end it?").arg(panel->title()),
                    QMessageBox::Close | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("confirmCloseTerminal"));
    box.setDefaultButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Close;
}

} // namespace cubedesk::ui
