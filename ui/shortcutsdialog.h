#pragma once
// ShortcutsDialog (F1): every keyboard shortcut of a main window — its menus', its panes' row
// actions and shortcuts, the terminal's own keys — in a table to filter: keys, what they do,
// where they work. collect() gathers them from the live window, so the list cannot drift from
// what the keys do.
//
// Threads: GUI thread only.

#include <QDialog>
#include <QKeySequence>
#include <QList>

class QLineEdit;
class QMenuBar;
class QTabWidget;
class QTableWidget;

namespace cubedesk::ui {

class ShortcutsDialog final : public QDialog {
    Q_OBJECT
public:
    struct Entry {
        QKeySequence keys;
        QString text;  ///< what the keys do
        QString where; ///< the menu, the pane, or "Terminal"
    };

    explicit ShortcutsDialog(const QList<Entry> &entries, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QLineEdit *filter() const { return m_filter; }

    /// The shortcuts of `window`: its menu bar's actions (where: the menu), its other actions
    /// and QShortcuts (where: the tab of `panes` that holds them, else the window), and the
    /// terminal's keys, which it handles itself.
    static QList<Entry> collect(const QWidget *window, const QMenuBar *menus,
                                const QTabWidget *panes);

private:
    void applyFilter(const QString &text);

    QLineEdit *m_filter;
    QTableWidget *m_table;
};

} // namespace cubedesk::ui
