#include "ui/logsdock.h"

#include "models/clusterconnection.h"
#include "ui/logpanel.h"

#include <QTabWidget>

namespace cubedesk::ui {

LogsDock::LogsDock(QWidget *parent)
    : TabbedDock(tr("Logs"), QStringLiteral("logsDock"), QStringLiteral("logTabs"), parent) {}

LogPanel *LogsDock::showExisting(const QString &title) {
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto *panel = qobject_cast<LogPanel *>(m_tabs->widget(i));
        if (panel != nullptr && panel->title() == title) {
            m_tabs->setCurrentIndex(i);
            show();
            raise();
            return panel;
        }
    }
    return nullptr;
}

LogPanel *LogsDock::addPanel(LogPanel *panel) {
    const int index = m_tabs->addTab(panel, panel->shortTitle());
    m_tabs->setTabToolTip(index, panel->title());
    m_tabs->setCurrentIndex(index);
    show();
    raise();
    return panel;
}

LogPanel *LogsDock::openPod(models::ClusterConnection *connection, const QString &ns,
                            const QString &pod) {
    if (connection != nullptr)
        if (LogPanel *open =
                showExisting(connection->name() + QLatin1Char('/') + ns + QLatin1Char('/') + pod))
            return open;
    return addPanel(new LogPanel(connection, ns, pod, m_tabs));
}

LogPanel *LogsDock::openJob(models::ClusterConnection *connection, const QString &ns,
                            const QString &kind, const QString &name) {
    if (connection != nullptr)
        if (LogPanel *open = showExisting(connection->name() + QLatin1Char('/') + ns +
                                          QLatin1Char('/') + kind + QLatin1Char('/') + name))
            return open;
    return addPanel(LogPanel::forJob(connection, ns, kind, name, m_tabs));
}

} // namespace cubedesk::ui
