#include "models/resourcecatalogmodel.h"

#include "k8s/session/clustersession.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/qtstring.h"
#include "models/resourcecategory.h"

#include <algorithm>
#include <map>
#include <vector>

namespace cubedesk::models {

ResourceCatalogModel::ResourceCatalogModel(ClusterHub *hub, QObject *parent)
    : QStandardItemModel(parent)
    , m_hub(hub) {
    connect(hub, &ClusterHub::clusterStateChanged, this, [this] { refresh(); });
    connect(hub, &ClusterHub::clusterAdded, this, [this] { refresh(); });
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this, [this](ClusterConnection *gone) {
        if (auto types = collect(gone); types != m_types)
            rebuild(std::move(types));
    });
    refresh();
}

void ResourceCatalogModel::setScope(const QSet<QString> &clusters) {
    m_scope = clusters;
    m_scoped = true;
    refresh();
}

void ResourceCatalogModel::refresh() {
    if (auto types = collect(nullptr); types != m_types)
        rebuild(std::move(types));
}

std::map<std::string, ResourceTypeRef>
ResourceCatalogModel::collect(const ClusterConnection *excluded) const {
    std::map<std::string, ResourceTypeRef> types;
    for (ClusterConnection *c : m_hub->clusters()) {
        if (c == excluded || (m_scoped && !m_scope.contains(c->name())) || !c->session())
            continue;
        const auto discovery = c->session()->discovery();
        if (!discovery)
            continue;
        for (const auto &r : discovery->resources()) {
            // A table needs a list and a watch; subresources are not types.
            if (!r.preferred || !r.can("list") || !r.can("watch") ||
                r.plural.find('/') != std::string::npos)
                continue;
            ResourceTypeRef type{r.group, r.plural, r.kind, r.namespaced};
            types.emplace(type.key(), std::move(type));
        }
    }
    return types;
}

QString ResourceCatalogModel::labelOf(const ResourceTypeRef &type, int count) const {
    QString label = toQString(type.kind);
    if (count >= 0)
        label += QStringLiteral("  (%1)").arg(count);
    return label;
}

void ResourceCatalogModel::rebuild(std::map<std::string, ResourceTypeRef> types) {
    m_types = std::move(types);
    clear();
    std::map<ResourceCategory, std::vector<const ResourceTypeRef *>> byCategory;
    for (const auto &[key, type] : m_types)
        byCategory[ResourceCategories::of(type.group, type.plural)].push_back(&type);
    auto typeItem = [this](const ResourceTypeRef &type) {
        const QString key = toQString(type.key());
        const auto count = m_counts.find(type.key());
        auto *item = new QStandardItem(labelOf(type, count == m_counts.end() ? -1 : count->second));
        item->setData(key, TypeKeyRole);
        item->setToolTip(key);
        item->setEditable(false);
        return item;
    };
    auto byKind = [](const ResourceTypeRef *a, const ResourceTypeRef *b) {
        return a->kind != b->kind ? a->kind < b->kind : a->group < b->group;
    };
    for (const ResourceCategory category : ResourceCategories::all) {
        auto found = byCategory.find(category);
        if (found == byCategory.end())
            continue;
        auto &list = found->second;
        auto *heading = new QStandardItem(ResourceCategories::title(category));
        heading->setEditable(false);
        heading->setSelectable(false);
        QFont bold = heading->font();
        bold.setBold(true);
        heading->setFont(bold);
        if (category == ResourceCategory::Custom) {
            std::map<std::string, std::vector<const ResourceTypeRef *>> byGroup;
            for (const ResourceTypeRef *t : list)
                byGroup[t->group].push_back(t);
            for (auto &[group, members] : byGroup) {
                auto *groupItem = new QStandardItem(toQString(group));
                groupItem->setEditable(false);
                groupItem->setSelectable(false);
                std::sort(members.begin(), members.end(), byKind);
                for (const ResourceTypeRef *t : members)
                    groupItem->appendRow(typeItem(*t));
                heading->appendRow(groupItem);
            }
        } else {
            std::sort(list.begin(), list.end(), byKind);
            for (const ResourceTypeRef *t : list)
                heading->appendRow(typeItem(*t));
        }
        appendRow(heading);
    }
    Q_EMIT rebuilt();
}

std::optional<ResourceTypeRef> ResourceCatalogModel::typeAt(const QModelIndex &index) const {
    const QVariant key = index.data(TypeKeyRole);
    return key.isValid() ? type(key.toString()) : std::nullopt;
}

std::optional<ResourceTypeRef> ResourceCatalogModel::type(const QString &key) const {
    const auto it = m_types.find(key.toStdString());
    return it == m_types.end() ? std::nullopt : std::optional(it->second);
}

std::optional<ResourceTypeRef> ResourceCatalogModel::typeOfKind(const QString &kind) const {
    const std::string wanted = kind.toStdString();
    auto rank = [](const std::string &group) {
        return group.empty() ? 0 : group == "apps" ? 1 : group == "batch" ? 2 : 3;
    };
    std::optional<ResourceTypeRef> best;
    for (const auto &[key, type] : m_types)
        if (type.kind == wanted && (!best || rank(type.group) < rank(best->group)))
            best = type;
    return best;
}

QModelIndex ResourceCatalogModel::indexOf(const QString &key) const {
    const QModelIndexList found =
        match(index(0, 0), TypeKeyRole, key, 1, Qt::MatchExactly | Qt::MatchRecursive);
    return found.isEmpty() ? QModelIndex() : found.front();
}

void ResourceCatalogModel::setCount(const QString &key, int count) {
    const std::string k = key.toStdString();
    if (count < 0)
        m_counts.erase(k);
    else
        m_counts[k] = count;
    const QModelIndex at = indexOf(key);
    const auto type = this->type(key);
    if (at.isValid() && type)
        itemFromIndex(at)->setText(labelOf(*type, count));
}

} // namespace cubedesk::models
