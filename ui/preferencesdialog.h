#pragma once
// PreferencesDialog: edits a copy of Preferences::Values in four groups — General (language),
// Appearance (theme, font, table density), Behaviour (confirmations, desktop notifications, the
// Overview's refresh interval) and Logs and terminal (the options those panels remember) — and
// hands it to Preferences::apply() on OK or Apply. Restore defaults fills in the defaults without
// applying them. The settings file's path is shown at the bottom.
//
// Threads: GUI thread only. Does not own the Preferences.

#include "ui/preferences.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFontComboBox;
class QLineEdit;
class QSpinBox;

namespace cubedesk::ui {

class PreferencesDialog final : public QDialog {
    Q_OBJECT
public:
    explicit PreferencesDialog(Preferences *preferences, QWidget *parent = nullptr);

    /// What the controls say now.
    Preferences::Values values() const;
    /// Shows `values` in the controls (nothing is applied).
    void setValues(const Preferences::Values &values);
    /// Preferences::apply(values()).
    void apply();

private:
    Preferences *m_preferences;
    QComboBox *m_language;
    QComboBox *m_theme;
    QCheckBox *m_desktopFont;
    QFontComboBox *m_fontFamily;
    QSpinBox *m_fontSize;
    QComboBox *m_density;
    QCheckBox *m_confirmCloseTerminal;
    QCheckBox *m_desktopNotifications;
    QDoubleSpinBox *m_overviewRefresh;
    QSpinBox *m_logKeep;
    QCheckBox *m_logTimestamps;
    QCheckBox *m_logWrap;
    QLineEdit *m_terminalCommand;
    QFontComboBox *m_terminalFamily;
    QSpinBox *m_terminalSize;
};

} // namespace cubedesk::ui
