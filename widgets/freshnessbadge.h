#pragma once
// FreshnessBadge: a small pill with a coloured dot and a short text telling how fresh a
// cluster's data is: Live (green), Connecting (blue), Stale (amber), Error (red), Offline (grey).
// The text and the tooltip (e.g. "stale since 12:03, retrying in 8 s") come from the caller,
// already translated; the badge only shows them.
//
// Thread: GUI thread. Owned by its parent widget; owns nothing but its strings.

#include <QColor>
#include <QString>
#include <QWidget>

namespace cubedesk::widgets {

class FreshnessBadge final : public QWidget {
    Q_OBJECT
public:
    enum class Level { Live, Connecting, Stale, Error, Offline };
    Q_ENUM(Level)

    /// Starts Offline with no text.
    explicit FreshnessBadge(QWidget *parent = nullptr);

    void setState(Level level, const QString &text, const QString &toolTip = QString());
    Level level() const;
    QString text() const;

    /// The dot colour of a level; the pill is a light tint of it.
    static QColor color(Level level);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    Level m_level = Level::Offline;
    QString m_text;
};

} // namespace cubedesk::widgets
