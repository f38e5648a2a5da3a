#include "ui/logsdock.h"

#include "models/clusterconnection.h"
#include "ui/logpanel.h"

#include <QTabWidget>

namespace cubedesk::ui {

LogsDock::LogsDock(QWidget *parent)
    : QDockWidget(tr("Logs"), parent)
    , m_tabs(new QTabWidget(this)) {
    setObjectName(QStringLiteral("logsDock"));
    m_tabs->setObjectName(QStringLiteral("logTabs"));
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    setWidget(m_tabs);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, [this](int index) {
        QWidget *panel = m_tabs->widget(index);
        m_tabs->removeTab(index);
        delete panel; // its feed stops its stream
        if (m_tabs->count() == 0)
            hide();
    });
}

LogPanel *LogsDock::openPod(models::ClusterConnection *connection, const QString &ns,
                            const QString &pod) {
    for (int i = 0; i < m_tabs->count(); ++i) {
        auto *panel = qobject_cast<LogPanel *>(m_tabs->widget(i));
        if (panel != nullptr && connection != nullptr &&
            panel->title() == connection->name() + QLatin1Char('/') + ns + QLatin1Char('/') + pod) {
            m_tabs->setCurrentIndex(i);
            show();
            raise();
            return panel;
        }
    }
    auto *panel = new LogPanel(connection, ns, pod, m_tabs);
    const int index = m_tabs->addTab(panel, pod);
    m_tabs->setTabToolTip(index, panel->title());
    m_tabs->setCurrentIndex(index);
    show();
    raise();
    return panel;
}

} // namespace cubedesk::ui
