#pragma once
// ResourceCatalogModel: the resource browser's navigator — every resource type the clusters in
// scope serve (their discovery, as ClusterSession found it), that can be listed and watched, as
// a tree: the ResourceCategories headings, each type under its heading by kind (custom
// resources one level deeper, under their API group), with the number of objects once a table
// of the type was loaded. A type served by several clusters is one entry (group + plural); the
// version is each cluster's own preferred one (ResourceTableModel resolves it per cluster).
//
// Rebuilt when the types served change (a cluster's discovery arrives, a CRD is added, the
// scope changes); entries keep their identity (typeKey), so a view's selection can be restored.
// Threads: GUI thread only. Owns its items; does not own the hub.

#include <QSet>
#include <QStandardItemModel>

#include <map>
#include <optional>
#include <string>

namespace cubedesk::models {

class ClusterConnection;
class ClusterHub;

/// One browsable type, as the navigator knows it.
struct ResourceTypeRef {
    std::string group;
    std::string plural;
    std::string kind;
    bool namespaced = true;

    /// "deployments.apps", "pods": the key of the type across clusters.
    std::string key() const { return group.empty() ? plural : plural + '.' + group; }
    bool operator==(const ResourceTypeRef &) const = default;
};

class ResourceCatalogModel final : public QStandardItemModel {
    Q_OBJECT
public:
    enum Role {
        TypeKeyRole = Qt::UserRole + 100, ///< QString, ResourceTypeRef::key(); types only
    };

    explicit ResourceCatalogModel(ClusterHub *hub, QObject *parent = nullptr);

    /// The clusters whose types are listed (names); by default every cluster of the hub.
    void setScope(const QSet<QString> &clusters);
    /// Re-reads the clusters' discovery; rebuilds when the set of types changed.
    void refresh();

    /// The type of an entry; nullopt for a heading.
    std::optional<ResourceTypeRef> typeAt(const QModelIndex &index) const;
    std::optional<ResourceTypeRef> type(const QString &key) const;
    QModelIndex indexOf(const QString &key) const;
    /// The type whose kind is `kind` ("Pod", "ReplicaSet": an owner reference names a kind):
    /// the core group's first, then apps, batch, then any other group.
    std::optional<ResourceTypeRef> typeOfKind(const QString &kind) const;
    /// Shows `count` objects beside the type (-1: unknown).
    void setCount(const QString &key, int count);
    /// Types listed (for tests and the status line).
    int typeCount() const { return static_cast<int>(m_types.size()); }

Q_SIGNALS:
    /// The tree was rebuilt.
    void rebuilt();

private:
    /// The types the clusters in scope serve, `excluded` left out (a cluster leaving).
    std::map<std::string, ResourceTypeRef> collect(const ClusterConnection *excluded) const;
    void rebuild(std::map<std::string, ResourceTypeRef> types);
    QString labelOf(const ResourceTypeRef &type, int count) const;

    ClusterHub *m_hub;
    QSet<QString> m_scope;
    bool m_scoped = false;
    std::map<std::string, ResourceTypeRef> m_types;
    std::map<std::string, int> m_counts;
};

} // namespace cubedesk::models
