#pragma once
// YamlEditorDialog: the YAML editor of the resource browser over one models::ObjectEditSession —
// edit an object (or write new ones: Create mode) with highlighting (widgets::YamlHighlighter)
// and the parser's first error with its line, shown as you type; the tabs beside show the edit
// against the object as it was read ("Your changes"), the server's dry-run result against the
// live object ("Dry run"), and after a 409 Conflict the three versions — what you started from,
// what the server has now, yours — with "Rebase my edit" ("Conflict"). Apply is enabled only
// once a dry run of exactly the current text passed; it is the explicit user action, audited by
// the window's ObjectActionController. Not modal: the admin goes on working beside it.
//
// Threads: GUI thread only. Owns the session and its widgets; does not own the cluster.

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QPushButton;
class QTabWidget;
class QTimer;

namespace cubedesk::models {
class ObjectEditSession;
}

namespace cubedesk::widgets {
class DiffView;
class YamlHighlighter;
} // namespace cubedesk::widgets

namespace cubedesk::ui {

class YamlEditorDialog final : public QDialog {
    Q_OBJECT
public:
    /// Takes `session` (reparented to the dialog) and starts loading it.
    explicit YamlEditorDialog(models::ObjectEditSession *session, QWidget *parent = nullptr);

    models::ObjectEditSession *session() const { return m_session; }
    QPlainTextEdit *editor() const { return m_editor; }
    QTabWidget *tabs() const { return m_tabs; }
    QPushButton *dryRunButton() const { return m_dryRun; }
    QPushButton *applyButton() const { return m_apply; }
    QPushButton *rebaseButton() const { return m_rebase; }
    QString statusText() const;

private:
    void textEdited();
    void reparse();
    void updateButtons();
    void showConflict(const QString &message);
    void setStatus(const QString &text, bool error);

    models::ObjectEditSession *m_session;
    QLabel *m_title;
    QPlainTextEdit *m_editor;
    widgets::YamlHighlighter *m_highlighter;
    QLabel *m_parse;
    QTabWidget *m_tabs;
    widgets::DiffView *m_changes;
    widgets::DiffView *m_dryRunDiff;
    QWidget *m_conflict;
    QPlainTextEdit *m_base;
    QPlainTextEdit *m_theirs;
    QPlainTextEdit *m_mine;
    QPushButton *m_rebase;
    QPushButton *m_restart;
    QPushButton *m_dryRun;
    QPushButton *m_apply;
    QLabel *m_status;
    QTimer *m_parseDelay; ///< parses once typing pauses
    bool m_loading = true;
};

} // namespace cubedesk::ui
