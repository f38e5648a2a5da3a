#include "k8s/sim/resourceregistry.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <optional>
#include <tuple>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

const std::vector<std::string> kAllVerbs = {"create", "delete", "deletecollection", "get",
                                            "list",   "patch",  "update",           "watch"};

ResourceType builtin(std::string group, const std::string &kind, std::string plural,
                     bool namespaced, std::vector<std::string> shortNames, bool status,
                     std::vector<std::string> verbs = kAllVerbs,
                     std::vector<std::string> categories = {}) {
    ResourceType t;
    t.group = std::move(group);
    t.version = "v1";
    t.kind = kind;
    t.listKind = kind + "List";
    t.plural = std::move(plural);
    t.singular = kind;
    std::transform(t.singular.begin(), t.singular.end(), t.singular.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    t.namespaced = namespaced;
    t.shortNames = std::move(shortNames);
    t.statusSubresource = status;
    t.verbs = std::move(verbs);
    t.categories = std::move(categories);
    return t;
}

/// A Kubernetes-style version "v<major>[(alpha|beta)<minor>]", parsed; level 2 = GA, 1 = beta,
/// 0 = alpha. nullopt for anything else.
struct KubeVersion {
    long major = 0;
    int level = 2;
    long minor = 0;
};

std::optional<KubeVersion> parseKubeVersion(const std::string &v) {
    if (v.size() < 2 || v[0] != 'v' || !std::isdigit(static_cast<unsigned char>(v[1])))
        return std::nullopt;
    char *end = nullptr;
    KubeVersion k;
    k.major = std::strtol(v.c_str() + 1, &end, 10);
    const std::string rest(end);
    if (rest.empty())
        return k;
    for (const auto &[word, level] : {std::pair<const char *, int>{"alpha", 0}, {"beta", 1}}) {
        const std::string w(word);
        if (rest.rfind(w, 0) == 0 && rest.size() > w.size() &&
            std::isdigit(static_cast<unsigned char>(rest[w.size()]))) {
            char *minorEnd = nullptr;
            k.minor = std::strtol(rest.c_str() + w.size(), &minorEnd, 10);
            if (*minorEnd != '\0')
                return std::nullopt;
            k.level = level;
            return k;
        }
    }
    return std::nullopt;
}

/// Kubernetes' version priority: GA before beta before alpha, higher numbers first, then
/// non-kube-like versions alphabetically (apimachinery's CompareKubeAwareVersionStrings).
bool versionBefore(const std::string &a, const std::string &b) {
    const auto ka = parseKubeVersion(a);
    const auto kb = parseKubeVersion(b);
    if (ka.has_value() != kb.has_value())
        return ka.has_value();
    if (!ka)
        return a < b;
    if (ka->level != kb->level)
        return ka->level > kb->level;
    if (ka->major != kb->major)
        return ka->major > kb->major;
    return ka->minor > kb->minor;
}

json apiResourceEntry(const ResourceType &t) {
    json e = {{"name", t.plural},
              {"singularName", t.singular},
              {"namespaced", t.namespaced},
              {"kind", t.kind},
              {"verbs", t.verbs}};
    if (!t.shortNames.empty())
        e["shortNames"] = t.shortNames;
    if (!t.categories.empty())
        e["categories"] = t.categories;
    return e;
}

} // namespace

ResourceRegistry::ResourceRegistry() {
    const std::vector<std::string> nsVerbs = {"create", "delete", "get",  "list",
                                              "patch",  "update", "watch"};
    addBuiltin(builtin("", "Namespace", "namespaces", false, {"ns"}, true, nsVerbs));
    addBuiltin(builtin("", "Node", "nodes", false, {"no"}, true));
    ResourceType pods = builtin("", "Pod", "pods", true, {"po"}, true, kAllVerbs, {"all"});
    pods.subresources.push_back({"eviction", "policy", "v1", "Eviction", {"create"}});
    addBuiltin(std::move(pods));
    addBuiltin(builtin("", "Event", "events", true, {"ev"}, false));
    addBuiltin(builtin("", "ConfigMap", "configmaps", true, {"cm"}, false));
    ResourceType services =
        builtin("", "Service", "services", true, {"svc"}, true, kAllVerbs, {"all"});
    services.subresources.push_back(
        {"proxy", "", "v1", "ServiceProxyOptions", {"create", "delete", "get", "patch", "update"}});
    addBuiltin(std::move(services));
    addBuiltin(builtin("", "ResourceQuota", "resourcequotas", true, {"quota"}, true));
    addBuiltin(builtin("", "LimitRange", "limitranges", true, {"limits"}, false));
    addBuiltin(
        builtin("policy", "PodDisruptionBudget", "poddisruptionbudgets", true, {"pdb"}, true));
    addBuiltin(builtin("", "Secret", "secrets", true, {}, false));
    addBuiltin(builtin("", "ServiceAccount", "serviceaccounts", true, {"sa"}, false));
    addBuiltin(builtin("", "PersistentVolumeClaim", "persistentvolumeclaims", true, {"pvc"}, true));
    addBuiltin(builtin("", "PersistentVolume", "persistentvolumes", false, {"pv"}, true));
    addBuiltin(builtin("", "Endpoints", "endpoints", true, {"ep"}, false));
    // The workload controller (WorkloadController) scales and restarts Deployments, their
    // ReplicaSets and StatefulSets; DaemonSets are stored only. kubectl scale finds the scale
    // subresource through discovery, as autoscaling/v1 Scale.
    const SubresourceInfo scale{"scale", "autoscaling", "v1", "Scale", {"get", "patch", "update"}};
    addBuiltin(builtin("apps", "DaemonSet", "daemonsets", true, {"ds"}, true, kAllVerbs, {"all"}));
    for (const auto &[kind, plural, shortName] :
         {std::tuple{"Deployment", "deployments", "deploy"},
          std::tuple{"ReplicaSet", "replicasets", "rs"},
          std::tuple{"StatefulSet", "statefulsets", "sts"}}) {
        ResourceType t = builtin("apps", kind, plural, true, {shortName}, true, kAllVerbs, {"all"});
        t.subresources.push_back(scale);
        addBuiltin(std::move(t));
    }
    addBuiltin(builtin("batch", "Job", "jobs", true, {}, true, kAllVerbs, {"all"}));
    addBuiltin(builtin("batch", "CronJob", "cronjobs", true, {"cj"}, true, kAllVerbs, {"all"}));
    addBuiltin(builtin("networking.k8s.io", "Ingress", "ingresses", true, {"ing"}, true));
    addBuiltin(builtin("networking.k8s.io", "IngressClass", "ingressclasses", false, {}, false));
    for (const auto &[kind, plural, namespaced] :
         {std::tuple{"Role", "roles", true}, std::tuple{"RoleBinding", "rolebindings", true},
          std::tuple{"ClusterRole", "clusterroles", false},
          std::tuple{"ClusterRoleBinding", "clusterrolebindings", false}})
        addBuiltin(builtin("rbac.authorization.k8s.io", kind, plural, namespaced, {}, false));
    addBuiltin(builtin("storage.k8s.io", "StorageClass", "storageclasses", false, {"sc"}, false));
    addBuiltin(builtin("apiextensions.k8s.io", "CustomResourceDefinition",
                       "customresourcedefinitions", false, {"crd", "crds"}, true, kAllVerbs,
                       {"api-extensions"}));
    addBuiltin(builtin("authorization.k8s.io", "SelfSubjectAccessReview",
                       "selfsubjectaccessreviews", false, {}, false, {"create"}));
    addBuiltin(builtin("authorization.k8s.io", "SelfSubjectRulesReview", "selfsubjectrulesreviews",
                       false, {}, false, {"create"}));
    addBuiltin(builtin("authentication.k8s.io", "SelfSubjectReview", "selfsubjectreviews", false,
                       {}, false, {"create"}));
}

void ResourceRegistry::serveMetricsApi() {
    const std::lock_guard lock(m_mutex);
    for (const auto &[kind, plural, namespaced] :
         {std::tuple{"NodeMetrics", "nodes", false}, std::tuple{"PodMetrics", "pods", true}}) {
        ResourceType t =
            builtin("metrics.k8s.io", kind, plural, namespaced, {}, false, {"get", "list"});
        t.version = "v1beta1";
        addBuiltin(std::move(t));
    }
}

void ResourceRegistry::addBuiltin(ResourceType t) {
    auto &versions = m_versionOrder[t.group];
    if (std::find(versions.begin(), versions.end(), t.version) == versions.end())
        versions.push_back(t.version);
    m_types[t.group][t.version][t.plural] = std::move(t);
}

std::optional<ResourceType> ResourceRegistry::find(const std::string &group,
                                                   const std::string &version,
                                                   const std::string &plural) const {
    std::lock_guard lock(m_mutex);
    const auto *plurals = typesAt(group, version);
    if (plurals == nullptr)
        return std::nullopt;
    auto p = plurals->find(plural);
    if (p == plurals->end())
        return std::nullopt;
    return p->second;
}

const std::map<std::string, ResourceType> *
ResourceRegistry::typesAt(const std::string &group, const std::string &version) const {
    auto g = m_types.find(group);
    if (g == m_types.end())
        return nullptr;
    auto v = g->second.find(version);
    return v == g->second.end() ? nullptr : &v->second;
}

ResourceType ResourceRegistry::core(const std::string &plural) const {
    auto t = find("", "v1", plural);
    if (!t)
        std::abort();
    return *t;
}

std::vector<ResourceType> ResourceRegistry::versionsOf(const std::string &group,
                                                       const std::string &plural) const {
    std::lock_guard lock(m_mutex);
    std::vector<ResourceType> out;
    auto g = m_types.find(group);
    if (g == m_types.end())
        return out;
    for (const auto &v : m_versionOrder.at(group)) {
        auto vit = g->second.find(v);
        if (vit == g->second.end())
            continue;
        auto p = vit->second.find(plural);
        if (p != vit->second.end())
            out.push_back(p->second);
    }
    return out;
}

std::optional<ResourceType> ResourceRegistry::findByKind(const std::string &group,
                                                         const std::string &kind) const {
    std::lock_guard lock(m_mutex);
    auto g = m_types.find(group);
    if (g == m_types.end())
        return std::nullopt;
    for (const auto &v : m_versionOrder.at(group)) {
        auto vit = g->second.find(v);
        if (vit == g->second.end())
            continue;
        for (const auto &[plural, t] : vit->second)
            if (t.kind == kind)
                return t;
    }
    return std::nullopt;
}

std::optional<std::string> ResourceRegistry::applyCrd(const json &crd) {
    const json spec = crd.value("spec", json::object());
    const std::string group = spec.value("group", "");
    const json names = spec.value("names", json::object());
    const std::string plural = names.value("plural", "");
    const std::string kind = names.value("kind", "");
    if (group.empty() || plural.empty() || kind.empty())
        return std::string("spec.group, spec.names.plural and spec.names.kind are required");
    if (!spec.contains("versions") || !spec["versions"].is_array() || spec["versions"].empty())
        return std::string("spec.versions must name at least one version");
    std::vector<ResourceType> served;
    for (const auto &v : spec["versions"]) {
        if (!v.value("served", true))
            continue;
        ResourceType t;
        t.group = group;
        t.version = v.value("name", "");
        if (t.version.empty())
            return std::string("spec.versions[].name is required");
        t.kind = kind;
        t.listKind = names.value("listKind", kind + "List");
        t.plural = plural;
        t.singular = names.value("singular", "");
        if (t.singular.empty()) {
            t.singular = kind;
            std::transform(t.singular.begin(), t.singular.end(), t.singular.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        }
        t.namespaced = spec.value("scope", "Namespaced") != "Cluster";
        t.shortNames = names.value("shortNames", std::vector<std::string>{});
        t.categories = names.value("categories", std::vector<std::string>{});
        t.verbs = kAllVerbs;
        t.custom = true;
        t.statusSubresource = v.contains("subresources") && v["subresources"].is_object() &&
                              v["subresources"].contains("status");
        if (auto cols = v.find("additionalPrinterColumns"); cols != v.end() && cols->is_array())
            for (const auto &c : *cols)
                t.printerColumns.push_back({c.value("name", ""), c.value("type", "string"),
                                            c.value("format", ""), c.value("description", ""),
                                            c.value("jsonPath", ""), c.value("priority", 0)});
        served.push_back(std::move(t));
    }
    std::lock_guard lock(m_mutex);
    auto &groupTypes = m_types[group];
    for (auto &[version, plurals] : groupTypes)
        plurals.erase(plural);
    for (auto &t : served)
        groupTypes[t.version][plural] = t;
    std::vector<std::string> order;
    for (const auto &[version, plurals] : groupTypes)
        if (!plurals.empty())
            order.push_back(version);
    std::sort(order.begin(), order.end(), versionBefore);
    for (auto it = groupTypes.begin(); it != groupTypes.end();)
        it = it->second.empty() ? groupTypes.erase(it) : std::next(it);
    if (groupTypes.empty()) {
        m_types.erase(group);
        m_versionOrder.erase(group);
    } else {
        m_versionOrder[group] = order;
    }
    return std::nullopt;
}

std::vector<ResourceType> ResourceRegistry::removeCrd(const json &crd) {
    const json spec = crd.value("spec", json::object());
    const std::string group = spec.value("group", "");
    const std::string plural = spec.value("names", json::object()).value("plural", "");
    std::vector<ResourceType> removed = versionsOf(group, plural);
    std::lock_guard lock(m_mutex);
    auto g = m_types.find(group);
    if (g == m_types.end())
        return removed;
    for (auto &[version, plurals] : g->second)
        plurals.erase(plural);
    for (auto it = g->second.begin(); it != g->second.end();)
        it = it->second.empty() ? g->second.erase(it) : std::next(it);
    auto &order = m_versionOrder[group];
    order.erase(std::remove_if(order.begin(), order.end(),
                               [&](const std::string &v) { return g->second.count(v) == 0; }),
                order.end());
    if (g->second.empty()) {
        m_types.erase(g);
        m_versionOrder.erase(group);
    }
    return removed;
}

json ResourceRegistry::versionDocument() const {
    return {{"major", "1"},
            {"minor", "32"},
            {"gitVersion", "v1.32.0"},
            {"gitCommit", "cubedesk-sim"},
            {"gitTreeState", "clean"},
            {"buildDate", "2026-01-01T00:00:00Z"},
            {"goVersion", "go1.23.4"},
            {"compiler", "gc"},
            {"platform", "linux/amd64"}};
}

json ResourceRegistry::legacyCoreVersions() const {
    return {{"kind", "APIVersions"},
            {"versions", {"v1"}},
            {"serverAddressByClientCIDRs",
             json::array({{{"clientCIDR", "0.0.0.0/0"}, {"serverAddress", "127.0.0.1:6443"}}})}};
}

std::vector<std::string> ResourceRegistry::groupOrder() const {
    static const std::vector<std::string> builtins = {
        "apiextensions.k8s.io", "authentication.k8s.io", "authorization.k8s.io"};
    std::vector<std::string> out;
    for (const auto &g : builtins)
        if (m_types.count(g) != 0)
            out.push_back(g);
    for (const auto &[g, versions] : m_types)
        if (!g.empty() && std::find(builtins.begin(), builtins.end(), g) == builtins.end())
            out.push_back(g);
    return out;
}

std::vector<std::string> ResourceRegistry::versionsOfGroup(const std::string &group) const {
    auto it = m_versionOrder.find(group);
    return it == m_versionOrder.end() ? std::vector<std::string>{} : it->second;
}

json ResourceRegistry::legacyGroupList() const {
    std::lock_guard lock(m_mutex);
    json groups = json::array();
    for (const auto &g : groupOrder()) {
        json versions = json::array();
        for (const auto &v : versionsOfGroup(g))
            versions.push_back(
                {{"groupVersion", std::string(g).append("/").append(v)}, {"version", v}});
        if (versions.empty())
            continue;
        groups.push_back({{"name", g}, {"versions", versions}, {"preferredVersion", versions[0]}});
    }
    return {{"kind", "APIGroupList"}, {"apiVersion", "v1"}, {"groups", groups}};
}

std::optional<json> ResourceRegistry::legacyGroup(const std::string &group) const {
    std::lock_guard lock(m_mutex);
    if (group.empty() || m_types.count(group) == 0)
        return std::nullopt;
    json versions = json::array();
    for (const auto &v : versionsOfGroup(group))
        versions.push_back(
            {{"groupVersion", std::string(group).append("/").append(v)}, {"version", v}});
    return json{{"kind", "APIGroup"},
                {"apiVersion", "v1"},
                {"name", group},
                {"versions", versions},
                {"preferredVersion", versions[0]}};
}

std::optional<json> ResourceRegistry::resourceList(const std::string &group,
                                                   const std::string &version) const {
    std::lock_guard lock(m_mutex);
    const auto *plurals = typesAt(group, version);
    if (plurals == nullptr)
        return std::nullopt;
    json resources = json::array();
    for (const auto &[plural, t] : *plurals) {
        resources.push_back(apiResourceEntry(t));
        if (t.statusSubresource)
            resources.push_back({{"name", plural + "/status"},
                                 {"singularName", ""},
                                 {"namespaced", t.namespaced},
                                 {"kind", t.kind},
                                 {"verbs", {"get", "patch", "update"}}});
        for (const auto &sub : t.subresources)
            resources.push_back({{"name", plural + '/' + sub.name},
                                 {"singularName", ""},
                                 {"namespaced", t.namespaced},
                                 {"group", sub.group},
                                 {"version", sub.version},
                                 {"kind", sub.kind},
                                 {"verbs", sub.verbs}});
    }
    return json{{"kind", "APIResourceList"},
                {"apiVersion", "v1"},
                {"groupVersion", group.empty() ? version : group + '/' + version},
                {"resources", resources}};
}

json ResourceRegistry::aggregatedGroup(const std::string &group) const {
    json versions = json::array();
    for (const auto &v : versionsOfGroup(group)) {
        json resources = json::array();
        for (const auto &[plural, t] : m_types.at(group).at(v)) {
            json r = {{"resource", plural},
                      {"responseKind", {{"group", group}, {"version", v}, {"kind", t.kind}}},
                      {"scope", t.namespaced ? "Namespaced" : "Cluster"},
                      {"singularResource", t.singular},
                      {"verbs", t.verbs}};
            if (!t.shortNames.empty())
                r["shortNames"] = t.shortNames;
            if (!t.categories.empty())
                r["categories"] = t.categories;
            json subresources = json::array();
            if (t.statusSubresource)
                subresources.push_back(
                    {{"subresource", "status"},
                     {"responseKind", {{"group", group}, {"version", v}, {"kind", t.kind}}},
                     {"verbs", {"get", "patch", "update"}}});
            for (const auto &sub : t.subresources)
                subresources.push_back(
                    {{"subresource", sub.name},
                     {"responseKind",
                      {{"group", sub.group}, {"version", sub.version}, {"kind", sub.kind}}},
                     {"verbs", sub.verbs}});
            if (!subresources.empty())
                r["subresources"] = std::move(subresources);
            resources.push_back(std::move(r));
        }
        versions.push_back({{"version", v}, {"freshness", "Current"}, {"resources", resources}});
    }
    return {{"metadata", {{"name", group}, {"creationTimestamp", nullptr}}},
            {"versions", versions}};
}

json ResourceRegistry::aggregatedCore() const {
    std::lock_guard lock(m_mutex);
    return {{"kind", "APIGroupDiscoveryList"},
            {"apiVersion", "apidiscovery.k8s.io/v2"},
            {"metadata", json::object()},
            {"items", json::array({aggregatedGroup("")})}};
}

json ResourceRegistry::aggregatedGroups() const {
    std::lock_guard lock(m_mutex);
    json items = json::array();
    for (const auto &g : groupOrder())
        items.push_back(aggregatedGroup(g));
    return {{"kind", "APIGroupDiscoveryList"},
            {"apiVersion", "apidiscovery.k8s.io/v2"},
            {"metadata", json::object()},
            {"items", items}};
}

} // namespace cubedesk::sim
