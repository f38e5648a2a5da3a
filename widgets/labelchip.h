#pragma once
// LabelChip: one label of LabelChipsEditor as a pill: "key=value" (or "key=(mixed)" when the
// nodes being edited disagree) and an × button. Clicking the text (or Enter/Space/F2 with focus)
// asks to edit the value; the × button (or Delete/Backspace) asks to remove the label. The chip
// only reports: the editor owns the label state and updates the chip.
//
// Thread: GUI thread. Owned by its parent widget; owns its label and button as Qt children.

#include <QWidget>

class QLabel;
class QToolButton;

namespace cubedesk::widgets {

class LabelChip final : public QWidget {
    Q_OBJECT
public:
    enum class State {
        Unchanged, ///< the value the nodes already have
        Changed,   ///< added or changed in this editor
        Mixed,     ///< the nodes have different values; untouched so far
    };

    explicit LabelChip(const QString &key, QWidget *parent = nullptr);

    QString key() const;
    /// What the chip shows: "key=value" or "key=(mixed)".
    QString text() const;
    State state() const;
    void setValue(const QString &value, State state);

    /// The × button (for tests and accessibility tools).
    QToolButton *removeButton() const;

Q_SIGNALS:
    void editRequested(const QString &key);
    void removeRequested(const QString &key);

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    QString m_key;
    State m_state = State::Unchanged;
    QLabel *m_label;
    QToolButton *m_removeButton;
};

} // namespace cubedesk::widgets
