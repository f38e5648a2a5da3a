#pragma once
// PlaceholderPane: a pane whose content is not part of this version yet (Jobs, Quotas, GPUs).
// It says so plainly instead of showing an empty table that would look like "no data".
//
// Threads: GUI thread only.

#include <QWidget>

namespace cubedesk::ui {

class PlaceholderPane final : public QWidget {
    Q_OBJECT
public:
    PlaceholderPane(const QString &title, const QString &text, QWidget *parent = nullptr);
};

} // namespace cubedesk::ui
