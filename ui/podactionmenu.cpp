#include "ui/podactionmenu.h"

#include "ui/terminaldock.h"

#include <QAbstractItemView>
#include <QAction>
#include <QCoreApplication>
#include <QMenu>

namespace cubedesk::ui {

namespace {

QString text(const char *source) {
    return QCoreApplication::translate("cubedesk::ui::PodActionMenu", source);
}

/// An action on the view's current row, enabled for views that have one.
QAction *rowAction(QAbstractItemView *view, const QString &label, const QKeySequence &shortcut,
                   const std::function<void(const QModelIndex &)> &request) {
    auto *action = new QAction(label, view);
    action->setShortcut(shortcut);
    action->setShortcutContext(Qt::WidgetShortcut);
    view->addAction(action);
    QObject::connect(action, &QAction::triggered, view,
                     [view, request] { request(view->currentIndex()); });
    return action;
}

} // namespace

bool PodActionMenu::openTerminal(const QWidget *from, const Target &target) {
    auto *dock = from != nullptr ? from->window()->findChild<TerminalDock *>() : nullptr;
    if (dock == nullptr || target.cluster == nullptr || target.pod.isEmpty())
        return false;
    dock->openPod(target.cluster, target.ns, target.pod);
    return true;
}

void PodActionMenu::attach(QAbstractItemView *view,
                           std::function<Target(const QModelIndex &)> targetOf,
                           const std::function<void(const Target &)> &openLogs) {
    const auto forRow = [targetOf =
                             std::move(targetOf)](const std::function<void(const Target &)> &open) {
        return [targetOf, open](const QModelIndex &index) {
            if (!index.isValid())
                return;
            const Target t = targetOf(index);
            if (t.cluster != nullptr && !t.pod.isEmpty())
                open(t);
        };
    };
    QAction *logs =
        rowAction(view, text(QT_TRANSLATE_NOOP("cubedesk::ui::PodActionMenu", "Show logs")),
                  QKeySequence(Qt::CTRL | Qt::Key_L), forRow(openLogs));
    QAction *terminal =
        rowAction(view, text(QT_TRANSLATE_NOOP("cubedesk::ui::PodActionMenu", "Open terminal")),
                  QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_T),
                  forRow([view](const Target &t) { openTerminal(view, t); }));
    view->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(view, &QWidget::customContextMenuRequested, view,
                     [view, logs, terminal](const QPoint &at) {
                         const QModelIndex index = view->indexAt(at);
                         if (!index.isValid())
                             return;
                         view->setCurrentIndex(index);
                         QMenu menu(view);
                         menu.addAction(logs); // triggered() acts on the current row
                         menu.addAction(terminal);
                         menu.exec(view->viewport()->mapToGlobal(at));
                     });
}

} // namespace cubedesk::ui
