#include "ui/notificationpanel.h"

#include "models/notificationmodel.h"
#include "widgets/usagebarpainter.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QToolButton>
#include <QVBoxLayout>

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
    }
    return Qt::gray;
}

// Two lines per row: title (bold) with the time and count at the right, then the body.
class NotificationDelegate final : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &) const override {
        const QFontMetrics m(option.font);
        return {260, 2 * m.height() + 14};
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override {
        painter->save();
        const QPalette &pal = option.palette;
        const bool selected = option.state.testFlag(QStyle::State_Selected);
        const QColor base = pal.color(QPalette::Base);
        const QColor text = pal.color(QPalette::Text);
        const QColor accent = kindColor(index.data(models::NotificationModel::KindRole).toInt());
        painter->setRenderHint(QPainter::Antialiasing, true);
        const QRect r = option.rect.adjusted(2, 2, -2, -2);
        painter->setPen(Qt::NoPen);
        painter->setBrush(
            selected ? widgets::UsageBarPainter::mix(base, pal.color(QPalette::Highlight), 0.18)
                     : widgets::UsageBarPainter::mix(base, text, 0.03));
        painter->drawRoundedRect(QRectF(r), 4, 4);
        painter->setBrush(accent);
        painter->drawRoundedRect(QRectF(r.left(), r.top(), 4, r.height()), 2, 2);

        const QFontMetrics m(option.font);
        const int left = r.left() + 10;
        const QRect line1(left, r.top() + 4, r.right() - left - 6, m.height());
        const QRect line2(left, line1.bottom() + 3, line1.width(), m.height());
        const QDateTime time = index.data(models::NotificationModel::TimeRole).toDateTime();
        const int count = index.data(models::NotificationModel::CountRole).toInt();
        QString right = time.toString(QStringLiteral("HH:mm"));
        if (count > 1)
            right = QStringLiteral("×%1  ").arg(count) + right;
        const int rightWidth = m.horizontalAdvance(right) + 6;
        painter->setPen(widgets::UsageBarPainter::mix(text, base, 0.45));
        painter->drawText(line1, Qt::AlignRight | Qt::AlignVCenter, right);
        QFont bold = option.font;
        bold.setBold(true);
        painter->setFont(bold);
        painter->setPen(text);
        const QFontMetrics bm(bold);
        painter->drawText(line1.adjusted(0, 0, -rightWidth, 0), Qt::AlignLeft | Qt::AlignVCenter,
                          bm.elidedText(index.data(Qt::DisplayRole).toString(), Qt::ElideRight,
                                        line1.width() - rightWidth));
        painter->setFont(option.font);
        painter->setPen(widgets::UsageBarPainter::mix(text, base, 0.25));
        painter->drawText(line2, Qt::AlignLeft | Qt::AlignVCenter,
                          m.elidedText(index.data(models::NotificationModel::TextRole).toString(),
                                       Qt::ElideRight, line2.width()));
        painter->restore();
    }
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
    m_list->setModel(model);
    m_list->setItemDelegate(new NotificationDelegate(m_list));
    m_list->setUniformItemSizes(true);
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
        available ? tr("Pending pods, NotReady nodes, failed jobs and moves; also shown as "
                       "desktop notifications.")
                  : tr("Pending pods, NotReady nodes, failed jobs and moves. No system tray: "
                       "notifications appear only here."));
}

void NotificationPanel::goTo(int row) {
    if (row < 0 || row >= m_model->rowCount())
        return;
    const auto &e = m_model->entry(row);
    Q_EMIT goToRequested(static_cast<int>(e.kind), e.cluster, e.subject);
}

} // namespace cubedesk::ui
