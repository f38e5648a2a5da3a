#include "widgets/labelchipseditor.h"

#include "widgets/flowlayout.h"
#include "widgets/labelchip.h"
#include "widgets/usagebarpainter.h"

#include <QCompleter>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QStringListModel>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace cubedesk::widgets {

LabelChipsEditor::LabelChipsEditor(QWidget *parent)
    : QWidget(parent)
    , m_chipLayout(nullptr)
    , m_emptyHint(new QLabel(this))
    , m_input(new QLineEdit(this))
    , m_error(new QLabel(this))
    , m_completerModel(new QStringListModel(this))
    , m_completer(new QCompleter(m_completerModel, this))
    , m_presetBox(new QWidget(this))
    , m_presetLayout(nullptr) {
    auto *chipArea = new QWidget(this);
    chipArea->setObjectName(QStringLiteral("chipArea"));
    m_chipLayout = new FlowLayout(chipArea, 6, 6);

    m_emptyHint->setObjectName(QStringLiteral("emptyHint"));
    m_emptyHint->setText(tr("No labels"));
    m_emptyHint->setEnabled(false);

    m_input->setObjectName(QStringLiteral("labelInput"));
    m_input->setPlaceholderText(tr("key=value, Enter to add or change"));
    m_input->setClearButtonEnabled(true);
    m_input->setAccessibleName(tr("New label"));
    m_completer->setCaseSensitivity(Qt::CaseInsensitive);
    m_completer->setCompletionMode(QCompleter::PopupCompletion);
    m_input->setCompleter(m_completer);

    m_error->setObjectName(QStringLiteral("labelError"));
    m_error->setTextFormat(Qt::PlainText);
    m_error->setWordWrap(true);
    m_error->hide();
    updateErrorPalette();

    auto *presetTitle = new QLabel(tr("Presets:"), m_presetBox);
    auto *presetButtons = new QWidget(m_presetBox);
    m_presetLayout = new FlowLayout(presetButtons, 4, 4);
    auto *presetBoxLayout = new QVBoxLayout(m_presetBox);
    presetBoxLayout->setContentsMargins(0, 0, 0, 0);
    presetBoxLayout->setSpacing(2);
    presetBoxLayout->addWidget(presetTitle);
    presetBoxLayout->addWidget(presetButtons);
    m_presetBox->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(6);
    layout->addWidget(chipArea);
    layout->addWidget(m_emptyHint);
    layout->addWidget(m_input);
    layout->addWidget(m_error);
    layout->addWidget(m_presetBox);
    layout->addStretch(1);

    connect(m_input, &QLineEdit::returnPressed, this, &LabelChipsEditor::applyInput);
    connect(m_input, &QLineEdit::textEdited, this, &LabelChipsEditor::clearError);
    // Queued: QLineEdit sets the completion itself when the popup is activated; this runs after it
    // and leaves the cursor after "key=", ready for the value.
    connect(
        m_completer, qOverload<const QString &>(&QCompleter::activated), this,
        [this](const QString &key) {
            if (!m_input->text().contains(u'='))
                m_input->setText(key + u'=');
        },
        Qt::QueuedConnection);
    syncChips();
}

LabelChipsEditor::~LabelChipsEditor() = default;

void LabelChipsEditor::setLabels(const QMap<QString, QString> &common,
                                 const QSet<QString> &mixedKeys) {
    m_initial.clear();
    for (auto it = common.cbegin(); it != common.cend(); ++it)
        m_initial.insert(it.key(), Entry{it.value(), false});
    for (const QString &key : mixedKeys)
        m_initial.insert(key, Entry{QString(), true});
    m_current = m_initial;
    m_input->clear();
    clearError();
    syncChips();
    Q_EMIT changed();
}

void LabelChipsEditor::setPresets(const QList<QPair<QString, QString>> &keyValues,
                                  const QStringList &descriptions) {
    while (QLayoutItem *item = m_presetLayout->takeAt(0)) {
        delete item->widget();
        delete item;
    }
    QStringList keys;
    for (qsizetype i = 0; i < keyValues.size(); ++i) {
        const QString key = keyValues.at(i).first;
        const QString value = keyValues.at(i).second;
        if (!keys.contains(key))
            keys << key;
        auto *button = new QToolButton(m_presetLayout->parentWidget());
        button->setObjectName(QStringLiteral("preset:") + key + u'=' + value);
        button->setText(value.isEmpty() ? QString(key + QStringLiteral("=…"))
                                        : QString(key + u'=' + value));
        button->setToolTip(i < descriptions.size() ? descriptions.at(i) : QString());
        button->setAutoRaise(false);
        m_presetLayout->addWidget(button);
        connect(button, &QToolButton::clicked, this,
                [this, key, value] { applyPreset(key, value); });
    }
    m_completerModel->setStringList(keys);
    m_presetBox->setVisible(!keyValues.isEmpty());
}

void LabelChipsEditor::setValidator(Validator validator) {
    m_validator = std::move(validator);
}

QList<LabelChange> LabelChipsEditor::edits() const {
    QStringList keys = m_initial.keys() + m_current.keys();
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());

    QList<LabelChange> out;
    for (const QString &key : std::as_const(keys)) {
        const auto current = m_current.constFind(key);
        const auto initial = m_initial.constFind(key);
        if (current == m_current.cend()) {
            out.append(LabelChange{key, std::nullopt});
        } else if (current->mixed) {
            continue; // still the nodes' own values
        } else if (initial == m_initial.cend() || initial->mixed ||
                   initial->value != current->value) {
            out.append(LabelChange{key, current->value});
        }
    }
    return out;
}

bool LabelChipsEditor::hasEdits() const {
    return m_current != m_initial;
}

void LabelChipsEditor::reset() {
    m_current = m_initial;
    m_input->clear();
    clearError();
    syncChips();
    Q_EMIT changed();
}

bool LabelChipsEditor::setLabel(const QString &key, const QString &value) {
    if (key.isEmpty()) {
        showError(tr("The label key is empty: write it as key=value."));
        return false;
    }
    if (m_validator) {
        const QString problem = m_validator(key, value);
        if (!problem.isEmpty()) {
            showError(problem);
            return false;
        }
    }
    clearError();
    const Entry entry{value, false};
    const auto it = m_current.constFind(key);
    if (it != m_current.cend() && *it == entry)
        return true;
    m_current.insert(key, entry);
    syncChips();
    Q_EMIT changed();
    return true;
}

void LabelChipsEditor::removeLabel(const QString &key) {
    if (m_current.remove(key) == 0)
        return;
    syncChips();
    Q_EMIT changed();
}

QStringList LabelChipsEditor::chipTexts() const {
    QStringList texts;
    for (int i = 0; i < m_chipLayout->count(); ++i) {
        if (auto *chip = qobject_cast<LabelChip *>(m_chipLayout->itemAt(i)->widget()))
            texts << chip->text();
    }
    return texts;
}

QString LabelChipsEditor::errorText() const {
    return m_error->isHidden() ? QString() : m_error->text();
}

QLineEdit *LabelChipsEditor::lineEdit() const {
    return m_input;
}

void LabelChipsEditor::changeEvent(QEvent *event) {
    if (event->type() == QEvent::PaletteChange)
        updateErrorPalette();
    QWidget::changeEvent(event);
}

void LabelChipsEditor::applyInput() {
    const QString text = m_input->text().trimmed();
    if (text.isEmpty())
        return;
    const qsizetype equals = text.indexOf(u'=');
    if (equals < 0) {
        showError(tr("Write the label as key=value (the value may be empty)."));
        return;
    }
    if (setLabel(text.left(equals).trimmed(), text.mid(equals + 1).trimmed()))
        m_input->clear();
}

void LabelChipsEditor::editChip(const QString &key) {
    const auto it = m_current.constFind(key);
    if (it == m_current.cend())
        return;
    const QString value = it->mixed ? QString() : it->value;
    m_input->setText(key + u'=' + value);
    m_input->setFocus(Qt::OtherFocusReason);
    m_input->setSelection(int(key.size()) + 1, int(value.size()));
    clearError();
}

void LabelChipsEditor::applyPreset(const QString &key, const QString &value) {
    if (value.isEmpty()) {
        // The value is the user's choice (org, gpu-type): prepare the line edit for it.
        const auto it = m_current.constFind(key);
        const QString existing = it != m_current.cend() && !it->mixed ? it->value : QString();
        m_input->setText(key + u'=' + existing);
        m_input->setFocus(Qt::OtherFocusReason);
        m_input->setSelection(int(key.size()) + 1, int(existing.size()));
        clearError();
        return;
    }
    setLabel(key, value);
}

void LabelChipsEditor::showError(const QString &message) {
    m_error->setText(message);
    m_error->show();
}

void LabelChipsEditor::clearError() {
    m_error->clear();
    m_error->hide();
}

void LabelChipsEditor::updateErrorPalette() {
    // A red that keeps its contrast on both light and dark windows (at least 4.5:1 on any
    // palette: legibleOn() adjusts the lightness if the window is unusual).
    QPalette pal = m_error->palette();
    const QColor window = palette().color(QPalette::Window);
    const bool dark = window.lightness() < 128;
    pal.setColor(QPalette::WindowText,
                 UsageBarPainter::legibleOn(
                     dark ? QColor(0xff, 0x7b, 0x72) : QColor(0xc6, 0x28, 0x28), window));
    m_error->setPalette(pal);
}

void LabelChipsEditor::syncChips() {
    // Removed keys first, so the layout holds exactly the surviving chips, in key order.
    for (auto it = m_chips.begin(); it != m_chips.end();) {
        if (m_current.contains(it.key())) {
            ++it;
            continue;
        }
        LabelChip *chip = it.value();
        it = m_chips.erase(it);
        delete m_chipLayout->takeAt(m_chipLayout->indexOf(chip));
        chip->disconnect(this);
        chip->setObjectName(QString());
        chip->hide();
        // Later: the removal may come from this chip's own × button, still inside its click.
        chip->deleteLater();
    }

    int index = 0;
    for (auto it = m_current.cbegin(); it != m_current.cend(); ++it, ++index) {
        LabelChip *chip = m_chips.value(it.key());
        if (!chip) {
            chip = new LabelChip(it.key(), m_chipLayout->parentWidget());
            connect(chip, &LabelChip::removeRequested, this, &LabelChipsEditor::removeLabel);
            connect(chip, &LabelChip::editRequested, this, &LabelChipsEditor::editChip);
            m_chipLayout->insertWidget(index, chip);
            m_chips.insert(it.key(), chip);
            chip->show();
        }
        updateChip(chip, it.key(), it.value());
    }
    m_emptyHint->setVisible(m_current.isEmpty());
    // Lay the chips out at once (not at the next event loop pass), so what is shown matches the
    // state as soon as the call returns.
    layout()->activate();
    m_chipLayout->activate();
}

void LabelChipsEditor::updateChip(LabelChip *chip, const QString &key, const Entry &entry) const {
    LabelChip::State state = LabelChip::State::Changed;
    if (entry.mixed) {
        state = LabelChip::State::Mixed;
    } else {
        const auto initial = m_initial.constFind(key);
        if (initial != m_initial.cend() && *initial == entry)
            state = LabelChip::State::Unchanged;
    }
    chip->setValue(entry.value, state);
}

} // namespace cubedesk::widgets
