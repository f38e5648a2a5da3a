#include "widgets/emptystateoverlay.h"

#include <QAbstractItemModel>
#include <QAbstractItemView>
#include <QEvent>
#include <QLabel>
#include <QVBoxLayout>

namespace cubedesk::widgets {

EmptyStateOverlay::EmptyStateOverlay(QAbstractItemView *view)
    : QWidget(view->viewport())
    , m_view(view)
    , m_title(new QLabel(this))
    , m_hint(new QLabel(this)) {
    setObjectName(QStringLiteral("emptyState"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    m_title->setObjectName(QStringLiteral("emptyStateTitle"));
    m_hint->setObjectName(QStringLiteral("emptyStateHint"));
    for (QLabel *label : {m_title, m_hint}) {
        // Cluster, node and filter names reach these labels: never as rich text.
        label->setTextFormat(Qt::PlainText);
        label->setWordWrap(true);
        label->setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    }
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.1);
    m_title->setFont(bold);
    QPalette muted = m_hint->palette();
    muted.setColor(QPalette::WindowText, muted.color(QPalette::PlaceholderText));
    m_hint->setPalette(muted);
    auto *layout = new QVBoxLayout(this);
    // Full-width labels centre their own lines: a word-wrapped label given an alignment in the
    // layout would be sized by its unwrapped hint and cut.
    layout->setContentsMargins(24, 32, 24, 24);
    layout->addWidget(m_title);
    layout->addWidget(m_hint);
    layout->addStretch(1);

    view->viewport()->installEventFilter(this);
    if (QAbstractItemModel *model = view->model()) {
        const auto follow = [this] { refresh(); };
        connect(model, &QAbstractItemModel::rowsInserted, this, follow);
        connect(model, &QAbstractItemModel::rowsRemoved, this, follow);
        connect(model, &QAbstractItemModel::modelReset, this, follow);
        connect(model, &QAbstractItemModel::layoutChanged, this, follow);
    }
    hide();
}

void EmptyStateOverlay::setMessage(const QString &title, const QString &hint) {
    m_title->setText(title);
    m_hint->setText(hint);
    m_hint->setVisible(!hint.isEmpty());
    refresh();
}

QString EmptyStateOverlay::title() const {
    return m_title->text();
}

QString EmptyStateOverlay::hint() const {
    return m_hint->text();
}

bool EmptyStateOverlay::showing() const {
    return !isHidden();
}

bool EmptyStateOverlay::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_view->viewport() && event->type() == QEvent::Resize)
        setGeometry(m_view->viewport()->rect());
    return QWidget::eventFilter(watched, event);
}

void EmptyStateOverlay::refresh() {
    const QAbstractItemModel *model = m_view->model();
    const bool show = !m_title->text().isEmpty() && model && model->rowCount() == 0;
    setGeometry(m_view->viewport()->rect());
    setVisible(show);
    if (show)
        raise();
}

} // namespace cubedesk::widgets
