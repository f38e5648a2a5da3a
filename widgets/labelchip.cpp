#include "widgets/labelchip.h"

#include "widgets/usagebarpainter.h"

#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QPainter>
#include <QToolButton>

namespace cubedesk::widgets {

LabelChip::LabelChip(const QString &key, QWidget *parent)
    : QWidget(parent)
    , m_key(key)
    , m_label(new QLabel(this))
    , m_removeButton(new QToolButton(this)) {
    setObjectName(QStringLiteral("chip:") + key);
    setFocusPolicy(Qt::StrongFocus);
    setCursor(Qt::PointingHandCursor);
    setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    setToolTip(tr("Click to change the value of %1").arg(key));

    m_label->setTextFormat(Qt::PlainText);
    // The pill is painted from Base (see paintEvent), so its text is the palette's Text, not the
    // label's default WindowText: the pair the palette promises to keep legible, in both themes.
    m_label->setForegroundRole(QPalette::Text);
    m_removeButton->setObjectName(QStringLiteral("remove"));
    m_removeButton->setText(QStringLiteral("\u00d7"));
    m_removeButton->setAutoRaise(true);
    m_removeButton->setFocusPolicy(Qt::NoFocus);
    m_removeButton->setCursor(Qt::ArrowCursor);
    m_removeButton->setToolTip(tr("Remove the label %1").arg(key));
    m_removeButton->setAccessibleName(tr("Remove %1").arg(key));
    const int side = fontMetrics().height() + 2;
    m_removeButton->setFixedSize(side, side);

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 2, 3, 2);
    layout->setSpacing(2);
    layout->addWidget(m_label);
    layout->addWidget(m_removeButton);

    connect(m_removeButton, &QToolButton::clicked, this, [this] { Q_EMIT removeRequested(m_key); });
}

QString LabelChip::key() const {
    return m_key;
}

QString LabelChip::text() const {
    return m_label->text();
}

LabelChip::State LabelChip::state() const {
    return m_state;
}

QToolButton *LabelChip::removeButton() const {
    return m_removeButton;
}

void LabelChip::setValue(const QString &value, State state) {
    m_state = state;
    const QString text = state == State::Mixed ? tr("%1=(mixed)", "label whose value differs "
                                                                  "between the selected nodes")
                                                     .arg(m_key)
                                               : QString(m_key + u'=' + value);
    m_label->setText(text);
    setAccessibleName(text);
    QFont font = m_label->font();
    font.setItalic(state == State::Mixed);
    m_label->setFont(font);
    // Resize now rather than on the next LayoutRequest, so a FlowLayout laying out right after
    // this sees the new width.
    if (QLayout *box = layout()) {
        box->invalidate();
        box->activate();
    }
    updateGeometry();
    update();
}

void LabelChip::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QPalette &pal = palette();
    const QColor base = pal.color(QPalette::Base);
    const QColor text = pal.color(QPalette::Text);
    const QColor highlight = pal.color(QPalette::Highlight);
    QColor fill = UsageBarPainter::mix(base, text, 0.08);
    QColor outline = UsageBarPainter::mix(base, text, 0.25);
    Qt::PenStyle style = Qt::SolidLine;
    switch (m_state) {
    case State::Changed:
        fill = UsageBarPainter::mix(base, highlight, 0.18);
        outline = highlight;
        break;
    case State::Mixed:
        fill = base;
        style = Qt::DashLine;
        break;
    case State::Unchanged:
        break;
    }
    if (hasFocus())
        outline = highlight;
    QPen pen(outline, 1.0, style);
    painter.setPen(pen);
    painter.setBrush(fill);
    const QRectF shape = QRectF(rect()).adjusted(0.5, 0.5, -0.5, -0.5);
    painter.drawRoundedRect(shape, shape.height() / 2, shape.height() / 2);
}

void LabelChip::mousePressEvent(QMouseEvent *event) {
    // Accepting the press makes this chip the receiver of the matching release.
    if (event->button() == Qt::LeftButton) {
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

void LabelChip::mouseReleaseEvent(QMouseEvent *event) {
    if (event->button() == Qt::LeftButton && rect().contains(event->position().toPoint())) {
        Q_EMIT editRequested(m_key);
        event->accept();
        return;
    }
    QWidget::mouseReleaseEvent(event);
}

void LabelChip::keyPressEvent(QKeyEvent *event) {
    switch (event->key()) {
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
        Q_EMIT removeRequested(m_key);
        return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
    case Qt::Key_F2:
        Q_EMIT editRequested(m_key);
        return;
    default:
        QWidget::keyPressEvent(event);
    }
}

} // namespace cubedesk::widgets
