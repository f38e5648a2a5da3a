#include "k8s/objects/objectdecoder.h"

#include "k8s/cube/quantity.h"
#include "k8s/objects/customresource.h"
#include "k8s/objects/event.h"
#include "k8s/objects/limitrange.h"
#include "k8s/objects/namespace.h"
#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/resourcequota.h"
#include "k8s/objects/stringpool.h"
#include "k8s/objects/tailallocator.h"
#include "k8s/objects/timestamp.h"
#include "k8s/objects/uid.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <limits>
#include <vector>

#include <simdjson.h>

namespace cubedesk::k8s {

namespace od = simdjson::ondemand;
using simdjson::error_code;
using simdjson::SUCCESS;

// Propagates a simdjson error code out of the current function.
#define CUBEDESK_TRY(expr)                                                                         \
    do {                                                                                           \
        if (const error_code cubedeskTryError = (expr); cubedeskTryError != SUCCESS)               \
            return cubedeskTryError;                                                               \
    } while (false)

namespace {

constexpr std::int64_t kInt64Max = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kInt64Min = std::numeric_limits<std::int64_t>::min();

std::int64_t saturatingAdd(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_add_overflow(a, b, &r))
        return b > 0 ? kInt64Max : kInt64Min;
    return r;
}

std::int64_t saturatingMul(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_mul_overflow(a, b, &r))
        return (a > 0) == (b > 0) ? kInt64Max : kInt64Min;
    return r;
}

// The key of a field as it appears between the quotes. Field names of the Kubernetes schema
// never need escapes; a key that has one simply matches no known name and is skipped. (Label and
// annotation keys, which are data, are read unescaped instead.)
std::string_view fieldName(const od::field &field) {
    const char *start = field.key().raw();
    const char *end = start;
    while (*end != '"' && *end != '\\')
        ++end;
    return {start, static_cast<std::size_t>(end - start)};
}

error_code typeOf(od::value &value, od::json_type &type) {
    return value.type().get(type);
}

// A string value; null gives "".
error_code stringOrNull(od::value &value, std::string_view &out) {
    od::json_type type;
    CUBEDESK_TRY(typeOf(value, type));
    if (type == od::json_type::null) {
        out = {};
        return SUCCESS;
    }
    return value.get_string().get(out);
}

// An integer value; null gives 0.
error_code integerOrNull(od::value &value, std::int64_t &out) {
    od::json_type type;
    CUBEDESK_TRY(typeOf(value, type));
    if (type == od::json_type::null) {
        out = 0;
        return SUCCESS;
    }
    return value.get_int64().get(out);
}

error_code boolOrNull(od::value &value, bool &out) {
    od::json_type type;
    CUBEDESK_TRY(typeOf(value, type));
    if (type == od::json_type::null) {
        out = false;
        return SUCCESS;
    }
    return value.get_bool().get(out);
}

// A timestamp string; null, absent or unparseable gives 0.
error_code timestampOrNull(od::value &value, std::int64_t &out) {
    std::string_view text;
    CUBEDESK_TRY(stringOrNull(value, text));
    out = text.empty() ? 0 : Timestamp::parseRfc3339(text).value_or(0);
    return SUCCESS;
}

// Calls fn(field) for each field of an object value; null is an empty object.
template <class Fn>
error_code forEachField(od::value &value, Fn &&fn) {
    od::json_type type;
    CUBEDESK_TRY(typeOf(value, type));
    if (type == od::json_type::null)
        return SUCCESS;
    od::object object;
    CUBEDESK_TRY(value.get_object().get(object));
    for (auto result : object) {
        od::field field;
        CUBEDESK_TRY(std::move(result).get(field));
        CUBEDESK_TRY(fn(field));
    }
    return SUCCESS;
}

template <class Fn>
error_code forEachField(od::object &object, Fn &&fn) {
    for (auto result : object) {
        od::field field;
        CUBEDESK_TRY(std::move(result).get(field));
        CUBEDESK_TRY(fn(field));
    }
    return SUCCESS;
}

// Calls fn(value) for each element of an array value; null is an empty array.
template <class Fn>
error_code forEachElement(od::value &value, Fn &&fn) {
    od::json_type type;
    CUBEDESK_TRY(typeOf(value, type));
    if (type == od::json_type::null)
        return SUCCESS;
    od::array array;
    CUBEDESK_TRY(value.get_array().get(array));
    for (auto result : array) {
        od::value element;
        CUBEDESK_TRY(std::move(result).get(element));
        CUBEDESK_TRY(fn(element));
    }
    return SUCCESS;
}

// Resource amounts while decoding: a short flat list (cpu, memory and a few others).
struct Amount {
    StringId name;
    std::int64_t value;
};

class Amounts {
public:
    void clear() { m_items.clear(); }
    bool empty() const { return m_items.empty(); }
    const std::vector<Amount> &items() const { return m_items; }
    const Amount *find(StringId name) const {
        for (const Amount &a : m_items) {
            if (a.name == name)
                return &a;
        }
        return nullptr;
    }
    void set(StringId name, std::int64_t value) {
        for (Amount &a : m_items) {
            if (a.name == name) {
                a.value = value;
                return;
            }
        }
        m_items.push_back({name, value});
    }
    void add(StringId name, std::int64_t value) {
        for (Amount &a : m_items) {
            if (a.name == name) {
                a.value = saturatingAdd(a.value, value);
                return;
            }
        }
        m_items.push_back({name, value});
    }
    void add(const Amounts &other) {
        for (const Amount &a : other.m_items)
            add(a.name, a.value);
    }
    void max(const Amounts &other) {
        for (const Amount &a : other.m_items) {
            bool found = false;
            for (Amount &mine : m_items) {
                if (mine.name == a.name) {
                    mine.value = std::max(mine.value, a.value);
                    found = true;
                    break;
                }
            }
            if (!found)
                m_items.push_back(a);
        }
    }
    bool sameAs(const Amounts &other) const {
        if (m_items.size() != other.m_items.size())
            return false;
        for (const Amount &a : m_items) {
            const Amount *b = other.find(a.name);
            if (!b || b->value != a.value)
                return false;
        }
        return true;
    }

private:
    std::vector<Amount> m_items;
};

// Builds an object's tail (see KubeObject): sections, then owners, then strings.
class TailBuilder {
public:
    void reset(std::size_t objectSize) {
        m_bytes.clear();
        m_base = objectSize;
    }
    std::size_t size() const { return m_bytes.size(); }
    const char *data() const { return m_bytes.data(); }

    /// Appends `size` bytes aligned to `align`; returns the offset from the object's start.
    std::size_t append(const void *data, std::size_t size, std::size_t align) {
        while (m_bytes.size() % align != 0)
            m_bytes.push_back('\0');
        const std::size_t offset = m_base + m_bytes.size();
        if (size > 0)
            m_bytes.append(static_cast<const char *>(data), size);
        return offset;
    }
    KubeObject::TailText text(std::string_view s) {
        const std::size_t offset = m_base + m_bytes.size();
        m_bytes.append(s);
        return {static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(s.size())};
    }
    void patch(std::size_t offset, const void *data, std::size_t size) {
        std::memcpy(m_bytes.data() + (offset - m_base), data, size);
    }

private:
    std::string m_bytes;
    std::size_t m_base = 0;
};

} // namespace

// ---- Impl ---------------------------------------------------------------------------------------

class ObjectDecoder::Impl {
public:
    explicit Impl(StringPoolRef pool);

    std::shared_ptr<const KubeObject> decode(ObjectKind kind, std::string_view json,
                                             std::string *error);
    bool decodeWatchEvent(ObjectKind kind, std::string_view line, WatchEvent *event,
                          std::string *error);

    StringPoolRef m_poolRef;

private:
    using TailText = KubeObject::TailText;

    /// Which annotation the kind being decoded keeps.
    enum class Wanted { None, Project, GpuTopology };

    struct Meta {
        std::string_view name;
        std::string_view ns;
        std::string_view uid;
        std::string_view resourceVersion;
        std::int64_t created = 0;
        std::int64_t deletion = 0;
        bool hasDeletion = false;
        bool initialEventsEnd = false;
        std::string_view annotation; ///< the kind's wanted annotation
        std::string_view user;       ///< the pod's user label
        int userPriority = 99;       ///< index of `user`'s key in kUserLabels
        std::vector<std::pair<StringId, StringId>> labels;
        std::vector<StringId> owners; ///< kind, name, kind, name, ...
        void clear() {
            name = ns = uid = resourceVersion = annotation = user = {};
            created = deletion = 0;
            hasDeletion = initialEventsEnd = false;
            userPriority = 99;
            labels.clear();
            owners.clear();
        }
    };

    /// One container's resources while decoding.
    struct Container {
        Amounts requests;
        Amounts limits;
        bool restartable = false; ///< an init container with restartPolicy Always (a sidecar)
        std::string_view name;
    };

    /// Everything about resources in a pod spec (a Pod's or a replica template's).
    struct PodResources {
        Amounts requests; ///< sum over spec.containers, requests defaulted to limits
        Amounts limits;   ///< sum over spec.containers
        Amounts overhead;
        std::vector<Container> init; ///< init containers in order; the first initCount are valid
        std::size_t initCount = 0;
        std::size_t containerCount = 0;
        bool anyComputeResource = false; ///< some container sets a cpu/memory request or limit
        bool allGuaranteed = true;       ///< every container has cpu+memory limits == requests
        Container scratch;
        void clear() {
            requests.clear();
            limits.clear();
            overhead.clear();
            initCount = 0;
            containerCount = 0;
            anyComputeResource = false;
            allGuaranteed = true;
        }
        Container &nextInit() {
            if (init.size() <= initCount)
                init.emplace_back();
            Container &c = init[initCount++];
            c.requests.clear();
            c.limits.clear();
            c.restartable = false;
            c.name = {};
            return c;
        }
    };

    struct InitStatus {
        std::string_view name;
        bool ready = false;
        std::int64_t restarts = 0;
    };

    // Shared parts.
    error_code decodeMeta(od::value &value, Wanted wanted);
    error_code decodeLabels(od::value &value, bool userLabels);
    error_code decodeQuantity(od::value &value, bool milli, std::int64_t &out, bool &ok);
    error_code decodeResourceMap(od::value &value, Amounts &out);
    error_code decodeResourceSet(od::value &value, ResourceSet &out);
    error_code decodeContainer(od::value &value, Container &out, PodResources &res);
    error_code decodeCondition(od::value &value, Condition &out);
    void computeEffective(const PodResources &res, Amounts &out);
    StringId intern(std::string_view s) { return m_pool->intern(s); }
    bool isExtendedGpuLike(StringId name) const;

    /// The base fields of the object being decoded, prepared before it is allocated.
    struct BaseDraft {
        StringId ns = StringId::Empty;
        std::uint8_t flags = 0;
        std::uint16_t ownerCount = 0;
        TailText name;
        unsigned char uid[16] = {};
        std::uint64_t resourceVersion = 0;
        const LabelSet *labels = nullptr;
    };
    /// Appends the base part of the tail (owners, name, textual uid/resourceVersion) after the
    /// kind's own sections, and interns the label set.
    void prepareBase(BaseDraft &draft);
    /// Allocates T with the tail built so far, sets the base fields and copies the tail in.
    template <class T>
    std::shared_ptr<T> allocate(ObjectKind kind, const BaseDraft &draft);

    // Kinds.
    error_code decodeObject(ObjectKind kind, od::object &object,
                            std::shared_ptr<const KubeObject> &out);
    error_code decodePod(od::object &object, std::shared_ptr<const KubeObject> &out);
    error_code decodePodSpec(od::value &value, PodResources &res, bool forPod);
    error_code decodeAffinity(od::value &value);
    error_code decodePodStatus(od::value &value);
    error_code decodeNode(od::object &object, std::shared_ptr<const KubeObject> &out);
    error_code decodeNamespace(od::object &object, std::shared_ptr<const KubeObject> &out);
    error_code decodeResourceQuota(od::object &object, std::shared_ptr<const KubeObject> &out);
    error_code decodeLimitRange(od::object &object, std::shared_ptr<const KubeObject> &out);
    error_code decodeEvent(od::object &object, std::shared_ptr<const KubeObject> &out);
    error_code decodeCustomResource(od::object &object, std::shared_ptr<const KubeObject> &out);
    error_code decodeCustomSpec(od::value &value, CustomResource &cr);
    error_code decodeReplicaTemplate(od::value &value, CustomResource &cr);
    error_code decodeSparkRole(od::value &value, CustomResource &cr, bool executor);
    error_code decodeCustomStatus(od::value &value, CustomResource &cr, std::string_view &state,
                                  std::int64_t &stateTime);
    error_code decodeStatusObject(od::object &object, WatchEvent::Status &status);

    bool load(std::string_view json, std::string *error);
    /// After the top-level object was consumed: is anything but whitespace left?
    bool hasTrailingContent() {
        const char *location = nullptr;
        return m_doc.current_location().get(location) == SUCCESS;
    }
    static bool fail(std::string *error, std::string_view what, error_code code);

    StringPool *m_pool;
    StringId m_cpu;
    StringId m_memory;
    od::parser m_parser;
    std::unique_ptr<char[]> m_buffer;
    std::size_t m_capacity = 0;
    od::document m_doc;

    Meta m_meta;
    TailBuilder m_tail;
    std::vector<LabelPairId> m_pairs;

    // Pod scratch, reused across documents.
    PodResources m_res;
    PodResources m_templateRes;
    Amounts m_effective;
    Amounts m_restartableSum;
    Amounts m_initMax;
    Amounts m_candidate;
    std::vector<InitStatus> m_initStatuses;
    std::string_view m_nodeName;
    std::string_view m_schedulerName;
    std::string_view m_org;
    bool m_orgFromSelector = false;
    std::string_view m_phase;
    std::string_view m_qos;
    std::string_view m_scheduledStatus;
    std::string_view m_scheduledReason;
    std::string_view m_scheduledMessage;
    std::int64_t m_startTime = 0;
    bool m_hasStartTime = false;
    std::int64_t m_ready = 0;
    std::int64_t m_restarts = 0;
};

namespace {

// The pod user labels, in priority order (spec cubestudio.md §3, py_k8s.py:101-114).
constexpr std::string_view kUserLabels[] = {"run-rtx", "user", "rtx-user", "run-username",
                                            "username"};

} // namespace

ObjectDecoder::Impl::Impl(StringPoolRef pool)
    : m_poolRef(std::move(pool))
    , m_pool(m_poolRef.get())
    , m_cpu(m_pool->intern("cpu"))
    , m_memory(m_pool->intern("memory")) {}

bool ObjectDecoder::Impl::fail(std::string *error, std::string_view what, error_code code) {
    if (error) {
        error->assign(what);
        error->append(": ");
        error->append(simdjson::error_message(code));
    }
    return false;
}

bool ObjectDecoder::Impl::load(std::string_view json, std::string *error) {
    // simdjson reads up to SIMDJSON_PADDING bytes past the end: keep one reusable padded copy
    // (a copy runs at memcpy speed, the parse at ~1-2 GB/s).
    const std::size_t needed = json.size() + simdjson::SIMDJSON_PADDING;
    if (needed > m_capacity) {
        std::size_t capacity = std::max<std::size_t>(m_capacity * 2, 64 * 1024);
        while (capacity < needed)
            capacity *= 2;
        m_buffer.reset(new char[capacity]);
        m_capacity = capacity;
    }
    std::memcpy(m_buffer.get(), json.data(), json.size());
    std::memset(m_buffer.get() + json.size(), 0, simdjson::SIMDJSON_PADDING);
    const error_code code = m_parser.iterate(m_buffer.get(), json.size(), m_capacity).get(m_doc);
    if (code != SUCCESS)
        return fail(error, "invalid JSON", code);
    return true;
}

std::shared_ptr<const KubeObject>
ObjectDecoder::Impl::decode(ObjectKind kind, std::string_view json, std::string *error) {
    if (!load(json, error))
        return nullptr;
    od::object object;
    error_code code = m_doc.get_object().get(object);
    if (code != SUCCESS) {
        fail(error, "invalid object", code);
        return nullptr;
    }
    std::shared_ptr<const KubeObject> out;
    code = decodeObject(kind, object, out);
    if (code == SUCCESS && hasTrailingContent())
        code = simdjson::TRAILING_CONTENT;
    if (code != SUCCESS) {
        fail(error, "invalid object", code);
        return nullptr;
    }
    return out;
}

bool ObjectDecoder::Impl::decodeWatchEvent(ObjectKind kind, std::string_view line,
                                           WatchEvent *event, std::string *error) {
    if (!load(line, error))
        return false;
    event->object.reset();
    event->resourceVersion.clear();
    event->initialEventsEnd = false;
    event->status = WatchEvent::Status{};
    enum class Seen { None, Known };
    Seen seenType = Seen::None;
    bool objectSeen = false;
    bool objectPending = false; // "object" came before "type": decode on a second pass

    auto decodeEventObject = [&](od::value &value) -> error_code {
        od::object object;
        CUBEDESK_TRY(value.get_object().get(object));
        switch (event->type) {
        case WatchEvent::Type::Error:
            return decodeStatusObject(object, event->status);
        case WatchEvent::Type::Bookmark: {
            m_meta.clear();
            CUBEDESK_TRY(forEachField(object, [&](od::field &field) -> error_code {
                if (fieldName(field) == "metadata")
                    return decodeMeta(field.value(), Wanted::None);
                return SUCCESS;
            }));
            event->resourceVersion.assign(m_meta.resourceVersion);
            event->initialEventsEnd = m_meta.initialEventsEnd;
            return SUCCESS;
        }
        default: {
            std::shared_ptr<const KubeObject> decoded;
            CUBEDESK_TRY(decodeObject(kind, object, decoded));
            event->object = std::move(decoded);
            event->resourceVersion = event->object->resourceVersion();
            return SUCCESS;
        }
        }
    };

    auto pass = [&](bool second) -> error_code {
        od::object top;
        CUBEDESK_TRY(m_doc.get_object().get(top));
        return forEachField(top, [&](od::field &field) -> error_code {
            const std::string_view key = fieldName(field);
            if (key == "type" && !second) {
                std::string_view type;
                CUBEDESK_TRY(field.value().get_string().get(type));
                if (type == "ADDED")
                    event->type = WatchEvent::Type::Added;
                else if (type == "MODIFIED")
                    event->type = WatchEvent::Type::Modified;
                else if (type == "DELETED")
                    event->type = WatchEvent::Type::Deleted;
                else if (type == "BOOKMARK")
                    event->type = WatchEvent::Type::Bookmark;
                else if (type == "ERROR")
                    event->type = WatchEvent::Type::Error;
                else
                    return simdjson::INCORRECT_TYPE;
                seenType = Seen::Known;
            } else if (key == "object") {
                if (seenType == Seen::None) {
                    objectPending = true;
                    return SUCCESS;
                }
                if (objectSeen)
                    return SUCCESS;
                objectSeen = true;
                return decodeEventObject(field.value());
            }
            return SUCCESS;
        });
    };

    error_code code = pass(false);
    if (code == SUCCESS && hasTrailingContent())
        code = simdjson::TRAILING_CONTENT;
    if (code == SUCCESS && objectPending && seenType == Seen::Known && !objectSeen) {
        m_doc.rewind();
        code = pass(true);
    }
    if (code != SUCCESS)
        return fail(error, "invalid watch event", code);
    if (seenType == Seen::None) {
        if (error)
            *error = "invalid watch event: no type";
        return false;
    }
    if (!objectSeen) {
        if (error)
            *error = "invalid watch event: no object";
        return false;
    }
    return true;
}

error_code ObjectDecoder::Impl::decodeStatusObject(od::object &object, WatchEvent::Status &status) {
    return forEachField(object, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        std::string_view text;
        if (key == "code") {
            std::int64_t code = 0;
            CUBEDESK_TRY(integerOrNull(field.value(), code));
            status.code = static_cast<int>(code);
        } else if (key == "status") {
            CUBEDESK_TRY(stringOrNull(field.value(), text));
            status.status.assign(text);
        } else if (key == "reason") {
            CUBEDESK_TRY(stringOrNull(field.value(), text));
            status.reason.assign(text);
        } else if (key == "message") {
            CUBEDESK_TRY(stringOrNull(field.value(), text));
            status.message.assign(text);
        }
        return SUCCESS;
    });
}

error_code ObjectDecoder::Impl::decodeObject(ObjectKind kind, od::object &object,
                                             std::shared_ptr<const KubeObject> &out) {
    m_meta.clear();
    switch (kind) {
    case ObjectKind::Pod:
        return decodePod(object, out);
    case ObjectKind::Node:
        return decodeNode(object, out);
    case ObjectKind::Namespace:
        return decodeNamespace(object, out);
    case ObjectKind::ResourceQuota:
        return decodeResourceQuota(object, out);
    case ObjectKind::LimitRange:
        return decodeLimitRange(object, out);
    case ObjectKind::Event:
        return decodeEvent(object, out);
    case ObjectKind::CustomResource:
        return decodeCustomResource(object, out);
    }
    return simdjson::INCORRECT_TYPE;
}

// ---- metadata -----------------------------------------------------------------------------------

error_code ObjectDecoder::Impl::decodeMeta(od::value &value, Wanted wanted) {
    return forEachField(value, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        od::value &v = field.value();
        if (key == "name")
            return stringOrNull(v, m_meta.name);
        if (key == "namespace")
            return stringOrNull(v, m_meta.ns);
        if (key == "uid")
            return stringOrNull(v, m_meta.uid);
        if (key == "resourceVersion")
            return stringOrNull(v, m_meta.resourceVersion);
        if (key == "creationTimestamp")
            return timestampOrNull(v, m_meta.created);
        if (key == "deletionTimestamp") {
            CUBEDESK_TRY(timestampOrNull(v, m_meta.deletion));
            m_meta.hasDeletion = m_meta.deletion != 0;
            return SUCCESS;
        }
        if (key == "labels")
            return decodeLabels(v, wanted == Wanted::Project);
        if (key == "annotations") {
            return forEachField(v, [&](od::field &annotation) -> error_code {
                std::string_view name;
                CUBEDESK_TRY(annotation.unescaped_key().get(name));
                if (name == "k8s.io/initial-events-end") {
                    std::string_view text;
                    CUBEDESK_TRY(stringOrNull(annotation.value(), text));
                    m_meta.initialEventsEnd = text == "true";
                } else if ((wanted == Wanted::Project && name == "project") ||
                           (wanted == Wanted::GpuTopology && name == "cubedesk.io/gpu-topology")) {
                    return stringOrNull(annotation.value(), m_meta.annotation);
                }
                return SUCCESS;
            });
        }
        if (key == "ownerReferences") {
            return forEachElement(v, [&](od::value &element) -> error_code {
                std::string_view kind;
                std::string_view name;
                CUBEDESK_TRY(forEachField(element, [&](od::field &f) -> error_code {
                    const std::string_view k = fieldName(f);
                    if (k == "kind")
                        return stringOrNull(f.value(), kind);
                    if (k == "name")
                        return stringOrNull(f.value(), name);
                    return SUCCESS;
                }));
                m_meta.owners.push_back(intern(kind));
                m_meta.owners.push_back(intern(name));
                return SUCCESS;
            });
        }
        return SUCCESS;
    });
}

error_code ObjectDecoder::Impl::decodeLabels(od::value &value, bool userLabels) {
    return forEachField(value, [&](od::field &field) -> error_code {
        std::string_view key;
        std::string_view text;
        CUBEDESK_TRY(field.unescaped_key().get(key));
        // The key view lives in the parser's string buffer until the next document: fine.
        CUBEDESK_TRY(stringOrNull(field.value(), text));
        if (userLabels) {
            for (int i = 0; i < m_meta.userPriority && i < 5; ++i) {
                if (key == kUserLabels[i]) {
                    m_meta.user = text;
                    m_meta.userPriority = i;
                    break;
                }
            }
        }
        m_meta.labels.emplace_back(intern(key), intern(text));
        return SUCCESS;
    });
}

void ObjectDecoder::Impl::prepareBase(BaseDraft &draft) {
    draft.ns = intern(m_meta.ns);
    // Owners directly before the name: KubeObject::owner() finds them from the name's offset.
    draft.ownerCount = static_cast<std::uint16_t>(
        std::min<std::size_t>(m_meta.owners.size() / 2, std::numeric_limits<std::uint16_t>::max()));
    m_tail.append(m_meta.owners.data(), draft.ownerCount * 2 * sizeof(StringId), 4);
    draft.name = m_tail.text(m_meta.name);

    const std::optional<Uid> uid = Uid::parse(m_meta.uid);
    if (uid && !uid->isNull()) {
        std::memcpy(draft.uid, uid->bytes().data(), 16);
    } else if (!m_meta.uid.empty()) {
        const TailText t = m_tail.text(m_meta.uid);
        std::memcpy(draft.uid, &t, sizeof t);
        draft.flags |= KubeObject::UidIsText;
    }

    const std::string_view rv = m_meta.resourceVersion;
    std::uint64_t number = 0;
    const auto [end, ec] = std::from_chars(rv.data(), rv.data() + rv.size(), number);
    if (ec == std::errc() && end == rv.data() + rv.size() && !rv.empty() && rv.front() != '0') {
        draft.resourceVersion = number;
    } else if (!rv.empty()) {
        const TailText t = m_tail.text(rv);
        std::memcpy(&draft.resourceVersion, &t, sizeof t);
        draft.flags |= KubeObject::ResourceVersionIsText;
    }

    draft.labels = nullptr;
    if (!m_meta.labels.empty()) {
        // Canonical order: by key id, one value per key (the last one, as a JSON decoder keeps).
        std::stable_sort(
            m_meta.labels.begin(), m_meta.labels.end(), [](const auto &a, const auto &b) {
                return static_cast<std::uint32_t>(a.first) < static_cast<std::uint32_t>(b.first);
            });
        m_pairs.clear();
        for (std::size_t i = 0; i < m_meta.labels.size(); ++i) {
            if (i + 1 < m_meta.labels.size() &&
                m_meta.labels[i + 1].first == m_meta.labels[i].first)
                continue;
            m_pairs.push_back(m_pool->internPair(m_meta.labels[i].first, m_meta.labels[i].second));
        }
        draft.labels = m_pool->internLabelSet(m_pairs);
    }
}

template <class T>
std::shared_ptr<T> ObjectDecoder::Impl::allocate(ObjectKind kind, const BaseDraft &draft) {
    std::shared_ptr<T> object;
    {
        const typename TailAllocator<T>::Scope scope(m_tail.size());
        object = std::allocate_shared<T>(TailAllocator<T>());
    }
    T &o = *object;
    o.m_pool = m_poolRef;
    o.m_kind = kind;
    o.m_baseFlags = draft.flags;
    o.m_ownerCount = draft.ownerCount;
    o.m_namespace = draft.ns;
    o.m_name = draft.name;
    std::memcpy(o.m_uid, draft.uid, sizeof draft.uid);
    o.m_resourceVersion = draft.resourceVersion;
    o.m_creationTimestamp = m_meta.created;
    o.m_labels = draft.labels;
    std::memcpy(reinterpret_cast<char *>(object.get()) + sizeof(T), m_tail.data(), m_tail.size());
    return object;
}

// ---- resources ----------------------------------------------------------------------------------

error_code ObjectDecoder::Impl::decodeQuantity(od::value &value, bool milli, std::int64_t &out,
                                               bool &ok) {
    od::json_type type;
    CUBEDESK_TRY(typeOf(value, type));
    std::string_view text;
    if (type == od::json_type::string) {
        CUBEDESK_TRY(value.get_string().get(text));
    } else if (type == od::json_type::number) {
        // Manifests converted from YAML carry `cpu: 1` or `nvidia.com/gpu: 2` as numbers.
        text = value.raw_json_token();
        while (!text.empty() && (text.back() == ' ' || text.back() == '\n' || text.back() == '\r' ||
                                 text.back() == '\t'))
            text.remove_suffix(1);
    } else if (type == od::json_type::null) {
        ok = false;
        return SUCCESS;
    } else {
        return simdjson::INCORRECT_TYPE;
    }
    const std::optional<Quantity> q = Quantity::parse(text);
    ok = q.has_value();
    if (ok)
        out = milli ? q->milliValue() : q->value();
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeResourceMap(od::value &value, Amounts &out) {
    return forEachField(value, [&](od::field &field) -> error_code {
        std::string_view name;
        CUBEDESK_TRY(field.unescaped_key().get(name));
        std::int64_t amount = 0;
        bool ok = false;
        CUBEDESK_TRY(
            decodeQuantity(field.value(), ResourceList::isMilliResource(name), amount, ok));
        if (ok)
            out.set(intern(name), amount);
        return SUCCESS;
    });
}

error_code ObjectDecoder::Impl::decodeResourceSet(od::value &value, ResourceSet &out) {
    return forEachField(value, [&](od::field &field) -> error_code {
        std::string_view name;
        CUBEDESK_TRY(field.unescaped_key().get(name));
        std::int64_t amount = 0;
        bool ok = false;
        CUBEDESK_TRY(
            decodeQuantity(field.value(), ResourceList::isMilliResource(name), amount, ok));
        if (ok) {
            const StringId id = intern(name);
            out.set(id, id == m_cpu, id == m_memory, amount);
        }
        return SUCCESS;
    });
}

error_code ObjectDecoder::Impl::decodeContainer(od::value &value, Container &out,
                                                PodResources &res) {
    CUBEDESK_TRY(forEachField(value, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        if (key == "name")
            return stringOrNull(field.value(), out.name);
        if (key == "restartPolicy") {
            std::string_view policy;
            CUBEDESK_TRY(stringOrNull(field.value(), policy));
            out.restartable = policy == "Always";
            return SUCCESS;
        }
        if (key == "resources") {
            return forEachField(field.value(), [&](od::field &f) -> error_code {
                const std::string_view k = fieldName(f);
                if (k == "requests")
                    return decodeResourceMap(f.value(), out.requests);
                if (k == "limits")
                    return decodeResourceMap(f.value(), out.limits);
                return SUCCESS;
            });
        }
        return SUCCESS;
    }));
    // A missing request defaults to the limit (API server defaulting), then QoS bookkeeping.
    for (const Amount &limit : out.limits.items()) {
        if (!out.requests.find(limit.name))
            out.requests.set(limit.name, limit.value);
    }
    const Amount *cpuLimit = out.limits.find(m_cpu);
    const Amount *memLimit = out.limits.find(m_memory);
    const Amount *cpuRequest = out.requests.find(m_cpu);
    const Amount *memRequest = out.requests.find(m_memory);
    if (cpuLimit || memLimit || cpuRequest || memRequest)
        res.anyComputeResource = true;
    if (!cpuLimit || !memLimit || !cpuRequest || !memRequest ||
        cpuLimit->value != cpuRequest->value || memLimit->value != memRequest->value)
        res.allGuaranteed = false;
    return SUCCESS;
}

void ObjectDecoder::Impl::computeEffective(const PodResources &res, Amounts &out) {
    // k8s.io/component-helpers/resource PodRequests: sidecars run beside the app containers and
    // beside every init container started after them.
    out.clear();
    out.add(res.requests);
    m_restartableSum.clear();
    m_initMax.clear();
    for (std::size_t i = 0; i < res.initCount; ++i) {
        const Container &c = res.init[i];
        m_candidate.clear();
        if (c.restartable) {
            out.add(c.requests);
            m_restartableSum.add(c.requests);
            m_candidate.add(m_restartableSum);
        } else {
            m_candidate.add(c.requests);
            m_candidate.add(m_restartableSum);
        }
        m_initMax.max(m_candidate);
    }
    out.max(m_initMax);
    out.add(res.overhead);
}

// ---- Pod ----------------------------------------------------------------------------------------

error_code ObjectDecoder::Impl::decodePodSpec(od::value &value, PodResources &res, bool forPod) {
    return forEachField(value, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        od::value &v = field.value();
        if (key == "containers") {
            return forEachElement(v, [&](od::value &element) -> error_code {
                Container &c = res.scratch;
                c.requests.clear();
                c.limits.clear();
                c.restartable = false;
                CUBEDESK_TRY(decodeContainer(element, c, res));
                res.requests.add(c.requests);
                res.limits.add(c.limits);
                ++res.containerCount;
                return SUCCESS;
            });
        }
        if (key == "initContainers") {
            return forEachElement(v, [&](od::value &element) -> error_code {
                Container &c = res.nextInit();
                return decodeContainer(element, c, res);
            });
        }
        if (key == "overhead")
            return decodeResourceMap(v, res.overhead);
        if (!forPod)
            return SUCCESS;
        if (key == "nodeName")
            return stringOrNull(v, m_nodeName);
        if (key == "schedulerName")
            return stringOrNull(v, m_schedulerName);
        if (key == "nodeSelector") {
            return forEachField(v, [&](od::field &f) -> error_code {
                std::string_view name;
                CUBEDESK_TRY(f.unescaped_key().get(name));
                if (name != "org")
                    return SUCCESS;
                m_orgFromSelector = true;
                return stringOrNull(f.value(), m_org);
            });
        }
        if (key == "affinity")
            return decodeAffinity(v);
        return SUCCESS;
    });
}

error_code ObjectDecoder::Impl::decodeAffinity(od::value &value) {
    // affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[]
    //   .matchExpressions[] {key: org, operator: In, values: [first, ...]}
    auto expression = [&](od::value &element) -> error_code {
        std::string_view key;
        std::string_view op;
        std::string_view first;
        bool haveFirst = false;
        CUBEDESK_TRY(forEachField(element, [&](od::field &f) -> error_code {
            const std::string_view k = fieldName(f);
            if (k == "key")
                return stringOrNull(f.value(), key);
            if (k == "operator")
                return stringOrNull(f.value(), op);
            if (k == "values") {
                return forEachElement(f.value(), [&](od::value &item) -> error_code {
                    if (haveFirst)
                        return SUCCESS;
                    haveFirst = true;
                    return stringOrNull(item, first);
                });
            }
            return SUCCESS;
        }));
        if (key == "org" && op == "In" && haveFirst && m_org.empty() && !m_orgFromSelector)
            m_org = first;
        return SUCCESS;
    };
    auto term = [&](od::value &element) -> error_code {
        return forEachField(element, [&](od::field &f) -> error_code {
            if (fieldName(f) == "matchExpressions")
                return forEachElement(f.value(), expression);
            return SUCCESS;
        });
    };
    auto required = [&](od::value &v) -> error_code {
        return forEachField(v, [&](od::field &f) -> error_code {
            if (fieldName(f) == "nodeSelectorTerms")
                return forEachElement(f.value(), term);
            return SUCCESS;
        });
    };
    return forEachField(value, [&](od::field &field) -> error_code {
        if (fieldName(field) != "nodeAffinity")
            return SUCCESS;
        return forEachField(field.value(), [&](od::field &f) -> error_code {
            if (fieldName(f) == "requiredDuringSchedulingIgnoredDuringExecution")
                return required(f.value());
            return SUCCESS;
        });
    });
}

error_code ObjectDecoder::Impl::decodePodStatus(od::value &value) {
    return forEachField(value, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        od::value &v = field.value();
        if (key == "phase")
            return stringOrNull(v, m_phase);
        if (key == "qosClass")
            return stringOrNull(v, m_qos);
        if (key == "startTime") {
            CUBEDESK_TRY(timestampOrNull(v, m_startTime));
            m_hasStartTime = m_startTime != 0;
            return SUCCESS;
        }
        if (key == "conditions") {
            return forEachElement(v, [&](od::value &element) -> error_code {
                std::string_view type;
                std::string_view status;
                std::string_view reason;
                std::string_view message;
                CUBEDESK_TRY(forEachField(element, [&](od::field &f) -> error_code {
                    const std::string_view k = fieldName(f);
                    if (k == "type")
                        return stringOrNull(f.value(), type);
                    if (k == "status")
                        return stringOrNull(f.value(), status);
                    if (k == "reason")
                        return stringOrNull(f.value(), reason);
                    if (k == "message")
                        return stringOrNull(f.value(), message);
                    return SUCCESS;
                }));
                if (type == "PodScheduled") {
                    m_scheduledStatus = status;
                    m_scheduledReason = reason;
                    m_scheduledMessage = message;
                }
                return SUCCESS;
            });
        }
        if (key == "containerStatuses" || key == "initContainerStatuses") {
            const bool init = key == "initContainerStatuses";
            return forEachElement(v, [&](od::value &element) -> error_code {
                InitStatus s;
                CUBEDESK_TRY(forEachField(element, [&](od::field &f) -> error_code {
                    const std::string_view k = fieldName(f);
                    if (k == "ready")
                        return boolOrNull(f.value(), s.ready);
                    if (k == "restartCount")
                        return integerOrNull(f.value(), s.restarts);
                    if (k == "name")
                        return stringOrNull(f.value(), s.name);
                    return SUCCESS;
                }));
                if (init) {
                    m_initStatuses.push_back(s);
                } else {
                    m_ready += s.ready ? 1 : 0;
                    m_restarts = saturatingAdd(m_restarts, s.restarts);
                }
                return SUCCESS;
            });
        }
        return SUCCESS;
    });
}

namespace {

Pod::Phase podPhase(std::string_view text) {
    if (text == "Running")
        return Pod::Phase::Running;
    if (text == "Pending")
        return Pod::Phase::Pending;
    if (text == "Succeeded")
        return Pod::Phase::Succeeded;
    if (text == "Failed")
        return Pod::Phase::Failed;
    return Pod::Phase::Unknown;
}

Pod::ConditionStatus conditionStatus(std::string_view text) {
    if (text == "True")
        return Pod::ConditionStatus::True;
    if (text == "False")
        return Pod::ConditionStatus::False;
    if (text.empty())
        return Pod::ConditionStatus::Absent;
    return Pod::ConditionStatus::Unknown;
}

std::uint8_t saturate8(std::int64_t v) {
    return static_cast<std::uint8_t>(std::clamp<std::int64_t>(v, 0, 255));
}

} // namespace

error_code ObjectDecoder::Impl::decodePod(od::object &object,
                                          std::shared_ptr<const KubeObject> &out) {
    m_res.clear();
    m_initStatuses.clear();
    m_nodeName = m_schedulerName = m_org = m_phase = m_qos = {};
    m_scheduledStatus = m_scheduledReason = m_scheduledMessage = {};
    m_orgFromSelector = false;
    m_startTime = 0;
    m_hasStartTime = false;
    m_ready = 0;
    m_restarts = 0;

    CUBEDESK_TRY(forEachField(object, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        if (key == "metadata")
            return decodeMeta(field.value(), Wanted::Project);
        if (key == "spec")
            return decodePodSpec(field.value(), m_res, true);
        if (key == "status")
            return decodePodStatus(field.value());
        return SUCCESS;
    }));

    // Sidecars (restartable init containers) count as containers, as kubectl's READY does.
    std::size_t total = m_res.containerCount;
    for (std::size_t i = 0; i < m_res.initCount; ++i) {
        const Container &c = m_res.init[i];
        if (!c.restartable)
            continue;
        ++total;
        for (const InitStatus &s : m_initStatuses) {
            if (s.name == c.name) {
                m_ready += s.ready ? 1 : 0;
                m_restarts = saturatingAdd(m_restarts, s.restarts);
                break;
            }
        }
    }
    computeEffective(m_res, m_effective);

    m_tail.reset(sizeof(Pod));
    // Tail sections, in Pod's order: extra requests, extra limits, effective, deletion, detail.
    std::uint8_t extraRequests = 0;
    std::uint8_t extraLimits = 0;
    std::uint8_t flags = 0;
    std::int64_t fixed[4] = {0, 0, 0, 0};
    auto appendExtras = [&](const Amounts &amounts, std::int64_t &cpu, std::int64_t &memory,
                            std::uint8_t cpuFlag, std::uint8_t memFlag, std::uint8_t &fixedBits,
                            std::uint8_t &count) {
        for (const Amount &a : amounts.items()) {
            if (a.name == m_cpu && a.value >= std::numeric_limits<std::int32_t>::min() &&
                a.value <= std::numeric_limits<std::int32_t>::max()) {
                cpu = a.value;
                fixedBits |= cpuFlag;
            } else if (a.name == m_memory) {
                memory = a.value;
                fixedBits |= memFlag;
            } else if (count < 255) {
                const ResourceEntry entry{a.name, 0, a.value};
                m_tail.append(&entry, sizeof entry, 8);
                ++count;
            }
        }
    };
    appendExtras(m_res.requests, fixed[0], fixed[1], Pod::RequestCpu, Pod::RequestMemory, flags,
                 extraRequests);
    appendExtras(m_res.limits, fixed[2], fixed[3], Pod::LimitCpu, Pod::LimitMemory, flags,
                 extraLimits);
    if (!m_effective.sameAs(m_res.requests)) {
        flags |= Pod::HasEffective;
        Pod::EffectiveHeader header;
        const std::size_t headerOffset = m_tail.append(&header, sizeof header, 8);
        std::uint8_t count = 0;
        std::uint8_t fixedBits = 0;
        appendExtras(m_effective, header.cpu, header.memory, ResourceList::HasCpu,
                     ResourceList::HasMemory, fixedBits, count);
        header.fixed = fixedBits;
        header.otherCount = count;
        m_tail.patch(headerOffset, &header, sizeof header);
    }
    if (m_meta.hasDeletion) {
        flags |= Pod::HasDeletion;
        m_tail.append(&m_meta.deletion, sizeof m_meta.deletion, 8);
    }
    std::size_t detailOffset = 0;
    Pod::ScheduledDetail detail;
    if (!m_scheduledReason.empty() || !m_scheduledMessage.empty()) {
        flags |= Pod::HasScheduledDetail;
        detail.reason = intern(m_scheduledReason);
        detailOffset = m_tail.append(&detail, sizeof detail, 8);
    }
    if (m_hasStartTime)
        flags |= Pod::HasStartTime;

    BaseDraft base;
    prepareBase(base);
    if (flags & Pod::HasScheduledDetail) {
        detail.message = m_tail.text(m_scheduledMessage);
        m_tail.patch(detailOffset, &detail, sizeof detail);
    }

    std::shared_ptr<Pod> pod = allocate<Pod>(ObjectKind::Pod, base);
    Pod &p = *pod;
    p.m_nodeName = intern(m_nodeName);
    p.m_schedulerName = intern(m_schedulerName);
    p.m_project = intern(m_meta.annotation);
    p.m_org = intern(m_org);
    p.m_user = intern(m_meta.user);
    p.m_phase = podPhase(m_phase);
    if (m_qos == "Guaranteed")
        p.m_qos = Pod::QosClass::Guaranteed;
    else if (m_qos == "Burstable")
        p.m_qos = Pod::QosClass::Burstable;
    else if (m_qos == "BestEffort")
        p.m_qos = Pod::QosClass::BestEffort;
    else if (!m_res.anyComputeResource)
        p.m_qos = Pod::QosClass::BestEffort; // Kubernetes GetPodQOS when the status has none
    else
        p.m_qos = m_res.allGuaranteed ? Pod::QosClass::Guaranteed : Pod::QosClass::Burstable;
    p.m_scheduled = conditionStatus(m_scheduledStatus);
    p.m_flags = flags;
    p.m_restartCount = static_cast<std::uint32_t>(
        std::clamp<std::int64_t>(m_restarts, 0, std::numeric_limits<std::uint32_t>::max()));
    p.m_ready = saturate8(m_ready);
    p.m_total = saturate8(static_cast<std::int64_t>(total));
    p.m_extraRequests = extraRequests;
    p.m_extraLimits = extraLimits;
    p.m_startTime = m_startTime;
    p.m_requestCpu = static_cast<std::int32_t>(fixed[0]);
    p.m_requestMemory = fixed[1];
    p.m_limitCpu = static_cast<std::int32_t>(fixed[2]);
    p.m_limitMemory = fixed[3];
    out = std::move(pod);
    return SUCCESS;
}

// ---- Node ---------------------------------------------------------------------------------------

error_code ObjectDecoder::Impl::decodeCondition(od::value &value, Condition &out) {
    return forEachField(value, [&](od::field &f) -> error_code {
        const std::string_view k = fieldName(f);
        std::string_view text;
        if (k == "type") {
            CUBEDESK_TRY(stringOrNull(f.value(), text));
            out.type.assign(text);
        } else if (k == "status") {
            CUBEDESK_TRY(stringOrNull(f.value(), text));
            out.status.assign(text);
        } else if (k == "reason") {
            CUBEDESK_TRY(stringOrNull(f.value(), text));
            out.reason.assign(text);
        } else if (k == "message") {
            CUBEDESK_TRY(stringOrNull(f.value(), text));
            out.message.assign(text);
        } else if (k == "lastTransitionTime") {
            CUBEDESK_TRY(timestampOrNull(f.value(), out.lastTransitionTime));
        }
        return SUCCESS;
    });
}

error_code ObjectDecoder::Impl::decodeNode(od::object &object,
                                           std::shared_ptr<const KubeObject> &out) {
    // Node-specific fields go straight into a heap object (5,000 nodes do not need the pod's
    // compaction); the base part still needs the tail, so fill a temporary first.
    Node draft;
    CUBEDESK_TRY(forEachField(object, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        if (key == "metadata")
            return decodeMeta(field.value(), Wanted::GpuTopology);
        if (key == "spec") {
            return forEachField(field.value(), [&](od::field &f) -> error_code {
                const std::string_view k = fieldName(f);
                if (k == "unschedulable")
                    return boolOrNull(f.value(), draft.m_unschedulable);
                if (k == "taints") {
                    return forEachElement(f.value(), [&](od::value &element) -> error_code {
                        Node::Taint taint;
                        CUBEDESK_TRY(forEachField(element, [&](od::field &t) -> error_code {
                            const std::string_view tk = fieldName(t);
                            std::string_view text;
                            if (tk == "key" || tk == "value" || tk == "effect") {
                                CUBEDESK_TRY(stringOrNull(t.value(), text));
                                (tk == "key"     ? taint.key
                                 : tk == "value" ? taint.value
                                                 : taint.effect)
                                    .assign(text);
                            }
                            return SUCCESS;
                        }));
                        draft.m_taints.push_back(std::move(taint));
                        return SUCCESS;
                    });
                }
                return SUCCESS;
            });
        }
        if (key == "status") {
            return forEachField(field.value(), [&](od::field &f) -> error_code {
                const std::string_view k = fieldName(f);
                if (k == "capacity")
                    return decodeResourceSet(f.value(), draft.m_capacity);
                if (k == "allocatable")
                    return decodeResourceSet(f.value(), draft.m_allocatable);
                if (k == "conditions") {
                    return forEachElement(f.value(), [&](od::value &element) -> error_code {
                        Condition c;
                        CUBEDESK_TRY(decodeCondition(element, c));
                        if (c.type == "Ready")
                            draft.m_ready = std::move(c);
                        else
                            draft.m_conditions.push_back(std::move(c));
                        return SUCCESS;
                    });
                }
                if (k == "addresses") {
                    return forEachElement(f.value(), [&](od::value &element) -> error_code {
                        Node::Address a;
                        CUBEDESK_TRY(forEachField(element, [&](od::field &af) -> error_code {
                            const std::string_view ak = fieldName(af);
                            std::string_view text;
                            if (ak == "type" || ak == "address") {
                                CUBEDESK_TRY(stringOrNull(af.value(), text));
                                (ak == "type" ? a.type : a.address).assign(text);
                            }
                            return SUCCESS;
                        }));
                        draft.m_addresses.push_back(std::move(a));
                        return SUCCESS;
                    });
                }
                if (k == "nodeInfo") {
                    return forEachField(f.value(), [&](od::field &nf) -> error_code {
                        const std::string_view nk = fieldName(nf);
                        std::string *target = nullptr;
                        if (nk == "kubeletVersion")
                            target = &draft.m_info.kubeletVersion;
                        else if (nk == "osImage")
                            target = &draft.m_info.osImage;
                        else if (nk == "containerRuntimeVersion")
                            target = &draft.m_info.containerRuntimeVersion;
                        else if (nk == "kernelVersion")
                            target = &draft.m_info.kernelVersion;
                        else if (nk == "architecture")
                            target = &draft.m_info.architecture;
                        else if (nk == "operatingSystem")
                            target = &draft.m_info.operatingSystem;
                        if (!target)
                            return SUCCESS;
                        std::string_view text;
                        CUBEDESK_TRY(stringOrNull(nf.value(), text));
                        target->assign(text);
                        return SUCCESS;
                    });
                }
                return SUCCESS;
            });
        }
        return SUCCESS;
    }));
    m_tail.reset(sizeof(Node));
    BaseDraft base;
    prepareBase(base);
    std::shared_ptr<Node> node = allocate<Node>(ObjectKind::Node, base);
    node->m_unschedulable = draft.m_unschedulable;
    node->m_taints = std::move(draft.m_taints);
    node->m_ready = std::move(draft.m_ready);
    node->m_conditions = std::move(draft.m_conditions);
    node->m_capacity = std::move(draft.m_capacity);
    node->m_allocatable = std::move(draft.m_allocatable);
    node->m_addresses = std::move(draft.m_addresses);
    node->m_info = std::move(draft.m_info);
    node->m_gpuTopology.assign(m_meta.annotation);
    out = std::move(node);
    return SUCCESS;
}

// ---- Namespace, ResourceQuota, LimitRange, Event ------------------------------------------------

error_code ObjectDecoder::Impl::decodeNamespace(od::object &object,
                                                std::shared_ptr<const KubeObject> &out) {
    std::string_view phase;
    CUBEDESK_TRY(forEachField(object, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        if (key == "metadata")
            return decodeMeta(field.value(), Wanted::None);
        if (key == "status") {
            return forEachField(field.value(), [&](od::field &f) -> error_code {
                if (fieldName(f) == "phase")
                    return stringOrNull(f.value(), phase);
                return SUCCESS;
            });
        }
        return SUCCESS;
    }));
    m_tail.reset(sizeof(Namespace));
    BaseDraft base;
    prepareBase(base);
    std::shared_ptr<Namespace> ns = allocate<Namespace>(ObjectKind::Namespace, base);
    ns->m_phase = intern(phase);
    out = std::move(ns);
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeResourceQuota(od::object &object,
                                                    std::shared_ptr<const KubeObject> &out) {
    ResourceQuota draft;
    CUBEDESK_TRY(forEachField(object, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        if (key == "metadata")
            return decodeMeta(field.value(), Wanted::None);
        if (key == "spec") {
            return forEachField(field.value(), [&](od::field &f) -> error_code {
                const std::string_view k = fieldName(f);
                if (k == "hard")
                    return decodeResourceSet(f.value(), draft.m_specHard);
                if (k == "scopes") {
                    return forEachElement(f.value(), [&](od::value &element) -> error_code {
                        std::string_view text;
                        CUBEDESK_TRY(stringOrNull(element, text));
                        draft.m_scopes.emplace_back(text);
                        return SUCCESS;
                    });
                }
                return SUCCESS;
            });
        }
        if (key == "status") {
            return forEachField(field.value(), [&](od::field &f) -> error_code {
                const std::string_view k = fieldName(f);
                if (k == "hard")
                    return decodeResourceSet(f.value(), draft.m_statusHard);
                if (k == "used")
                    return decodeResourceSet(f.value(), draft.m_used);
                return SUCCESS;
            });
        }
        return SUCCESS;
    }));
    m_tail.reset(sizeof(ResourceQuota));
    BaseDraft base;
    prepareBase(base);
    std::shared_ptr<ResourceQuota> quota = allocate<ResourceQuota>(ObjectKind::ResourceQuota, base);
    quota->m_specHard = std::move(draft.m_specHard);
    quota->m_statusHard = std::move(draft.m_statusHard);
    quota->m_used = std::move(draft.m_used);
    quota->m_scopes = std::move(draft.m_scopes);
    out = std::move(quota);
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeLimitRange(od::object &object,
                                                 std::shared_ptr<const KubeObject> &out) {
    std::vector<LimitRange::Item> items;
    CUBEDESK_TRY(forEachField(object, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        if (key == "metadata")
            return decodeMeta(field.value(), Wanted::None);
        if (key != "spec")
            return SUCCESS;
        return forEachField(field.value(), [&](od::field &f) -> error_code {
            if (fieldName(f) != "limits")
                return SUCCESS;
            return forEachElement(f.value(), [&](od::value &element) -> error_code {
                LimitRange::Item item;
                CUBEDESK_TRY(forEachField(element, [&](od::field &lf) -> error_code {
                    const std::string_view k = fieldName(lf);
                    if (k == "type") {
                        std::string_view text;
                        CUBEDESK_TRY(stringOrNull(lf.value(), text));
                        item.type.assign(text);
                        return SUCCESS;
                    }
                    if (k == "max")
                        return decodeResourceSet(lf.value(), item.max);
                    if (k == "min")
                        return decodeResourceSet(lf.value(), item.min);
                    if (k == "default")
                        return decodeResourceSet(lf.value(), item.defaultLimit);
                    if (k == "defaultRequest")
                        return decodeResourceSet(lf.value(), item.defaultRequest);
                    if (k == "maxLimitRequestRatio")
                        return decodeResourceSet(lf.value(), item.maxLimitRequestRatio);
                    return SUCCESS;
                }));
                items.push_back(std::move(item));
                return SUCCESS;
            });
        });
    }));
    m_tail.reset(sizeof(LimitRange));
    BaseDraft base;
    prepareBase(base);
    std::shared_ptr<LimitRange> range = allocate<LimitRange>(ObjectKind::LimitRange, base);
    range->m_items = std::move(items);
    out = std::move(range);
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeEvent(od::object &object,
                                            std::shared_ptr<const KubeObject> &out) {
    std::string_view type, reason, message, kind, ns, name, fieldPath, component, host, reporting;
    std::int64_t count = 0, first = 0, last = 0, eventTime = 0, seriesCount = 0, seriesLast = 0;
    CUBEDESK_TRY(forEachField(object, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        od::value &v = field.value();
        if (key == "metadata")
            return decodeMeta(v, Wanted::None);
        if (key == "type")
            return stringOrNull(v, type);
        if (key == "reason")
            return stringOrNull(v, reason);
        if (key == "message" || key == "note") // core/v1 "message", events.k8s.io/v1 "note"
            return stringOrNull(v, message);
        if (key == "count")
            return integerOrNull(v, count);
        if (key == "firstTimestamp")
            return timestampOrNull(v, first);
        if (key == "lastTimestamp")
            return timestampOrNull(v, last);
        if (key == "eventTime")
            return timestampOrNull(v, eventTime);
        if (key == "reportingComponent" || key == "reportingController")
            return stringOrNull(v, reporting);
        if (key == "involvedObject" || key == "regarding") {
            return forEachField(v, [&](od::field &f) -> error_code {
                const std::string_view k = fieldName(f);
                if (k == "kind")
                    return stringOrNull(f.value(), kind);
                if (k == "namespace")
                    return stringOrNull(f.value(), ns);
                if (k == "name")
                    return stringOrNull(f.value(), name);
                if (k == "fieldPath")
                    return stringOrNull(f.value(), fieldPath);
                return SUCCESS;
            });
        }
        if (key == "source" || key == "deprecatedSource") {
            return forEachField(v, [&](od::field &f) -> error_code {
                const std::string_view k = fieldName(f);
                if (k == "component")
                    return stringOrNull(f.value(), component);
                if (k == "host")
                    return stringOrNull(f.value(), host);
                return SUCCESS;
            });
        }
        if (key == "series") {
            return forEachField(v, [&](od::field &f) -> error_code {
                const std::string_view k = fieldName(f);
                if (k == "count")
                    return integerOrNull(f.value(), seriesCount);
                if (k == "lastObservedTime")
                    return timestampOrNull(f.value(), seriesLast);
                return SUCCESS;
            });
        }
        return SUCCESS;
    }));
    m_tail.reset(sizeof(Event));
    BaseDraft base;
    prepareBase(base);
    std::shared_ptr<Event> event = allocate<Event>(ObjectKind::Event, base);
    event->m_type = intern(type);
    event->m_reason = intern(reason);
    event->m_message.assign(message);
    event->m_involvedKind = intern(kind);
    event->m_involvedNamespace = intern(ns);
    event->m_involvedName.assign(name);
    event->m_involvedFieldPath.assign(fieldPath);
    event->m_source = intern(component.empty() ? reporting : component);
    event->m_sourceHost = intern(host);
    if (count == 0)
        count = seriesCount > 0 ? seriesCount : 1;
    event->m_count = static_cast<std::int32_t>(
        std::clamp<std::int64_t>(count, 0, std::numeric_limits<std::int32_t>::max()));
    event->m_first = first != 0 ? first : eventTime;
    event->m_last = last != 0 ? last : (seriesLast != 0 ? seriesLast : event->m_first);
    out = std::move(event);
    return SUCCESS;
}

// ---- CustomResource -----------------------------------------------------------------------------

bool ObjectDecoder::Impl::isExtendedGpuLike(StringId name) const {
    // Extended resources carry a vendor domain ("nvidia.com/gpu"); kubernetes.io-domain names
    // and the native ones (cpu, memory, hugepages-*, ephemeral-storage) do not count.
    const std::string_view text = m_pool->view(name);
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos)
        return false;
    const std::string_view domain = text.substr(0, slash);
    return domain != "kubernetes.io" &&
           !(domain.size() > 14 && domain.substr(domain.size() - 14) == ".kubernetes.io");
}

error_code ObjectDecoder::Impl::decodeReplicaTemplate(od::value &value, CustomResource &cr) {
    // {replicas: N, template: {metadata: ..., spec: <pod spec>}} — Kubeflow replica specs and
    // Volcano tasks share this shape.
    std::int64_t replicas = 1;
    m_templateRes.clear();
    CUBEDESK_TRY(forEachField(value, [&](od::field &f) -> error_code {
        const std::string_view k = fieldName(f);
        if (k == "replicas") {
            od::json_type type;
            CUBEDESK_TRY(typeOf(f.value(), type));
            if (type == od::json_type::null)
                return SUCCESS;
            return f.value().get_int64().get(replicas);
        }
        if (k == "template") {
            return forEachField(f.value(), [&](od::field &t) -> error_code {
                if (fieldName(t) == "spec")
                    return decodePodSpec(t.value(), m_templateRes, false);
                return SUCCESS;
            });
        }
        return SUCCESS;
    }));
    computeEffective(m_templateRes, m_effective);
    for (const Amount &a : m_effective.items()) {
        if (isExtendedGpuLike(a.name))
            cr.m_gpuRequests.add(a.name, false, false, saturatingMul(a.value, replicas));
    }
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeSparkRole(od::value &value, CustomResource &cr,
                                                bool executor) {
    // SparkApplication driver/executor: gpu: {name: nvidia.com/gpu, quantity: N}, instances.
    std::int64_t instances = 1;
    std::string_view gpuName;
    std::int64_t quantity = 0;
    CUBEDESK_TRY(forEachField(value, [&](od::field &f) -> error_code {
        const std::string_view k = fieldName(f);
        if (k == "instances" && executor)
            return integerOrNull(f.value(), instances);
        if (k == "gpu") {
            return forEachField(f.value(), [&](od::field &g) -> error_code {
                const std::string_view gk = fieldName(g);
                if (gk == "name")
                    return stringOrNull(g.value(), gpuName);
                if (gk == "quantity")
                    return integerOrNull(g.value(), quantity);
                return SUCCESS;
            });
        }
        return SUCCESS;
    }));
    if (!gpuName.empty() && quantity > 0)
        cr.m_gpuRequests.add(intern(gpuName), false, false, saturatingMul(quantity, instances));
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeCustomSpec(od::value &value, CustomResource &cr) {
    return forEachField(value, [&](od::field &f) -> error_code {
        const std::string_view k = fieldName(f);
        constexpr std::string_view kSuffix = "ReplicaSpecs";
        if (k.size() > kSuffix.size() && k.substr(k.size() - kSuffix.size()) == kSuffix) {
            return forEachField(f.value(), [&](od::field &role) -> error_code {
                return decodeReplicaTemplate(role.value(), cr);
            });
        }
        if (k == "tasks") {
            return forEachElement(f.value(), [&](od::value &task) -> error_code {
                return decodeReplicaTemplate(task, cr);
            });
        }
        if (k == "driver")
            return decodeSparkRole(f.value(), cr, false);
        if (k == "executor")
            return decodeSparkRole(f.value(), cr, true);
        return SUCCESS;
    });
}

error_code ObjectDecoder::Impl::decodeCustomStatus(od::value &value, CustomResource &cr,
                                                   std::string_view &state,
                                                   std::int64_t &stateTime) {
    std::string_view phase;
    std::string_view appState;
    std::string_view queueState;
    std::int64_t completion = 0;
    std::int64_t finished = 0;
    CUBEDESK_TRY(forEachField(value, [&](od::field &f) -> error_code {
        const std::string_view k = fieldName(f);
        od::value &v = f.value();
        if (k == "phase") {
            od::json_type type;
            CUBEDESK_TRY(typeOf(v, type));
            if (type == od::json_type::string || type == od::json_type::null)
                return stringOrNull(v, phase);
            return SUCCESS; // some CRDs use an object named phase; not a phase text
        }
        if (k == "state") {
            od::json_type type;
            CUBEDESK_TRY(typeOf(v, type));
            if (type == od::json_type::string) // Volcano Queue: status.state "Open"
                return v.get_string().get(queueState);
            if (type != od::json_type::object)
                return SUCCESS;
            return forEachField(v, [&](od::field &s) -> error_code {
                const std::string_view sk = fieldName(s);
                if (sk == "phase")
                    return stringOrNull(s.value(), state);
                if (sk == "lastTransitionTime")
                    return timestampOrNull(s.value(), stateTime);
                return SUCCESS;
            });
        }
        if (k == "applicationState") {
            return forEachField(v, [&](od::field &s) -> error_code {
                if (fieldName(s) == "state")
                    return stringOrNull(s.value(), appState);
                return SUCCESS;
            });
        }
        if (k == "startTime" || k == "startedAt") {
            std::int64_t t = 0;
            CUBEDESK_TRY(timestampOrNull(v, t));
            if (cr.m_startTime == 0)
                cr.m_startTime = t;
            return SUCCESS;
        }
        if (k == "completionTime")
            return timestampOrNull(v, completion);
        if (k == "finishedAt")
            return timestampOrNull(v, finished);
        if (k == "conditions") {
            return forEachElement(v, [&](od::value &element) -> error_code {
                Condition c;
                CUBEDESK_TRY(decodeCondition(element, c));
                cr.m_conditions.push_back(std::move(c));
                return SUCCESS;
            });
        }
        if (k == "replicaStatuses") {
            return forEachField(v, [&](od::field &role) -> error_code {
                std::string_view roleName;
                CUBEDESK_TRY(role.unescaped_key().get(roleName));
                CustomResource::ReplicaStatus rs;
                rs.role.assign(roleName);
                CUBEDESK_TRY(forEachField(role.value(), [&](od::field &c) -> error_code {
                    const std::string_view ck = fieldName(c);
                    if (ck == "active")
                        return integerOrNull(c.value(), rs.active);
                    if (ck == "succeeded")
                        return integerOrNull(c.value(), rs.succeeded);
                    if (ck == "failed")
                        return integerOrNull(c.value(), rs.failed);
                    return SUCCESS;
                }));
                cr.m_replicaStatuses.push_back(std::move(rs));
                return SUCCESS;
            });
        }
        if (k == "taskStatusCount") {
            // Volcano: {task: {phase: {Running: 3, Succeeded: 1, ...}}}
            return forEachField(v, [&](od::field &task) -> error_code {
                std::string_view taskName;
                CUBEDESK_TRY(task.unescaped_key().get(taskName));
                CustomResource::ReplicaStatus rs;
                rs.role.assign(taskName);
                CUBEDESK_TRY(forEachField(task.value(), [&](od::field &p) -> error_code {
                    if (fieldName(p) != "phase")
                        return SUCCESS;
                    return forEachField(p.value(), [&](od::field &c) -> error_code {
                        const std::string_view ck = fieldName(c);
                        std::int64_t n = 0;
                        CUBEDESK_TRY(integerOrNull(c.value(), n));
                        if (ck == "Running")
                            rs.active += n;
                        else if (ck == "Succeeded" || ck == "Completed")
                            rs.succeeded += n;
                        else if (ck == "Failed")
                            rs.failed += n;
                        return SUCCESS;
                    });
                }));
                cr.m_replicaStatuses.push_back(std::move(rs));
                return SUCCESS;
            });
        }
        return SUCCESS;
    }));
    if (!phase.empty())
        state = phase;
    else if (state.empty())
        state = !appState.empty() ? appState : queueState;
    cr.m_completionTime = completion != 0 ? completion : finished;
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeCustomResource(od::object &object,
                                                     std::shared_ptr<const KubeObject> &out) {
    CustomResource draft;
    std::string_view apiVersion;
    std::string_view kind;
    std::string_view raw;
    std::int64_t stateTime = 0;
    CUBEDESK_TRY(forEachField(object, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        od::value &v = field.value();
        if (key == "apiVersion")
            return stringOrNull(v, apiVersion);
        if (key == "kind")
            return stringOrNull(v, kind);
        if (key == "metadata")
            return decodeMeta(v, Wanted::Project);
        if (key == "spec")
            return decodeCustomSpec(v, draft);
        if (key == "status")
            return decodeCustomStatus(v, draft, raw, stateTime);
        return SUCCESS;
    }));
    draft.m_rawPhase.assign(raw);
    if (!raw.empty()) {
        draft.m_phase = CustomResource::normalisePhase(raw);
    } else {
        for (auto it = draft.m_conditions.rbegin(); it != draft.m_conditions.rend(); ++it) {
            if (it->status == "True" && !it->type.empty()) {
                draft.m_phase = CustomResource::normalisePhase(it->type);
                break;
            }
        }
    }
    if (draft.m_completionTime == 0 && stateTime != 0 &&
        (draft.m_phase == "Succeeded" || draft.m_phase == "Failed"))
        draft.m_completionTime = stateTime;

    m_tail.reset(sizeof(CustomResource));
    BaseDraft base;
    prepareBase(base);
    std::shared_ptr<CustomResource> cr = allocate<CustomResource>(ObjectKind::CustomResource, base);
    cr->m_apiVersion.assign(apiVersion);
    cr->m_kindName.assign(kind);
    cr->m_phase = std::move(draft.m_phase);
    cr->m_rawPhase = std::move(draft.m_rawPhase);
    cr->m_conditions = std::move(draft.m_conditions);
    cr->m_replicaStatuses = std::move(draft.m_replicaStatuses);
    cr->m_gpuRequests = std::move(draft.m_gpuRequests);
    cr->m_startTime = draft.m_startTime;
    cr->m_completionTime = draft.m_completionTime;
    out = std::move(cr);
    return SUCCESS;
}

// ---- ObjectDecoder ------------------------------------------------------------------------------

ObjectDecoder::ObjectDecoder(StringPoolRef pool)
    : m_impl(std::make_unique<Impl>(std::move(pool))) {}

ObjectDecoder::~ObjectDecoder() = default;

std::shared_ptr<const KubeObject> ObjectDecoder::decode(ObjectKind kind, std::string_view json,
                                                        std::string *error) {
    return m_impl->decode(kind, json, error);
}

bool ObjectDecoder::decodeWatchEvent(ObjectKind kind, std::string_view line, WatchEvent *event,
                                     std::string *error) {
    return m_impl->decodeWatchEvent(kind, line, event, error);
}

const StringPoolRef &ObjectDecoder::pool() const {
    return m_impl->m_poolRef;
}

ObjectKind ObjectDecoder::kindFor(std::string_view kindName) {
    if (kindName == "Pod")
        return ObjectKind::Pod;
    if (kindName == "Node")
        return ObjectKind::Node;
    if (kindName == "Namespace")
        return ObjectKind::Namespace;
    if (kindName == "ResourceQuota")
        return ObjectKind::ResourceQuota;
    if (kindName == "LimitRange")
        return ObjectKind::LimitRange;
    if (kindName == "Event")
        return ObjectKind::Event;
    return ObjectKind::CustomResource;
}

} // namespace cubedesk::k8s
