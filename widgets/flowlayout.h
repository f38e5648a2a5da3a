#pragma once
// FlowLayout: lays its items out left to right and wraps to a new line when the next item does
// not fit the width, like words in a paragraph (Qt's Flow Layout example, with insertion at an
// index). Its height depends on its width (hasHeightForWidth), so a parent box layout grows it
// by as many lines as the chips need.
//
// Thread: GUI thread. The layout owns its QLayoutItems; widgets added to it are reparented to the
// layout's parent widget as with every QLayout, and stay owned by that widget.

#include <QLayout>
#include <QList>
#include <QStyle>

namespace cubedesk::widgets {

class FlowLayout final : public QLayout {
    Q_OBJECT
public:
    /// A spacing < 0 takes the style's layout spacing.
    explicit FlowLayout(QWidget *parent = nullptr, int horizontalSpacing = 6,
                        int verticalSpacing = 6);
    ~FlowLayout() override;

    /// Inserts `widget` before the item at `index` (appends when `index` is out of range).
    void insertWidget(int index, QWidget *widget);

    int horizontalSpacing() const;
    int verticalSpacing() const;

    void addItem(QLayoutItem *item) override;
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    int doLayout(const QRect &rect, bool apply) const;
    int styleSpacing(QStyle::PixelMetric metric) const;

    QList<QLayoutItem *> m_items;
    int m_horizontalSpacing;
    int m_verticalSpacing;
};

} // namespace cubedesk::widgets
