#include "ui/preferencesdialog.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFontComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <cmath>

namespace cubedesk::ui {

namespace {

QGroupBox *group(const QString &title, QFormLayout **form, QWidget *parent) {
    auto *box = new QGroupBox(title, parent);
    *form = new QFormLayout(box);
    (*form)->setFieldGrowthPolicy(QFormLayout::ExpandingFieldsGrow);
    return box;
}

// Adds `field` with `label` and makes the label its buddy and its accessible name.
void addRow(QFormLayout *form, const QString &label, QWidget *field) {
    auto *l = new QLabel(label, field->parentWidget());
    l->setBuddy(field);
    field->setAccessibleName(QString(label).remove(QLatin1Char('&')).remove(QLatin1Char(':')));
    form->addRow(l, field);
}

} // namespace

PreferencesDialog::PreferencesDialog(Preferences *preferences, QWidget *parent)
    : QDialog(parent)
    , m_preferences(preferences)
    , m_language(new QComboBox(this))
    , m_theme(new QComboBox(this))
    , m_desktopFont(new QCheckBox(tr("Use the desktop's font"), this))
    , m_fontFamily(new QFontComboBox(this))
    , m_fontSize(new QSpinBox(this))
    , m_density(new QComboBox(this))
    , m_confirmCloseTerminal(new QCheckBox(tr("Ask before closing a connected terminal"), this))
    , m_desktopNotifications(
          new QCheckBox(tr("Show notifications on the desktop too (system tray)"), this))
    , m_overviewRefresh(new QDoubleSpinBox(this))
    , m_logKeep(new QSpinBox(this))
    , m_logTimestamps(new QCheckBox(tr("Show timestamps"), this))
    , m_logWrap(new QCheckBox(tr("Wrap long lines"), this))
    , m_terminalCommand(new QLineEdit(this))
    , m_terminalFamily(new QFontComboBox(this))
    , m_terminalSize(new QSpinBox(this)) {
    setObjectName(QStringLiteral("preferencesDialog"));
    setWindowTitle(tr("Preferences"));

    m_language->setObjectName(QStringLiteral("prefLanguage"));
    m_language->addItem(tr("The desktop's language"), QString());
    m_language->addItem(QStringLiteral("English"), QStringLiteral("en"));
    m_language->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));
    m_theme->setObjectName(QStringLiteral("prefTheme"));
    m_theme->addItem(tr("Follow the desktop"), static_cast<int>(Preferences::Theme::System));
    m_theme->addItem(tr("Light"), static_cast<int>(Preferences::Theme::Light));
    m_theme->addItem(tr("Dark"), static_cast<int>(Preferences::Theme::Dark));
    m_desktopFont->setObjectName(QStringLiteral("prefDesktopFont"));
    m_fontFamily->setObjectName(QStringLiteral("prefFontFamily"));
    m_fontSize->setObjectName(QStringLiteral("prefFontSize"));
    m_fontSize->setRange(6, 32);
    m_fontSize->setSuffix(tr(" pt"));
    m_density->setObjectName(QStringLiteral("prefDensity"));
    m_density->addItem(tr("Comfortable"), static_cast<int>(Preferences::Density::Comfortable));
    m_density->addItem(tr("Compact"), static_cast<int>(Preferences::Density::Compact));
    m_confirmCloseTerminal->setObjectName(QStringLiteral("prefConfirmCloseTerminal"));
    m_desktopNotifications->setObjectName(QStringLiteral("prefDesktopNotifications"));
    m_overviewRefresh->setObjectName(QStringLiteral("prefOverviewRefresh"));
    m_overviewRefresh->setRange(0.25, 10);
    m_overviewRefresh->setSingleStep(0.25);
    m_overviewRefresh->setDecimals(2);
    m_overviewRefresh->setSuffix(tr(" s"));
    m_logKeep->setObjectName(QStringLiteral("prefLogKeep"));
    m_logKeep->setRange(0, 1000);
    m_logKeep->setSpecialValueText(tr("default"));
    m_logKeep->setSuffix(tr(" thousand lines"));
    m_logTimestamps->setObjectName(QStringLiteral("prefLogTimestamps"));
    m_logWrap->setObjectName(QStringLiteral("prefLogWrap"));
    m_terminalCommand->setObjectName(QStringLiteral("prefTerminalCommand"));
    m_terminalCommand->setPlaceholderText(QStringLiteral("sh"));
    m_terminalFamily->setObjectName(QStringLiteral("prefTerminalFont"));
    m_terminalFamily->setFontFilters(QFontComboBox::MonospacedFonts);
    m_terminalSize->setObjectName(QStringLiteral("prefTerminalFontSize"));
    m_terminalSize->setRange(6, 32);
    m_terminalSize->setSuffix(tr(" pt"));
    for (QCheckBox *box : {m_desktopFont, m_confirmCloseTerminal, m_desktopNotifications,
                           m_logTimestamps, m_logWrap})
        box->setAccessibleName(box->text());

    QFormLayout *form = nullptr;
    QGroupBox *general = group(tr("General"), &form, this);
    addRow(form, tr("&Language:"), m_language);
    auto *languageNote =
        new QLabel(tr("The windows reopen in a new language at once, with their layouts; you "
                      "are asked first when that would close terminals, log views or a drain."),
                   general);
    languageNote->setWordWrap(true);
    form->addRow(languageNote);

    QGroupBox *appearance = group(tr("Appearance"), &form, this);
    addRow(form, tr("&Theme:"), m_theme);
    form->addRow(m_desktopFont);
    addRow(form, tr("&Font:"), m_fontFamily);
    addRow(form, tr("Font &size:"), m_fontSize);
    addRow(form, tr("Table &density:"), m_density);

    QGroupBox *behaviour = group(tr("Behaviour"), &form, this);
    form->addRow(m_confirmCloseTerminal);
    form->addRow(m_desktopNotifications);
    addRow(form, tr("&Overview refreshes every:"), m_overviewRefresh);

    QGroupBox *logs = group(tr("Logs and terminal"), &form, this);
    addRow(form, tr("&Keep in a log panel:"), m_logKeep);
    form->addRow(m_logTimestamps);
    form->addRow(m_logWrap);
    addRow(form, tr("Terminal &command:"), m_terminalCommand);
    addRow(form, tr("Terminal f&ont:"), m_terminalFamily);
    addRow(form, tr("Terminal font si&ze:"), m_terminalSize);

    auto *file = new QLabel(tr("Settings file: %1").arg(Preferences::fileName()), this);
    file->setObjectName(QStringLiteral("prefFile"));
    file->setTextInteractionFlags(Qt::TextSelectableByMouse);
    file->setWordWrap(true);

    auto *buttons =
        new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel |
                                 QDialogButtonBox::Apply | QDialogButtonBox::RestoreDefaults,
                             this);
    buttons->setObjectName(QStringLiteral("prefButtons"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::Apply), &QPushButton::clicked, this,
            &PreferencesDialog::apply);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] { setValues(Preferences::Values{}); });
    connect(m_desktopFont, &QCheckBox::toggled, this, [this](bool desktop) {
        m_fontFamily->setEnabled(!desktop);
        m_fontSize->setEnabled(!desktop);
    });

    auto *columns = new QHBoxLayout;
    auto *left = new QVBoxLayout;
    left->addWidget(general);
    left->addWidget(appearance);
    left->addStretch(1);
    auto *right = new QVBoxLayout;
    right->addWidget(behaviour);
    right->addWidget(logs);
    right->addStretch(1);
    columns->addLayout(left, 1);
    columns->addLayout(right, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(file);
    layout->addWidget(buttons);
    setValues(preferences->values());
}

Preferences::Values PreferencesDialog::values() const {
    Preferences::Values v;
    v.language = m_language->currentData().toString();
    v.theme = static_cast<Preferences::Theme>(m_theme->currentData().toInt());
    if (!m_desktopFont->isChecked()) {
        QFont font = m_fontFamily->currentFont();
        font.setPointSize(m_fontSize->value());
        v.font = font.toString();
    }
    v.density = static_cast<Preferences::Density>(m_density->currentData().toInt());
    v.confirmCloseTerminal = m_confirmCloseTerminal->isChecked();
    v.desktopNotifications = m_desktopNotifications->isChecked();
    v.overviewRefreshMs = static_cast<int>(std::lround(m_overviewRefresh->value() * 1000));
    v.logKeepThousands = m_logKeep->value();
    v.logTimestamps = m_logTimestamps->isChecked();
    v.logWrap = m_logWrap->isChecked();
    v.terminalCommand = m_terminalCommand->text().trimmed();
    // The terminal keeps its font only when it differs from the system's fixed font.
    QFont terminal = m_terminalFamily->currentFont();
    terminal.setPointSize(m_terminalSize->value());
    const QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (terminal.family() != fixed.family() || terminal.pointSize() != fixed.pointSize())
        v.terminalFont = terminal.toString();
    return v;
}

void PreferencesDialog::setValues(const Preferences::Values &v) {
    m_language->setCurrentIndex(std::max(0, m_language->findData(v.language)));
    m_theme->setCurrentIndex(std::max(0, m_theme->findData(static_cast<int>(v.theme))));
    QFont font = QApplication::font();
    m_desktopFont->setChecked(v.font.isEmpty() || !font.fromString(v.font));
    if (m_desktopFont->isChecked())
        font = QFontDatabase::systemFont(QFontDatabase::GeneralFont);
    m_fontFamily->setCurrentFont(font);
    m_fontSize->setValue(font.pointSize() > 0 ? font.pointSize() : 10);
    m_fontFamily->setEnabled(!m_desktopFont->isChecked());
    m_fontSize->setEnabled(!m_desktopFont->isChecked());
    m_density->setCurrentIndex(std::max(0, m_density->findData(static_cast<int>(v.density))));
    m_confirmCloseTerminal->setChecked(v.confirmCloseTerminal);
    m_desktopNotifications->setChecked(v.desktopNotifications);
    m_overviewRefresh->setValue(v.overviewRefreshMs / 1000.0);
    m_logKeep->setValue(v.logKeepThousands);
    m_logTimestamps->setChecked(v.logTimestamps);
    m_logWrap->setChecked(v.logWrap);
    m_terminalCommand->setText(v.terminalCommand);
    QFont terminal = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (!v.terminalFont.isEmpty())
        terminal.fromString(v.terminalFont);
    m_terminalFamily->setCurrentFont(terminal);
    m_terminalSize->setValue(terminal.pointSize() > 0 ? terminal.pointSize() : 10);
}

void PreferencesDialog::apply() {
    m_preferences->apply(values());
}

} // namespace cubedesk::ui
