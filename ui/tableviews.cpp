#include "ui/tableviews.h"

#include "ui/preferences.h"

#include <QHeaderView>
#include <QTableView>

namespace cubedesk::ui {

namespace {
// The comfortable row height a table was given, kept on the view for applyDensity().
constexpr const char *kComfortableRow = "cubedeskComfortableRow";
} // namespace

void TableViews::configure(QTableView *view, const QString &objectName,
                           std::initializer_list<int> widths, int rowHeight) {
    view->setObjectName(objectName);
    view->setSortingEnabled(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->hide();
    setRowHeight(view, rowHeight);
    view->horizontalHeader()->setStretchLastSection(true);
    view->horizontalHeader()->setSectionsMovable(true);
    int column = 0;
    for (int width : widths)
        view->setColumnWidth(column++, width);
}

void TableViews::setRowHeight(QTableView *view, int comfortable) {
    view->setProperty(kComfortableRow, comfortable);
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->verticalHeader()->setMinimumSectionSize(1);
    view->verticalHeader()->setDefaultSectionSize(comfortable);
}

void TableViews::applyDensity(QWidget *root, const Preferences &preferences) {
    for (QTableView *view : root->findChildren<QTableView *>()) {
        const int comfortable = view->property(kComfortableRow).toInt();
        if (comfortable > 0)
            view->verticalHeader()->setDefaultSectionSize(preferences.rowHeight(comfortable));
    }
}

} // namespace cubedesk::ui
