#pragma once
// EmptyReason: the words every pane uses when it has nothing to show for a reason that is not its
// own — the clusters in scope have not sent their first list yet, or cannot (their freshness
// says why), or the filter hides every row. Each pane adds its own reasons after these ("the
// clusters in scope serve no job kinds", "no GPU nodes") and shows the result in an
// EmptyStateOverlay. Translated in context "EmptyReason".
//
// Threads: GUI thread (reads the hub's connections).

#include <QCoreApplication>
#include <QSet>
#include <QString>

#include <optional>

namespace cubedesk::models {

class ClusterHub;

class EmptyReason final {
    Q_DECLARE_TR_FUNCTIONS(EmptyReason)
public:
    struct Message {
        QString title;
        QString hint;
    };

    /// Why the clusters in `scope` show nothing yet: nullopt once at least one of them has
    /// listed its objects (ClusterConnection::listed()), else who is still connecting and who
    /// failed, why.
    static std::optional<Message> scope(const ClusterHub &hub, const QSet<QString> &scope);
    /// The filter `text` hides every row.
    static Message filtered(const QString &text);
    /// What a pane's view with `rows` rows says: nothing (empty title) when it has rows; else
    /// scope(), else filtered(filter) when a filter is set, else `own`, the pane's own reason.
    static Message forView(int rows, const ClusterHub &hub, const QSet<QString> &scope,
                           const QString &filter, const Message &own);
};

} // namespace cubedesk::models
