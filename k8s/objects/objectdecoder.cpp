#include "k8s/objects/objectdecoder.h"

#include "k8s/api/jsontoken.h"
#include "k8s/api/quantity.h"
#include "k8s/api/rfc3339.h"
#include "k8s/api/tablecelltext.h"
#include "k8s/objects/customresource.h"
#include "k8s/objects/event.h"
#include "k8s/objects/limitrange.h"
#include "k8s/objects/namespace.h"
#include "k8s/objects/node.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/resourcequota.h"
#include "k8s/objects/stringpool.h"
#include "k8s/objects/tablerow.h"
#include "k8s/objects/tailallocator.h"
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
// never need escapes; a key that has one reads as "", matches no known name and is skipped.
// (Label and annotation keys, which are data, are read unescaped instead.)
std::string_view fieldName(const od::field &field) {
    return JsonToken::rawKey(field).value_or(std::string_view());
}

error_code typeOf(od::value &value, od::json_type &type) {
    return value.type().get(type);
}

// A string, integer or boolean value; null gives "", 0 or false.
template <class T>
error_code scalarOrNull(od::value &value, T &out) {
    od::json_type type;
    CUBEDESK_TRY(typeOf(value, type));
    if (type == od::json_type::null) {
        out = T{};
        return SUCCESS;
    }
    return value.get(out);
}

error_code stringOrNull(od::value &value, std::string_view &out) {
    return scalarOrNull(value, out);
}

error_code integerOrNull(od::value &value, std::int64_t &out) {
    return scalarOrNull(value, out);
}

error_code boolOrNull(od::value &value, bool &out) {
    return scalarOrNull(value, out);
}

// A timestamp string; null, absent or unparseable gives 0.
error_code timestampOrNull(od::value &value, std::int64_t &out) {
    std::string_view text;
    CUBEDESK_TRY(stringOrNull(value, text));
    out = text.empty() ? 0 : Rfc3339::parseSeconds(text).value_or(0);
    return SUCCESS;
}

// Calls fn(item) for each Item (od::field or od::value) of an on-demand object or array.
template <class Item, class Range, class Fn>
error_code forEachIn(Range &range, Fn &&fn) {
    for (auto result : range) {
        Item item;
        CUBEDESK_TRY(std::move(result).get(item));
        CUBEDESK_TRY(fn(item));
    }
    return SUCCESS;
}

template <class Fn>
error_code forEachField(od::object &object, Fn &&fn) {
    return forEachIn<od::field>(object, fn);
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
    return forEachField(object, fn);
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
    return forEachIn<od::value>(array, fn);
}

// For each element of an array: fill(element, item) on a fresh T, then sink(std::move(item)).
template <class T, class Fill, class Sink>
error_code forEachDecoded(od::value &value, Fill &&fill, Sink &&sink) {
    return forEachElement(value, [&](od::value &element) -> error_code {
        T item;
        CUBEDESK_TRY(fill(element, item));
        sink(std::move(item));
        return SUCCESS;
    });
}

// Appends one T per element of an array, each filled by fill(element, item).
template <class T, class Fill>
error_code appendEach(od::value &value, std::vector<T> &out, Fill &&fill) {
    return forEachDecoded<T>(value, fill, [&](T &&item) { out.push_back(std::move(item)); });
}

// Field slots for readFields: a schema key and where its value goes.
struct Text { // a view into the parser's buffer, valid until the next document
    std::string_view key;
    std::string_view *out;
    error_code read(od::value &v) const { return stringOrNull(v, *out); }
};
struct CopiedText {
    std::string_view key;
    std::string *out;
    error_code read(od::value &v) const {
        std::string_view text;
        CUBEDESK_TRY(stringOrNull(v, text));
        out->assign(text);
        return SUCCESS;
    }
};
struct Integer {
    std::string_view key;
    std::int64_t *out;
    error_code read(od::value &v) const { return integerOrNull(v, *out); }
};
struct Flag {
    std::string_view key;
    bool *out;
    error_code read(od::value &v) const { return boolOrNull(v, *out); }
};
struct Time {
    std::string_view key;
    std::int64_t *out;
    error_code read(od::value &v) const { return timestampOrNull(v, *out); }
};
template <class Fn>
struct On { // anything else: fn(value)
    std::string_view key;
    Fn fn;
    error_code read(od::value &v) const { return fn(v); }
};
template <class Fn>
On(std::string_view, Fn) -> On<Fn>;

// Reads the fields of an object (value or od::object) that match a slot's key, in the slots'
// order of precedence, and skips the rest: the if-chain of key comparisons, written once.
template <class Source, class... Slots>
error_code readFields(Source &source, const Slots &...slots) {
    return forEachField(source, [&](od::field &field) -> error_code {
        const std::string_view key = fieldName(field);
        error_code code = SUCCESS;
        (void)((key == slots.key && ((code = slots.read(field.value())), true)) || ...);
        return code;
    });
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

    Result<std::shared_ptr<const KubeObject>, std::string> decode(ObjectKind kind,
                                                                  std::string_view json);
    Status<std::string> decodeWatchEvent(ObjectKind kind, std::string_view line, WatchEvent &event);

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
    /// Calls fn(name, amount) for each parseable quantity of a resource list.
    template <class Fn>
    error_code forEachQuantity(od::value &value, Fn &&fn);
    error_code decodeResourceMap(od::value &value, Amounts &out);
    error_code decodeResourceSet(od::value &value, ResourceSet &out);
    // readFields slots for the shared parts.
    auto metadata(Wanted wanted) {
        return On{"metadata", [this, wanted](od::value &v) { return decodeMeta(v, wanted); }};
    }
    auto resourceMap(std::string_view key, Amounts &out) {
        return On{key, [this, &out](od::value &v) { return decodeResourceMap(v, out); }};
    }
    auto resourceSet(std::string_view key, ResourceSet &out) {
        return On{key, [this, &out](od::value &v) { return decodeResourceSet(v, out); }};
    }
    /// Calls fn(condition) for each element of a conditions array.
    template <class Fn>
    error_code forEachCondition(od::value &value, Fn &&fn);
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
        const LabelSet *labels = nullptr; ///< pooled (one reference), or nullptr
        std::size_t inlineLabels = 0;     ///< else the tail offset of inline pairs (LabelsInline)
    };
    /// Appends the base part of the tail (owners, name, textual uid/resourceVersion) after the
    /// kind's own sections, and interns the label set.
    void prepareBase(BaseDraft &draft);
    /// Allocates T with the tail built so far, sets the base fields and copies the tail in.
    template <class T>
    std::shared_ptr<T> allocate(ObjectKind kind, const BaseDraft &draft);
    /// allocate() for a kind without tail sections of its own.
    template <class T>
    std::shared_ptr<T> allocateBare(ObjectKind kind) {
        m_tail.reset(sizeof(T));
        BaseDraft base;
        prepareBase(base);
        return allocate<T>(kind, base);
    }

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
    error_code decodeTableRow(od::object &object, std::shared_ptr<const KubeObject> &out);
    error_code decodeTableCell(od::value &value);
    /// A Table watch event's object: its one row, and its column definitions when present.
    error_code decodeTableEvent(od::object &table, WatchEvent &event);
    error_code decodeCustomSpec(od::value &value, CustomResource &cr);
    error_code decodeReplicaTemplate(od::value &value, CustomResource &cr, std::string_view role);
    error_code decodeSparkRole(od::value &value, CustomResource &cr, bool executor);
    error_code decodeCustomStatus(od::value &value, CustomResource &cr, std::string_view &state,
                                  std::int64_t &stateTime);
    error_code decodeStatusObject(od::object &object, WatchEvent::Status &status);

    error_code load(std::string_view json);
    /// After the top-level object was consumed: is anything but whitespace left?
    bool hasTrailingContent() {
        const char *location = nullptr;
        return m_doc.current_location().get(location) == SUCCESS;
    }
    /// "what: simdjson's message for code".
    static std::string failure(std::string_view what, error_code code);

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

    // TableRow scratch: the cells' text, one after another, and where each ends.
    std::string m_cellText;
    std::vector<std::uint32_t> m_cellEnds;
};

namespace {

// The pod user labels, in priority order (the platform's, docs/platform.md).
constexpr std::string_view kUserLabels[] = {"run-rtx", "user", "rtx-user", "run-username",
                                            "username"};

} // namespace

ObjectDecoder::Impl::Impl(StringPoolRef pool)
    : m_poolRef(std::move(pool))
    , m_pool(m_poolRef.get())
    , m_cpu(m_pool->intern("cpu"))
    , m_memory(m_pool->intern("memory")) {}

std::string ObjectDecoder::Impl::failure(std::string_view what, error_code code) {
    std::string message(what);
    message.append(": ");
    message.append(simdjson::error_message(code));
    return message;
}

error_code ObjectDecoder::Impl::load(std::string_view json) {
    // simdjson reads up to SIMDJSON_PADDING bytes past the end: keep one reusable padded copy
    // (a copy runs at memcpy speed, the parse at ~1-2 GB/s).
    const std::size_t needed = json.size() + simdjson::SIMDJSON_PADDING;
    if (needed > m_capacity) {
        std::size_t capacity = std::max<std::size_t>(m_capacity * 2, std::size_t{64} * 1024);
        while (capacity < needed)
            capacity *= 2;
        m_buffer.reset(new char[capacity]);
        m_capacity = capacity;
    }
    std::memcpy(m_buffer.get(), json.data(), json.size());
    std::memset(m_buffer.get() + json.size(), 0, simdjson::SIMDJSON_PADDING);
    return m_parser.iterate(m_buffer.get(), json.size(), m_capacity).get(m_doc);
}

Result<std::shared_ptr<const KubeObject>, std::string>
ObjectDecoder::Impl::decode(ObjectKind kind, std::string_view json) {
    if (const error_code code = load(json); code != SUCCESS)
        return failure("invalid JSON", code);
    od::object object;
    error_code code = m_doc.get_object().get(object);
    if (code != SUCCESS)
        return failure("invalid object", code);
    std::shared_ptr<const KubeObject> out;
    code = decodeObject(kind, object, out);
    if (code == SUCCESS && hasTrailingContent())
        code = simdjson::TRAILING_CONTENT;
    if (code != SUCCESS)
        return failure("invalid object", code);
    return out;
}

Status<std::string> ObjectDecoder::Impl::decodeWatchEvent(ObjectKind kind, std::string_view line,
                                                          WatchEvent &event) {
    if (const error_code code = load(line); code != SUCCESS)
        return failure("invalid JSON", code);
    event.object.reset();
    event.resourceVersion.clear();
    event.initialEventsEnd = false;
    event.status = WatchEvent::Status{};
    event.tableColumns.clear();
    enum class Seen { None, Known };
    Seen seenType = Seen::None;
    bool objectSeen = false;
    bool objectPending = false; // "object" came before "type": decode on a second pass

    auto decodeEventObject = [&](od::value &value) -> error_code {
        od::object object;
        CUBEDESK_TRY(value.get_object().get(object));
        switch (event.type) {
        case WatchEvent::Type::Error:
            return decodeStatusObject(object, event.status);
        case WatchEvent::Type::Bookmark: {
            m_meta.clear();
            CUBEDESK_TRY(readFields(object, metadata(Wanted::None)));
            event.resourceVersion.assign(m_meta.resourceVersion);
            event.initialEventsEnd = m_meta.initialEventsEnd;
            return SUCCESS;
        }
        default: {
            if (kind == ObjectKind::TableRow)
                return decodeTableEvent(object, event);
            std::shared_ptr<const KubeObject> decoded;
            CUBEDESK_TRY(decodeObject(kind, object, decoded));
            event.object = std::move(decoded);
            event.resourceVersion = event.object->resourceVersion();
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
                    event.type = WatchEvent::Type::Added;
                else if (type == "MODIFIED")
                    event.type = WatchEvent::Type::Modified;
                else if (type == "DELETED")
                    event.type = WatchEvent::Type::Deleted;
                else if (type == "BOOKMARK")
                    event.type = WatchEvent::Type::Bookmark;
                else if (type == "ERROR")
                    event.type = WatchEvent::Type::Error;
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
        return failure("invalid watch event", code);
    if (seenType == Seen::None)
        return Failure{std::string("invalid watch event: no type")};
    if (!objectSeen)
        return Failure{std::string("invalid watch event: no object")};
    return Success{};
}

error_code ObjectDecoder::Impl::decodeStatusObject(od::object &object, WatchEvent::Status &status) {
    return readFields(object,
                      On{"code",
                         [&](od::value &v) -> error_code {
                             std::int64_t code = 0;
                             CUBEDESK_TRY(integerOrNull(v, code));
                             status.code = static_cast<int>(code);
                             return SUCCESS;
                         }},
                      CopiedText{"status", &status.status}, CopiedText{"reason", &status.reason},
                      CopiedText{"message", &status.message});
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
    case ObjectKind::TableRow:
        return decodeTableRow(object, out);
    }
    return simdjson::INCORRECT_TYPE;
}

// ---- metadata -----------------------------------------------------------------------------------

error_code ObjectDecoder::Impl::decodeMeta(od::value &value, Wanted wanted) {
    auto annotations = [&](od::value &v) {
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
    };
    auto owners = [&](od::value &v) {
        return forEachElement(v, [&](od::value &element) -> error_code {
            std::string_view kind;
            std::string_view name;
            CUBEDESK_TRY(readFields(element, Text{"kind", &kind}, Text{"name", &name}));
            m_meta.owners.push_back(intern(kind));
            m_meta.owners.push_back(intern(name));
            return SUCCESS;
        });
    };
    return readFields(
        value, Text{"name", &m_meta.name}, Text{"namespace", &m_meta.ns}, Text{"uid", &m_meta.uid},
        Text{"resourceVersion", &m_meta.resourceVersion},
        Time{"creationTimestamp", &m_meta.created},
        On{"deletionTimestamp",
           [&](od::value &v) -> error_code {
               CUBEDESK_TRY(timestampOrNull(v, m_meta.deletion));
               m_meta.hasDeletion = m_meta.deletion != 0;
               return SUCCESS;
           }},
        On{"labels", [&](od::value &v) { return decodeLabels(v, wanted == Wanted::Project); }},
        On{"annotations", annotations}, On{"ownerReferences", owners});
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
    m_tail.append(m_meta.owners.data(), std::size_t{draft.ownerCount} * 2 * sizeof(StringId), 4);
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
    draft.inlineLabels = 0;
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
        draft.labels = m_pool->shareLabelSet(m_pairs);
        if (!draft.labels) {
            // New labels: their pairs inline in the tail (no allocation, no index slot).
            draft.inlineLabels =
                m_tail.append(m_pairs.data(), m_pairs.size() * sizeof(LabelPairId), 4);
            draft.flags |= KubeObject::LabelsInline;
        }
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
    o.m_poolIndex = m_pool->index();
    StringPoolRef(m_poolRef).detach(); // the object holds this reference
    o.m_kind = kind;
    o.m_baseFlags = draft.flags;
    o.m_ownerCount = draft.ownerCount;
    o.m_namespace = draft.ns;
    o.m_nameOffset = draft.name.offset;
    o.m_nameSize = static_cast<std::uint16_t>(std::min<std::uint32_t>(draft.name.size, 65535));
    std::memcpy(o.m_uid, draft.uid, sizeof draft.uid);
    o.m_resourceVersion = draft.resourceVersion;
    o.m_creationTimestamp = m_meta.created;
    o.m_labels = draft.labels;
    if (draft.flags & KubeObject::LabelsInline) {
        const TailText t{static_cast<std::uint32_t>(draft.inlineLabels),
                         static_cast<std::uint32_t>(m_pairs.size())};
        // The inline labels' tail span lives in the label-set pointer's slot.
        static_assert(sizeof t == sizeof o.m_labels); // NOLINT(bugprone-sizeof-expression)
        std::memcpy(static_cast<void *>(&o.m_labels), &t, sizeof t);
    }
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

template <class Fn>
error_code ObjectDecoder::Impl::forEachQuantity(od::value &value, Fn &&fn) {
    return forEachField(value, [&](od::field &field) -> error_code {
        std::string_view name;
        CUBEDESK_TRY(field.unescaped_key().get(name));
        std::int64_t amount = 0;
        bool ok = false;
        CUBEDESK_TRY(
            decodeQuantity(field.value(), ResourceList::isMilliResource(name), amount, ok));
        if (ok)
            fn(intern(name), amount);
        return SUCCESS;
    });
}

error_code ObjectDecoder::Impl::decodeResourceMap(od::value &value, Amounts &out) {
    return forEachQuantity(value, [&](StringId id, std::int64_t amount) { out.set(id, amount); });
}

error_code ObjectDecoder::Impl::decodeResourceSet(od::value &value, ResourceSet &out) {
    return forEachQuantity(value, [&](StringId id, std::int64_t amount) {
        out.set(id, id == m_cpu, id == m_memory, amount);
    });
}

error_code ObjectDecoder::Impl::decodeContainer(od::value &value, Container &out,
                                                PodResources &res) {
    CUBEDESK_TRY(readFields(value, Text{"name", &out.name},
                            On{"restartPolicy",
                               [&](od::value &v) -> error_code {
                                   std::string_view policy;
                                   CUBEDESK_TRY(stringOrNull(v, policy));
                                   out.restartable = policy == "Always";
                                   return SUCCESS;
                               }},
                            On{"resources", [&](od::value &v) {
                                   return readFields(v, resourceMap("requests", out.requests),
                                                     resourceMap("limits", out.limits));
                               }}));
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
        CUBEDESK_TRY(readFields(element, Text{"key", &key}, Text{"operator", &op},
                                On{"values", [&](od::value &values) {
                                       return forEachElement(values,
                                                             [&](od::value &item) -> error_code {
                                                                 if (haveFirst)
                                                                     return SUCCESS;
                                                                 haveFirst = true;
                                                                 return stringOrNull(item, first);
                                                             });
                                   }}));
        if (key == "org" && op == "In" && haveFirst && m_org.empty() && !m_orgFromSelector)
            m_org = first;
        return SUCCESS;
    };
    auto term = [&](od::value &element) {
        return readFields(element, On{"matchExpressions",
                                      [&](od::value &v) { return forEachElement(v, expression); }});
    };
    auto required = [&](od::value &v) {
        return readFields(v, On{"nodeSelectorTerms",
                                [&](od::value &terms) { return forEachElement(terms, term); }});
    };
    return readFields(
        value,
        On{"nodeAffinity", [&](od::value &v) {
               return readFields(v, On{"requiredDuringSchedulingIgnoredDuringExecution", required});
           }});
}

error_code ObjectDecoder::Impl::decodePodStatus(od::value &value) {
    auto conditions = [&](od::value &v) {
        return forEachElement(v, [&](od::value &element) -> error_code {
            std::string_view type;
            std::string_view status;
            std::string_view reason;
            std::string_view message;
            CUBEDESK_TRY(readFields(element, Text{"type", &type}, Text{"status", &status},
                                    Text{"reason", &reason}, Text{"message", &message}));
            if (type == "PodScheduled") {
                m_scheduledStatus = status;
                m_scheduledReason = reason;
                m_scheduledMessage = message;
            }
            return SUCCESS;
        });
    };
    auto containerStatuses = [&](od::value &v, bool init) {
        return forEachElement(v, [&](od::value &element) -> error_code {
            InitStatus s;
            CUBEDESK_TRY(readFields(element, Flag{"ready", &s.ready},
                                    Integer{"restartCount", &s.restarts}, Text{"name", &s.name}));
            if (init) {
                m_initStatuses.push_back(s);
            } else {
                m_ready += s.ready ? 1 : 0;
                m_restarts = saturatingAdd(m_restarts, s.restarts);
            }
            return SUCCESS;
        });
    };
    return readFields(
        value, Text{"phase", &m_phase}, Text{"qosClass", &m_qos},
        On{"startTime",
           [&](od::value &v) -> error_code {
               CUBEDESK_TRY(timestampOrNull(v, m_startTime));
               m_hasStartTime = m_startTime != 0;
               return SUCCESS;
           }},
        On{"conditions", conditions},
        On{"containerStatuses", [&](od::value &v) { return containerStatuses(v, false); }},
        On{"initContainerStatuses", [&](od::value &v) { return containerStatuses(v, true); }});
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

    CUBEDESK_TRY(readFields(object, metadata(Wanted::Project),
                            On{"spec", [&](od::value &v) { return decodePodSpec(v, m_res, true); }},
                            On{"status", [&](od::value &v) { return decodePodStatus(v); }}));

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
    else if (m_qos == "BestEffort" || !m_res.anyComputeResource)
        p.m_qos = Pod::QosClass::BestEffort; // without a status class: Kubernetes GetPodQOS
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
    return readFields(value, CopiedText{"type", &out.type}, CopiedText{"status", &out.status},
                      CopiedText{"reason", &out.reason}, CopiedText{"message", &out.message},
                      Time{"lastTransitionTime", &out.lastTransitionTime});
}

template <class Fn>
error_code ObjectDecoder::Impl::forEachCondition(od::value &value, Fn &&fn) {
    return forEachDecoded<Condition>(
        value, [&](od::value &element, Condition &c) { return decodeCondition(element, c); }, fn);
}

error_code ObjectDecoder::Impl::decodeNode(od::object &object,
                                           std::shared_ptr<const KubeObject> &out) {
    // Node-specific fields go straight into a heap object (5,000 nodes do not need the pod's
    // compaction); the base part still needs the tail, so fill a temporary first.
    Node draft;
    auto taints = [&](od::value &v) {
        return appendEach(v, draft.m_taints, [](od::value &element, Node::Taint &taint) {
            return readFields(element, CopiedText{"key", &taint.key},
                              CopiedText{"value", &taint.value},
                              CopiedText{"effect", &taint.effect});
        });
    };
    auto conditions = [&](od::value &v) {
        return forEachCondition(v, [&](Condition &&c) {
            if (c.type == "Ready")
                draft.m_ready = std::move(c);
            else
                draft.m_conditions.push_back(std::move(c));
        });
    };
    auto addresses = [&](od::value &v) {
        return appendEach(v, draft.m_addresses, [](od::value &element, Node::Address &a) {
            return readFields(element, CopiedText{"type", &a.type},
                              CopiedText{"address", &a.address});
        });
    };
    auto &info = draft.m_info;
    auto nodeInfo = [&](od::value &v) {
        return readFields(v, CopiedText{"kubeletVersion", &info.kubeletVersion},
                          CopiedText{"osImage", &info.osImage},
                          CopiedText{"containerRuntimeVersion", &info.containerRuntimeVersion},
                          CopiedText{"kernelVersion", &info.kernelVersion},
                          CopiedText{"architecture", &info.architecture},
                          CopiedText{"operatingSystem", &info.operatingSystem});
    };
    CUBEDESK_TRY(
        readFields(object, metadata(Wanted::GpuTopology),
                   On{"spec",
                      [&](od::value &v) {
                          return readFields(v, Flag{"unschedulable", &draft.m_unschedulable},
                                            On{"taints", taints});
                      }},
                   On{"status", [&](od::value &v) {
                          return readFields(v, resourceSet("capacity", draft.m_capacity),
                                            resourceSet("allocatable", draft.m_allocatable),
                                            On{"conditions", conditions},
                                            On{"addresses", addresses}, On{"nodeInfo", nodeInfo});
                      }}));
    std::shared_ptr<Node> node = allocateBare<Node>(ObjectKind::Node);
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
    CUBEDESK_TRY(readFields(object, metadata(Wanted::None),
                            On{"status", [&](od::value &v) {
                                   return readFields(v, Text{"phase", &phase});
                               }}));
    std::shared_ptr<Namespace> ns = allocateBare<Namespace>(ObjectKind::Namespace);
    ns->m_phase = intern(phase);
    out = std::move(ns);
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeResourceQuota(od::object &object,
                                                    std::shared_ptr<const KubeObject> &out) {
    ResourceQuota draft;
    auto scopes = [&](od::value &v) {
        return forEachElement(v, [&](od::value &element) -> error_code {
            std::string_view text;
            CUBEDESK_TRY(stringOrNull(element, text));
            draft.m_scopes.emplace_back(text);
            return SUCCESS;
        });
    };
    CUBEDESK_TRY(readFields(
        object, metadata(Wanted::None),
        On{"spec",
           [&](od::value &v) {
               return readFields(v, resourceSet("hard", draft.m_specHard), On{"scopes", scopes});
           }},
        On{"status", [&](od::value &v) {
               return readFields(v, resourceSet("hard", draft.m_statusHard),
                                 resourceSet("used", draft.m_used));
           }}));
    std::shared_ptr<ResourceQuota> quota = allocateBare<ResourceQuota>(ObjectKind::ResourceQuota);
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
    auto limits = [&](od::value &v) {
        return appendEach(v, items, [&](od::value &element, LimitRange::Item &item) {
            return readFields(element, CopiedText{"type", &item.type}, resourceSet("max", item.max),
                              resourceSet("min", item.min),
                              resourceSet("default", item.defaultLimit),
                              resourceSet("defaultRequest", item.defaultRequest),
                              resourceSet("maxLimitRequestRatio", item.maxLimitRequestRatio));
        });
    };
    CUBEDESK_TRY(readFields(object, metadata(Wanted::None),
                            On{"spec", [&](od::value &v) {
                                   return readFields(v, On{"limits", limits});
                               }}));
    std::shared_ptr<LimitRange> range = allocateBare<LimitRange>(ObjectKind::LimitRange);
    range->m_items = std::move(items);
    out = std::move(range);
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeEvent(od::object &object,
                                            std::shared_ptr<const KubeObject> &out) {
    std::string_view type, reason, message, kind, ns, name, fieldPath, component, host, reporting;
    std::int64_t count = 0, first = 0, last = 0, eventTime = 0, seriesCount = 0, seriesLast = 0;
    // core/v1 names first, events.k8s.io/v1 second.
    auto involved = [&](od::value &v) {
        return readFields(v, Text{"kind", &kind}, Text{"namespace", &ns}, Text{"name", &name},
                          Text{"fieldPath", &fieldPath});
    };
    auto source = [&](od::value &v) {
        return readFields(v, Text{"component", &component}, Text{"host", &host});
    };
    CUBEDESK_TRY(
        readFields(object, metadata(Wanted::None), Text{"type", &type}, Text{"reason", &reason},
                   Text{"message", &message}, Text{"note", &message}, Integer{"count", &count},
                   Time{"firstTimestamp", &first}, Time{"lastTimestamp", &last},
                   Time{"eventTime", &eventTime}, Text{"reportingComponent", &reporting},
                   Text{"reportingController", &reporting}, On{"involvedObject", involved},
                   On{"regarding", involved}, On{"source", source}, On{"deprecatedSource", source},
                   On{"series", [&](od::value &v) {
                          return readFields(v, Integer{"count", &seriesCount},
                                            Time{"lastObservedTime", &seriesLast});
                      }}));
    std::shared_ptr<Event> event = allocateBare<Event>(ObjectKind::Event);
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

error_code ObjectDecoder::Impl::decodeReplicaTemplate(od::value &value, CustomResource &cr,
                                                      std::string_view role) {
    // {replicas: N, template: {metadata: ..., spec: <pod spec>}} — Kubeflow replica specs and
    // Volcano tasks ({name: role, replicas, template}) share this shape.
    std::int64_t replicas = 1;
    std::string_view taskName;
    m_templateRes.clear();
    CUBEDESK_TRY(readFields(value, Text{"name", &taskName},
                            On{"replicas",
                               [&](od::value &v) -> error_code {
                                   od::json_type type;
                                   CUBEDESK_TRY(typeOf(v, type));
                                   if (type == od::json_type::null)
                                       return SUCCESS; // null keeps the default of 1
                                   return v.get_int64().get(replicas);
                               }},
                            On{"template", [&](od::value &v) {
                                   return readFields(v, On{"spec", [&](od::value &spec) {
                                                               return decodePodSpec(
                                                                   spec, m_templateRes, false);
                                                           }});
                               }}));
    computeEffective(m_templateRes, m_effective);
    CustomResource::ReplicaSpec spec;
    spec.role.assign(role.empty() ? taskName : role);
    spec.replicas = replicas;
    for (const Amount &a : m_effective.items()) {
        spec.requests.set(a.name, a.name == m_cpu, a.name == m_memory, a.value);
        if (isExtendedGpuLike(a.name))
            cr.m_gpuRequests.add(a.name, false, false, saturatingMul(a.value, replicas));
    }
    cr.m_replicaSpecs.push_back(std::move(spec));
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeSparkRole(od::value &value, CustomResource &cr,
                                                bool executor) {
    // SparkApplication driver/executor: gpu: {name: nvidia.com/gpu, quantity: N}, instances.
    std::int64_t instances = 1;
    std::string_view gpuName;
    std::int64_t quantity = 0;
    CUBEDESK_TRY(readFields(
        value,
        On{"instances",
           [&](od::value &v) { return executor ? integerOrNull(v, instances) : SUCCESS; }},
        On{"gpu", [&](od::value &v) {
               return readFields(v, Text{"name", &gpuName}, Integer{"quantity", &quantity});
           }}));
    CustomResource::ReplicaSpec spec;
    spec.role = executor ? "Executor" : "Driver";
    spec.replicas = instances;
    if (!gpuName.empty() && quantity > 0) {
        const StringId gpu = intern(gpuName);
        spec.requests.set(gpu, false, false, quantity);
        cr.m_gpuRequests.add(gpu, false, false, saturatingMul(quantity, instances));
    }
    cr.m_replicaSpecs.push_back(std::move(spec));
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeCustomSpec(od::value &value, CustomResource &cr) {
    return forEachField(value, [&](od::field &f) -> error_code {
        const std::string_view k = fieldName(f);
        constexpr std::string_view kSuffix = "ReplicaSpecs";
        if (k.size() > kSuffix.size() && k.substr(k.size() - kSuffix.size()) == kSuffix) {
            return forEachField(f.value(), [&](od::field &role) -> error_code {
                std::string_view roleName;
                CUBEDESK_TRY(role.unescaped_key().get(roleName));
                const std::string name(roleName); // the key's buffer is reused by the parser
                return decodeReplicaTemplate(role.value(), cr, name);
            });
        }
        if (k == "tasks") {
            return forEachElement(f.value(), [&](od::value &task) -> error_code {
                return decodeReplicaTemplate(task, cr, {});
            });
        }
        if (k == "runPolicy") {
            cr.m_hasRunPolicy = true;
            return readFields(f.value(), Flag{"suspend", &cr.m_suspended});
        }
        if (k == "capability")
            return decodeResourceSet(f.value(), cr.m_capability);
        if (k == "deserved")
            return decodeResourceSet(f.value(), cr.m_deserved);
        if (k == "guaranteed")
            return readFields(f.value(), resourceSet("resource", cr.m_guaranteed));
        if (k == "driver")
            return decodeSparkRole(f.value(), cr, false);
        if (k == "executor")
            return decodeSparkRole(f.value(), cr, true);
        return SUCCESS;
    });
}

namespace {

// Calls fn(value, status) for each role of a {role: {...}} object and appends the status it
// filled, named after the role.
template <class Fn>
error_code forEachReplicaStatus(od::value &value, std::vector<CustomResource::ReplicaStatus> &out,
                                Fn &&fn) {
    return forEachField(value, [&](od::field &role) -> error_code {
        std::string_view roleName;
        CUBEDESK_TRY(role.unescaped_key().get(roleName));
        CustomResource::ReplicaStatus rs;
        rs.role.assign(roleName);
        CUBEDESK_TRY(fn(role.value(), rs));
        out.push_back(std::move(rs));
        return SUCCESS;
    });
}

} // namespace

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
            return readFields(v, Text{"phase", &state}, Time{"lastTransitionTime", &stateTime});
        }
        if (k == "applicationState")
            return readFields(v, Text{"state", &appState});
        if (k == "allocated") // Volcano Queue
            return decodeResourceSet(v, cr.m_allocated);
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
            return forEachCondition(
                v, [&](Condition &&c) { cr.m_conditions.push_back(std::move(c)); });
        }
        if (k == "replicaStatuses") {
            return forEachReplicaStatus(v, cr.m_replicaStatuses,
                                        [&](od::value &counts, CustomResource::ReplicaStatus &rs) {
                                            return readFields(counts, Integer{"active", &rs.active},
                                                              Integer{"succeeded", &rs.succeeded},
                                                              Integer{"failed", &rs.failed});
                                        });
        }
        if (k == "taskStatusCount") {
            // Volcano: {task: {phase: {Running: 3, Succeeded: 1, ...}}}
            return forEachReplicaStatus(
                v, cr.m_replicaStatuses, [&](od::value &task, CustomResource::ReplicaStatus &rs) {
                    return readFields(
                        task, On{"phase", [&](od::value &phases) {
                                     return forEachField(phases, [&](od::field &c) -> error_code {
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
                                 }});
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
    CUBEDESK_TRY(readFields(
        object, Text{"apiVersion", &apiVersion}, Text{"kind", &kind}, metadata(Wanted::Project),
        On{"spec", [&](od::value &v) { return decodeCustomSpec(v, draft); }},
        On{"status", [&](od::value &v) { return decodeCustomStatus(v, draft, raw, stateTime); }}));
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

    std::shared_ptr<CustomResource> cr = allocateBare<CustomResource>(ObjectKind::CustomResource);
    cr->m_apiVersion.assign(apiVersion);
    cr->m_kindName.assign(kind);
    cr->m_phase = std::move(draft.m_phase);
    cr->m_rawPhase = std::move(draft.m_rawPhase);
    cr->m_conditions = std::move(draft.m_conditions);
    cr->m_replicaStatuses = std::move(draft.m_replicaStatuses);
    cr->m_gpuRequests = std::move(draft.m_gpuRequests);
    cr->m_replicaSpecs = std::move(draft.m_replicaSpecs);
    cr->m_hasRunPolicy = draft.m_hasRunPolicy;
    cr->m_suspended = draft.m_suspended;
    cr->m_capability = std::move(draft.m_capability);
    cr->m_deserved = std::move(draft.m_deserved);
    cr->m_guaranteed = std::move(draft.m_guaranteed);
    cr->m_allocated = std::move(draft.m_allocated);
    cr->m_startTime = draft.m_startTime;
    cr->m_completionTime = draft.m_completionTime;
    out = std::move(cr);
    return SUCCESS;
}

// ---- ObjectDecoder ------------------------------------------------------------------------------

ObjectDecoder::ObjectDecoder(StringPoolRef pool)
    : m_impl(std::make_unique<Impl>(std::move(pool))) {}

ObjectDecoder::~ObjectDecoder() = default;

Result<std::shared_ptr<const KubeObject>, std::string>
ObjectDecoder::decode(ObjectKind kind, std::string_view json) {
    try {
        return m_impl->decode(kind, json);
    } catch (const StringPool::Full &full) {
        return Failure{std::string(full.what())};
    }
}

Status<std::string> ObjectDecoder::decodeWatchEvent(ObjectKind kind, std::string_view line,
                                                    WatchEvent &event) {
    try {
        return m_impl->decodeWatchEvent(kind, line, event);
    } catch (const StringPool::Full &full) {
        return Failure{std::string(full.what())};
    }
}

const StringPoolRef &ObjectDecoder::pool() const {
    return m_impl->m_poolRef;
}

void ObjectDecoder::renewPool(StringPoolRef pool) {
    m_impl = std::make_unique<Impl>(std::move(pool));
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

// ---- TableRow -----------------------------------------------------------------------------------

error_code ObjectDecoder::Impl::decodeTableCell(od::value &value) {
    od::json_type type;
    CUBEDESK_TRY(value.type().get(type));
    switch (type) {
    case od::json_type::string: {
        std::string_view text;
        CUBEDESK_TRY(value.get_string().get(text));
        m_cellText += text;
        break;
    }
    case od::json_type::number: {
        od::number number;
        CUBEDESK_TRY(value.get_number().get(number));
        if (number.is_int64())
            m_cellText += TableCellText::ofInteger(number.get_int64());
        else if (number.is_uint64())
            m_cellText += TableCellText::ofUnsigned(number.get_uint64());
        else
            m_cellText += TableCellText::ofNumber(number.get_double());
        break;
    }
    case od::json_type::boolean: {
        bool flag = false;
        CUBEDESK_TRY(value.get_bool().get(flag));
        m_cellText += TableCellText::ofBool(flag);
        break;
    }
    case od::json_type::null:
        break;
    case od::json_type::array: {
        od::array array;
        std::string_view json;
        CUBEDESK_TRY(value.get_array().get(array));
        CUBEDESK_TRY(array.raw_json().get(json));
        m_cellText += TableCellText::ofCompound(json);
        break;
    }
    case od::json_type::object: {
        od::object object;
        std::string_view json;
        CUBEDESK_TRY(value.get_object().get(object));
        CUBEDESK_TRY(object.raw_json().get(json));
        m_cellText += TableCellText::ofCompound(json);
        break;
    }
    }
    m_cellEnds.push_back(static_cast<std::uint32_t>(m_cellText.size()));
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeTableRow(od::object &object,
                                               std::shared_ptr<const KubeObject> &out) {
    m_cellText.clear();
    m_cellEnds.clear();
    CUBEDESK_TRY(readFields(
        object,
        On{"cells",
           [this](od::value &v) {
               return forEachElement(v, [this](od::value &cell) { return decodeTableCell(cell); });
           }},
        On{"object", [this](od::value &v) { return readFields(v, metadata(Wanted::None)); }}));
    if (m_cellEnds.size() > std::numeric_limits<std::uint16_t>::max())
        return simdjson::CAPACITY;
    m_tail.reset(sizeof(TableRow));
    std::vector<TailText> spans(m_cellEnds.size());
    const std::size_t spansOffset =
        m_tail.append(spans.data(), spans.size() * sizeof(TailText), alignof(TailText));
    std::uint32_t begin = 0;
    for (std::size_t i = 0; i < m_cellEnds.size(); ++i) {
        spans[i] = m_tail.text(std::string_view(m_cellText).substr(begin, m_cellEnds[i] - begin));
        begin = m_cellEnds[i];
    }
    m_tail.patch(spansOffset, spans.data(), spans.size() * sizeof(TailText));
    BaseDraft base;
    prepareBase(base);
    std::shared_ptr<TableRow> row = allocate<TableRow>(ObjectKind::TableRow, base);
    row->m_cells = static_cast<std::uint32_t>(spansOffset);
    row->m_cellCount = static_cast<std::uint16_t>(m_cellEnds.size());
    row->m_deleting = m_meta.hasDeletion;
    out = std::move(row);
    return SUCCESS;
}

error_code ObjectDecoder::Impl::decodeTableEvent(od::object &table, WatchEvent &event) {
    bool rowSeen = false;
    CUBEDESK_TRY(readFields(
        table,
        On{"columnDefinitions",
           [&](od::value &v) -> error_code {
               od::json_type type;
               CUBEDESK_TRY(v.type().get(type));
               if (type == od::json_type::null)
                   return SUCCESS;
               od::array columns;
               std::string_view json;
               CUBEDESK_TRY(v.get_array().get(columns));
               CUBEDESK_TRY(columns.raw_json().get(json));
               event.tableColumns.assign(json);
               return SUCCESS;
           }},
        On{"rows", [&](od::value &v) {
               return forEachElement(v, [&](od::value &element) -> error_code {
                   if (rowSeen)
                       return SUCCESS; // one row per event; more would be a server's error
                   rowSeen = true;
                   od::object row;
                   CUBEDESK_TRY(element.get_object().get(row));
                   m_meta.clear();
                   std::shared_ptr<const KubeObject> decoded;
                   CUBEDESK_TRY(decodeTableRow(row, decoded));
                   event.object = std::move(decoded);
                   event.resourceVersion = event.object->resourceVersion();
                   return SUCCESS;
               });
           }}));
    return rowSeen ? SUCCESS : simdjson::NO_SUCH_FIELD;
}

} // namespace cubedesk::k8s
