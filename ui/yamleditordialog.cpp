#include "ui/yamleditordialog.h"

#include "models/objecteditsession.h"
#include "widgets/diffview.h"
#include "widgets/yamlhighlighter.h"

#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

namespace cubedesk::ui {

namespace {

QPlainTextEdit *readOnlyText(QWidget *parent, const QString &name) {
    auto *text = new QPlainTextEdit(parent);
    text->setReadOnly(true);
    text->setLineWrapMode(QPlainTextEdit::NoWrap);
    text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    text->setObjectName(name);
    return text;
}

} // namespace

YamlEditorDialog::YamlEditorDialog(models::ObjectEditSession *session, QWidget *parent)
    : QDialog(parent)
    , m_session(session)
    , m_title(new QLabel(this))
    , m_editor(new QPlainTextEdit(this))
    , m_parse(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_changes(new widgets::DiffView(this))
    , m_dryRunDiff(new widgets::DiffView(this))
    , m_conflict(new QWidget(this))
    , m_rebase(new QPushButton(tr("Rebase my edit on theirs"), this))
    , m_restart(new QPushButton(tr("Start again from theirs"), this))
    , m_dryRun(new QPushButton(tr("Dry run"), this))
    , m_apply(new QPushButton(tr("Apply"), this))
    , m_status(new QLabel(this))
    , m_parseDelay(new QTimer(this)) {
    session->setParent(this);
    setObjectName(QStringLiteral("yamlEditorDialog"));
    const bool create = session->mode() == models::ObjectEditSession::Mode::Create;
    setWindowTitle(create ? tr("Create from YAML on %1").arg(session->clusterName())
                          : tr("Edit %1 on %2").arg(session->subject(), session->clusterName()));
    resize(1300, 820);

    m_title->setText(create ? tr("New objects on <b>%1</b> — one or more YAML documents, "
                                 "separated by <code>---</code>")
                                  .arg(session->clusterName().toHtmlEscaped())
                            : tr("<b>%1</b> on <b>%2</b>")
                                  .arg(session->subject().toHtmlEscaped(),
                                       session->clusterName().toHtmlEscaped()));
    m_editor->setObjectName(QStringLiteral("yamlEditor"));
    m_editor->setAccessibleName(tr("YAML"));
    m_editor->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_editor->setTabChangesFocus(false);
    m_editor->setReadOnly(true);
    m_editor->setPlaceholderText(tr("Reading…"));
    m_highlighter = new widgets::YamlHighlighter(m_editor->document(),
                                                 palette().color(QPalette::Base).lightness() < 128);
    m_parse->setObjectName(QStringLiteral("yamlParseStatus"));
    m_parse->setWordWrap(true);

    m_changes->setObjectName(QStringLiteral("yamlChanges"));
    m_changes->setEmptyText(tr("No changes yet."));
    m_dryRunDiff->setObjectName(QStringLiteral("yamlDryRun"));
    m_dryRunDiff->setEmptyText(create ? tr("Run a dry run: the server validates the objects and "
                                           "shows them as it would store them.")
                                      : tr("Run a dry run: the server applies your edit without "
                                           "storing it, and what would change — defaults and "
                                           "admission changes included — shows here."));
    m_dryRunDiff->setDiff({});
    m_base = readOnlyText(m_conflict, QStringLiteral("conflictBase"));
    m_theirs = readOnlyText(m_conflict, QStringLiteral("conflictTheirs"));
    m_mine = readOnlyText(m_conflict, QStringLiteral("conflictMine"));
    auto *conflictLayout = new QVBoxLayout(m_conflict);
    auto *explain = new QLabel(tr("The object changed on the cluster after you opened it. "
                                  "Nothing was overwritten. Rebase applies your changes to the "
                                  "server's version; overlapping changes must be made by hand."),
                               m_conflict);
    explain->setWordWrap(true);
    conflictLayout->addWidget(explain);
    auto *three = new QSplitter(Qt::Horizontal, m_conflict);
    const auto column = [&](const QString &title, QPlainTextEdit *text) {
        auto *box = new QWidget(three);
        auto *l = new QVBoxLayout(box);
        l->setContentsMargins(0, 0, 0, 0);
        l->addWidget(new QLabel(title, box));
        l->addWidget(text);
        three->addWidget(box);
    };
    column(tr("You started from"), m_base);
    column(tr("The server has now"), m_theirs);
    column(tr("Yours"), m_mine);
    conflictLayout->addWidget(three, 1);
    m_rebase->setObjectName(QStringLiteral("rebaseButton"));
    m_restart->setObjectName(QStringLiteral("restartButton"));
    m_restart->setToolTip(tr("Drop your edit and edit the server's version (yours stays in the "
                             "right column to copy from)"));
    auto *conflictButtons = new QHBoxLayout;
    conflictButtons->addStretch(1);
    conflictButtons->addWidget(m_restart);
    conflictButtons->addWidget(m_rebase);
    conflictLayout->addLayout(conflictButtons);

    m_tabs->setObjectName(QStringLiteral("yamlEditorTabs"));
    m_tabs->addTab(m_changes, tr("Your changes"));
    m_tabs->addTab(m_dryRunDiff, tr("Dry run"));
    m_tabs->addTab(m_conflict, tr("Conflict"));
    m_tabs->setTabEnabled(2, false);
    if (create)
        m_tabs->setTabEnabled(0, false);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_editor, 1);
    leftLayout->addWidget(m_parse);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(m_tabs);
    split->setSizes({650, 650});

    m_dryRun->setObjectName(QStringLiteral("dryRunButton"));
    m_dryRun->setToolTip(tr("Send the edit with dryRun=All: validated and admitted by the "
                            "server, not stored"));
    m_apply->setObjectName(QStringLiteral("applyButton"));
    m_apply->setToolTip(create ? tr("Create the objects, in order")
                               : tr("Replace the object, if nobody changed it since you "
                                    "opened it (its resourceVersion)"));
    if (create)
        m_apply->setText(tr("Create"));
    m_status->setObjectName(QStringLiteral("yamlEditorStatus"));
    m_status->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_dryRun, QDialogButtonBox::ActionRole);
    buttons->addButton(m_apply, QDialogButtonBox::ApplyRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_title);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    m_parseDelay->setSingleShot(true);
    m_parseDelay->setInterval(250);
    connect(m_parseDelay, &QTimer::timeout, this, &YamlEditorDialog::reparse);
    connect(m_editor, &QPlainTextEdit::textChanged, this, &YamlEditorDialog::textEdited);
    connect(m_dryRun, &QPushButton::clicked, this, [this] {
        reparse();
        setStatus(tr("Dry run…"), false);
        m_session->dryRun();
        updateButtons();
    });
    connect(m_apply, &QPushButton::clicked, this, [this] {
        setStatus(tr("Applying…"), false);
        m_session->apply();
        updateButtons();
    });
    connect(m_rebase, &QPushButton::clicked, this, [this] {
        if (!m_session->rebase()) {
            setStatus(tr("Your changes and theirs touch the same lines: edit the text by hand "
                         "(theirs is in the middle column), then dry-run again."),
                      true);
            return;
        }
        m_loading = true;
        m_editor->setPlainText(m_session->text());
        m_loading = false;
        m_tabs->setTabEnabled(2, false);
        m_tabs->setCurrentIndex(0);
        m_changes->setDiff(m_session->diffToBase());
        setStatus(tr("Rebased on the server's version: dry-run it again before applying."), false);
        updateButtons();
    });

    connect(m_restart, &QPushButton::clicked, this, [this] {
        m_session->restartFromTheirs();
        m_loading = true;
        m_editor->setPlainText(m_session->text());
        m_loading = false;
        m_changes->setDiff(m_session->diffToBase());
        setStatus(tr("Editing the server's version; your edit is in the Conflict tab."), false);
        updateButtons();
    });
    connect(session, &models::ObjectEditSession::loaded, this, [this] {
        m_loading = true;
        m_editor->setPlainText(m_session->text());
        m_editor->setReadOnly(false);
        m_loading = false;
        reparse();
        setStatus({}, false);
    });
    connect(session, &models::ObjectEditSession::failed, this,
            [this](const QString &message) { setStatus(message, true); });
    connect(session, &models::ObjectEditSession::dryRunFinished, this,
            [this](bool ok, const QString &message) {
                setStatus(message, !ok);
                if (ok) {
                    m_dryRunDiff->setDiff(m_session->dryRunDiff());
                    m_tabs->setCurrentWidget(m_dryRunDiff);
                }
                updateButtons();
            });
    connect(session, &models::ObjectEditSession::applyFinished, this,
            [this](bool ok, const QString &message) {
                setStatus(message, !ok);
                if (ok && m_session->mode() == models::ObjectEditSession::Mode::Edit) {
                    m_loading = true;
                    m_editor->setPlainText(m_session->text());
                    m_loading = false;
                    reparse();
                }
                updateButtons();
            });
    connect(session, &models::ObjectEditSession::conflicted, this, &YamlEditorDialog::showConflict);
    updateButtons();
    session->load();
}

QString YamlEditorDialog::statusText() const {
    return m_status->text();
}

void YamlEditorDialog::setStatus(const QString &text, bool error) {
    m_status->setText(text);
    m_status->setStyleSheet(error ? QStringLiteral("color: #c62828;") : QString());
}

void YamlEditorDialog::textEdited() {
    if (m_loading)
        return;
    m_parseDelay->start();
    m_apply->setEnabled(false); // the text is no longer what was dry-run
}

void YamlEditorDialog::reparse() {
    m_parseDelay->stop();
    if (m_session->text() != m_editor->toPlainText())
        m_session->setText(m_editor->toPlainText());
    const auto &error = m_session->parseError();
    m_highlighter->setErrorLine(error ? error->line : 0);
    if (error) {
        m_parse->setText(error->line > 0
                             ? (error->column > 0
                                    ? tr("Line %1, column %2: %3")
                                          .arg(error->line)
                                          .arg(error->column)
                                          .arg(error->message)
                                    : tr("Line %1: %2").arg(error->line).arg(error->message))
                             : error->message);
        m_parse->setStyleSheet(QStringLiteral("color: #c62828;"));
    } else {
        m_parse->setText(
            tr("Valid YAML: %n object(s)", nullptr, int(m_session->documents().size())));
        m_parse->setStyleSheet(QString());
    }
    if (m_session->mode() == models::ObjectEditSession::Mode::Edit)
        m_changes->setDiff(m_session->diffToBase());
    updateButtons();
}

void YamlEditorDialog::showConflict(const QString &message) {
    setStatus(message, true);
    m_base->setPlainText(m_session->baseText());
    m_theirs->setPlainText(m_session->theirsText());
    m_mine->setPlainText(m_session->text());
    m_tabs->setTabEnabled(2, true);
    m_tabs->setCurrentWidget(m_conflict);
    updateButtons();
}

void YamlEditorDialog::updateButtons() {
    using Stage = models::ObjectEditSession::Stage;
    const Stage stage = m_session->stage();
    const bool busy =
        stage == Stage::Loading || stage == Stage::DryRunning || stage == Stage::Applying;
    m_dryRun->setEnabled(!busy && stage != Stage::Failed && stage != Stage::Conflict &&
                         !m_session->parseError());
    m_apply->setEnabled(!busy && m_session->canApply() &&
                        m_editor->toPlainText() == m_session->text());
    m_rebase->setEnabled(stage == Stage::Conflict);
    m_restart->setEnabled(stage == Stage::Conflict);
}

} // namespace cubedesk::ui
