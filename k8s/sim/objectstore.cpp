#include "k8s/sim/objectstore.h"

#include "k8s/sim/continuetoken.h"
#include "k8s/sim/objectindexer.h"
#include "k8s/sim/rfc3339.h"
#include "k8s/sim/uuid.h"

#include <algorithm>
#include <functional>
#include <random>
#include <thread>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

std::string randomSuffix(std::mt19937_64 &rng, std::size_t n) {
    // The alphabet of apiserver's generateName: no vowels, no look-alike digits.
    static constexpr char alphabet[] = "bcdfghjklmnpqrstvwxz2456789";
    std::string s;
    for (std::size_t i = 0; i < n; ++i)
        s += alphabet[rng() % (sizeof alphabet - 1)];
    return s;
}

std::mt19937_64 &rng() {
    thread_local std::mt19937_64 engine{std::random_device{}()};
    return engine;
}

/// Whether anything but metadata and status differs (what bumps metadata.generation); compares
/// in place, as a write path that copies a 5 KB pod twice more per change costs the churn rate.
bool specChanged(const json &doc, const json &before) {
    const auto counted = [](const json &o) {
        std::size_t n = o.size();
        n -= o.contains("metadata") ? 1 : 0;
        n -= o.contains("status") ? 1 : 0;
        return n;
    };
    if (!doc.is_object() || !before.is_object())
        return doc != before;
    if (counted(doc) != counted(before))
        return true;
    for (auto it = doc.begin(); it != doc.end(); ++it) {
        if (it.key() == "metadata" || it.key() == "status")
            continue;
        const auto other = before.find(it.key());
        if (other == before.end() || *other != it.value())
            return true;
    }
    return false;
}

/// Replaces the one `"resourceVersion":"<from>"` in `text` by `to`; false when it is not there
/// exactly once.
bool replaceResourceVersion(std::string &text, std::uint64_t from, std::uint64_t to) {
    // Boyer–Moore–Horspool: std::string::find stops at every '"' of the JSON.
    static constexpr std::string_view kKey = "\"resourceVersion\":\"";
    static const std::boyer_moore_horspool_searcher search(kKey.begin(), kKey.end());
    const auto find = [&text](std::size_t from) {
        const auto it =
            std::search(text.begin() + static_cast<std::ptrdiff_t>(from), text.end(), search);
        return it == text.end() ? std::string::npos : static_cast<std::size_t>(it - text.begin());
    };
    const std::string old = std::to_string(from) + '"';
    std::size_t value = std::string::npos;
    for (auto at = find(0); at != std::string::npos; at = find(at + 1))
        if (text.compare(at + kKey.size(), old.size(), old) == 0) {
            if (value != std::string::npos)
                return false; // not exactly once
            value = at + kKey.size();
        }
    if (value == std::string::npos)
        return false;
    text.replace(value, old.size(), std::to_string(to) + '"');
    return true;
}

/// Moves `object` — a copy about to be stored — to resourceVersion `rv` by editing its texts in
/// place (the JSON and the Table row's metadata): what parse, set, rebuild would give, without
/// it. False when a text does not hold the old version exactly once; then discard the copy.
bool moveToResourceVersion(StoredObject &object, std::uint64_t rv) {
    if (!replaceResourceVersion(object.json, object.rv, rv) ||
        (!object.tableMetadata.empty() &&
         !replaceResourceVersion(object.tableMetadata, object.rv, rv)))
        return false;
    object.rv = rv;
    return true;
}

std::string objectKey(const ResourceType &type, const std::string &ns, const std::string &name) {
    return type.namespaced ? ns + '/' + name : name;
}

std::optional<ApiError> validateMetadata(const ResourceType &type, const json &doc) {
    const json &meta = doc["metadata"];
    if (auto it = meta.find("labels"); it != meta.end() && !it->is_null()) {
        if (!it->is_object())
            return ApiError::invalid(type.kind, type.group, meta.value("name", ""),
                                     "metadata.labels", "FieldValueInvalid",
                                     "labels must be a map of strings");
        for (const auto &[k, v] : it->items())
            if (!v.is_string())
                return ApiError::invalid(type.kind, type.group, meta.value("name", ""),
                                         "metadata.labels", "FieldValueInvalid",
                                         "label \"" + k + "\" must have a string value");
    }
    return std::nullopt;
}

} // namespace

ObjectStore::ObjectStore(std::size_t historyWindow)
    : m_historyWindow(std::max<std::size_t>(1, historyWindow)) {}

std::uint64_t ObjectStore::currentRv() const {
    std::lock_guard lock(m_mutex);
    return m_rv;
}

void ObjectStore::addListener(Listener listener) {
    std::lock_guard lock(m_mutex);
    auto listeners = std::make_shared<std::vector<Listener>>(*m_listeners);
    listeners->push_back(std::move(listener));
    m_listeners = std::move(listeners);
}

ObjectStore::Collection &ObjectStore::collection(const ResourceType &type) {
    auto [it, inserted] = m_collections.try_emplace(type.collectionKey());
    if (inserted) {
        it->second.type = type;
        // Created on first use and never erased (dropCollection keeps the history): before now
        // it had no events, so a watch from any earlier version misses nothing.
        it->second.compactedRv = 0;
        it->second.lastEventRv = m_rv;
    }
    return it->second;
}

const ObjectStore::Collection *ObjectStore::findCollection(const ResourceType &type) const {
    auto it = m_collections.find(type.collectionKey());
    return it == m_collections.end() ? nullptr : &it->second;
}

Result<ObjectPtr> ObjectStore::get(const ResourceType &type, const std::string &ns,
                                   const std::string &name) const {
    std::lock_guard lock(m_mutex);
    const Collection *c = findCollection(type);
    if (c != nullptr) {
        auto it = c->objects.find(objectKey(type, ns, name));
        if (it != c->objects.end())
            return it->second;
    }
    return ApiError::notFound(type.plural, name, type.group);
}

std::vector<ObjectPtr> ObjectStore::all(const ResourceType &type) const {
    std::lock_guard lock(m_mutex);
    std::vector<ObjectPtr> out;
    if (const Collection *c = findCollection(type)) {
        out.reserve(c->objects.size());
        for (const auto &[key, obj] : c->objects)
            out.push_back(obj);
    }
    return out;
}

std::size_t ObjectStore::count(const ResourceType &type) const {
    std::lock_guard lock(m_mutex);
    const Collection *c = findCollection(type);
    return c == nullptr ? 0 : c->objects.size();
}

std::shared_ptr<const ObjectStore::Snapshot>
ObjectStore::snapshotAt(const Collection &c, std::uint64_t rv, bool cache) const {
    if (rv < c.compactedRv)
        return nullptr;
    std::uint64_t stateRv = c.lastEventRv;
    auto firstAfter = c.history.end();
    if (rv < c.lastEventRv) {
        firstAfter =
            std::upper_bound(c.history.begin(), c.history.end(), rv,
                             [](std::uint64_t v, const WatchEvent &e) { return v < e.rv; });
        stateRv = firstAfter == c.history.begin() ? c.compactedRv : std::prev(firstAfter)->rv;
    }
    for (const auto &s : c.snapshots)
        if (s->stateRv == stateRv)
            return s;
    auto snap = std::make_shared<Snapshot>();
    snap->stateRv = stateRv;
    if (stateRv == c.lastEventRv) {
        snap->items.reserve(c.objects.size());
        for (const auto &[key, obj] : c.objects)
            snap->items.push_back(obj);
    } else {
        // Roll the current state back over the changes made after `rv`.
        std::map<std::string, ObjectPtr> state = c.objects;
        for (auto it = c.history.end(); it != firstAfter;) {
            --it;
            const std::string key = it->object->key();
            if (it->type == EventType::Added)
                state.erase(key);
            else
                state[key] = it->previous;
        }
        snap->items.reserve(state.size());
        for (auto &[key, obj] : state)
            snap->items.push_back(std::move(obj));
    }
    if (cache) {
        if (c.snapshots.size() >= 4)
            c.snapshots.erase(c.snapshots.begin());
        c.snapshots.push_back(snap);
    }
    return snap;
}

Result<ListPage> ObjectStore::list(const ResourceType &type, const ListQuery &query) const {
    std::unique_lock lock(m_mutex);
    std::uint64_t rv = m_rv;
    std::string start;
    const bool exact = query.resourceVersionMatch == "Exact" ||
                       (query.resourceVersionMatch.empty() && query.limit > 0 &&
                        !query.resourceVersion.empty() && query.resourceVersion != "0");
    if (!query.continueToken.empty()) {
        auto token = ContinueToken::decode(query.continueToken);
        if (!token)
            return ApiError::badRequest(
                "invalid continue token: continue key is not valid: the token could not be "
                "decoded");
        rv = token->rv;
        start = token->start;
    } else if (!query.resourceVersion.empty() && query.resourceVersion != "0") {
        char *end = nullptr;
        const std::uint64_t wanted = std::strtoull(query.resourceVersion.c_str(), &end, 10);
        if (end == nullptr || *end != '\0')
            return ApiError::badRequest("invalid resource version: " + query.resourceVersion);
        if (wanted > m_rv) {
            // "Not older than" a version the store has not reached: wait, like the watch cache.
            m_changed.wait_for(lock, std::chrono::seconds(3), [&] { return m_rv >= wanted; });
            if (wanted > m_rv) {
                ApiError e = ApiError::timeout(
                    "Timeout: Too large resource version: " + std::to_string(wanted) +
                        ", current: " + std::to_string(m_rv),
                    1);
                e.details["causes"] = json::array({{{"reason", "ResourceVersionTooLarge"},
                                                    {"message", "Too large resource version"}}});
                return e;
            }
        }
        if (exact)
            rv = wanted;
    }

    ListPage page;
    page.rv = rv;
    const Collection *c = findCollection(type);
    if (c == nullptr)
        return page;
    auto snap = snapshotAt(*c, rv, query.limit > 0);
    if (!snap) {
        if (!query.continueToken.empty())
            return ApiError::expiredContinue();
        return ApiError::gone("The resourceVersion for the provided list is too old.");
    }
    lock.unlock();

    const auto &items = snap->items;
    std::string from = start;
    if (!query.ns.empty() && type.namespaced && from < query.ns + '/')
        from = query.ns + '/';
    auto it =
        std::lower_bound(items.begin(), items.end(), from,
                         [](const ObjectPtr &o, const std::string &k) { return o->key() < k; });
    const bool filtered = query.labels != nullptr || query.fields != nullptr;
    for (; it != items.end(); ++it) {
        const StoredObject &o = **it;
        if (!query.ns.empty() && type.namespaced && o.ns != query.ns)
            break; // keys are sorted by namespace first
        if (query.labels != nullptr &&
            !query.labels->matches([&](std::string_view k) { return o.label(k); }))
            continue;
        if (query.fields != nullptr &&
            !query.fields->matches([&](std::string_view k) { return o.field(k); }))
            continue;
        page.items.push_back(*it);
        if (query.limit > 0 && page.items.size() >= query.limit) {
            ++it;
            break;
        }
    }
    const bool more =
        it != items.end() && (query.ns.empty() || !type.namespaced || (*it)->ns == query.ns);
    if (query.limit > 0 && more && !page.items.empty()) {
        page.continueToken = ContinueToken{rv, page.items.back()->key() + '\0'}.encode();
        if (!filtered) {
            std::size_t remaining = 0;
            for (auto r = it; r != items.end(); ++r) {
                if (!query.ns.empty() && type.namespaced && (*r)->ns != query.ns)
                    break;
                ++remaining;
            }
            page.remaining = remaining;
        }
    }
    return page;
}

ObjectPtr ObjectStore::withRv(const ResourceType &type, const ObjectPtr &object,
                              std::uint64_t rv) const {
    if (auto moved = std::make_shared<StoredObject>(*object); moveToResourceVersion(*moved, rv))
        return moved;
    json doc = object->parse();
    doc["metadata"]["resourceVersion"] = std::to_string(rv);
    return ObjectIndexer::build(type, doc);
}

void ObjectStore::record(Collection &c, WatchEvent event, std::vector<PendingEvent> &notify) {
    c.lastEventRv = event.rv;
    c.changed->notify_all();
    notify.emplace_back(&c.type, event);
    c.history.push_back(std::move(event));
    while (c.history.size() > m_historyWindow) {
        c.compactedRv = c.history.front().rv;
        c.history.pop_front();
    }
}

void ObjectStore::notify(const std::vector<PendingEvent> &events) {
    m_changed.notify_all();
    std::shared_ptr<const std::vector<Listener>> listeners;
    {
        std::lock_guard lock(m_mutex);
        listeners = m_listeners;
    }
    for (const auto &[type, event] : events)
        for (const auto &l : *listeners)
            l(*type, event);
}

Result<ObjectPtr> ObjectStore::create(const ResourceType &type, json object,
                                      const WriteOptions &options) {
    if (!object.is_object())
        return ApiError::badRequest("the body of the request must be a JSON object");
    json &meta = object["metadata"];
    if (!meta.is_object())
        meta = json::object();
    std::vector<PendingEvent> events;
    ObjectPtr stored;
    {
        std::lock_guard lock(m_mutex);
        std::string name = meta.value("name", "");
        if (name.empty() && meta.contains("generateName") && meta["generateName"].is_string()) {
            name = meta["generateName"].get<std::string>() + randomSuffix(rng(), 5);
            meta["name"] = name;
        }
        if (name.empty())
            return ApiError::invalid(type.kind, type.group, "", "metadata.name",
                                     "FieldValueRequired",
                                     "Required value: name or generateName is required");
        std::string ns;
        if (type.namespaced) {
            ns = meta.value("namespace", "");
            if (ns.empty())
                return ApiError::invalid(type.kind, type.group, name, "metadata.namespace",
                                         "FieldValueRequired", "Required value");
            auto namespaces = m_collections.find("namespaces.");
            if (namespaces == m_collections.end() || namespaces->second.objects.count(ns) == 0)
                return ApiError::notFound("namespaces", ns);
            // NamespaceLifecycle: nothing new in a namespace that is being deleted.
            if (namespaces->second.objects.at(ns)->json.find("\"deletionTimestamp\"") !=
                std::string::npos)
                return ApiError::namespaceTerminating(type.plural, name, ns);
        } else {
            meta.erase("namespace");
        }
        if (auto err = validateMetadata(type, object))
            return *err;
        Collection &c = collection(type);
        const std::string key = objectKey(type, ns, name);
        if (c.objects.count(key) != 0)
            return ApiError::alreadyExists(type.plural, name, type.group);

        if (!object.contains("apiVersion"))
            object["apiVersion"] = type.apiVersion();
        if (!object.contains("kind"))
            object["kind"] = type.kind;
        if (!options.keepStatus || !meta.contains("uid"))
            meta["uid"] = Uuid::random(rng());
        if (!options.keepStatus || !meta.contains("creationTimestamp"))
            meta["creationTimestamp"] = formatRfc3339(std::chrono::system_clock::now());
        meta["generation"] = 1;
        meta.erase("deletionTimestamp");
        if (type.statusSubresource && !options.keepStatus)
            object.erase("status");
        if (type.group.empty() && type.kind == "Pod" && !object.contains("status"))
            object["status"] = {{"phase", "Pending"}};
        if (type.group.empty() && type.kind == "Namespace" && !object.contains("status"))
            object["status"] = {{"phase", "Active"}};
        if (options.dryRun) {
            meta["resourceVersion"] = std::to_string(m_rv);
            return ObjectIndexer::build(type, object);
        }
        const std::uint64_t rv = ++m_rv;
        meta["resourceVersion"] = std::to_string(rv);
        stored = ObjectIndexer::build(type, object);
        c.objects.emplace(key, stored);
        record(c, {EventType::Added, rv, stored, nullptr}, events);
    }
    notify(events);
    return stored;
}

Result<ObjectPtr> ObjectStore::replace(const ResourceType &type, const std::string &ns,
                                       const std::string &name, json object,
                                       const WriteOptions &options) {
    if (!object.is_object())
        return ApiError::badRequest("the body of the request must be a JSON object");
    const std::string bodyName = object.contains("metadata") && object["metadata"].is_object()
                                     ? object["metadata"].value("name", "")
                                     : std::string();
    if (!bodyName.empty() && bodyName != name)
        return ApiError::badRequest("the name of the object (" + bodyName +
                                    ") does not match the name on the URL (" + name + ")");
    return update(
        type, ns, name,
        [&object](json &current) -> std::optional<ApiError> {
            json meta = object.value("metadata", json::object());
            // PUT replaces the document; server-owned metadata is restored by update().
            current = std::move(object);
            current["metadata"] = std::move(meta);
            return std::nullopt;
        },
        options);
}

Result<ObjectPtr> ObjectStore::rewriteText(const ResourceType &type, const std::string &ns,
                                           const std::string &name, const TextEdit &edit) {
    return rewrite(type, ns, name, [&edit](StoredObject &copy) {
        std::optional<std::string> text = edit(copy);
        if (text)
            copy.json = std::move(*text);
        return text.has_value();
    });
}

Result<ObjectPtr> ObjectStore::rewrite(const ResourceType &type, const std::string &ns,
                                       const std::string &name, const ObjectEdit &edit) {
    std::vector<PendingEvent> events;
    ObjectPtr stored;
    {
        std::lock_guard lock(m_mutex);
        Collection &c = collection(type);
        auto it = c.objects.find(objectKey(type, ns, name));
        if (it == c.objects.end())
            return ApiError::notFound(type.plural, name, type.group);
        const ObjectPtr old = it->second;
        auto next = std::make_shared<StoredObject>(*old);
        if (!edit(*next))
            return ApiError::conflict(type.plural, name, type.group);
        if (next->json == old->json)
            return old;
        const std::uint64_t rv = m_rv + 1;
        if (!moveToResourceVersion(*next, rv))
            return ApiError::conflict(type.plural, name, type.group);
        m_rv = rv;
        stored = std::move(next);
        it->second = stored;
        record(c, {EventType::Modified, rv, stored, old}, events);
    }
    notify(events);
    return stored;
}

Result<ObjectPtr> ObjectStore::update(const ResourceType &type, const std::string &ns,
                                      const std::string &name, const Mutation &mutate,
                                      const WriteOptions &options) {
    std::vector<PendingEvent> events;
    ObjectPtr stored;
    {
        std::lock_guard lock(m_mutex);
        Collection &c = collection(type);
        const std::string key = objectKey(type, ns, name);
        auto it = c.objects.find(key);
        if (it == c.objects.end())
            return ApiError::notFound(type.plural, name, type.group);
        const ObjectPtr old = it->second;
        const json before = old->parse();
        json doc = before;
        if (auto err = mutate(doc))
            return *err;
        if (!doc.is_object())
            return ApiError::badRequest("the result of the update is not a JSON object");
        json &meta = doc["metadata"];
        if (!meta.is_object())
            meta = json::object();
        const json &oldMeta = before["metadata"];
        if (auto v = meta.find("resourceVersion");
            v != meta.end() && !v->is_null() && *v != oldMeta["resourceVersion"])
            return ApiError::conflict(type.plural, name, type.group);
        if (auto v = meta.find("uid"); v != meta.end() && !v->is_null() && *v != oldMeta["uid"]) {
            ApiError e = ApiError::conflict(type.plural, name, type.group);
            e.message = "Precondition failed: UID in precondition: " + v->get<std::string>() +
                        ", UID in object meta: " + oldMeta.value("uid", "");
            return e;
        }
        for (const char *k :
             {"name", "namespace", "uid", "creationTimestamp", "generation", "resourceVersion",
              "deletionTimestamp", "deletionGracePeriodSeconds"}) {
            const bool deletion = std::string_view(k).starts_with("deletion");
            if (deletion && options.marksDeletion)
                continue;
            if (oldMeta.contains(k))
                meta[k] = oldMeta[k];
            else
                meta.erase(k);
        }
        doc["apiVersion"] = before.value("apiVersion", type.apiVersion());
        doc["kind"] = before.value("kind", type.kind);
        if (type.statusSubresource && !options.marksDeletion) {
            if (options.statusSubresource) {
                json status = doc.contains("status") ? doc["status"] : json();
                doc = before;
                if (status.is_null())
                    doc.erase("status");
                else
                    doc["status"] = std::move(status);
            } else if (before.contains("status")) {
                doc["status"] = before["status"];
            } else {
                doc.erase("status");
            }
        }
        if (auto err = validateMetadata(type, doc))
            return *err;
        if (doc == before)
            return old; // a no-op write does not bump the resourceVersion
        if (specChanged(doc, before))
            doc["metadata"]["generation"] = oldMeta.value("generation", 1) + 1;
        if (options.dryRun)
            return ObjectIndexer::build(type, doc);
        const std::uint64_t rv = ++m_rv;
        doc["metadata"]["resourceVersion"] = std::to_string(rv);
        stored = ObjectIndexer::build(type, doc);
        it->second = stored;
        record(c, {EventType::Modified, rv, stored, old}, events);
    }
    notify(events);
    return stored;
}

Result<ObjectPtr> ObjectStore::remove(const ResourceType &type, const std::string &ns,
                                      const std::string &name, const std::string &preconditionUid,
                                      const std::string &preconditionRv) {
    std::vector<PendingEvent> events;
    ObjectPtr gone;
    {
        std::lock_guard lock(m_mutex);
        Collection &c = collection(type);
        auto it = c.objects.find(objectKey(type, ns, name));
        if (it == c.objects.end())
            return ApiError::notFound(type.plural, name, type.group);
        const ObjectPtr old = it->second;
        if ((!preconditionUid.empty() && preconditionUid != old->uid) ||
            (!preconditionRv.empty() && preconditionRv != std::to_string(old->rv)))
            return ApiError::conflict(type.plural, name, type.group);
        const std::uint64_t rv = ++m_rv;
        gone = withRv(type, old, rv);
        c.objects.erase(it);
        record(c, {EventType::Deleted, rv, gone, old}, events);
    }
    notify(events);
    return gone;
}

std::size_t ObjectStore::bulkLoad(const ResourceType &type, std::size_t count,
                                  const std::function<json(std::size_t)> &make) {
    std::uint64_t base = 0;
    {
        std::lock_guard lock(m_mutex);
        base = m_rv;
        m_rv += count;
    }
    const std::string created = formatRfc3339(std::chrono::system_clock::now());
    std::vector<ObjectPtr> built(count);
    const std::size_t workers =
        std::max<std::size_t>(1, std::min<std::size_t>(std::thread::hardware_concurrency(), 8));
    std::vector<std::thread> threads;
    for (std::size_t w = 0; w < workers; ++w)
        threads.emplace_back([&, w] {
            std::mt19937_64 local(base * 31 + w);
            for (std::size_t i = w; i < count; i += workers) {
                json doc = make(i);
                json &meta = doc["metadata"];
                meta["uid"] = Uuid::random(local);
                meta["resourceVersion"] = std::to_string(base + i + 1);
                meta["generation"] = 1;
                if (!meta.contains("creationTimestamp"))
                    meta["creationTimestamp"] = created;
                if (!type.namespaced)
                    meta.erase("namespace");
                built[i] = ObjectIndexer::build(type, doc);
            }
        });
    for (auto &t : threads)
        t.join();
    std::size_t inserted = 0;
    std::lock_guard lock(m_mutex);
    Collection &c = collection(type);
    for (auto &o : built)
        inserted += c.objects.emplace(o->key(), std::move(o)).second ? 1 : 0;
    c.history.clear();
    c.snapshots.clear();
    c.compactedRv = m_rv;
    c.lastEventRv = m_rv;
    c.changed->notify_all();
    m_changed.notify_all();
    return inserted;
}

void ObjectStore::removeNamespaceContents(const std::string &ns, std::string_view except) {
    std::vector<PendingEvent> events;
    {
        std::lock_guard lock(m_mutex);
        for (auto &[ckey, c] : m_collections) {
            if (!c.type.namespaced || ckey == except)
                continue;
            const std::string prefix = ns + '/';
            auto it = c.objects.lower_bound(prefix);
            while (it != c.objects.end() && it->first.compare(0, prefix.size(), prefix) == 0) {
                const std::uint64_t rv = ++m_rv;
                ObjectPtr old = it->second;
                record(c, {EventType::Deleted, rv, withRv(c.type, old, rv), old}, events);
                it = c.objects.erase(it);
            }
        }
    }
    notify(events);
}

void ObjectStore::dropCollection(const ResourceType &type) {
    std::vector<PendingEvent> events;
    {
        std::lock_guard lock(m_mutex);
        auto cit = m_collections.find(type.collectionKey());
        if (cit == m_collections.end())
            return;
        Collection &c = cit->second;
        for (auto it = c.objects.begin(); it != c.objects.end(); it = c.objects.erase(it)) {
            const std::uint64_t rv = ++m_rv;
            record(c, {EventType::Deleted, rv, withRv(c.type, it->second, rv), it->second}, events);
        }
    }
    notify(events);
}

Result<std::uint64_t> ObjectStore::waitForEvents(const ResourceType &type, std::uint64_t afterRv,
                                                 std::vector<WatchEvent> &out,
                                                 std::chrono::milliseconds timeout) {
    std::unique_lock lock(m_mutex);
    const std::uint64_t wake = m_wakeGeneration.load();
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        Collection &c = collection(type);
        if (afterRv < c.compactedRv)
            return ApiError::gone("too old resource version: " + std::to_string(afterRv) + " (" +
                                  std::to_string(c.compactedRv) + ")");
        auto first =
            std::upper_bound(c.history.begin(), c.history.end(), afterRv,
                             [](std::uint64_t v, const WatchEvent &e) { return v < e.rv; });
        if (first != c.history.end()) {
            constexpr std::size_t batch = 1024;
            std::size_t n = 0;
            for (auto it = first; it != c.history.end() && n < batch; ++it, ++n)
                out.push_back(*it);
            return n < batch || out.back().rv == c.lastEventRv ? m_rv : out.back().rv;
        }
        // Keeps the collection's condition variable alive while waiting on it.
        const std::shared_ptr<std::condition_variable> changed = c.changed;
        if (changed->wait_until(lock, deadline) == std::cv_status::timeout ||
            m_wakeGeneration.load() != wake)
            return std::max(afterRv, m_rv);
    }
}

void ObjectStore::wakeAll() {
    std::lock_guard lock(m_mutex);
    m_wakeGeneration.fetch_add(1);
    for (auto &[key, c] : m_collections)
        c.changed->notify_all();
    m_changed.notify_all();
}

} // namespace cubedesk::sim
