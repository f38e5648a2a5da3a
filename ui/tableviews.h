#pragma once
// TableViews: the look every big CubeDesk table shares (Nodes, Jobs, Quotas, ...): whole-row
// selection, alternating rows, no word wrap, no row header, fixed row height (the view never
// measures rows), a stretching last column, movable columns and the initial column widths.
// Sorting stays on (our SortFilterIndex does it). Row heights follow the table density and font
// of the Preferences (applyDensity). GUI thread.

#include <QString>

#include <initializer_list>

class QTableView;
class QWidget;

namespace cubedesk::ui {

class Preferences;

class TableViews final {
public:
    static void configure(QTableView *view, const QString &objectName,
                          std::initializer_list<int> widths, int rowHeight = 26);
    /// Fixed rows of `comfortable` px at the comfortable density and a 16 px font; the actual
    /// height follows the preferences (applyDensity).
    static void setRowHeight(QTableView *view, int comfortable);
    /// Sets the row height of every table under `root` set up by configure() or setRowHeight()
    /// for the density and font of `preferences`.
    static void applyDensity(QWidget *root, const Preferences &preferences);
};

} // namespace cubedesk::ui
