#pragma once
// LabelChipsEditor: edits the labels of one node or of many nodes at once, as chips.
//
//   * setLabels(common, mixedKeys) loads the state to edit: `common` are the labels every node
//     has with the same value, `mixedKeys` the keys the nodes have with different values (or
//     that only some nodes have). Common labels show as "key=value" chips, mixed keys as
//     "key=(mixed)" chips, in key order, in a FlowLayout.
//   * The user edits: the chip's × removes a label; clicking a chip puts "key=value" into the
//     line edit; typing "key=value" + Enter adds or changes a label (a QCompleter offers the
//     preset keys); a preset button adds its label (or, for presets without a value, fills in
//     "key=" for the user to complete).
//   * edits() is the difference to what setLabels() loaded: added, changed and removed labels
//     only, in key order. A mixed key is untouched (not in edits()) until it is given a value or
//     removed. Setting a label back to its loaded value drops it from edits().
//   * setValidator(fn): fn(key, value) returns why the label is invalid (shown in red under the
//     line edit; the label is not applied) or an empty string. Without one, only the key=value
//     form and a non-empty key are checked.
//
// Thread: GUI thread. The editor owns its chips, line edit, completer and preset buttons (Qt
// children); it keeps a copy of the validator callable.

#include "widgets/labelchange.h"

#include <QList>
#include <QMap>
#include <QPair>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <functional>

class QCompleter;
class QLabel;
class QLineEdit;
class QStringListModel;

namespace cubedesk::widgets {

class FlowLayout;
class LabelChip;

class LabelChipsEditor final : public QWidget {
    Q_OBJECT
public:
    using Validator = std::function<QString(const QString &key, const QString &value)>;

    explicit LabelChipsEditor(QWidget *parent = nullptr);
    ~LabelChipsEditor() override;

    /// Loads the labels to edit and makes them the baseline of edits(); clears the line edit and
    /// any error. A key in both `common` and `mixedKeys` counts as mixed.
    void setLabels(const QMap<QString, QString> &common, const QSet<QString> &mixedKeys = {});
    /// Preset labels: key=value pairs and, at the same index, a description shown as the preset
    /// button's tooltip (missing descriptions are empty). An empty value means "user chooses".
    /// Their keys feed the line edit's completer.
    void setPresets(const QList<QPair<QString, QString>> &keyValues,
                    const QStringList &descriptions = {});
    void setValidator(Validator validator);

    /// Added/changed (value set) and removed (nullopt) labels versus setLabels(), by key.
    QList<LabelChange> edits() const;
    bool hasEdits() const;
    /// Back to what setLabels() loaded; clears the line edit and the error.
    void reset();

    /// Adds or changes a label as Enter in the line edit does: validated; on failure the error is
    /// shown and false returned.
    bool setLabel(const QString &key, const QString &value);
    /// Removes a label (common or mixed); does nothing for a key that is not shown.
    void removeLabel(const QString &key);

    /// The chips' texts in display order, e.g. {"org=ml", "team=(mixed)"}.
    QStringList chipTexts() const;
    /// The error under the line edit; empty when none is shown.
    QString errorText() const;
    /// The "key=value" line edit (for focus handling and tests).
    QLineEdit *lineEdit() const;

Q_SIGNALS:
    /// The labels shown changed: a user edit, setLabel(), removeLabel(), reset() or setLabels().
    void changed();

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Entry {
        QString value;
        bool mixed = false;
        bool operator==(const Entry &) const = default;
    };

    void applyInput();
    void editChip(const QString &key);
    void applyPreset(const QString &key, const QString &value);
    void showError(const QString &message);
    void clearError();
    void updateErrorPalette();
    void syncChips();
    void updateChip(LabelChip *chip, const QString &key, const Entry &entry) const;

    QMap<QString, Entry> m_initial;
    QMap<QString, Entry> m_current;
    QMap<QString, LabelChip *> m_chips;
    Validator m_validator;

    FlowLayout *m_chipLayout;
    QLabel *m_emptyHint;
    QLineEdit *m_input;
    QLabel *m_error;
    QStringListModel *m_completerModel;
    QCompleter *m_completer;
    QWidget *m_presetBox;
    FlowLayout *m_presetLayout;
};

} // namespace cubedesk::widgets
