#pragma once
// BalanceBar: the balancing advisor's strip on the resource-group board — "Suggest" (preview
// k runs of the platform's rule as ghost cards), "Apply" (the next run's move, through the
// drag-and-drop path: preview, patch, undo), the opt-in auto-balance of the board's cluster
// (every N minutes) and one line saying what the advisor found. With "GPU utilization" on, a
// second line names the resource groups whose held GPUs sit idle — donors, with the reason
// (BalanceAdvisor::idleDonors); nothing moves because of it. It only asks; MainWindow acts.
//
// Threads: GUI thread only.

#include <QWidget>

class QCheckBox;
class QLabel;
class QSpinBox;
class QToolButton;

namespace cubedesk::ui {

class BalanceBar final : public QWidget {
    Q_OBJECT
public:
    explicit BalanceBar(QWidget *parent = nullptr);

    int runs() const;
    void setSummary(const QString &text, bool hasMove);
    /// The idle-donor line ("" hides it).
    void setDonors(const QString &text);
    bool utilizationSignal() const;
    /// Reflects the board cluster's auto-balance state (emits nothing).
    void setAutoBalance(bool enabled, int minutes);
    void setWritesEnabled(bool enabled, const QString &why);
    /// Automatic balancing cannot be switched on here, for `why` (another window runs it).
    void setAutoBalanceUnavailable(const QString &why);
    QToolButton *suggestButton() const { return m_suggest; }
    QToolButton *applyButton() const { return m_apply; }
    QCheckBox *autoBox() const { return m_auto; }
    QLabel *summaryLabel() const { return m_summary; }
    QLabel *donorsLabel() const { return m_donors; }
    QCheckBox *utilizationBox() const { return m_utilization; }

Q_SIGNALS:
    void suggestRequested(int runs);
    void applyRequested();
    void autoBalanceToggled(bool enabled, int minutes);
    void auditRequested();
    /// The user switched the GPU-utilization signal on or off.
    void utilizationSignalToggled(bool on);

private:
    QToolButton *m_suggest;
    QSpinBox *m_runs;
    QToolButton *m_apply;
    QCheckBox *m_auto;
    QSpinBox *m_minutes;
    QToolButton *m_audit;
    QLabel *m_summary;
    QCheckBox *m_utilization;
    QLabel *m_donors;
    bool m_writes = true;
    bool m_hasMove = false;
    QString m_why;
    QString m_autoUnavailable;
};

} // namespace cubedesk::ui
