#include "ui/tableviews.h"

#include <QHeaderView>
#include <QTableView>

namespace cubedesk::ui {

void TableViews::configure(QTableView *view, const QString &objectName,
                           std::initializer_list<int> widths, int rowHeight) {
    view->setObjectName(objectName);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setDefaultSectionSize(rowHeight);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setSectionsMovable(true);
    int column = 0;
    for (int width : widths)
        view->setColumnWidth(column++, width);
}

} // namespace cubedesk::ui
