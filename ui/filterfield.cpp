#include "ui/filterfield.h"

#include "ui/themecontroller.h"
#include "widgets/usagebarpainter.h"

#include <QLineEdit>
#include <QVariant>

namespace cubedesk::ui {

namespace {
// Set while the filter's text does not parse.
constexpr char kInvalidProperty[] = "cubedeskInvalidFilter";
} // namespace

void FilterField::watch(QLineEdit *field) {
    ThemeController::watchPalette(field, [field] { colour(field); });
}

void FilterField::setError(QLineEdit *field, const QString &error) {
    field->setToolTip(error);
    field->setProperty(kInvalidProperty, !error.isEmpty());
    colour(field);
}

void FilterField::colour(QLineEdit *field) {
    if (!field->property(kInvalidProperty).toBool()) {
        if (field->testAttribute(Qt::WA_SetPalette))
            field->setPalette(QPalette()); // the inherited palette again
        return;
    }
    QPalette palette = field->palette();
    palette.setColor(QPalette::Text, widgets::UsageBarPainter::legibleOn(
                                         QColor(0xc0, 0x39, 0x2b), palette.color(QPalette::Base)));
    field->setPalette(palette);
}

} // namespace cubedesk::ui
