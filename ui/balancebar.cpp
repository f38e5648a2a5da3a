#include "ui/balancebar.h"

#include "widgets/flowlayout.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QToolButton>
#include <QVBoxLayout>

namespace cubedesk::ui {

BalanceBar::BalanceBar(QWidget *parent)
    : QWidget(parent)
    , m_suggest(new QToolButton(this))
    , m_runs(new QSpinBox(this))
    , m_apply(new QToolButton(this))
    , m_auto(new QCheckBox(this))
    , m_minutes(new QSpinBox(this))
    , m_audit(new QToolButton(this))
    , m_summary(new QLabel(this))
    , m_utilization(new QCheckBox(this))
    , m_donors(new QLabel(this)) {
    setObjectName(QStringLiteral("balanceBar"));
    m_suggest->setObjectName(QStringLiteral("suggestButton"));
    m_suggest->setText(tr("Suggest"));
    m_suggest->setToolTip(tr("Preview what the platform's balancing rule (adjust_node_resource) "
                             "would move, run by run, as ghost cards"));
    m_runs->setRange(1, 10);
    m_runs->setValue(3);
    m_runs->setPrefix(tr("runs: "));
    m_runs->setAccessibleName(tr("Runs to preview"));
    m_runs->setToolTip(tr("How many successive runs of the rule to preview"));
    m_apply->setObjectName(QStringLiteral("applySuggestionButton"));
    m_apply->setText(tr("Apply"));
    m_apply->setEnabled(false);
    m_apply->setToolTip(tr("Move the first proposed node, with the same preview and undo as a "
                           "drag and drop"));
    m_auto->setObjectName(QStringLiteral("autoBalanceBox"));
    m_auto->setText(tr("Auto-balance every"));
    m_auto->setToolTip(tr("Run the rule on this cluster periodically and apply its move without "
                          "asking; every move is recorded in the audit"));
    m_minutes->setRange(1, 1440);
    m_minutes->setValue(10);
    m_minutes->setSuffix(tr(" min"));
    m_minutes->setAccessibleName(tr("Automatic balancing interval"));
    m_audit->setText(tr("Audit…"));
    m_audit->setObjectName(QStringLiteral("auditButton"));
    m_summary->setObjectName(QStringLiteral("balanceSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);

    m_utilization->setObjectName(QStringLiteral("balanceUtilizationBox"));
    m_utilization->setText(tr("GPU utilization"));
    m_utilization->setToolTip(tr("Also name the resource groups whose GPUs sit idle (DCGM "
                                 "utilization from the cluster's Prometheus) as donors. Nothing "
                                 "moves because of it."));
    m_donors->setObjectName(QStringLiteral("balanceDonors"));
    m_donors->setWordWrap(true);
    m_donors->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // The controls wrap onto a second line in a narrow window rather than widening it.
    auto *row = new widgets::FlowLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->addWidget(new QLabel(tr("Balancing advisor:"), this));
    row->addWidget(m_suggest);
    row->addWidget(m_runs);
    row->addWidget(m_apply);
    row->addWidget(m_auto);
    row->addWidget(m_minutes);
    row->addWidget(m_utilization);
    row->addWidget(m_audit);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 2);
    layout->setSpacing(2);
    layout->addLayout(row);
    layout->addWidget(m_summary);
    layout->addWidget(m_donors);
    m_summary->hide();
    m_donors->hide();

    connect(m_suggest, &QToolButton::clicked, this,
            [this] { Q_EMIT suggestRequested(m_runs->value()); });
    connect(m_apply, &QToolButton::clicked, this, &BalanceBar::applyRequested);
    connect(m_audit, &QToolButton::clicked, this, &BalanceBar::auditRequested);
    connect(m_utilization, &QCheckBox::toggled, this, &BalanceBar::utilizationSignalToggled);
    connect(m_auto, &QCheckBox::toggled, this,
            [this](bool on) { Q_EMIT autoBalanceToggled(on, m_minutes->value()); });
    connect(m_minutes, &QSpinBox::valueChanged, this, [this](int minutes) {
        if (m_auto->isChecked())
            Q_EMIT autoBalanceToggled(true, minutes);
    });
}

int BalanceBar::runs() const {
    return m_runs->value();
}

void BalanceBar::setSummary(const QString &text, bool hasMove) {
    m_summary->setText(text);
    m_summary->setVisible(!text.isEmpty());
    m_hasMove = hasMove;
    m_apply->setEnabled(m_writes && hasMove);
}

void BalanceBar::setDonors(const QString &text) {
    m_donors->setText(text);
    m_donors->setVisible(!text.isEmpty());
}

bool BalanceBar::utilizationSignal() const {
    return m_utilization->isChecked();
}

void BalanceBar::setAutoBalance(bool enabled, int minutes) {
    const QSignalBlocker a(m_auto);
    const QSignalBlocker b(m_minutes);
    m_auto->setChecked(enabled);
    m_minutes->setValue(minutes);
}

void BalanceBar::setWritesEnabled(bool enabled, const QString &why) {
    m_writes = enabled;
    m_why = why;
    m_apply->setEnabled(enabled && m_hasMove);
    m_auto->setEnabled(enabled && m_autoUnavailable.isEmpty());
    m_minutes->setEnabled(enabled && m_autoUnavailable.isEmpty());
    if (!enabled) {
        m_apply->setToolTip(why);
        m_auto->setToolTip(why);
    }
    if (!m_autoUnavailable.isEmpty())
        m_auto->setToolTip(m_autoUnavailable);
}

void BalanceBar::setAutoBalanceUnavailable(const QString &why) {
    m_autoUnavailable = why;
    setWritesEnabled(m_writes, m_why);
}

} // namespace cubedesk::ui
