#pragma once
// Translations: CubeDesk's own catalogue and Qt's for one language, installed into the
// application. install() replaces what an earlier call installed, so the language can change
// while CubeDesk runs; the windows set their texts once, so WindowSet reopens them afterwards.
// English is the source language: its catalogue only holds plural forms ("1 pod", "2 pods") and
// is the one used for a locale without a catalogue of its own (C, POSIX, fr…).
//
// Threads: GUI (main) thread only. The translators are children of the application object.

#include <QString>

namespace cubedesk::ui {

class Translations final {
public:
    Translations() = delete;

    /// Installs the catalogues for `language` ("zh_CN", "en"; empty: the desktop's locale) and
    /// makes its QLocale the default, removing what an earlier call installed. Needs a
    /// QCoreApplication. True when CubeDesk's catalogue for that language was found (false:
    /// the English fallback, or nothing, was installed).
    static bool install(const QString &language);
    /// The `language` of the last install(); empty before the first.
    static QString installed();
    /// Where CubeDesk's catalogues (cubedesk_<lang>.qm) are found: ":/i18n", compiled into
    /// the application, unless a test points elsewhere.
    static void setCatalogueFolder(const QString &folder);
};

} // namespace cubedesk::ui
