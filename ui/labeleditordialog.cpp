#include "ui/labeleditordialog.h"

#include "k8s/cube/labelrules.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/nodewritecontroller.h"
#include "models/qtstring.h"
#include "ui/themecontroller.h"
#include "widgets/labelchipseditor.h"
#include "widgets/usagebarpainter.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStackedWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace cubedesk::ui {

namespace {

// The "After" column of a diff line keeps its k8s::LabelDiff::Kind here, so that its colour can be
// chosen again for a new palette.
constexpr int KindRole = Qt::UserRole;

// Removed red, added green, changed orange — each at 4.5:1 on the tree's Base in the current
// theme (the hues as they were, darker or lighter only as far as that needs).
void colourDiff(QTreeWidget *diff) {
    const QColor base = diff->palette().color(QPalette::Base);
    for (int i = 0; i < diff->topLevelItemCount(); ++i) {
        QTreeWidgetItem *node = diff->topLevelItem(i);
        for (int j = 0; j < node->childCount(); ++j) {
            QTreeWidgetItem *line = node->child(j);
            const QVariant kind = line->data(2, KindRole);
            if (!kind.isValid())
                continue;
            const auto k = static_cast<k8s::LabelDiff::Kind>(kind.toInt());
            const QColor hue = k == k8s::LabelDiff::Kind::Removed ? QColor(0xc0392b)
                               : k == k8s::LabelDiff::Kind::Added ? QColor(0x27ae60)
                                                                  : QColor(0xd35400);
            line->setForeground(2, widgets::UsageBarPainter::legibleOn(hue, base));
        }
    }
}

} // namespace

LabelEditorDialog::LabelEditorDialog(models::ClusterHub *hub,
                                     const QMap<QString, QStringList> &selection, QWidget *parent)
    : QDialog(parent)
    , m_hub(hub)
    , m_selection(selection) {
    build();
    int count = 0;
    QMap<QString, QString> common;
    QSet<QString> mixed;
    bool first = true;
    for (auto it = selection.begin(); it != selection.end(); ++it) {
        auto *cluster = hub->cluster(it.key());
        if (!cluster)
            continue;
        for (const auto &n : models::NodeWriteController::currentLabels(cluster, it.value())) {
            ++count;
            QMap<QString, QString> labels;
            for (const auto &[k, v] : n.labels)
                labels.insert(models::toQString(k), models::toQString(v));
            if (first) {
                common = labels;
                first = false;
                continue;
            }
            for (auto c = common.begin(); c != common.end();) {
                if (!labels.contains(c.key()) || labels.value(c.key()) != c.value()) {
                    mixed.insert(c.key());
                    c = common.erase(c);
                } else {
                    ++c;
                }
            }
            for (auto l = labels.begin(); l != labels.end(); ++l)
                if (!common.contains(l.key()))
                    mixed.insert(l.key());
        }
    }
    m_editor->setLabels(common, mixed);
    m_intro->setText(count == 1 ? tr("Labels of node %1. Click × to remove, type key=value and "
                                     "Enter to add or change, or use a preset.")
                                      .arg(selection.begin().value().value(0))
                                : tr("Labels of %n selected nodes. Labels that differ between "
                                     "them show as (mixed) and stay as they are unless you edit "
                                     "them.",
                                     "", count));
    setWindowTitle(tr("Edit labels"));
}

LabelEditorDialog::LabelEditorDialog(std::vector<ClusterPlan> plans, const QString &message,
                                     QWidget *parent)
    : QDialog(parent)
    , m_plans(std::move(plans)) {
    build();
    m_intro->setText(message);
    m_back->hide();
    setWindowTitle(tr("Nodes changed meanwhile — review again"));
    showReview();
}

void LabelEditorDialog::build() {
    setObjectName(QStringLiteral("labelEditor"));
    resize(720, 520);
    m_pages = new QStackedWidget(this);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    m_editor = new widgets::LabelChipsEditor(this);
    QList<QPair<QString, QString>> presets;
    QStringList descriptions;
    for (const auto &p : k8s::LabelRules::presets()) {
        presets.append({models::toQString(p.key), models::toQString(p.value)});
        descriptions << models::toQString(p.description);
    }
    m_editor->setPresets(presets, descriptions);
    m_editor->setValidator([](const QString &key, const QString &value) {
        if (auto e = k8s::LabelRules::keyError(key.toStdString()))
            return tr("Key: %1").arg(models::toQString(*e));
        if (auto e = k8s::LabelRules::valueError(value.toStdString()))
            return tr("Value: %1").arg(models::toQString(*e));
        return QString();
    });
    auto *editPage = new QWidget(this);
    auto *editLayout = new QVBoxLayout(editPage);
    editLayout->addWidget(m_intro);
    editLayout->addWidget(m_editor, 1);

    auto *reviewPage = new QWidget(this);
    auto *reviewLayout = new QVBoxLayout(reviewPage);
    m_summary = new QLabel(reviewPage);
    m_summary->setWordWrap(true);
    m_summary->setObjectName(QStringLiteral("labelSummary"));
    m_diff = new QTreeWidget(reviewPage);
    m_diff->setObjectName(QStringLiteral("labelDiff"));
    m_diff->setHeaderLabels({tr("Node / label"), tr("Before"), tr("After")});
    m_diff->header()->setStretchLastSection(true);
    m_diff->setColumnWidth(0, 280);
    ThemeController::watchPalette(m_diff, [diff = m_diff] { colourDiff(diff); });
    reviewLayout->addWidget(m_summary);
    reviewLayout->addWidget(m_diff, 1);
    m_pages->addWidget(editPage);
    m_pages->addWidget(reviewPage);

    auto *buttons = new QDialogButtonBox(this);
    m_back = buttons->addButton(tr("Back"), QDialogButtonBox::ResetRole);
    m_next = buttons->addButton(tr("Review changes…"), QDialogButtonBox::ActionRole);
    m_next->setObjectName(QStringLiteral("reviewButton"));
    m_apply = buttons->addButton(tr("Apply"), QDialogButtonBox::AcceptRole);
    m_apply->setObjectName(QStringLiteral("applyButton"));
    buttons->addButton(QDialogButtonBox::Cancel);
    m_back->setVisible(false);
    m_apply->setVisible(false);
    connect(m_next, &QPushButton::clicked, this, &LabelEditorDialog::review);
    connect(m_back, &QPushButton::clicked, this, [this] {
        m_pages->setCurrentIndex(0);
        m_back->setVisible(false);
        m_apply->setVisible(false);
        m_next->setVisible(true);
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_pages, 1);
    layout->addWidget(buttons);
}

bool LabelEditorDialog::review() {
    std::vector<k8s::LabelEdit> edits;
    for (const auto &c : m_editor->edits())
        edits.push_back(
            {c.key.toStdString(),
             c.value ? std::optional<std::string>(c.value->toStdString()) : std::nullopt});
    m_plans.clear();
    for (auto it = m_selection.begin(); it != m_selection.end(); ++it) {
        auto *cluster = m_hub->cluster(it.key());
        if (!cluster)
            continue;
        m_plans.push_back({cluster, it.value(), edits,
                           models::NodeWriteController::plan(cluster, it.value(), edits)});
    }
    showReview();
    return m_apply->isEnabled();
}

void LabelEditorDialog::showReview() {
    m_diff->clear();
    QStringList summary;
    bool anything = false;
    bool blocked = false;
    for (const auto &p : m_plans) {
        const QString cluster = p.cluster ? p.cluster->name() : tr("(gone)");
        // Our own words (translated); the plan's errors come from the label rules as they are.
        QString line;
        if (!p.plan.ok())
            line = tr("blocked: %1").arg(models::toQString(p.plan.errors().front()));
        else if (p.plan.changes().empty())
            line = tr("nothing to change on %n node(s)", "",
                      static_cast<int>(p.plan.unchanged().size()));
        else
            line = tr("%n node(s) change", "", static_cast<int>(p.plan.changes().size())) +
                   (p.plan.unchanged().empty() ? QString()
                                               : tr("; %n already as asked", "",
                                                    static_cast<int>(p.plan.unchanged().size())));
        summary
            << QStringLiteral("<b>%1</b>: %2").arg(cluster.toHtmlEscaped(), line.toHtmlEscaped());
        blocked = blocked || !p.plan.ok();
        if (p.cluster && !p.cluster->writeBlockedReason().isEmpty()) {
            blocked = true;
            summary << p.cluster->writeBlockedReason().toHtmlEscaped();
        }
        for (const auto &change : p.plan.changes()) {
            anything = true;
            auto *node = new QTreeWidgetItem(
                m_diff, {QStringLiteral("%1 (%2)").arg(models::toQString(change.node), cluster)});
            for (const auto &d : change.diffs) {
                auto *line = new QTreeWidgetItem(
                    node, {models::toQString(d.key),
                           d.oldValue ? models::toQString(*d.oldValue) : tr("—"),
                           d.newValue ? models::toQString(*d.newValue) : tr("(removed)")});
                line->setData(2, KindRole, static_cast<int>(d.kind));
            }
            node->setExpanded(true);
        }
    }
    colourDiff(m_diff);
    m_summary->setText(summary.join(QStringLiteral("<br>")));
    m_apply->setEnabled(anything && !blocked);
    m_apply->setText(anything ? tr("Apply to %n node(s)", "",
                                   [&] {
                                       int n = 0;
                                       for (const auto &p : m_plans)
                                           n += static_cast<int>(p.plan.changes().size());
                                       return n;
                                   }())
                              : tr("Apply"));
    m_pages->setCurrentIndex(1);
    m_next->setVisible(false);
    m_apply->setVisible(true);
    m_back->setVisible(m_hub != nullptr);
}

} // namespace cubedesk::ui
