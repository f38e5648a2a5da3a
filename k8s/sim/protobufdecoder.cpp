#include "k8s/sim/protobufdecoder.h"

#include "k8s/sim/base64.h"

#include <cstdint>
#include <vector>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

// BytesMap: a map<string, bytes>, whose values JSON writes as base64 (a Secret's data).
enum class FieldType { String, Bool, Int, Message, StringMap, BytesMap, RepeatedString };

struct Schema;
struct Field {
    int number;
    const char *name;
    FieldType type;
    const Schema *message = nullptr;
};
struct Schema {
    std::vector<Field> fields;
};

// Field numbers from k8s.io/api and k8s.io/apimachinery generated.proto files.
const Schema kObjectMeta{{{1, "name", FieldType::String},
                          {2, "generateName", FieldType::String},
                          {3, "namespace", FieldType::String},
                          {6, "resourceVersion", FieldType::String},
                          {11, "labels", FieldType::StringMap},
                          {12, "annotations", FieldType::StringMap},
                          {14, "finalizers", FieldType::RepeatedString}}};
const Schema kNamespaceSpec{{{1, "finalizers", FieldType::RepeatedString}}};
const Schema kNamespace{{{1, "metadata", FieldType::Message, &kObjectMeta},
                         {2, "spec", FieldType::Message, &kNamespaceSpec}}};
const Schema kConfigMap{{{1, "metadata", FieldType::Message, &kObjectMeta},
                         {2, "data", FieldType::StringMap},
                         {4, "immutable", FieldType::Bool}}};
const Schema kSecret{{{1, "metadata", FieldType::Message, &kObjectMeta},
                      {2, "data", FieldType::BytesMap},
                      {3, "type", FieldType::String},
                      {4, "stringData", FieldType::StringMap},
                      {5, "immutable", FieldType::Bool}}};
const Schema kResourceAttributes{{{1, "namespace", FieldType::String},
                                  {2, "verb", FieldType::String},
                                  {3, "group", FieldType::String},
                                  {4, "version", FieldType::String},
                                  {5, "resource", FieldType::String},
                                  {6, "subresource", FieldType::String},
                                  {7, "name", FieldType::String}}};
const Schema kNonResourceAttributes{
    {{1, "path", FieldType::String}, {2, "verb", FieldType::String}}};
const Schema kSsarSpec{{{1, "resourceAttributes", FieldType::Message, &kResourceAttributes},
                        {2, "nonResourceAttributes", FieldType::Message, &kNonResourceAttributes}}};
const Schema kSsar{{{1, "metadata", FieldType::Message, &kObjectMeta},
                    {2, "spec", FieldType::Message, &kSsarSpec}}};
const Schema kSsrrSpec{{{1, "namespace", FieldType::String}}};
const Schema kSsrr{{{1, "metadata", FieldType::Message, &kObjectMeta},
                    {2, "spec", FieldType::Message, &kSsrrSpec}}};
const Schema kSsr{{{1, "metadata", FieldType::Message, &kObjectMeta}}};
const Schema kTypeMeta{{{1, "apiVersion", FieldType::String}, {2, "kind", FieldType::String}}};

class Reader {
public:
    explicit Reader(std::string_view data)
        : m_data(data) {}
    bool done() const { return m_pos >= m_data.size(); }

    bool varint(std::uint64_t &out) {
        out = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_pos >= m_data.size())
                return false;
            const auto b = static_cast<unsigned char>(m_data[m_pos++]);
            out |= static_cast<std::uint64_t>(b & 0x7f) << shift;
            if ((b & 0x80) == 0)
                return true;
        }
        return false;
    }
    bool bytes(std::string_view &out) {
        std::uint64_t n = 0;
        if (!varint(n) || n > m_data.size() - m_pos)
            return false;
        out = m_data.substr(m_pos, n);
        m_pos += n;
        return true;
    }
    bool skip(int wireType) {
        std::uint64_t v = 0;
        std::string_view s;
        switch (wireType) {
        case 0:
            return varint(v);
        case 1:
            return advance(8);
        case 2:
            return bytes(s);
        case 5:
            return advance(4);
        default:
            return false;
        }
    }

private:
    bool advance(std::size_t n) {
        if (n > m_data.size() - m_pos)
            return false;
        m_pos += n;
        return true;
    }
    std::string_view m_data;
    std::size_t m_pos = 0;
};

bool decodeMessage(std::string_view data, const Schema &schema, json &out) {
    Reader r(data);
    if (!out.is_object())
        out = json::object();
    while (!r.done()) {
        std::uint64_t key = 0;
        if (!r.varint(key))
            return false;
        const int number = static_cast<int>(key >> 3);
        const int wire = static_cast<int>(key & 7);
        const Field *field = nullptr;
        for (const auto &f : schema.fields)
            if (f.number == number)
                field = &f;
        if (field == nullptr) {
            if (!r.skip(wire))
                return false;
            continue;
        }
        if (field->type == FieldType::Bool || field->type == FieldType::Int) {
            std::uint64_t v = 0;
            if (wire != 0 || !r.varint(v))
                return false;
            if (field->type == FieldType::Bool)
                out[field->name] = v != 0;
            else
                out[field->name] = static_cast<std::int64_t>(v);
            continue;
        }
        std::string_view payload;
        if (wire != 2 || !r.bytes(payload))
            return false;
        switch (field->type) {
        case FieldType::String:
            out[field->name] = std::string(payload);
            break;
        case FieldType::RepeatedString:
            out[field->name].push_back(std::string(payload));
            break;
        case FieldType::Message:
            if (!decodeMessage(payload, *field->message, out[field->name]))
                return false;
            break;
        case FieldType::StringMap:
        case FieldType::BytesMap: {
            Reader entry(payload);
            std::string k;
            std::string v;
            while (!entry.done()) {
                std::uint64_t ek = 0;
                std::string_view s;
                if (!entry.varint(ek) || (ek & 7) != 2 || !entry.bytes(s))
                    return false;
                ((ek >> 3) == 1 ? k : v) = std::string(s);
            }
            out[field->name][k] = field->type == FieldType::BytesMap ? Base64::encode(v) : v;
            break;
        }
        default:
            return false;
        }
    }
    return true;
}

} // namespace

k8s::Result<json, std::string> ProtobufDecoder::decode(std::string_view body) {
    auto fail = [](std::string what) -> k8s::Result<json, std::string> { return what; };
    if (body.size() < 4 || body.substr(0, 4) != std::string_view("k8s\0", 4))
        return fail("the protobuf body does not start with the Kubernetes magic number");
    Reader r(body.substr(4));
    json typeMeta;
    std::string_view raw;
    while (!r.done()) {
        std::uint64_t key = 0;
        if (!r.varint(key))
            return fail("malformed protobuf envelope");
        std::string_view payload;
        if ((key & 7) != 2) {
            if (!r.skip(static_cast<int>(key & 7)))
                return fail("malformed protobuf envelope");
            continue;
        }
        if (!r.bytes(payload))
            return fail("malformed protobuf envelope");
        if ((key >> 3) == 1 && !decodeMessage(payload, kTypeMeta, typeMeta))
            return fail("malformed protobuf type meta");
        if ((key >> 3) == 2)
            raw = payload;
    }
    const std::string kind = typeMeta.value("kind", "");
    const Schema *schema = kind == "Namespace"                 ? &kNamespace
                           : kind == "ConfigMap"               ? &kConfigMap
                           : kind == "Secret"                  ? &kSecret
                           : kind == "SelfSubjectAccessReview" ? &kSsar
                           : kind == "SelfSubjectRulesReview"  ? &kSsrr
                           : kind == "SelfSubjectReview"       ? &kSsr
                                                               : nullptr;
    if (schema == nullptr)
        return fail("protobuf bodies of kind \"" + kind + "\" are not supported; send JSON");
    json object = json::object();
    if (!decodeMessage(raw, *schema, object))
        return fail("malformed protobuf " + kind);
    object["apiVersion"] = typeMeta.value("apiVersion", "v1");
    object["kind"] = kind;
    return object;
}

} // namespace cubedesk::sim
