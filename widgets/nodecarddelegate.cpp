#include "widgets/nodecarddelegate.h"

#include "models/modelroles.h"
#include "widgets/usagebarpainter.h"

#include <QAbstractItemView>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>

namespace cubedesk::widgets {

namespace {
constexpr int PadX = 8;
constexpr int PadY = 6;
constexpr int RowGap = 4;
constexpr int BarGap = 3;
constexpr int DotSize = 8;
constexpr int FlagGap = 6;
constexpr int LockWidth = 9;
constexpr int MinNameWidth = 56;
constexpr qreal CardRadius = 7.0;
constexpr int MinCardWidth = 224;

const models::NodeCard *cardOf(const QVariant &value) {
    return value.metaType() == QMetaType::fromType<models::NodeCard>()
               ? static_cast<const models::NodeCard *>(value.constData())
               : nullptr;
}

void paintLock(QPainter *painter, const QRectF &box, const QColor &color) {
    // A padlock from primitives: no icon font or resource needed, crisp at any scale.
    const qreal bodyHeight = box.height() * 0.55;
    const QRectF body(box.left(), box.bottom() - bodyHeight, box.width(), bodyHeight);
    const qreal shackleWidth = box.width() * 0.64;
    const QRectF shackle(box.center().x() - shackleWidth / 2, box.top(), shackleWidth,
                         (box.height() - bodyHeight) * 2);
    painter->setPen(QPen(color, 1.4));
    painter->setBrush(Qt::NoBrush);
    painter->drawArc(shackle, 0, 180 * 16);
    painter->drawLine(QPointF(shackle.left(), shackle.center().y()),
                      QPointF(shackle.left(), body.top()));
    painter->drawLine(QPointF(shackle.right(), shackle.center().y()),
                      QPointF(shackle.right(), body.top()));
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawRoundedRect(body, 1.5, 1.5);
}

// Draws `text` left-aligned into `rect`, elided only when it does not fit (the common case
// allocates nothing).
void drawElided(QPainter *painter, const QRect &rect, const QString &text, int flags) {
    const QFontMetrics metrics = painter->fontMetrics();
    if (metrics.horizontalAdvance(text) <= rect.width())
        painter->drawText(rect, flags, text);
    else
        painter->drawText(rect, flags, metrics.elidedText(text, Qt::ElideRight, rect.width()));
}
} // namespace

NodeCardDelegate::NodeCardDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
    , m_notReadyText(tr("NotReady", "node condition"))
    , m_cordonedText(tr("cordoned", "node is unschedulable"))
    , m_shareText(tr("share=false", "node label that keeps it out of balancing"))
    , m_movingText(tr("moving…", "node move awaiting confirmation"))
    , m_cpuText(tr("CPU"))
    , m_gpuText(tr("GPU"))
    , m_noGpuText(tr("no GPU"))
    , m_proposedText(tr("proposed", "a node move the balancing advisor suggests")) {}

void NodeCardDelegate::ensureFonts(const QFont &base) const {
    if (m_fontsReady && base == m_baseFont)
        return;
    m_baseFont = base;
    m_nameFont = base;
    m_nameFont.setBold(true);
    m_smallFont = base;
    m_smallFont.setPointSizeF(std::max(6.5, base.pointSizeF() * 0.85));
    m_chipFont = m_smallFont;
    m_chipFont.setBold(true);
    const QFontMetrics nameMetrics(m_nameFont);
    const QFontMetrics smallMetrics(m_smallFont);
    m_nameHeight = nameMetrics.height() + 2;
    m_barHeight = smallMetrics.height() + 3;
    m_cardSize = QSize(std::max(MinCardWidth, smallMetrics.averageCharWidth() * 34),
                       2 * PadY + m_nameHeight + RowGap + 2 * m_barHeight + BarGap);
    m_fontsReady = true;
}

QSize NodeCardDelegate::sizeHint(const QStyleOptionViewItem &option,
                                 const QModelIndex &index) const {
    if (!cardOf(index.data(models::CardRole)))
        return QStyledItemDelegate::sizeHint(option, index);
    ensureFonts(option.font);
    return m_cardSize + QSize(2 * Margin, 2 * Margin);
}

QRect NodeCardDelegate::cardRect(const QRect &itemRect) {
    return itemRect.adjusted(Margin, Margin, -Margin, -Margin);
}

QColor NodeCardDelegate::stateColor(const models::NodeCard &card) {
    if (!card.ready)
        return QColor(0xe5, 0x48, 0x4d);
    if (!card.schedulable)
        return QColor(0x8b, 0x8f, 0x96);
    return QColor(0x2e, 0xa0, 0x43);
}

QColor NodeCardDelegate::shareMarkerColor() {
    return QColor(0xc2, 0x7c, 0x0e);
}

void NodeCardDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                             const QModelIndex &index) const {
    const QVariant value = index.data(models::CardRole);
    const models::NodeCard *card = cardOf(value);
    if (!card) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    ensureFonts(option.font);
    painter->save();
    if (const QVariant ghost = index.data(models::BalanceGhostRole); ghost.isValid())
        paintGhost(painter, option, ghost.value<models::BalanceGhost>());
    else
        paintCard(painter, option, *card);
    painter->restore();
}

void NodeCardDelegate::paintCard(QPainter *painter, const QStyleOptionViewItem &option,
                                 const models::NodeCard &card) const {
    const QPalette &palette = option.palette;
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const QColor highlight = palette.color(QPalette::Highlight);
    const QColor muted = UsageBarPainter::mix(text, base, 0.4);
    const bool selected = option.state.testFlag(QStyle::State_Selected);
    const bool hovered = option.state.testFlag(QStyle::State_MouseOver);
    const QRect cardBox = cardRect(option.rect);
    painter->setRenderHint(QPainter::Antialiasing, true);

    // Card body and outline, inset by half the pen so the outline stays inside the card.
    QColor fill = UsageBarPainter::mix(base, text, 0.035);
    QColor outline = UsageBarPainter::mix(base, text, hovered ? 0.35 : 0.2);
    qreal outlineWidth = 1.0;
    if (selected) {
        fill = UsageBarPainter::mix(base, highlight, 0.16);
        outline = highlight;
        outlineWidth = 2.0;
    }
    QPen outlinePen(outline, outlineWidth);
    if (card.pendingMove) {
        outlinePen.setColor(highlight);
        outlinePen.setWidthF(1.5);
        outlinePen.setStyle(Qt::DashLine);
    }
    painter->setPen(outlinePen);
    painter->setBrush(fill);
    const qreal inset = outlinePen.widthF() / 2;
    painter->drawRoundedRect(QRectF(cardBox).adjusted(inset, inset, -inset, -inset), CardRadius,
                             CardRadius);

    const int left = cardBox.left() + PadX;
    const int right = cardBox.right() - PadX + 1;
    const QRect row1(left, cardBox.top() + PadY, right - left, m_nameHeight);
    const QRect row2(left, row1.bottom() + 1 + RowGap, right - left, m_barHeight);
    const QRect row3(left, row2.bottom() + 1 + BarGap, right - left, m_barHeight);

    // Semantic colours keep their hue but not necessarily their lightness: text in them must
    // read on this card's fill (4.5:1), the dot and the lock must stand out from it (3:1), on
    // light and dark palettes alike.
    const QColor state = stateColor(card);
    const QColor stateMark = UsageBarPainter::legibleOn(state, fill, UsageBarPainter::MarkContrast);

    // Ready dot.
    const QRectF dot(row1.left(), row1.center().y() - DotSize / 2.0 + 0.5, DotSize, DotSize);
    painter->setPen(Qt::NoPen);
    painter->setBrush(stateMark);
    painter->drawEllipse(dot);

    // Flags at the right of row 1, laid out right to left; text is dropped before the name
    // would shrink below MinNameWidth.
    const QFontMetrics smallMetrics(m_smallFont);
    const QFontMetrics chipMetrics(m_chipFont);
    const QString *stateText = !card.ready         ? &m_notReadyText
                               : !card.schedulable ? &m_cordonedText
                                                   : nullptr;
    const int stateWidth = stateText ? chipMetrics.horizontalAdvance(*stateText) + FlagGap : 0;
    const int movingWidth =
        card.pendingMove ? smallMetrics.horizontalAdvance(m_movingText) + FlagGap : 0;
    const int shareTextWidth = smallMetrics.horizontalAdvance(m_shareText) + 3;
    const int nameLeft = int(dot.right()) + 6;
    const int flagRoom = right - nameLeft - MinNameWidth;
    bool showShareText = !card.shareable;
    bool showMoving = card.pendingMove;
    auto flagsWidth = [&] {
        return stateWidth + (showMoving ? movingWidth : 0) +
               (card.shareable ? 0 : LockWidth + FlagGap + (showShareText ? shareTextWidth : 0));
    };
    if (flagsWidth() > flagRoom)
        showShareText = false;
    if (flagsWidth() > flagRoom)
        showMoving = false; // the dashed outline still says it

    int x = right;
    const int flagFlags = Qt::AlignRight | Qt::AlignVCenter | Qt::TextSingleLine;
    if (showMoving) {
        painter->setFont(m_smallFont);
        painter->setPen(UsageBarPainter::legibleOn(highlight, fill));
        painter->drawText(QRect(x - movingWidth, row1.top(), movingWidth, row1.height()), flagFlags,
                          m_movingText);
        x -= movingWidth;
    }
    if (!card.shareable) {
        const QColor marker = shareMarkerColor();
        if (showShareText) {
            painter->setFont(m_smallFont);
            painter->setPen(UsageBarPainter::legibleOn(marker, fill));
            painter->drawText(QRect(x - shareTextWidth, row1.top(), shareTextWidth, row1.height()),
                              flagFlags, m_shareText);
            x -= shareTextWidth;
        }
        const qreal lockHeight = 10;
        paintLock(
            painter,
            QRectF(x - LockWidth, row1.center().y() - lockHeight / 2 + 0.5, LockWidth, lockHeight),
            UsageBarPainter::legibleOn(marker, fill, UsageBarPainter::MarkContrast));
        x -= LockWidth + FlagGap;
    }
    if (stateText) {
        painter->setFont(m_chipFont);
        painter->setPen(UsageBarPainter::legibleOn(state, fill));
        painter->drawText(QRect(x - stateWidth, row1.top(), stateWidth, row1.height()), flagFlags,
                          *stateText);
        x -= stateWidth;
    }

    // Name.
    painter->setFont(m_nameFont);
    painter->setPen(text);
    drawElided(painter, QRect(nameLeft, row1.top(), std::max(0, x - nameLeft), row1.height()),
               card.name, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine);

    // Row 2: gpu-type chip + GPU bar; row 3: CPU + CPU bar.
    const int labelWidth = std::max(52, chipMetrics.averageCharWidth() * 8);
    const QRect chip(row2.left(), row2.top(), labelWidth, row2.height());
    painter->setPen(Qt::NoPen);
    painter->setBrush(UsageBarPainter::mix(base, highlight, selected ? 0.3 : 0.14));
    painter->drawRoundedRect(QRectF(chip), chip.height() / 2.0, chip.height() / 2.0);
    painter->setFont(m_chipFont);
    painter->setPen(card.gpuType.isEmpty() ? muted : text);
    drawElided(painter, chip.adjusted(5, 0, -5, 0),
               card.gpuType.isEmpty() ? m_gpuText : card.gpuType,
               Qt::AlignCenter | Qt::TextSingleLine);

    painter->setFont(m_chipFont);
    painter->setPen(muted);
    painter->drawText(QRect(row3.left(), row3.top(), labelWidth, row3.height()),
                      Qt::AlignCenter | Qt::TextSingleLine, m_cpuText);

    const int barLeft = row2.left() + labelWidth + 6;
    painter->setFont(m_smallFont);
    const QRect gpuBar(barLeft, row2.top(), right - barLeft, row2.height());
    if (card.gpus.total > 0 || card.gpus.used > 0) {
        UsageBarPainter::paint(painter, gpuBar, card.gpus, palette);
    } else {
        UsageBarPainter::paint(painter, gpuBar, models::Usage{0, 0, QString()}, palette);
        painter->setPen(muted);
        painter->drawText(gpuBar, Qt::AlignCenter | Qt::TextSingleLine, m_noGpuText);
    }
    UsageBarPainter::paint(painter, QRect(barLeft, row3.top(), right - barLeft, row3.height()),
                           card.cpu, palette);
}

void NodeCardDelegate::paintGhost(QPainter *painter, const QStyleOptionViewItem &option,
                                  const models::BalanceGhost &ghost) const {
    const QPalette &palette = option.palette;
    const QColor base = palette.color(QPalette::Base);
    const QColor text = palette.color(QPalette::Text);
    const QColor violet(0x7e, 0x57, 0xc2); // not a state colour of real cards
    const QColor body = UsageBarPainter::mix(base, violet, 0.07);
    // The violet as it is on light palettes; lifted on dark ones, where it would sink into the
    // body (outline and dot at 3:1, the numbers at 4.5:1).
    const QColor accent = UsageBarPainter::legibleOn(violet, body, UsageBarPainter::MarkContrast);
    const QColor accentText = UsageBarPainter::legibleOn(violet, body);
    const QColor muted = UsageBarPainter::mix(text, base, 0.35);
    const QRect cardBox = cardRect(option.rect);
    painter->setRenderHint(QPainter::Antialiasing, true);

    QPen outline(accent, option.state.testFlag(QStyle::State_MouseOver) ? 2.0 : 1.5);
    outline.setStyle(Qt::DashLine);
    painter->setPen(outline);
    painter->setBrush(body);
    const qreal inset = outline.widthF() / 2;
    painter->drawRoundedRect(QRectF(cardBox).adjusted(inset, inset, -inset, -inset), CardRadius,
                             CardRadius);

    const int left = cardBox.left() + PadX;
    const int right = cardBox.right() - PadX + 1;
    const QRect row1(left, cardBox.top() + PadY, right - left, m_nameHeight);
    const QRect row2(left, row1.bottom() + 1 + RowGap, right - left, m_barHeight);
    const QRect row3(left, row2.bottom() + 1 + BarGap, right - left, m_barHeight);

    // Row 1: a hollow dot (the node is not here yet), the name, the "proposed" chip.
    const QRectF dot(row1.left() + 0.5, row1.center().y() - DotSize / 2.0 + 1, DotSize - 1,
                     DotSize - 1);
    painter->setPen(QPen(accent, 1.4));
    painter->setBrush(Qt::NoBrush);
    painter->drawEllipse(dot);
    const QFontMetrics chipMetrics(m_chipFont);
    const int chipWidth = chipMetrics.horizontalAdvance(m_proposedText) + 12;
    const QRect chip(right - chipWidth, row1.center().y() - chipMetrics.height() / 2 - 1, chipWidth,
                     chipMetrics.height() + 2);
    painter->setPen(Qt::NoPen);
    painter->setBrush(accent);
    painter->drawRoundedRect(QRectF(chip), chip.height() / 2.0, chip.height() / 2.0);
    painter->setFont(m_chipFont);
    painter->setPen(UsageBarPainter::textColorOn(accent));
    painter->drawText(chip, Qt::AlignCenter | Qt::TextSingleLine, m_proposedText);
    const int nameLeft = int(dot.right()) + 6;
    painter->setFont(m_nameFont);
    painter->setPen(UsageBarPainter::mix(text, accent, 0.25));
    drawElided(painter,
               QRect(nameLeft, row1.top(), std::max(0, chip.left() - 4 - nameLeft), row1.height()),
               ghost.node, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine);

    // Rows 2 and 3: where it comes from and what it does to this org.
    painter->setFont(m_smallFont);
    painter->setPen(muted);
    drawElided(painter, row2, ghost.headline,
               Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine);
    painter->setFont(m_chipFont);
    painter->setPen(accentText);
    drawElided(painter, row3, ghost.numbers, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextSingleLine);
}

bool NodeCardDelegate::helpEvent(QHelpEvent *event, QAbstractItemView *view,
                                 const QStyleOptionViewItem &option, const QModelIndex &index) {
    const QVariant value = index.data(models::CardRole);
    const models::NodeCard *card = cardOf(value);
    if (!card || event->type() != QEvent::ToolTip || index.data(Qt::ToolTipRole).isValid())
        return QStyledItemDelegate::helpEvent(event, view, option, index);

    QStringList lines;
    lines << card->name;
    lines << (!card->ready ? m_notReadyText : !card->schedulable ? m_cordonedText : tr("Ready"));
    if (!card->gpuType.isEmpty())
        lines << tr("GPU type: %1").arg(card->gpuType);
    if (card->gpus.total > 0)
        lines << tr("GPU: %1").arg(card->gpus.text);
    lines << tr("CPU: %1").arg(card->cpu.text);
    if (!card->shareable)
        lines << tr("share=false: kept out of balancing");
    if (card->pendingMove)
        lines << tr("Moving: waiting for the cluster to confirm");
    QToolTip::showText(event->globalPos(), lines.join(u'\n'), view->viewport(), option.rect);
    return true;
}

} // namespace cubedesk::widgets
