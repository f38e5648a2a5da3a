#include "ui/commandpalette.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QListWidget>
#include <QVBoxLayout>

namespace cubedesk::ui {

namespace {
constexpr int kMaxShown = 200;
} // namespace

CommandPalette::CommandPalette(QList<Entry> entries, QWidget *parent)
    : QDialog(parent)
    , m_entries(std::move(entries))
    , m_input(new QLineEdit(this))
    , m_list(new QListWidget(this)) {
    setObjectName(QStringLiteral("commandPalette"));
    setWindowTitle(tr("Go to…"));
    resize(560, 420);
    m_input->setPlaceholderText(tr("Jump to a node, resource group or pane…"));
    m_list->setUniformItemSizes(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_input);
    layout->addWidget(m_list, 1);
    connect(m_input, &QLineEdit::textChanged, this, &CommandPalette::filter);
    connect(m_input, &QLineEdit::returnPressed, this, &CommandPalette::choose);
    connect(m_list, &QListWidget::itemActivated, this, &CommandPalette::choose);
    m_input->installEventFilter(this);
    filter({});
}

void CommandPalette::filter(const QString &text) {
    const QStringList words = text.toLower().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    m_list->clear();
    for (int i = 0; i < m_entries.size() && m_list->count() < kMaxShown; ++i) {
        const QString hay = m_entries[i].text.toLower();
        if (std::all_of(words.begin(), words.end(),
                        [&](const QString &w) { return hay.contains(w); })) {
            auto *item = new QListWidgetItem(m_entries[i].text, m_list);
            item->setData(Qt::UserRole, i);
        }
    }
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
}

bool CommandPalette::eventFilter(QObject *watched, QEvent *event) {
    // Up/Down in the input move through the list, as in every palette.
    if (watched == m_input && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Down || key == Qt::Key_Up) {
            const int row = m_list->currentRow() + (key == Qt::Key_Down ? 1 : -1);
            if (row >= 0 && row < m_list->count())
                m_list->setCurrentRow(row);
            return true;
        }
    }
    return QDialog::eventFilter(watched, event);
}

void CommandPalette::choose() {
    auto *item = m_list->currentItem();
    if (!item)
        return;
    const Entry entry = m_entries[item->data(Qt::UserRole).toInt()];
    accept();
    Q_EMIT chosen(entry);
}

} // namespace cubedesk::ui
