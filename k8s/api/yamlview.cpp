#include "k8s/api/yamlview.h"

#include "k8s/api/goyamlscalar.h"

#include <yaml-cpp/yaml.h>

namespace cubedesk::k8s {

namespace {

/// The size of what base64 `text` decodes to.
std::size_t decodedSize(const std::string &text) {
    std::size_t padding = 0;
    for (auto it = text.rbegin(); it != text.rend() && *it == '=' && padding < 2; ++it)
        ++padding;
    return text.size() / 4 * 3 - (text.size() % 4 == 0 ? padding : 0);
}

void maskSecretValues(YAML::Node root, const std::set<std::string> &revealed) {
    if (!root["kind"] || !root["kind"].IsScalar() || root["kind"].Scalar() != "Secret")
        return;
    // `kubectl apply` keeps the whole object, values included, in an annotation.
    YAML::Node annotations = root["metadata"] ? root["metadata"]["annotations"] : YAML::Node();
    if (annotations && annotations.IsMap()) {
        YAML::Node applied = annotations["kubectl.kubernetes.io/last-applied-configuration"];
        if (applied && applied.IsScalar())
            applied = YamlView::maskedValue(applied.Scalar().size());
    }
    for (const char *field : {"data", "stringData"}) {
        YAML::Node values = root[field];
        if (!values || !values.IsMap())
            continue;
        const bool base64 = std::string(field) == "data";
        for (auto entry : values) {
            const std::string key = entry.first.as<std::string>();
            if (revealed.count(key) != 0 || !entry.second.IsScalar())
                continue;
            const std::string &value = entry.second.Scalar();
            entry.second = YamlView::maskOf(value, base64);
        }
    }
}

// A multi-line string as a literal block (`|`) when that reads back as exactly the same text:
// one final newline, no carriage return, no leading blank, printable characters only.
bool literalBlockFits(const std::string &text) {
    if (text.size() < 2 || text.back() != '\n' || text[text.size() - 2] == '\n' ||
        text.find('\n') == text.size() - 1 || text.front() == ' ' || text.front() == '\n')
        return false;
    for (const unsigned char c : text)
        if ((c < 0x20 && c != '\n' && c != '\t') || c == 0x7f)
            return false;
    // A line with trailing blanks or a tab-indented line would not survive block folding rules.
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        if (end > start && (text[end - 1] == ' ' || text[end - 1] == '\t' || text[start] == '\t'))
            return false;
        start = end + 1;
    }
    return true;
}

// Emits `node` as block YAML. A string (a quoted JSON scalar: tag "!") that a YAML 1.1 reader
// such as kubectl's would take for something else — "true", "1", "0755", "null", "" — is
// double-quoted, so the text reads back as the object it shows.
void emit(YAML::Emitter &out, const YAML::Node &node) {
    switch (node.Type()) {
    case YAML::NodeType::Map:
        out << YAML::BeginMap;
        for (const auto &entry : node) {
            out << YAML::Key;
            emit(out, entry.first);
            out << YAML::Value;
            emit(out, entry.second);
        }
        out << YAML::EndMap;
        return;
    case YAML::NodeType::Sequence:
        out << YAML::BeginSeq;
        for (const auto &item : node)
            emit(out, item);
        out << YAML::EndSeq;
        return;
    case YAML::NodeType::Scalar: {
        const std::string &text = node.Scalar();
        if (node.Tag() != "!") {
            out << text; // a JSON number or boolean, as it was
            return;
        }
        if (text.find('\n') != std::string::npos) {
            if (literalBlockFits(text))
                out << YAML::Literal << text;
            else
                out << YAML::DoubleQuoted << text;
            return;
        }
        if (GoYamlScalar::resolve(text).kind != GoYamlScalar::Kind::String || text.front() == ' ' ||
            text.back() == ' ')
            out << YAML::DoubleQuoted << text;
        else
            out << text;
        return;
    }
    case YAML::NodeType::Null:
    case YAML::NodeType::Undefined:
        out << YAML::Null; // "~" (yaml-cpp quotes a plain "null" it is handed as text)
        return;
    }
}

std::string blockYaml(const YAML::Node &root) {
    YAML::Emitter out;
    out.SetIndent(2);
    out.SetMapFormat(YAML::Block);
    out.SetSeqFormat(YAML::Block);
    emit(out, root);
    return std::string(out.c_str()) + "\n";
}

} // namespace

std::string YamlView::maskedValue(std::size_t bytes) {
    return "<hidden: " + std::to_string(bytes) + " bytes>";
}

std::string YamlView::maskOf(const std::string &value, bool base64) {
    return maskedValue(base64 ? decodedSize(value) : value.size());
}

std::vector<std::string> YamlView::secretKeys(const std::string &json) {
    std::set<std::string> keys;
    try {
        const YAML::Node root = YAML::Load(json);
        if (!root.IsMap() || !root["kind"] || !root["kind"].IsScalar() ||
            root["kind"].Scalar() != "Secret")
            return {};
        for (const char *field : {"data", "stringData"}) {
            const YAML::Node values = root[field];
            if (values && values.IsMap())
                for (const auto &entry : values)
                    if (entry.first.IsScalar())
                        keys.insert(entry.first.Scalar());
        }
    } catch (const YAML::Exception &) {
        return {};
    }
    return {keys.begin(), keys.end()};
}

Result<std::string, std::string> YamlView::fromJson(const std::string &json,
                                                    const std::set<std::string> &revealed) {
    try {
        // JSON is (nearly) YAML 1.2 flow syntax; yaml-cpp reads it and writes block style.
        YAML::Node root = YAML::Load(json);
        if (!root.IsMap())
            return Failure{std::string("not a JSON object")};
        if (root["metadata"] && root["metadata"].IsMap())
            root["metadata"].remove("managedFields");
        maskSecretValues(root, revealed);
        return blockYaml(root);
    } catch (const YAML::Exception &e) {
        return Failure{std::string(e.what())};
    }
}

Result<std::string, std::string> YamlView::documentFromJson(const std::string &json) {
    try {
        return blockYaml(YAML::Load(json));
    } catch (const YAML::Exception &e) {
        return Failure{std::string(e.what())};
    }
}

} // namespace cubedesk::k8s
