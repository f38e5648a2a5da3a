#include "models/emptyreason.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"

#include <QStringList>

namespace cubedesk::models {

std::optional<EmptyReason::Message> EmptyReason::scope(const ClusterHub &hub,
                                                       const QSet<QString> &scope) {
    QStringList connecting;
    QStringList failed;
    for (const ClusterConnection *c : hub.clusters()) {
        if (!scope.contains(c->name()))
            continue;
        if (c->listed())
            return std::nullopt; // the store holds the cluster: the pane's own reasons apply
        const Freshness &f = c->freshness();
        if (f.level == Freshness::Level::Connecting)
            connecting << c->name();
        else
            failed << QStringLiteral("%1: %2").arg(c->name(), f.error.isEmpty() ? f.text : f.error);
    }
    if (connecting.isEmpty() && failed.isEmpty())
        return Message{tr("No cluster is in scope."),
                       tr("Check a cluster in the Clusters tree on the left.")};
    if (failed.isEmpty())
        return Message{tr("Waiting for the first list from %1…").arg(connecting.join(tr(", "))),
                       tr("The table fills as soon as the cluster answers.")};
    Message m{failed.size() == 1 ? tr("A cluster in scope cannot be read.")
                                 : tr("%n clusters in scope cannot be read.", nullptr,
                                      static_cast<int>(failed.size())),
              failed.join(QLatin1Char('\n'))};
    if (!connecting.isEmpty())
        m.hint += QLatin1Char('\n') + tr("Still connecting: %1").arg(connecting.join(tr(", ")));
    return m;
}

EmptyReason::Message EmptyReason::filtered(const QString &text) {
    return {tr("Nothing matches “%1”.").arg(text.trimmed()),
            tr("Change or clear the filter above to see every row.")};
}

EmptyReason::Message EmptyReason::forView(int rows, const ClusterHub &hub,
                                          const QSet<QString> &scope, const QString &filter,
                                          const Message &own) {
    if (rows > 0)
        return {};
    if (auto waiting = EmptyReason::scope(hub, scope))
        return *waiting;
    if (!filter.trimmed().isEmpty())
        return filtered(filter);
    return own;
}

} // namespace cubedesk::models
