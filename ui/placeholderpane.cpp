#include "ui/placeholderpane.h"

#include <QLabel>
#include <QVBoxLayout>

namespace cubedesk::ui {

PlaceholderPane::PlaceholderPane(const QString &title, const QString &text, QWidget *parent)
    : QWidget(parent) {
    auto *label = new QLabel(
        QStringLiteral("<h2>%1</h2><p>%2</p>").arg(title.toHtmlEscaped(), text.toHtmlEscaped()),
        this);
    label->setAlignment(Qt::AlignCenter);
    label->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(label);
}

} // namespace cubedesk::ui
