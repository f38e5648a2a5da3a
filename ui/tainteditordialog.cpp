#include "ui/tainteditordialog.h"

#include "models/clusterconnection.h"
#include "models/nodewritecontroller.h"
#include "models/qtstring.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <map>

namespace cubedesk::ui {

using models::toQString;

TaintEditorDialog::TaintEditorDialog(const models::ClusterConnection *cluster,
                                     const QStringList &nodes, const QString &writeBlocked,
                                     QWidget *parent)
    : QDialog(parent)
    , m_nodes(models::NodeWriteController::currentTaints(cluster, nodes))
    , m_writeBlocked(writeBlocked)
    , m_current(new QTableWidget(0, 4, this))
    , m_key(new QLineEdit(this))
    , m_value(new QLineEdit(this))
    , m_effect(new QComboBox(this))
    , m_changes(new QListWidget(this))
    , m_errors(new QLabel(this))
    , m_diff(new QPlainTextEdit(this))
    , m_apply(new QPushButton(tr("Apply"), this)) {
    setObjectName(QStringLiteral("taintEditor"));
    setWindowTitle(tr("Taints of %n node(s) — %1", nullptr, static_cast<int>(nodes.size()))
                       .arg(cluster->name()));
    resize(820, 640);
    auto *layout = new QVBoxLayout(this);

    // The taints now, and how many of the nodes carry each.
    std::map<std::tuple<std::string, std::string, std::string>, int> count;
    for (const auto &n : m_nodes)
        for (const auto &t : n.taints)
            ++count[{t.key, t.value, t.effect}];
    m_current->setObjectName(QStringLiteral("currentTaints"));
    m_current->setHorizontalHeaderLabels({tr("Key"), tr("Value"), tr("Effect"), tr("On")});
    m_current->verticalHeader()->hide();
    m_current->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_current->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_current->horizontalHeader()->setStretchLastSection(true);
    m_current->setRowCount(static_cast<int>(count.size()));
    int row = 0;
    for (const auto &[taint, n] : count) {
        const auto &[key, value, effect] = taint;
        const QStringList cells{toQString(key), toQString(value), toQString(effect),
                                n == static_cast<int>(m_nodes.size())
                                    ? tr("all %n node(s)", nullptr, n)
                                    : tr("%1 of %2").arg(n).arg(m_nodes.size())};
        for (int c = 0; c < cells.size(); ++c)
            m_current->setItem(row, c, new QTableWidgetItem(cells[c]));
        ++row;
    }
    m_current->resizeColumnsToContents();
    m_current->setMaximumHeight(170);
    auto *currentBox = new QGroupBox(tr("Taints now"), this);
    auto *currentLayout = new QVBoxLayout(currentBox);
    currentLayout->addWidget(m_current);
    auto *remove = new QPushButton(tr("Remove selected"), currentBox);
    remove->setObjectName(QStringLiteral("removeTaint"));
    currentLayout->addWidget(remove, 0, Qt::AlignLeft);
    layout->addWidget(currentBox);
    connect(remove, &QPushButton::clicked, this, [this] {
        for (const auto &index : m_current->selectionModel()->selectedRows())
            addEdit({m_current->item(index.row(), 0)->text().toStdString(),
                     m_current->item(index.row(), 2)->text().toStdString(), std::nullopt});
    });

    auto *addBox = new QGroupBox(tr("Add or change a taint"), this);
    auto *form = new QHBoxLayout(addBox);
    m_key->setObjectName(QStringLiteral("taintKey"));
    m_key->setPlaceholderText(QStringLiteral("nvidia.com/gpu"));
    m_value->setObjectName(QStringLiteral("taintValue"));
    m_value->setPlaceholderText(tr("value (optional)"));
    m_effect->setObjectName(QStringLiteral("taintEffect"));
    for (const auto &e : k8s::TaintEditPlan::effects())
        m_effect->addItem(toQString(e));
    auto *add = new QPushButton(tr("Add"), addBox);
    add->setObjectName(QStringLiteral("addTaint"));
    form->addWidget(new QLabel(tr("Key:"), addBox));
    form->addWidget(m_key, 2);
    form->addWidget(new QLabel(tr("Value:"), addBox));
    form->addWidget(m_value, 1);
    form->addWidget(new QLabel(tr("Effect:"), addBox));
    form->addWidget(m_effect);
    form->addWidget(add);
    layout->addWidget(addBox);
    connect(add, &QPushButton::clicked, this, [this] {
        addEdit({m_key->text().trimmed().toStdString(), m_effect->currentText().toStdString(),
                 m_value->text().trimmed().toStdString()});
        m_key->clear();
        m_value->clear();
    });

    auto *changesBox = new QGroupBox(tr("Changes (double-click to drop one)"), this);
    auto *changesLayout = new QVBoxLayout(changesBox);
    m_changes->setObjectName(QStringLiteral("taintChanges"));
    m_changes->setMaximumHeight(110);
    changesLayout->addWidget(m_changes);
    layout->addWidget(changesBox);
    connect(m_changes, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem *item) {
        const int at = m_changes->row(item);
        if (at >= 0 && at < static_cast<int>(m_edits.size())) {
            m_edits.erase(m_edits.begin() + at);
            delete item;
            replan();
        }
    });

    m_errors->setObjectName(QStringLiteral("taintErrors"));
    m_errors->setWordWrap(true);
    m_errors->setTextFormat(Qt::PlainText);
    layout->addWidget(m_errors);
    m_diff->setObjectName(QStringLiteral("taintDiff"));
    m_diff->setReadOnly(true);
    layout->addWidget(new QLabel(tr("What changes, node by node:"), this));
    layout->addWidget(m_diff, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_apply->setObjectName(QStringLiteral("applyTaints"));
    buttons->addButton(m_apply, QDialogButtonBox::AcceptRole);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    replan();
}

void TaintEditorDialog::addEdit(const k8s::TaintEdit &edit) {
    m_edits.push_back(edit);
    const QString text = toQString(k8s::TaintEditPlan::format(edit.key, edit.value, edit.effect));
    m_changes->addItem(edit.value ? tr("Set %1").arg(text) : tr("Remove %1").arg(text));
    replan();
}

void TaintEditorDialog::replan() {
    m_plan = k8s::TaintEditPlan::build(m_nodes, m_edits);
    QStringList errors;
    for (const auto &e : m_plan.errors())
        errors << toQString(e);
    m_errors->setText(errors.join(QLatin1Char('\n')));
    m_errors->setVisible(!errors.isEmpty());
    QStringList lines;
    for (const auto &c : m_plan.changes()) {
        lines << toQString(c.node) + QLatin1Char(':');
        for (const auto &d : c.diffs) {
            const QString oldText =
                toQString(k8s::TaintEditPlan::format(d.key, d.oldValue, d.effect));
            const QString newText =
                toQString(k8s::TaintEditPlan::format(d.key, d.newValue, d.effect));
            switch (d.kind) {
            case k8s::TaintDiff::Kind::Added:
                lines << QStringLiteral("  + %1").arg(newText);
                break;
            case k8s::TaintDiff::Kind::Changed:
                lines << QStringLiteral("  ~ %1 → %2").arg(oldText, newText);
                break;
            case k8s::TaintDiff::Kind::Removed:
                lines << QStringLiteral("  − %1").arg(oldText);
                break;
            }
        }
    }
    if (!m_plan.unchanged().empty()) {
        QStringList names;
        for (const auto &n : m_plan.unchanged())
            names << toQString(n);
        lines << tr("Nothing changes on %1.").arg(names.join(QStringLiteral(", ")));
    }
    m_diff->setPlainText(lines.join(QLatin1Char('\n')));
    m_apply->setEnabled(m_writeBlocked.isEmpty() && m_plan.ok() && !m_plan.changes().empty());
    m_apply->setToolTip(m_writeBlocked);
}

QString TaintEditorDialog::description() const {
    QStringList parts;
    for (const auto &e : m_edits)
        parts << (e.value
                      ? tr("%1 set").arg(
                            toQString(k8s::TaintEditPlan::format(e.key, e.value, e.effect)))
                      : tr("%1 removed")
                            .arg(toQString(k8s::TaintEditPlan::format(e.key, e.value, e.effect))));
    return tr("taints %1 on %n node(s)", nullptr, static_cast<int>(m_plan.changes().size()))
        .arg(parts.join(QStringLiteral(", ")));
}

} // namespace cubedesk::ui
