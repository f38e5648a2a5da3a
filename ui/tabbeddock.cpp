#include "ui/tabbeddock.h"

#include <QTabWidget>

namespace cubedesk::ui {

TabbedDock::TabbedDock(const QString &title, const QString &dockName, const QString &tabsName,
                       QWidget *parent)
    : QDockWidget(title, parent)
    , m_tabs(new QTabWidget(this)) {
    setObjectName(dockName);
    m_tabs->setObjectName(tabsName);
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    setWidget(m_tabs);
    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &TabbedDock::closeTab);
}

bool TabbedDock::closeTab(int index) {
    QWidget *tab = m_tabs->widget(index);
    if (!tab || !mayClose(tab))
        return false;
    m_tabs->removeTab(index);
    delete tab; // a log's feed stops its stream; a terminal's session ends its exec
    if (m_tabs->count() == 0)
        hide();
    return true;
}

bool TabbedDock::mayClose(QWidget *) {
    return true;
}

} // namespace cubedesk::ui
