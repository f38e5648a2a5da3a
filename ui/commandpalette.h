#pragma once
// CommandPalette (Ctrl+K): type to jump to any pane, node, job or resource group of any cluster,
// or to run any menu command. Entries are gathered when it opens; matching is case-insensitive
// on every word typed.
//
// Threads: GUI thread only.

#include <QAction>
#include <QDialog>
#include <QPointer>

class QLineEdit;
class QListWidget;

namespace cubedesk::ui {

class CommandPalette final : public QDialog {
    Q_OBJECT
public:
    enum class Kind { Pane, Node, Org, Job, Action };
    struct Entry {
        Kind kind;
        QString text;                       ///< what the list shows
        QString cluster;                    ///< Node, Org, Job
        QString name;                       ///< pane object name, node, org or job name
        QPointer<QAction> action = nullptr; ///< Action: the menu command to trigger
    };

    explicit CommandPalette(QList<Entry> entries, QWidget *parent = nullptr);
    QLineEdit *input() const { return m_input; }
    QListWidget *list() const { return m_list; }

Q_SIGNALS:
    void chosen(const cubedesk::ui::CommandPalette::Entry &entry);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void filter(const QString &text);
    void choose();

    QList<Entry> m_entries;
    QLineEdit *m_input;
    QListWidget *m_list;
};

} // namespace cubedesk::ui
