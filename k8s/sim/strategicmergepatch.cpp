#include "k8s/sim/strategicmergepatch.h"

#include <array>
#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

namespace cubedesk::sim {

namespace {

using nlohmann::json;

constexpr std::string_view patchDirective = "$patch";
constexpr std::string_view retainKeysDirective = "$retainKeys";
constexpr std::string_view deleteFromPrimitiveListPrefix = "$deleteFromPrimitiveList/";
constexpr std::string_view setElementOrderPrefix = "$setElementOrder/";

// Thrown inside this file only and turned into the error string at the API boundary; it unwinds
// the recursion without threading an error through every level.
struct PatchError {
    std::string message;
};

[[noreturn]] void fail(const std::string &what, const std::string &path) {
    throw PatchError{what + " at " + (path.empty() ? std::string("/") : path)};
}

enum class ListStrategy { Replace, MergeByKey, MergePrimitives };

struct ListRule {
    ListStrategy strategy = ListStrategy::Replace;
    std::string_view mergeKey;
};

struct MergeKeyEntry {
    std::string_view field;
    std::string_view mergeKey;
};

// The patchMergeKey struct tags of the built-in API types, keyed by JSON field name. Upstream
// looks them up per struct; matching by name is equivalent for the kinds the simulator serves
// (the one clash, Service ports, is special-cased in listRule()).
constexpr std::array mergeKeyTable{
    MergeKeyEntry{"containers", "name"},
    MergeKeyEntry{"initContainers", "name"},
    MergeKeyEntry{"ephemeralContainers", "name"},
    MergeKeyEntry{"env", "name"},
    MergeKeyEntry{"ports", "containerPort"},
    MergeKeyEntry{"volumes", "name"},
    MergeKeyEntry{"volumeMounts", "mountPath"},
    MergeKeyEntry{"volumeDevices", "devicePath"},
    MergeKeyEntry{"imagePullSecrets", "name"},
    MergeKeyEntry{"conditions", "type"},
    MergeKeyEntry{"addresses", "type"},
    MergeKeyEntry{"ownerReferences", "uid"},
    MergeKeyEntry{"hostAliases", "ip"},
    MergeKeyEntry{"topologySpreadConstraints", "topologyKey"},
    MergeKeyEntry{"resourceClaims", "name"},
};

constexpr std::array primitiveMergeLists{std::string_view("finalizers")};

enum class Directive { None, Replace, Delete, Merge };

Directive directiveOf(const json &object, const std::string &path) {
    const auto it = object.find(patchDirective);
    if (it == object.end())
        return Directive::None;
    if (!it->is_string())
        fail("$patch must be a string", path);
    const auto &value = it->get_ref<const std::string &>();
    if (value == "replace")
        return Directive::Replace;
    if (value == "delete")
        return Directive::Delete;
    if (value == "merge")
        return Directive::Merge;
    fail("unknown $patch value \"" + value + "\"", path);
}

bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

bool isDirectiveKey(std::string_view key) {
    return key == patchDirective || key == retainKeysDirective ||
           startsWith(key, deleteFromPrimitiveListPrefix) || startsWith(key, setElementOrderPrefix);
}

std::string childPath(const std::string &path, std::string_view key) {
    std::string result = path;
    result += '/';
    result += key;
    return result;
}

std::string elementPath(const std::string &path, std::size_t index) {
    return path + '/' + std::to_string(index);
}

// A directive whose field suffix names the list it applies to.
std::string_view directiveField(std::string_view key, std::string_view prefix,
                                const std::string &path) {
    const std::string_view field = key.substr(prefix.size());
    if (field.empty())
        fail(std::string(key) + " names no field", path);
    return field;
}

bool hasMergeKey(const json &element, std::string_view mergeKey) {
    const auto it = element.find(mergeKey);
    return it != element.end() && !it->is_null();
}

bool sameMergeKey(const json &element, const json &other, std::string_view mergeKey) {
    if (!element.is_object())
        return false;
    const auto it = element.find(mergeKey);
    return it != element.end() && *it == other.at(mergeKey);
}

class Merger final {
public:
    explicit Merger(std::string kind)
        : m_kind(std::move(kind)) {}

    // nullopt: the object is deleted ($patch: delete).
    std::optional<json> mergeObject(json original, const json &patch,
                                    const std::string &path) const {
        switch (directiveOf(patch, path)) {
        case Directive::Delete:
            return std::nullopt;
        case Directive::Replace: {
            json rest = patch;
            rest.erase(std::string(patchDirective));
            return mergeObject(json::object(), rest, path);
        }
        case Directive::None:
        case Directive::Merge:
            break;
        }

        json result = original.is_object() ? std::move(original) : json::object();
        if (patch.contains(retainKeysDirective))
            applyRetainKeys(result, patch, path);

        for (const auto &[key, value] : patch.items()) {
            if (startsWith(key, deleteFromPrimitiveListPrefix))
                deleteFromPrimitiveList(result, key, value, path);
        }

        for (const auto &[key, value] : patch.items()) {
            if (isDirectiveKey(key))
                continue;
            if (value.is_null()) {
                result.erase(key);
                continue;
            }
            const std::string path2 = childPath(path, key);
            const auto it = result.find(key);
            std::optional<json> merged;
            if (it != result.end() && it->is_object() && value.is_object())
                merged = mergeObject(std::move(*it), value, path2);
            else if (it != result.end() && it->is_array() && value.is_array())
                merged = mergeList(key, std::move(*it), value, path, path2);
            else
                merged = normalized(key, value, path, path2);
            if (merged)
                result[key] = std::move(*merged);
            else
                result.erase(key);
        }

        for (const auto &[key, value] : patch.items()) {
            if (startsWith(key, setElementOrderPrefix))
                setElementOrder(result, key, value, path);
        }
        return result;
    }

private:
    ListRule listRule(std::string_view field, const std::string &parentPath) const {
        if (field == "ports" && parentPath == "/spec" && m_kind == "Service")
            return {ListStrategy::MergeByKey, "port"};
        for (const MergeKeyEntry &entry : mergeKeyTable) {
            if (entry.field == field)
                return {ListStrategy::MergeByKey, entry.mergeKey};
        }
        for (const std::string_view name : primitiveMergeLists) {
            if (name == field)
                return {ListStrategy::MergePrimitives, {}};
        }
        return {};
    }

    // A patch value with nothing to merge into still has its nulls and directives removed.
    std::optional<json> normalized(std::string_view field, const json &value,
                                   const std::string &parentPath, const std::string &path) const {
        if (value.is_object())
            return mergeObject(json::object(), value, path);
        if (value.is_array())
            return mergeList(field, json::array(), value, parentPath, path);
        return value;
    }

    json mergeList(std::string_view field, json original, const json &patch,
                   const std::string &parentPath, const std::string &path) const {
        const ListRule rule = listRule(field, parentPath);
        switch (rule.strategy) {
        case ListStrategy::MergeByKey:
            return mergeListByKey(rule.mergeKey, std::move(original), patch, path);
        case ListStrategy::MergePrimitives:
            return mergePrimitiveList(std::move(original), patch, path);
        case ListStrategy::Replace:
            break;
        }
        return replacementList(patch, path);
    }

    json replacementList(const json &patch, const std::string &path) const {
        json result = json::array();
        for (std::size_t i = 0; i < patch.size(); ++i) {
            const json &element = patch[i];
            const std::string path2 = elementPath(path, i);
            if (element.is_object()) {
                const Directive directive = directiveOf(element, path2);
                if (directive == Directive::Delete)
                    fail("$patch: delete needs a list with a merge key", path2);
                // A bare {"$patch": "replace"} only says what happens anyway.
                if (directive != Directive::None && element.size() == 1)
                    continue;
                if (std::optional<json> merged = mergeObject(json::object(), element, path2))
                    result.push_back(std::move(*merged));
            } else if (element.is_array()) {
                result.push_back(replacementList(element, path2));
            } else {
                result.push_back(element);
            }
        }
        return result;
    }

    json mergePrimitiveList(json original, const json &patch, const std::string &path) const {
        bool replace = false;
        std::vector<const json *> values;
        for (std::size_t i = 0; i < patch.size(); ++i) {
            const json &element = patch[i];
            const std::string path2 = elementPath(path, i);
            if (element.is_object() && element.contains(patchDirective)) {
                switch (directiveOf(element, path2)) {
                case Directive::Replace:
                    replace = true;
                    break;
                case Directive::Delete:
                    fail("$patch: delete is not supported in a list of primitives; use "
                         "$deleteFromPrimitiveList",
                         path2);
                case Directive::None:
                case Directive::Merge:
                    break;
                }
                continue;
            }
            values.push_back(&element);
        }
        json result = replace || !original.is_array() ? json::array() : std::move(original);
        for (const json *value : values) {
            bool present = false;
            for (const json &existing : result)
                present = present || existing == *value;
            if (!present)
                result.push_back(*value);
        }
        return result;
    }

    json mergeListByKey(std::string_view mergeKey, json original, const json &patch,
                        const std::string &path) const {
        json result = original.is_array() ? std::move(original) : json::array();
        bool replace = false;
        std::vector<std::pair<const json *, std::string>> elements;
        for (std::size_t i = 0; i < patch.size(); ++i) {
            const json &element = patch[i];
            std::string path2 = elementPath(path, i);
            if (!element.is_object())
                fail("elements of a list merged by \"" + std::string(mergeKey) +
                         "\" must be objects",
                     path2);
            const Directive directive = directiveOf(element, path2);
            if (directive == Directive::Replace) {
                if (element.size() != 1)
                    fail("a {\"$patch\": \"replace\"} list element must have no other fields",
                         path2);
                replace = true;
                continue;
            }
            if (directive == Directive::Merge && element.size() == 1)
                continue;
            if (!hasMergeKey(element, mergeKey))
                fail("list element does not contain the merge key \"" + std::string(mergeKey) +
                         "\"",
                     path2);
            if (directive == Directive::Delete) {
                json kept = json::array();
                for (json &existing : result) {
                    if (!sameMergeKey(existing, element, mergeKey))
                        kept.push_back(std::move(existing));
                }
                result = std::move(kept);
                continue;
            }
            elements.emplace_back(&element, std::move(path2));
        }
        if (replace)
            result = json::array();

        for (const auto &[element, path2] : elements) {
            std::size_t index = 0;
            while (index < result.size() && !sameMergeKey(result[index], *element, mergeKey))
                ++index;
            const bool found = index < result.size();
            // mergeObject() cannot return nullopt here: delete elements were handled above.
            std::optional<json> merged =
                mergeObject(found ? std::move(result[index]) : json::object(), *element, path2);
            if (found)
                result[index] = std::move(*merged);
            else
                result.push_back(std::move(*merged));
        }
        return result;
    }

    static void applyRetainKeys(json &result, const json &patch, const std::string &path) {
        const json &retain = patch.at(retainKeysDirective);
        const std::string path2 = childPath(path, retainKeysDirective);
        if (!retain.is_array())
            fail("$retainKeys must be a list of field names", path2);
        std::vector<std::string> keep;
        for (const json &name : retain) {
            if (!name.is_string())
                fail("$retainKeys must be a list of field names", path2);
            keep.push_back(name.get<std::string>());
        }
        const auto kept = [&keep](const std::string &key) {
            for (const std::string &name : keep) {
                if (name == key)
                    return true;
            }
            return false;
        };
        for (const auto &[key, value] : patch.items()) {
            if (!value.is_null() && !isDirectiveKey(key) && !kept(key))
                fail("field \"" + key + "\" is set by the patch but missing from $retainKeys",
                     path2);
        }
        for (auto it = result.begin(); it != result.end();) {
            if (kept(it.key()))
                ++it;
            else
                it = result.erase(it);
        }
    }

    static void deleteFromPrimitiveList(json &result, std::string_view key, const json &values,
                                        const std::string &path) {
        const std::string_view field = directiveField(key, deleteFromPrimitiveListPrefix, path);
        if (!values.is_array())
            fail(std::string(key) + " must be a list", childPath(path, key));
        const auto it = result.find(field);
        if (it == result.end() || !it->is_array())
            return;
        json kept = json::array();
        for (json &element : *it) {
            bool remove = false;
            for (const json &value : values)
                remove = remove || element == value;
            if (!remove)
                kept.push_back(std::move(element));
        }
        *it = std::move(kept);
    }

    void setElementOrder(json &result, std::string_view key, const json &order,
                         const std::string &path) const {
        const std::string_view field = directiveField(key, setElementOrderPrefix, path);
        const std::string path2 = childPath(path, key);
        if (!order.is_array())
            fail(std::string(key) + " must be a list", path2);
        const auto it = result.find(field);
        if (it == result.end() || !it->is_array())
            return;

        const ListRule rule = listRule(field, path);
        const bool byKey = rule.strategy == ListStrategy::MergeByKey;
        json &list = *it;
        std::vector<bool> used(list.size(), false);
        json ordered = json::array();
        for (std::size_t i = 0; i < order.size(); ++i) {
            const json &wanted = order[i];
            if (byKey && (!wanted.is_object() || !hasMergeKey(wanted, rule.mergeKey)))
                fail("element does not contain the merge key \"" + std::string(rule.mergeKey) +
                         "\"",
                     elementPath(path2, i));
            for (std::size_t j = 0; j < list.size(); ++j) {
                const bool matches =
                    byKey ? sameMergeKey(list[j], wanted, rule.mergeKey) : list[j] == wanted;
                if (!used[j] && matches) {
                    used[j] = true;
                    ordered.push_back(std::move(list[j]));
                    break;
                }
            }
        }
        for (std::size_t j = 0; j < list.size(); ++j) {
            if (!used[j])
                ordered.push_back(std::move(list[j]));
        }
        list = std::move(ordered);
    }

    std::string m_kind; ///< kind of the patched object; selects the Service ports merge key
};

} // namespace

k8s::Result<nlohmann::json, std::string> applyStrategicMergePatch(const nlohmann::json &original,
                                                                  const nlohmann::json &patch) {
    using Patched = k8s::Result<nlohmann::json, std::string>;
    const auto reject = [](std::string message) -> Patched { return message; };
    if (!patch.is_object())
        return reject("strategic merge patch must be a JSON object");
    if (!original.is_object() && !original.is_null())
        return reject("the patched document is not a JSON object");
    try {
        std::string kind;
        if (original.is_object()) {
            const auto it = original.find("kind");
            if (it != original.end() && it->is_string())
                kind = it->get<std::string>();
        }
        const Merger merger(std::move(kind));
        std::optional<json> result = merger.mergeObject(original, patch, {});
        return result ? std::move(*result) : json::object();
    } catch (const PatchError &patchError) {
        return reject("invalid strategic merge patch: " + patchError.message);
    } catch (const std::exception &exception) {
        return reject(std::string("invalid strategic merge patch: ") + exception.what());
    }
}

} // namespace cubedesk::sim
