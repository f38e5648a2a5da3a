#include "ui/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QPointer>
#include <QTranslator>

namespace cubedesk::ui {

namespace {
struct Installed {
    QPointer<QTranslator> ours;
    QPointer<QTranslator> qt;
    QString language;
    QString folder = QStringLiteral(":/i18n");
};

Installed &state() {
    static Installed installed;
    return installed;
}

void remove(QPointer<QTranslator> &translator) {
    if (translator) {
        QCoreApplication::removeTranslator(translator);
        delete translator.data();
    }
    translator = nullptr;
}
} // namespace

bool Translations::install(const QString &language) {
    Installed &s = state();
    remove(s.ours);
    remove(s.qt);
    s.language = language;
    const QLocale locale = language.isEmpty() ? QLocale::system() : QLocale(language);
    QLocale::setDefault(locale);
    auto *ours = new QTranslator(QCoreApplication::instance());
    const bool found =
        ours->load(locale, QStringLiteral("cubedesk"), QStringLiteral("_"), s.folder);
    if (found || ours->load(QStringLiteral("cubedesk_en"), s.folder)) {
        QCoreApplication::installTranslator(ours);
        s.ours = ours;
    } else {
        delete ours;
    }
    auto *qt = new QTranslator(QCoreApplication::instance());
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        s.qt = qt;
    } else {
        delete qt;
    }
    return found;
}

QString Translations::installed() {
    return state().language;
}

void Translations::setCatalogueFolder(const QString &folder) {
    state().folder = folder;
}

} // namespace cubedesk::ui
