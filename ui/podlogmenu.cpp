#include "ui/podlogmenu.h"

#include <QAbstractItemView>
#include <QAction>
#include <QCoreApplication>
#include <QMenu>

namespace cubedesk::ui {

void PodLogMenu::attach(QAbstractItemView *view,
                        std::function<Target(const QModelIndex &)> targetOf,
                        std::function<void(const Target &)> open) {
    auto request = [targetOf, open](const QModelIndex &index) {
        if (!index.isValid())
            return;
        const Target t = targetOf(index);
        if (t.cluster != nullptr && !t.pod.isEmpty())
            open(t);
    };
    auto *action =
        new QAction(QCoreApplication::translate("cubedesk::ui::PodLogMenu", "Show logs"), view);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    action->setShortcutContext(Qt::WidgetShortcut);
    view->addAction(action);
    QObject::connect(action, &QAction::triggered, view,
                     [view, request] { request(view->currentIndex()); });
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(view, &QWidget::customContextMenuRequested, view,
                     [view, action](const QPoint &at) {
                         const QModelIndex index = view->indexAt(at);
                         if (!index.isValid())
                             return;
                         view->setCurrentIndex(index);
                         QMenu menu(view);
                         menu.addAction(action); // triggered() opens the log
                         menu.exec(view->viewport()->mapToGlobal(at));
                     });
}

} // namespace cubedesk::ui
