#include "ui/notificationpanel.h"

#include "models/notificationmodel.h"
#include "widgets/usagebarpainter.h"

#include <QApplication>
#include <QDateTime>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace cubedesk::ui {

namespace {

using Kind = models::NotificationModel::Kind;

QColor kindColor(int kind) {
    switch (static_cast<Kind>(kind)) {
    case Kind::PendingPods:
        return QColor(0xd3, 0x54, 0x00);
    case Kind::NodeNotReady:
        return QColor(0xe5, 0x48, 0x4d);
    case Kind::FailedJob:
        return QColor(0xb0, 0x3a, 0x8c);
    case Kind::MoveApplied:
        return QColor(0x7e, 0x57, 0xc2);
    case Kind::GpuFault:
        return QColor(0xc6, 0x28, 0x28);
    }
    return Qt::gray;
}

// A card per row: the title (bold, wrapped) with the time and count at the right, then the body
// wrapped below it. Heights follow the view's width, so a narrow dock shows whole sentences.
class NotificationDelegate final : public QStyledItemDelegate {
public:
    explicit NotificationDelegate(QListView *view)
        : QStyledItemDelegate(view)
        , m_view(view) {}

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override {
        const Layout l = layout(option, index, QRect(0, 0, m_view->viewport()->width(), 0));
        return {l.card.width(), l.body.bottom() + kPad + 2};
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override {
        painter->save();
        const QPalette &pal = option.palette;
        const bool selected = option.state.testFlag(QStyle::State_Selected);
        const QColor base = pal.color(QPalette::Base);
        const QColor text = pal.color(QPalette::Text);
        const QColor fill =
            selected ? widgets::UsageBarPainter::mix(base, pal.color(QPalette::Highlight), 0.18)
                     : widgets::UsageBarPainter::mix(base, text, 0.03);
        // The kind's hue, made to stand out from the card in either theme.
        const QColor accent = widgets::UsageBarPainter::legibleOn(
            kindColor(index.data(models::NotificationModel::KindRole).toInt()), fill,
            widgets::UsageBarPainter::MarkContrast);
        const Layout l = layout(option, index, option.rect);
        painter->setRenderHint(QPainter::Antialiasing, true);
        painter->setPen(Qt::NoPen);
        painter->setBrush(fill);
        painter->drawRoundedRect(QRectF(l.card), 4, 4);
        painter->setBrush(accent);
        painter->drawRoundedRect(QRectF(l.card.left(), l.card.top(), 4, l.card.height()), 2, 2);

        painter->setPen(widgets::UsageBarPainter::mix(text, base, 0.4));
        painter->drawText(l.right, Qt::AlignRight | Qt::AlignTop, l.rightText);
        painter->setFont(l.bold);
        painter->setPen(text);
        painter->drawText(l.title, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, l.titleText);
        painter->setFont(option.font);
        painter->setPen(widgets::UsageBarPainter::mix(text, base, 0.25));
        painter->drawText(l.body, Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, l.bodyText);
        painter->restore();
    }

private:
    static constexpr int kPad = 4;

    struct Layout {
        QRect card, title, right, body;
        QString titleText, rightText, bodyText;
        QFont bold;
    };

    // Where each part of the card goes in `rect` (its height is ignored: the text decides).
    static Layout layout(const QStyleOptionViewItem &option, const QModelIndex &index,
                         const QRect &rect) {
        Layout l;
        l.bold = option.font;
        l.bold.setBold(true);
        const QFontMetrics m(option.font);
        const QFontMetrics bm(l.bold);
        const QDateTime time = index.data(models::NotificationModel::TimeRole).toDateTime();
        const int count = index.data(models::NotificationModel::CountRole).toInt();
        l.rightText = time.toString(QStringLiteral("HH:mm"));
        if (count > 1)
            l.rightText = QStringLiteral("×%1  ").arg(count) + l.rightText;
        l.titleText = index.data(Qt::DisplayRole).toString();
        l.bodyText = index.data(models::NotificationModel::TextRole).toString();

        const int width = std::max(rect.width(), 120);
        const int left = rect.left() + 2 + 10;
        const int textWidth = std::max(rect.left() + width - 2 - 6 - left, 40);
        const int rightWidth = m.horizontalAdvance(l.rightText) + 6;
        const int top = rect.top() + 2 + kPad;
        const int titleWidth = std::max(textWidth - rightWidth, 40);
        const QRect titleBox = bm.boundingRect(QRect(left, top, titleWidth, 10000),
                                               Qt::AlignLeft | Qt::TextWordWrap, l.titleText);
        l.title = QRect(left, top, titleWidth, std::max(titleBox.height(), bm.height()));
        l.right = QRect(left + textWidth - rightWidth, top, rightWidth, m.height());
        const QRect bodyBox = m.boundingRect(QRect(left, l.title.bottom() + 3, textWidth, 10000),
                                             Qt::AlignLeft | Qt::TextWordWrap, l.bodyText);
        l.body = QRect(left, l.title.bottom() + 3, textWidth,
                       l.bodyText.isEmpty() ? 0 : bodyBox.height());
        l.card = QRect(rect.left() + 2, rect.top() + 2, width - 4,
                       l.body.bottom() + kPad - rect.top() - 2 + 1);
        return l;
    }

    QListView *m_view;
};

} // namespace

NotificationPanel::NotificationPanel(models::NotificationModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_header(new QLabel(this))
    , m_list(new QListView(this))
    , m_goTo(new QToolButton(this)) {
    setObjectName(QStringLiteral("notificationPanel"));
    m_list->setObjectName(QStringLiteral("notificationList"));
    m_list->setAccessibleName(tr("Notifications"));
    m_list->setModel(model);
    m_list->setItemDelegate(new NotificationDelegate(m_list));
    // Cards wrap their text: heights differ per row and follow the dock's width.
    m_list->setUniformItemSizes(false);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setWordWrap(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_header->setWordWrap(true);
    m_goTo->setText(tr("Go to"));
    m_goTo->setObjectName(QStringLiteral("notificationGoTo"));
    m_goTo->setEnabled(false);
    auto *top = new QHBoxLayout;
    top->addWidget(m_header, 1);
    top->addWidget(m_goTo);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_list, 1);
    setTrayAvailable(false);

    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { m_goTo->setEnabled(current.isValid()); });
    connect(m_goTo, &QToolButton::clicked, this, [this] { goTo(m_list->currentIndex().row()); });
    connect(m_list, &QListView::doubleClicked, this,
            [this](const QModelIndex &i) { goTo(i.row()); });
}

void NotificationPanel::setTrayAvailable(bool available) {
    m_header->setText(
        available ? tr("Pending pods, NotReady nodes, failed jobs, GPU faults and moves; also "
                       "shown as desktop notifications.")
                  : tr("Pending pods, NotReady nodes, failed jobs, GPU faults and moves. No "
                       "system tray: notifications appear only here."));
}

void NotificationPanel::goTo(int row) {
    if (row < 0 || row >= m_model->rowCount())
        return;
    const auto &e = m_model->entry(row);
    Q_EMIT goToRequested(static_cast<int>(e.kind), e.cluster, e.subject);
}

} // namespace cubedesk::ui
