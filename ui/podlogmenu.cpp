#include "ui/podlogmenu.h"

#include <QAction>
#include <QCoreApplication>
#include <QMenu>
#include <QTableWidget>

namespace cubedesk::ui {

void PodLogMenu::attach(QTableWidget *table, int podColumn, std::function<QString(int)> namespaceOf,
                        std::function<void(const QString &, const QString &)> open) {
    auto request = [table, podColumn, namespaceOf, open](int row) {
        const auto *item = table->item(row, podColumn);
        if (row < 0 || item == nullptr || item->text().isEmpty())
            return;
        open(namespaceOf(row), item->text());
    };
    auto *action =
        new QAction(QCoreApplication::translate("cubedesk::ui::PodLogMenu", "Show logs"), table);
    action->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
    action->setShortcutContext(Qt::WidgetShortcut);
    table->addAction(action);
    QObject::connect(action, &QAction::triggered, table,
                     [table, request] { request(table->currentRow()); });
    table->setContextMenuPolicy(Qt::CustomContextMenu);
    QObject::connect(table, &QWidget::customContextMenuRequested, table,
                     [table, action](const QPoint &at) {
                         const int row = table->rowAt(at.y());
                         if (row < 0)
                             return;
                         table->setCurrentCell(row, 0);
                         QMenu menu(table);
                         menu.addAction(action); // triggered() opens the log
                         menu.exec(table->viewport()->mapToGlobal(at));
                     });
}

} // namespace cubedesk::ui
