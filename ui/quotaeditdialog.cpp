#include "ui/quotaeditdialog.h"

#include "k8s/api/quantity.h"
#include "k8s/cube/amountformat.h"
#include "models/clusterconnection.h"
#include "models/quotawritecontroller.h"
#include "ui/themecontroller.h"
#include "widgets/usagebarpainter.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>

namespace cubedesk::ui {

namespace {

// Whether a Hard cell holds something that is not a quantity (set by revalidate()).
constexpr int InvalidRole = Qt::UserRole;

// A red tint behind the invalid Hard cells: the table's Base moved towards red, further on dark
// palettes, so that the palette's Text stays legible on it in both themes. Run again when the
// palette changes.
void tintInvalid(QTableWidget *table) {
    const QSignalBlocker block(table); // itemChanged would revalidate
    const QPalette &palette = table->palette();
    const QColor tint =
        widgets::UsageBarPainter::mix(palette.color(QPalette::Base), QColor(0xdc, 0x35, 0x45),
                                      widgets::UsageBarPainter::isDark(palette) ? 0.3 : 0.1);
    for (int row = 0; row < table->rowCount(); ++row) {
        if (QTableWidgetItem *item = table->item(row, 1))
            item->setBackground(item->data(InvalidRole).toBool() ? QBrush(tint) : QBrush());
    }
}

} // namespace

QuotaEditDialog::QuotaEditDialog(models::ClusterConnection *cluster, models::ResourceQuotaPtr quota,
                                 models::QuotaWriteController *writes, QWidget *parent)
    : QDialog(parent)
    , m_cluster(cluster)
    , m_quota(std::move(quota))
    , m_writes(writes)
    , m_table(new QTableWidget(this))
    , m_preview(new QPlainTextEdit(this))
    , m_result(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Apply | QDialogButtonBox::Close, this)) {
    setObjectName(QStringLiteral("quotaEditDialog"));
    setWindowTitle(
        tr("Edit quota %1/%2 on %3")
            .arg(QString::fromUtf8(m_quota->namespaceName().data(),
                                   static_cast<qsizetype>(m_quota->namespaceName().size())),
                 QString::fromUtf8(m_quota->name().data(),
                                   static_cast<qsizetype>(m_quota->name().size())),
                 cluster->name()));
    const auto hard = m_quota->specHard();
    const auto used = m_quota->used();
    m_table->setColumnCount(3);
    m_table->setHorizontalHeaderLabels({tr("Resource"), tr("Hard"), tr("Used")});
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setRowCount(static_cast<int>(hard.size()) + 1);
    for (std::size_t i = 0; i < hard.size(); ++i) {
        const auto e = hard.at(i);
        const std::string name(e.name);
        m_original[name] = k8s::AmountFormat::text(name, e.value);
        auto *resource = new QTableWidgetItem(QString::fromStdString(name));
        resource->setFlags(resource->flags() & ~Qt::ItemIsEditable);
        m_table->setItem(static_cast<int>(i), 0, resource);
        m_table->setItem(static_cast<int>(i), 1,
                         new QTableWidgetItem(QString::fromStdString(m_original[name])));
        const auto u = used.value(name);
        auto *usedItem = new QTableWidgetItem(
            u ? QString::fromStdString(k8s::AmountFormat::text(name, *u)) : QString());
        usedItem->setFlags(usedItem->flags() & ~Qt::ItemIsEditable);
        m_table->setItem(static_cast<int>(i), 2, usedItem);
    }
    // The last row adds a resource.
    const int last = static_cast<int>(hard.size());
    m_table->setItem(last, 0, new QTableWidgetItem());
    m_table->setItem(last, 1, new QTableWidgetItem());
    m_table->item(last, 0)->setToolTip(tr("Type a resource name here to add it"));
    m_table->setItem(last, 2, new QTableWidgetItem());
    m_table->item(last, 2)->setFlags(Qt::NoItemFlags);
    m_table->setToolTip(tr("Clear a hard value to remove the resource from the quota."));
    connect(m_table, &QTableWidget::itemChanged, this, &QuotaEditDialog::revalidate);
    ThemeController::watchPalette(m_table, [table = m_table] { tintInvalid(table); });

    m_preview->setObjectName(QStringLiteral("quotaPreview"));
    m_preview->setReadOnly(true);
    m_preview->setMaximumHeight(110);
    m_result->setObjectName(QStringLiteral("quotaResult"));
    m_result->setWordWrap(true);
    m_buttons->button(QDialogButtonBox::Apply)->setObjectName(QStringLiteral("quotaApply"));
    connect(m_buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this,
            &QuotaEditDialog::apply);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_writes, &models::QuotaWriteController::finished, this,
            [this](const models::QuotaWriteController::Outcome &outcome) {
                if (outcome.id != m_request)
                    return;
                m_request = 0;
                m_result->setText(outcome.message);
                if (!outcome.ok && !outcome.conflict)
                    revalidate(); // another try may work; after a 409 the dialog is stale
            });

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_table, 1);
    layout->addWidget(new QLabel(tr("Change to apply:"), this));
    layout->addWidget(m_preview);
    layout->addWidget(m_result);
    layout->addWidget(m_buttons);
    resize(560, 460);
    revalidate();
}

std::map<std::string, std::optional<std::string>> QuotaEditDialog::changes() const {
    std::map<std::string, std::optional<std::string>> out;
    if (!m_error.isEmpty())
        return out;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        const auto *nameItem = m_table->item(row, 0);
        const auto *valueItem = m_table->item(row, 1);
        const std::string name = nameItem ? nameItem->text().trimmed().toStdString() : "";
        const std::string value = valueItem ? valueItem->text().trimmed().toStdString() : "";
        if (name.empty())
            continue;
        auto it = m_original.find(name);
        if (value.empty()) {
            if (it != m_original.end())
                out[name] = std::nullopt;
            continue;
        }
        if (it == m_original.end() ||
            k8s::Quantity::parse(value) != k8s::Quantity::parse(it->second))
            out[name] = value;
    }
    return out;
}

void QuotaEditDialog::revalidate() {
    m_error.clear();
    QStringList errors;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        auto *nameItem = m_table->item(row, 0);
        auto *valueItem = m_table->item(row, 1);
        if (!nameItem || !valueItem)
            continue;
        const QString name = nameItem->text().trimmed();
        const QString value = valueItem->text().trimmed();
        bool bad = false;
        if (!value.isEmpty() && !k8s::Quantity::parse(value.toStdString())) {
            errors << tr("%1: \"%2\" is not a quantity (examples: 500m, 4, 16Gi, 1.5)")
                          .arg(name.isEmpty() ? tr("new resource") : name, value);
            bad = true;
        } else if (!value.isEmpty() && name.isEmpty()) {
            errors << tr("a value without a resource name");
            bad = true;
        }
        const QSignalBlocker block(m_table);
        valueItem->setData(InvalidRole, bad);
        valueItem->setToolTip(bad ? errors.back() : QString());
    }
    tintInvalid(m_table);
    m_error = errors.join(QLatin1Char('\n'));
    QStringList lines;
    for (const auto &[name, value] : changes()) {
        auto it = m_original.find(name);
        if (!value)
            lines << QStringLiteral("− %1 (was %2)")
                         .arg(QString::fromStdString(name), QString::fromStdString(it->second));
        else if (it == m_original.end())
            lines << QStringLiteral("+ %1: %2")
                         .arg(QString::fromStdString(name), QString::fromStdString(*value));
        else
            lines << QStringLiteral("%1: %2 → %3")
                         .arg(QString::fromStdString(name), QString::fromStdString(it->second),
                              QString::fromStdString(*value));
    }
    m_preview->setPlainText(!m_error.isEmpty() ? m_error
                            : lines.isEmpty()  ? tr("(no change)")
                                               : lines.join(QLatin1Char('\n')));
    const QString blocked = m_cluster->writeBlockedReason();
    auto *applyButton = m_buttons->button(QDialogButtonBox::Apply);
    applyButton->setEnabled(m_error.isEmpty() && !lines.isEmpty() && blocked.isEmpty());
    applyButton->setToolTip(blocked);
}

void QuotaEditDialog::apply() {
    const auto edits = changes();
    if (edits.empty() || m_request != 0)
        return;
    m_request = m_writes->setHard(m_cluster, m_quota, edits);
    if (m_request == 0)
        return; // the cluster refuses writes: the button says why
    m_buttons->button(QDialogButtonBox::Apply)->setEnabled(false);
    m_result->setText(tr("Applying…"));
}

QString QuotaEditDialog::resultText() const {
    return m_result->text();
}

} // namespace cubedesk::ui
