#pragma once
// EmptyStateOverlay: says why a list or table is empty and what to do about it ("No node
// matches “gpu-9”. Clear the filter…"), centred over the view's viewport, while the view's model
// has no rows and a message is set. The pane that owns the view sets the message whenever its
// reason may change (scope, filter, cluster state); the overlay follows the model's rows and the
// viewport's size by itself, and lets mouse events through to the view.
//
// Threads: GUI thread. A child of the view's viewport (deleted with the view). The view must
// have its model before the overlay is made; the overlay follows that model.

#include <QWidget>

class QAbstractItemView;
class QLabel;

namespace cubedesk::widgets {

class EmptyStateOverlay final : public QWidget {
    Q_OBJECT
public:
    explicit EmptyStateOverlay(QAbstractItemView *view);

    /// `title` (bold) and `hint` below it, as plain text; an empty title hides the overlay.
    void setMessage(const QString &title, const QString &hint = {});
    QString title() const;
    QString hint() const;
    /// Whether the overlay is up (the model has no rows and a title is set).
    bool showing() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void refresh();

    QAbstractItemView *m_view;
    QLabel *m_title;
    QLabel *m_hint;
};

} // namespace cubedesk::widgets
