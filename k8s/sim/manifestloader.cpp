#include "k8s/sim/manifestloader.h"

#include "k8s/api/goformat.h"
#include "k8s/api/goyamlscalar.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <limits>
#include <sstream>
#include <system_error>
#include <unordered_set>
#include <utility>
#include <yaml-cpp/yaml.h>

namespace cubedesk::sim {

namespace {

using k8s::GoYamlScalar;
using nlohmann::json;

// Limits that keep hostile input (deep nesting, alias "billion laughs") from exhausting the stack
// or memory. Real manifests, even CRDs with large OpenAPI schemas, stay far below them.
constexpr int kMaxDepth = 1000;
constexpr std::size_t kMaxNodesPerDocument = 5'000'000;
constexpr int kMaxDirectoryDepth = 64;

const std::string kYamlTagPrefix = "tag:yaml.org,2002:";

// ---------------------------------------------------------------------------------------------
// Text helpers

std::string_view stripBom(std::string_view text) {
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
        static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF)
        text.remove_prefix(3);
    return text;
}

// go-yaml refuses input that is not UTF-8, and nlohmann::json cannot serialise such strings, so
// the whole text is checked once up front. Returns the offset of the first bad byte, or npos.
std::size_t firstInvalidUtf8(std::string_view text) {
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c < 0x80) {
            ++i;
            continue;
        }
        std::size_t len = 0;
        std::uint32_t cp = 0;
        if ((c & 0xE0) == 0xC0) {
            len = 2;
            cp = c & 0x1F;
        } else if ((c & 0xF0) == 0xE0) {
            len = 3;
            cp = c & 0x0F;
        } else if ((c & 0xF8) == 0xF0) {
            len = 4;
            cp = c & 0x07;
        } else {
            return i;
        }
        if (i + len > n)
            return i;
        for (std::size_t k = 1; k < len; ++k) {
            const auto cc = static_cast<unsigned char>(text[i + k]);
            if ((cc & 0xC0) != 0x80)
                return i;
            cp = (cp << 6) | (cc & 0x3F);
        }
        const bool overlong =
            (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
        if (overlong || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return i;
        i += len;
    }
    return std::string_view::npos;
}

int lineOfOffset(std::string_view text, std::size_t offset) {
    offset = std::min(offset, text.size());
    return static_cast<int>(
        std::count(text.begin(), text.begin() + static_cast<long>(offset), '\n'));
}

std::string location(const std::string &file, int line0, int column0) {
    std::string out = file;
    if (line0 >= 0) {
        out += ':' + std::to_string(line0 + 1);
        if (column0 >= 0)
            out += ':' + std::to_string(column0 + 1);
    }
    return out;
}

// ---------------------------------------------------------------------------------------------
// yaml-cpp node tree -> nlohmann::json

class YamlConverter final {
public:
    explicit YamlConverter(int lineOffset)
        : m_lineOffset(lineOffset) {}

    bool convert(const YAML::Node &node, json &out, int depth) {
        if (depth > kMaxDepth)
            return fail(node, "nesting deeper than " + std::to_string(kMaxDepth) + " levels");
        if (++m_nodes > kMaxNodesPerDocument)
            return fail(node, "document has more than " + std::to_string(kMaxNodesPerDocument) +
                                  " nodes");
        // yaml-cpp resolves aliases into shared nodes, so an alias shows up as a second visit of
        // a position already converted. go-yaml v2 counts the nodes decoded under aliases and
        // gives up when they dominate ("billion laughs"); the same rule applies here.
        const bool enteringAlias = m_aliasDepth == 0 && isRevisit(node);
        if (enteringAlias)
            ++m_aliasDepth;
        if (m_aliasDepth > 0)
            ++m_aliasNodes;
        if (m_aliasNodes > 100 && m_nodes > 1000 &&
            static_cast<double>(m_aliasNodes) / static_cast<double>(m_nodes) >
                allowedAliasRatio(m_nodes))
            return fail(node, "document contains excessive aliasing");
        const bool ok = convertNode(node, out, depth);
        if (enteringAlias)
            --m_aliasDepth;
        return ok;
    }

    /// "line:column: message" prefix material; line/column are 0-based, -1 when unknown.
    const std::string &errorMessage() const { return m_error; }
    int errorLine() const { return m_errorLine; }
    int errorColumn() const { return m_errorColumn; }

private:
    bool convertNode(const YAML::Node &node, json &out, int depth) {
        switch (node.Type()) {
        case YAML::NodeType::Null:
            out = nullptr;
            return true;
        case YAML::NodeType::Scalar:
            return convertScalar(node, out);
        case YAML::NodeType::Sequence: {
            out = json::array();
            for (const auto &child : node) {
                json value;
                if (!convert(child, value, depth + 1))
                    return false;
                out.push_back(std::move(value));
            }
            return true;
        }
        case YAML::NodeType::Map:
            return convertMap(node, out, depth);
        case YAML::NodeType::Undefined:
            break;
        }
        return fail(node, "undefined YAML node");
    }

    bool isRevisit(const YAML::Node &node) {
        const int pos = node.Mark().pos;
        if (pos < 0 || node.Type() == YAML::NodeType::Null)
            return false; // empty values have no position of their own
        return !m_seenPositions.insert(pos).second;
    }

    // go-yaml v2's allowedAliasRatio: 99% aliased nodes are fine up to 400k decoded nodes,
    // falling linearly to 10% at 4M.
    static double allowedAliasRatio(std::size_t decoded) {
        constexpr double low = 400'000;
        constexpr double high = 4'000'000;
        const auto n = static_cast<double>(decoded);
        if (n <= low)
            return 0.99;
        if (n >= high)
            return 0.10;
        return 0.99 - 0.89 * ((n - low) / (high - low));
    }

    bool fail(const YAML::Node &node, std::string message) {
        m_error = std::move(message);
        const YAML::Mark mark = node.Mark();
        m_errorLine = mark.line >= 0 ? mark.line + m_lineOffset : -1;
        m_errorColumn = mark.line >= 0 ? mark.column : -1;
        return false;
    }

    static bool isMergeKey(const YAML::Node &key) {
        return key.Type() == YAML::NodeType::Scalar && key.Scalar() == "<<" &&
               (key.Tag() == "?" || key.Tag() == kYamlTagPrefix + "merge");
    }

    bool resolveScalar(const YAML::Node &node, GoYamlScalar &r, std::string &text) {
        text = node.Scalar();
        const std::string &tag = node.Tag();
        r = GoYamlScalar{};
        if (tag == "?" || tag.empty()) {
            r = GoYamlScalar::resolve(text);
            return true;
        }
        if (tag.rfind(kYamlTagPrefix, 0) != 0)
            return true; // quoted ("!") or an application tag: the text as a string
        const std::string shortTag = tag.substr(kYamlTagPrefix.size());
        GoYamlScalar::Kind wanted = GoYamlScalar::Kind::String;
        if (shortTag == "int")
            wanted = GoYamlScalar::Kind::Int;
        else if (shortTag == "float")
            wanted = GoYamlScalar::Kind::Float;
        else if (shortTag == "bool")
            wanted = GoYamlScalar::Kind::Bool;
        else if (shortTag == "null")
            wanted = GoYamlScalar::Kind::Null;
        else
            return true; // !!str, !!binary, !!timestamp and anything else stay text
        r = GoYamlScalar::resolve(text);
        if (r.kind == wanted ||
            (wanted == GoYamlScalar::Kind::Int && r.kind == GoYamlScalar::Kind::BigInt))
            return true;
        if (wanted == GoYamlScalar::Kind::Float &&
            (r.kind == GoYamlScalar::Kind::Int || r.kind == GoYamlScalar::Kind::BigInt)) {
            if (r.kind == GoYamlScalar::Kind::Int)
                r.number = static_cast<double>(r.integer);
            r.kind = GoYamlScalar::Kind::Float;
            return true;
        }
        return fail(node, std::string("cannot decode !!") + GoYamlScalar::shortTagName(r.kind) +
                              " `" + text + "` as a !!" + shortTag);
    }

    bool convertScalar(const YAML::Node &node, json &out) {
        GoYamlScalar r;
        std::string text;
        if (!resolveScalar(node, r, text))
            return false;
        switch (r.kind) {
        case GoYamlScalar::Kind::Null:
            out = nullptr;
            break;
        case GoYamlScalar::Kind::Bool:
            out = r.boolean;
            break;
        case GoYamlScalar::Kind::Int:
            out = r.integer;
            break;
        case GoYamlScalar::Kind::BigInt:
        case GoYamlScalar::Kind::Float:
            out = r.number;
            break;
        case GoYamlScalar::Kind::String:
            out = std::move(text);
            break;
        }
        return true;
    }

    // sigs.k8s.io/yaml turns the keys go-yaml produced into strings; nulls and other types fail.
    bool keyString(const YAML::Node &key, std::string &out) {
        switch (key.Type()) {
        case YAML::NodeType::Null:
            return fail(key, "unsupported map key: null");
        case YAML::NodeType::Sequence:
            return fail(key, "unsupported map key of type sequence");
        case YAML::NodeType::Map:
            return fail(key, "unsupported map key of type map");
        case YAML::NodeType::Undefined:
            return fail(key, "undefined map key");
        case YAML::NodeType::Scalar:
            break;
        }
        GoYamlScalar r;
        std::string text;
        if (!resolveScalar(key, r, text))
            return false;
        switch (r.kind) {
        case GoYamlScalar::Kind::Null:
            return fail(key, "unsupported map key: null");
        case GoYamlScalar::Kind::Bool:
            out = r.boolean ? "true" : "false";
            return true;
        case GoYamlScalar::Kind::Int:
            out = std::to_string(r.integer);
            return true;
        case GoYamlScalar::Kind::BigInt:
            return fail(key, "unsupported map key of type uint64: " + text);
        case GoYamlScalar::Kind::Float: {
            // sigs.k8s.io/yaml: strconv.FormatFloat(key, 'g', -1, 32), YAML's Inf/NaN spelling.
            std::string s = k8s::formatGoFloat(r.number, 32);
            if (s == "+Inf")
                s = ".inf";
            else if (s == "-Inf")
                s = "-.inf";
            else if (s == "NaN")
                s = ".nan";
            out = std::move(s);
            return true;
        }
        case GoYamlScalar::Kind::String:
            out = std::move(text);
            return true;
        }
        return false;
    }

    bool mergeMap(json &target, const YAML::Node &source, int depth) {
        json value;
        if (!convert(source, value, depth + 1))
            return false;
        for (auto &[k, v] : value.items())
            target[k] = std::move(v);
        return true;
    }

    // go-yaml v2 applies a merge where it appears, overwriting keys set before it; for a sequence
    // of maps it goes from the last to the first, so the first map wins.
    bool merge(json &target, const YAML::Node &value, int depth) {
        if (value.Type() == YAML::NodeType::Map)
            return mergeMap(target, value, depth);
        if (value.Type() == YAML::NodeType::Sequence) {
            for (std::size_t i = value.size(); i-- > 0;) {
                const YAML::Node item = value[i];
                if (item.Type() != YAML::NodeType::Map)
                    return fail(item, "map merge requires map or sequence of maps as the value");
                if (!mergeMap(target, item, depth))
                    return false;
            }
            return true;
        }
        return fail(value, "map merge requires map or sequence of maps as the value");
    }

    bool convertMap(const YAML::Node &node, json &out, int depth) {
        out = json::object();
        for (auto it = node.begin(); it != node.end(); ++it) {
            const YAML::Node key = it->first; // copies: the iterator hands out a temporary
            const YAML::Node value = it->second;
            if (isMergeKey(key)) {
                if (!merge(out, value, depth))
                    return false;
                continue;
            }
            std::string name;
            if (!keyString(key, name))
                return false;
            json converted;
            if (!convert(value, converted, depth + 1))
                return false;
            out[name] = std::move(converted);
        }
        return true;
    }

    int m_lineOffset = 0;
    std::size_t m_nodes = 0;
    std::size_t m_aliasNodes = 0;
    int m_aliasDepth = 0;
    std::unordered_set<int> m_seenPositions;
    std::string m_error;
    int m_errorLine = -1;
    int m_errorColumn = -1;
};

// ---------------------------------------------------------------------------------------------
// Documents

/// One parsed document or one failure, in input order.
struct ParsedDocument {
    json value;
    int line = -1; ///< 0-based line where the document starts, -1 when unknown
    int column = -1;
    bool failed = false;
    std::string error; ///< already prefixed with the location (without the file)
};

struct Chunk {
    std::string_view text;
    int firstLine = 0;
};

bool isSeparatorLine(std::string_view line) {
    if (line.substr(0, 3) != "---")
        return false;
    line.remove_prefix(3);
    const std::size_t first = line.find_first_not_of(" \t\r");
    return first == std::string_view::npos || line[first] == '#';
}

// kubectl's YAMLReader splits on "---" lines before any YAML parsing; doing the same keeps one
// broken document from hiding the others and gives each chunk its own line offset.
std::vector<Chunk> splitYamlDocuments(std::string_view text) {
    std::vector<Chunk> chunks;
    std::size_t start = 0;
    std::size_t pos = 0;
    int line = 0;
    int chunkLine = 0;
    while (pos < text.size()) {
        const std::size_t eol = text.find('\n', pos);
        const std::size_t end = eol == std::string_view::npos ? text.size() : eol;
        const std::size_t next = eol == std::string_view::npos ? text.size() : eol + 1;
        if (isSeparatorLine(text.substr(pos, end - pos))) {
            chunks.push_back({text.substr(start, pos - start), chunkLine});
            start = next;
            chunkLine = line + 1;
        }
        pos = next;
        ++line;
    }
    chunks.push_back({text.substr(start), chunkLine});
    return chunks;
}

std::string positionPrefix(int line0, int column0) {
    if (line0 < 0)
        return {};
    std::string out = std::to_string(line0 + 1);
    if (column0 >= 0)
        out += ':' + std::to_string(column0 + 1);
    return out;
}

void parseYamlChunk(const Chunk &chunk, std::vector<ParsedDocument> &out) {
    std::vector<YAML::Node> nodes;
    try {
        nodes = YAML::LoadAll(std::string(chunk.text));
    } catch (const YAML::Exception &e) {
        ParsedDocument doc;
        doc.failed = true;
        doc.line = e.mark.line >= 0 ? e.mark.line + chunk.firstLine : chunk.firstLine;
        doc.column = e.mark.line >= 0 ? e.mark.column : -1;
        doc.error = e.msg.empty() ? std::string(e.what()) : e.msg;
        out.push_back(std::move(doc));
        return;
    }
    for (const YAML::Node &node : nodes) {
        if (!node.IsDefined() || node.IsNull())
            continue;
        ParsedDocument doc;
        const YAML::Mark mark = node.Mark();
        doc.line = mark.line >= 0 ? mark.line + chunk.firstLine : chunk.firstLine;
        doc.column = mark.line >= 0 ? mark.column : -1;
        YamlConverter converter(chunk.firstLine);
        if (!converter.convert(node, doc.value, 0)) {
            doc.failed = true;
            doc.error = converter.errorMessage();
            if (converter.errorLine() >= 0) {
                doc.line = converter.errorLine();
                doc.column = converter.errorColumn();
            }
        }
        out.push_back(std::move(doc));
    }
}

// JSON's unsigned integers become int64 (or float64 beyond it), as in unstructured content, so
// JSON and YAML input give identical values.
void normaliseJsonNumbers(json &root) {
    std::vector<json *> stack{&root};
    while (!stack.empty()) {
        json *j = stack.back();
        stack.pop_back();
        if (j->is_structured()) {
            for (auto &child : *j)
                stack.push_back(&child);
        } else if (j->is_number_unsigned()) {
            const auto u = j->get<std::uint64_t>();
            if (u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
                *j = static_cast<std::int64_t>(u);
            else
                *j = static_cast<double>(u);
        }
    }
}

// Reads `text` as a stream of top-level JSON objects/arrays. Returns nullopt when the text is not
// (entirely) JSON, so that the caller falls back to YAML and its line/column diagnostics.
std::optional<std::vector<ParsedDocument>> parseJsonStream(std::string_view text) {
    std::vector<ParsedDocument> docs;
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    std::size_t pos = 0;
    const std::size_t n = text.size();
    while (true) {
        while (pos < n && isSpace(text[pos]))
            ++pos;
        if (pos >= n)
            break;
        if (text[pos] != '{' && text[pos] != '[')
            return std::nullopt;
        const std::size_t start = pos;
        int depth = 0;
        bool inString = false;
        bool escaped = false;
        for (; pos < n; ++pos) {
            const char c = text[pos];
            if (inString) {
                if (escaped)
                    escaped = false;
                else if (c == '\\')
                    escaped = true;
                else if (c == '"')
                    inString = false;
                continue;
            }
            if (c == '"')
                inString = true;
            else if (c == '{' || c == '[')
                ++depth;
            else if (c == '}' || c == ']') {
                if (--depth == 0) {
                    ++pos;
                    break;
                }
            }
        }
        if (depth != 0)
            return std::nullopt;
        json value = json::parse(text.substr(start, pos - start), nullptr, false);
        if (value.is_discarded())
            return std::nullopt;
        normaliseJsonNumbers(value);
        ParsedDocument doc;
        doc.value = std::move(value);
        doc.line = lineOfOffset(text, start);
        const std::size_t lineStart = text.rfind('\n', start);
        doc.column =
            static_cast<int>(lineStart == std::string_view::npos ? start : start - lineStart - 1);
        docs.push_back(std::move(doc));
    }
    if (docs.empty())
        return std::nullopt;
    return docs;
}

// Parses every document of `text`; the returned documents are non-empty (nulls are dropped).
std::vector<ParsedDocument> parseDocuments(std::string_view text) {
    text = stripBom(text);
    if (const std::size_t bad = firstInvalidUtf8(text); bad != std::string_view::npos) {
        ParsedDocument doc;
        doc.failed = true;
        doc.line = lineOfOffset(text, bad);
        const std::size_t lineStart = text.rfind('\n', bad == 0 ? 0 : bad - 1);
        doc.column = static_cast<int>(
            lineStart == std::string_view::npos || bad == 0 ? bad : bad - lineStart - 1);
        doc.error = "invalid UTF-8 (byte offset " + std::to_string(bad) + ")";
        return {std::move(doc)};
    }
    if (auto json = parseJsonStream(text)) {
        std::vector<ParsedDocument> docs;
        for (auto &doc : *json) {
            if (!doc.value.is_null())
                docs.push_back(std::move(doc));
        }
        return docs;
    }
    std::vector<ParsedDocument> docs;
    for (const Chunk &chunk : splitYamlDocuments(text))
        parseYamlChunk(chunk, docs);
    return docs;
}

const char *jsonTypeName(const json &j) {
    switch (j.type()) {
    case json::value_t::array:
        return "sequence";
    case json::value_t::string:
        return "string";
    case json::value_t::boolean:
        return "boolean";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned:
    case json::value_t::number_float:
        return "number";
    default:
        break;
    }
    return "scalar";
}

std::string stringField(const json &object, const char *name) {
    const auto it = object.find(name);
    if (it == object.end() || !it->is_string())
        return {};
    return it->get<std::string>();
}

/// "" when the object is acceptable, otherwise what is wrong with it.
std::string objectProblem(const json &object) {
    const bool noKind = stringField(object, "kind").empty();
    const bool noVersion = stringField(object, "apiVersion").empty();
    if (noKind && noVersion)
        return "missing apiVersion and kind";
    if (noKind)
        return "missing kind";
    if (noVersion)
        return "missing apiVersion";
    // The simulator's store reads name/namespace from metadata; kube-apiserver refuses a
    // metadata that is not an object, so such documents are rejected here already.
    if (const auto it = object.find("metadata");
        it != object.end() && !it->is_object() && !it->is_null())
        return std::string("metadata is a ") + jsonTypeName(*it) + ", not a mapping";
    return {};
}

std::string concat(std::initializer_list<std::string_view> parts) {
    std::string out;
    for (const std::string_view part : parts)
        out += part;
    return out;
}

bool isListKind(const std::string &kind) {
    return kind.size() >= 4 && kind.compare(kind.size() - 4, 4, "List") == 0;
}

void addDocument(ParsedDocument &doc, const std::string &file, int index, LoadResult &result) {
    const std::string where = location(file, doc.line, doc.column);
    const std::string docName = "document " + std::to_string(index);
    if (doc.failed) {
        result.errors.push_back(where + ": " + doc.error);
        return;
    }
    json &object = doc.value;
    if (!object.is_object()) {
        result.errors.push_back(where + ": " + docName + " is a " + jsonTypeName(object) +
                                ", not a mapping");
        return;
    }
    const std::string origin = file + '#' + std::to_string(index);
    const std::string kind = stringField(object, "kind");
    const auto items = object.find("items");
    if (isListKind(kind) && items != object.end()) {
        if (items->is_null())
            return;
        if (!items->is_array()) {
            result.errors.push_back(where + ": " + docName + " (" + kind +
                                    "): items is not a sequence");
            return;
        }
        const std::string itemKind =
            kind == "List" ? std::string() : kind.substr(0, kind.size() - 4);
        const std::string listVersion = stringField(object, "apiVersion");
        for (std::size_t i = 0; i < items->size(); ++i) {
            json &item = (*items)[i];
            const std::string itemName = docName + " items[" + std::to_string(i) + "]";
            if (!item.is_object()) {
                result.errors.push_back(concat(
                    {where, ": ", itemName, " is a ", jsonTypeName(item), ", not a mapping"}));
                continue;
            }
            if (stringField(item, "kind").empty() && !itemKind.empty())
                item["kind"] = itemKind;
            if (stringField(item, "apiVersion").empty() && !listVersion.empty())
                item["apiVersion"] = listVersion;
            if (const std::string problem = objectProblem(item); !problem.empty()) {
                result.errors.push_back(concat({where, ": ", itemName, ": ", problem}));
                continue;
            }
            result.objects.push_back(
                {std::move(item), origin + ".items[" + std::to_string(i) + "]"});
        }
        return;
    }
    if (const std::string problem = objectProblem(object); !problem.empty()) {
        result.errors.push_back(where + ": " + docName + ": " + problem);
        return;
    }
    result.objects.push_back({std::move(object), origin});
}

void loadTextInto(std::string_view text, const std::string &originName, LoadResult &result) {
    try {
        std::vector<ParsedDocument> docs = parseDocuments(text);
        int index = 0;
        for (ParsedDocument &doc : docs)
            addDocument(doc, originName, ++index, result);
    } catch (const std::exception &e) {
        result.errors.push_back(originName + ": " + e.what());
    } catch (...) {
        result.errors.push_back(originName + ": unexpected error while reading manifests");
    }
}

void loadFileInto(const std::filesystem::path &file, LoadResult &result) {
    const std::string name = file.string();
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        result.errors.push_back(name + ": cannot open file");
        return;
    }
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) {
        result.errors.push_back(name + ": read error");
        return;
    }
    loadTextInto(buffer.str(), name, result);
}

bool hasManifestExtension(const std::filesystem::path &file) {
    const std::string ext = file.extension().string();
    return ext == ".yaml" || ext == ".yml" || ext == ".json";
}

void walkDirectory(const std::filesystem::path &dir, int depth, LoadResult &result) {
    if (depth > kMaxDirectoryDepth) {
        result.errors.push_back(dir.string() + ": directory nesting too deep, not descending");
        return;
    }
    std::error_code ec;
    std::vector<std::filesystem::path> entries;
    std::filesystem::directory_iterator it(dir, ec);
    if (ec) {
        result.errors.push_back(dir.string() + ": " + ec.message());
        return;
    }
    for (const std::filesystem::directory_iterator end; it != end; it.increment(ec)) {
        if (ec) {
            result.errors.push_back(dir.string() + ": " + ec.message());
            break;
        }
        entries.push_back(it->path());
    }
    std::sort(entries.begin(), entries.end(), [](const auto &a, const auto &b) {
        return a.filename().native() < b.filename().native();
    });
    for (const auto &entry : entries) {
        const auto linkStatus = std::filesystem::symlink_status(entry, ec);
        if (ec)
            continue;
        if (std::filesystem::is_directory(linkStatus)) {
            walkDirectory(entry, depth + 1, result);
            continue;
        }
        if (!hasManifestExtension(entry))
            continue;
        if (std::filesystem::is_regular_file(entry, ec))
            loadFileInto(entry, result);
    }
}

} // namespace

LoadResult ManifestLoader::loadText(std::string_view text, const std::string &originName) {
    LoadResult result;
    loadTextInto(text, originName, result);
    return result;
}

LoadResult ManifestLoader::loadPath(const std::filesystem::path &path) {
    LoadResult result;
    try {
        std::error_code ec;
        const auto status = std::filesystem::status(path, ec);
        if (ec || !std::filesystem::exists(status)) {
            result.errors.push_back(path.string() + ": " +
                                    (ec ? ec.message() : std::string("no such file or directory")));
            return result;
        }
        if (std::filesystem::is_directory(status))
            walkDirectory(path, 0, result);
        else
            loadFileInto(path, result);
    } catch (const std::exception &e) {
        result.errors.push_back(path.string() + ": " + e.what());
    } catch (...) {
        result.errors.push_back(path.string() + ": unexpected error while reading manifests");
    }
    return result;
}

k8s::Result<nlohmann::json, std::string> ManifestLoader::yamlToJson(std::string_view text) {
    try {
        std::vector<ParsedDocument> docs = parseDocuments(text);
        for (const ParsedDocument &doc : docs) {
            if (doc.failed) {
                const std::string pos = positionPrefix(doc.line, doc.column);
                return pos.empty() ? doc.error : pos + ": " + doc.error;
            }
        }
        if (docs.size() > 1)
            return "expected a single document, found " + std::to_string(docs.size());
        if (docs.empty())
            return nlohmann::json(nullptr);
        return std::move(docs.front().value);
    } catch (const std::exception &e) {
        return std::string(e.what());
    } catch (...) {
        return std::string("unexpected error while converting YAML");
    }
}

} // namespace cubedesk::sim
