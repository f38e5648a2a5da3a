#include "ui/shortcutsdialog.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QShortcut>
#include <QTableWidget>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace cubedesk::ui {

namespace {

QString plain(QString text) {
    return text.remove(QLatin1Char('&')).remove(QStringLiteral("…")).trimmed();
}

// The pane tab or the dock holding `widget`, else `fallback`.
QString placeOf(const QWidget *widget, const QTabWidget *panes, const QString &fallback) {
    if (panes && widget)
        for (int i = 0; i < panes->count(); ++i)
            if (panes->widget(i) == widget || panes->widget(i)->isAncestorOf(widget))
                return plain(panes->tabText(i));
    for (const QWidget *w = widget; w; w = w->parentWidget())
        if (const auto *dock = qobject_cast<const QDockWidget *>(w))
            return plain(dock->windowTitle());
    return fallback;
}

} // namespace

ShortcutsDialog::ShortcutsDialog(const QList<Entry> &entries, QWidget *parent)
    : QDialog(parent)
    , m_filter(new QLineEdit(this))
    , m_table(new QTableWidget(static_cast<int>(entries.size()), 3, this)) {
    setObjectName(QStringLiteral("shortcutsDialog"));
    setWindowTitle(tr("Keyboard shortcuts"));
    m_filter->setObjectName(QStringLiteral("shortcutsFilter"));
    m_filter->setPlaceholderText(tr("Filter: keys, action or pane"));
    m_filter->setAccessibleName(tr("Filter shortcuts"));
    m_filter->setClearButtonEnabled(true);
    m_table->setObjectName(QStringLiteral("shortcutsTable"));
    m_table->setAccessibleName(tr("Keyboard shortcuts"));
    m_table->setHorizontalHeaderLabels({tr("Keys"), tr("Action"), tr("Where")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->horizontalHeader()->setStretchLastSection(true);
    for (int row = 0; row < entries.size(); ++row) {
        const Entry &e = entries[row];
        m_table->setItem(row, 0, new QTableWidgetItem(e.keys.toString(QKeySequence::NativeText)));
        m_table->setItem(row, 1, new QTableWidgetItem(e.text));
        m_table->setItem(row, 2, new QTableWidgetItem(e.where));
    }
    m_table->resizeColumnsToContents();
    connect(m_filter, &QLineEdit::textChanged, this, &ShortcutsDialog::applyFilter);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_filter);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(640, 520);
}

void ShortcutsDialog::applyFilter(const QString &text) {
    const QStringList words = text.split(QLatin1Char(' '), Qt::SkipEmptyParts);
    for (int row = 0; row < m_table->rowCount(); ++row) {
        QString hay;
        for (int c = 0; c < 3; ++c)
            hay += m_table->item(row, c)->text() + QLatin1Char(' ');
        const bool match = std::all_of(words.begin(), words.end(), [&](const QString &w) {
            return hay.contains(w, Qt::CaseInsensitive);
        });
        m_table->setRowHidden(row, !match);
    }
}

QList<ShortcutsDialog::Entry> ShortcutsDialog::collect(const QWidget *window, const QMenuBar *menus,
                                                       const QTabWidget *panes) {
    QList<Entry> out;
    QList<const QAction *> seen;
    if (menus)
        for (const QAction *top : menus->actions())
            if (const QMenu *menu = top->menu())
                for (const QAction *a : menu->actions()) {
                    seen << a;
                    if (!a->shortcut().isEmpty())
                        out.append({a->shortcut(), plain(a->text()), plain(menu->title())});
                }
    for (const QAction *a : window->findChildren<QAction *>()) {
        if (a->shortcut().isEmpty() || seen.contains(a))
            continue;
        seen << a;
        out.append({a->shortcut(), plain(a->text()),
                    placeOf(qobject_cast<const QWidget *>(a->parent()), panes, tr("Window"))});
    }
    for (const QShortcut *s : window->findChildren<QShortcut *>())
        if (!s->key().isEmpty() && !s->whatsThis().isEmpty())
            out.append({s->key(), s->whatsThis(),
                        placeOf(qobject_cast<const QWidget *>(s->parent()), panes, tr("Window"))});
    // The terminal reads these keys itself (everything else goes to the program).
    const QString terminal = tr("Terminal");
    out.append(
        {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), tr("Copy the selection"), terminal});
    out.append({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_V), tr("Paste"), terminal});
    out.append({QKeySequence(Qt::SHIFT | Qt::Key_PageUp), tr("Scroll back a page"), terminal});
    out.append({QKeySequence(Qt::SHIFT | Qt::Key_PageDown), tr("Scroll forward a page"), terminal});
    return out;
}

} // namespace cubedesk::ui
