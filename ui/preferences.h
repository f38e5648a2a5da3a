#pragma once
// Preferences: what the user chooses for CubeDesk as a whole — language, theme, font, table
// density, confirmations, the Overview's refresh interval, desktop notifications — kept in the
// settings file (QSettings, group "preferences"; QSettings().fileName() says where). The
// dialog edits a copy (Values) and hands it back through apply(), which saves it and emits
// changed(); every window applies what it can at once (theme, font, density, intervals); a new
// language is installed at once and WindowSet reopens the windows in it (the panes set their
// texts once).
//
// The settings the panes keep for themselves (log options, terminal command and font) stay
// under their own keys; Values carries them so that one dialog shows everything.
//
// Threads: GUI thread only. One instance for the application (main() or a test owns it).

#include <QFont>
#include <QMap>
#include <QObject>
#include <QString>

namespace cubedesk::ui {

class Preferences final : public QObject {
    Q_OBJECT
public:
    enum class Theme { System, Light, Dark };
    enum class Density { Comfortable, Compact };

    struct Values {
        QString language; ///< "" (the desktop's), "en" or "zh_CN"
        Theme theme = Theme::System;
        QString font; ///< QFont::toString(); "" for the desktop's font
        Density density = Density::Comfortable;
        bool confirmCloseTerminal = true; ///< ask before closing a connected terminal
        int overviewRefreshMs = 500;      ///< Overview and GPU charts (250 … 10000)
        bool desktopNotifications = true; ///< also through the system tray, when there is one
        // Kept by the panes under their own keys:
        int logKeepThousands = 0; ///< 0: the log panel's default
        bool logTimestamps = false;
        bool logWrap = false;
        QString terminalCommand; ///< "" : sh
        QString terminalFont;    ///< QFont::toString(); "" : the system's fixed font
        /// The Prometheus of each cluster (context name → "NS/NAME:PORT" or a URL) where the
        /// user set one; the others are looked for among the well-known installs.
        QMap<QString, QString> prometheus;
        bool operator==(const Values &) const = default;
    };

    explicit Preferences(QObject *parent = nullptr);

    const Values &values() const { return m_values; }
    /// Saves `values` and emits changed() when anything differs.
    void apply(const Values &values);
    /// Re-reads the settings file (another window or process may have written it).
    void reload();
    /// The settings file's path.
    static QString fileName();
    /// The settings keys of the options the log panel and the terminal keep themselves (one
    /// spelling for them and for Values).
    static QString logKeepThousandsKey() { return QStringLiteral("logs/keepThousands"); }
    static QString logTimestampsKey() { return QStringLiteral("logs/timestamps"); }
    static QString logWrapKey() { return QStringLiteral("logs/wrap"); }
    static QString terminalCommandKey() { return QStringLiteral("terminal/command"); }
    static QString terminalFontKey() { return QStringLiteral("terminal/font"); }
    /// Row height of a table whose comfortable height is `comfortable` at the current density
    /// and font (never less than the font needs).
    int rowHeight(int comfortable) const;

Q_SIGNALS:
    void changed(const cubedesk::ui::Preferences::Values &values);

private:
    static Values read();

    Values m_values;
};

} // namespace cubedesk::ui
