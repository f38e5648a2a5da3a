#pragma once
// TableViews: the look every big CubeDesk table shares (Nodes, Jobs, Quotas, ...): whole-row
// selection, alternating rows, no word wrap, no row header, fixed row height (the view never
// measures rows), a stretching last column, movable columns and the initial column widths.
// Sorting stays on (our SortFilterIndex does it). GUI thread.

#include <QString>

#include <initializer_list>

class QTableView;

namespace cubedesk::ui {

class TableViews final {
public:
    static void configure(QTableView *view, const QString &objectName,
                          std::initializer_list<int> widths, int rowHeight = 26);
};

} // namespace cubedesk::ui
