#include "ui/preferences.h"

#include <QApplication>
#include <QFontMetrics>
#include <QSettings>

#include <algorithm>

namespace cubedesk::ui {

namespace {

const QString kLanguage = QStringLiteral("preferences/language");
const QString kTheme = QStringLiteral("preferences/theme");
const QString kFont = QStringLiteral("preferences/font");
const QString kDensity = QStringLiteral("preferences/density");
const QString kConfirmCloseTerminal = QStringLiteral("preferences/confirmCloseTerminal");
const QString kOverviewRefresh = QStringLiteral("preferences/overviewRefreshMs");
const QString kDesktopNotifications = QStringLiteral("preferences/desktopNotifications");
// "context<TAB>endpoint" per cluster (context names may hold '/', '=' and ':', never a tab).
const QString kPrometheus = QStringLiteral("preferences/prometheus");

QString themeName(Preferences::Theme theme) {
    switch (theme) {
    case Preferences::Theme::Light:
        return QStringLiteral("light");
    case Preferences::Theme::Dark:
        return QStringLiteral("dark");
    case Preferences::Theme::System:
        break;
    }
    return QStringLiteral("system");
}

} // namespace

Preferences::Preferences(QObject *parent)
    : QObject(parent)
    , m_values(read()) {}

Preferences::Values Preferences::read() {
    const QSettings s;
    Values v;
    const QString language = s.value(kLanguage).toString();
    v.language = language == QLatin1String("en") || language == QLatin1String("zh_CN") ? language
                                                                                       : QString();
    const QString theme = s.value(kTheme).toString();
    v.theme = theme == QLatin1String("light")  ? Theme::Light
              : theme == QLatin1String("dark") ? Theme::Dark
                                               : Theme::System;
    v.font = s.value(kFont).toString();
    v.density = s.value(kDensity).toString() == QLatin1String("compact") ? Density::Compact
                                                                         : Density::Comfortable;
    v.confirmCloseTerminal = s.value(kConfirmCloseTerminal, true).toBool();
    v.overviewRefreshMs = std::clamp(s.value(kOverviewRefresh, 500).toInt(), 250, 10000);
    v.desktopNotifications = s.value(kDesktopNotifications, true).toBool();
    v.logKeepThousands = std::max(0, s.value(Preferences::logKeepThousandsKey(), 0).toInt());
    v.logTimestamps = s.value(Preferences::logTimestampsKey(), false).toBool();
    v.logWrap = s.value(Preferences::logWrapKey(), false).toBool();
    v.terminalCommand = s.value(Preferences::terminalCommandKey()).toString();
    v.terminalFont = s.value(Preferences::terminalFontKey()).toString();
    for (const QString &entry : s.value(kPrometheus).toStringList())
        if (const qsizetype tab = entry.indexOf(QLatin1Char('\t')); tab > 0)
            v.prometheus.insert(entry.left(tab), entry.mid(tab + 1));
    return v;
}

void Preferences::apply(const Values &values) {
    if (values == m_values)
        return;
    m_values = values;
    m_values.overviewRefreshMs = std::clamp(m_values.overviewRefreshMs, 250, 10000);
    QSettings s;
    s.setValue(kLanguage, m_values.language);
    s.setValue(kTheme, themeName(m_values.theme));
    s.setValue(kFont, m_values.font);
    s.setValue(kDensity, m_values.density == Density::Compact ? QStringLiteral("compact")
                                                              : QStringLiteral("comfortable"));
    s.setValue(kConfirmCloseTerminal, m_values.confirmCloseTerminal);
    s.setValue(kOverviewRefresh, m_values.overviewRefreshMs);
    s.setValue(kDesktopNotifications, m_values.desktopNotifications);
    if (m_values.logKeepThousands > 0)
        s.setValue(Preferences::logKeepThousandsKey(), m_values.logKeepThousands);
    else
        s.remove(Preferences::logKeepThousandsKey());
    s.setValue(Preferences::logTimestampsKey(), m_values.logTimestamps);
    s.setValue(Preferences::logWrapKey(), m_values.logWrap);
    s.setValue(Preferences::terminalCommandKey(), m_values.terminalCommand);
    s.setValue(Preferences::terminalFontKey(), m_values.terminalFont);
    QStringList prometheus;
    for (auto it = m_values.prometheus.cbegin(); it != m_values.prometheus.cend(); ++it)
        prometheus << it.key() + QLatin1Char('\t') + it.value();
    if (prometheus.isEmpty())
        s.remove(kPrometheus);
    else
        s.setValue(kPrometheus, prometheus);
    Q_EMIT changed(m_values);
}

void Preferences::reload() {
    const Values values = read();
    if (values == m_values)
        return;
    m_values = values;
    Q_EMIT changed(m_values);
}

QString Preferences::fileName() {
    return QSettings().fileName();
}

int Preferences::rowHeight(int comfortable) const {
    const int text = QFontMetrics(QApplication::font()).height();
    const int wanted = m_values.density == Density::Compact ? comfortable * 4 / 5 : comfortable;
    // The comfortable heights were chosen for a ~16 px font: grow with a bigger one.
    const int scaled = wanted * std::max(text, 16) / 16;
    return std::max(scaled, text + 4);
}

} // namespace cubedesk::ui
