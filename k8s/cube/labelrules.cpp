#include "k8s/cube/labelrules.h"

#include "k8s/api/labelsyntax.h"

#include <algorithm>
#include <cstdio>

namespace cubedesk::k8s {

namespace {

constexpr std::size_t MaxNameLength = LabelSyntax::kNameMaxLength;
constexpr std::size_t MaxPrefixLength = LabelSyntax::kPrefixMaxLength;

// Long keys would make a message unreadable; the position in the message still points at the
// right character of the full text.
std::string quoted(std::string_view text) {
    constexpr std::size_t Shown = 60;
    if (text.size() <= Shown + 10)
        return '"' + std::string(text) + '"';
    return '"' + std::string(text.substr(0, Shown)) + "…\"";
}

std::string describe(char c) {
    if (c == ' ')
        return "a space";
    const auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7f) {
        char buf[16];
        std::snprintf(buf, sizeof buf, "byte 0x%02X", u);
        return buf;
    }
    return std::string("'") + c + '\'';
}

// The rules shared by a key's name part and a value. `what` names the text in the message
// ("label key \"x\"", "label value \"y\"", "the name part of label key \"p/x\"").
std::optional<std::string> nameError(std::string_view name, const std::string &what,
                                     bool emptyAllowed) {
    if (name.empty())
        return emptyAllowed ? std::nullopt : std::optional<std::string>(what + " is empty");
    if (name.size() > MaxNameLength)
        return what + " is " + std::to_string(name.size()) + " characters long: at most " +
               std::to_string(MaxNameLength) + " are allowed";
    for (std::size_t i = 0; i < name.size(); ++i) {
        const char c = name[i];
        if (!LabelSyntax::isNameChar(c))
            return what + " may contain only letters, digits, '-', '_' and '.': " + describe(c) +
                   " at position " + std::to_string(i + 1) + " is not allowed";
    }
    if (!LabelSyntax::isAlnum(name.front()) || !LabelSyntax::isAlnum(name.back()))
        return what + " must start and end with a letter or digit" +
               (emptyAllowed ? " (or be empty)" : "");
    return std::nullopt;
}

std::optional<std::string> prefixError(std::string_view prefix, std::string_view key) {
    const std::string what = "the prefix " + quoted(prefix) + " of label key " + quoted(key);
    if (prefix.size() > MaxPrefixLength)
        return what + " is " + std::to_string(prefix.size()) + " characters long: at most " +
               std::to_string(MaxPrefixLength) + " are allowed";
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        const char c = prefix[i];
        if (c >= 'A' && c <= 'Z') {
            std::string lower(prefix);
            std::transform(lower.begin(), lower.end(), lower.begin(), [](char ch) {
                return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch;
            });
            return what + " must be lower case (a DNS name such as " + quoted(lower) + ")";
        }
        if (!LabelSyntax::isPrefixChar(c))
            return what +
                   " may contain only lower-case letters, digits, '-' and '.': " + describe(c) +
                   " at position " + std::to_string(i + 1) + " is not allowed";
    }
    std::size_t start = 0;
    while (start <= prefix.size()) {
        const std::size_t dot = std::min(prefix.find('.', start), prefix.size());
        const std::string_view part = prefix.substr(start, dot - start);
        if (part.empty())
            return what + " has an empty part between dots";
        if (part.front() == '-' || part.back() == '-')
            return what + ": each dot-separated part must start and end with a letter or digit, " +
                   quoted(part) + " does not";
        start = dot + 1;
    }
    return std::nullopt;
}

// Why `key`, which LabelSyntax rejects, is wrong, in words; nullopt when no rule below names it.
std::optional<std::string> explainKey(std::string_view key) {
    if (key.empty())
        return std::string("the label key is empty: give a name such as org or gpu-type");
    const auto slashes = std::count(key.begin(), key.end(), '/');
    if (slashes > 1)
        return "label key " + quoted(key) + " has " + std::to_string(slashes) +
               " '/': use at most one, between a DNS prefix and the name (example.com/name)";
    const std::size_t slash = key.find('/');
    if (slash == std::string_view::npos)
        return nameError(key, "label key " + quoted(key), false);
    const std::string_view prefix = key.substr(0, slash);
    const std::string_view name = key.substr(slash + 1);
    if (prefix.empty())
        return "label key " + quoted(key) +
               " has nothing before '/': remove the '/' or put a DNS prefix such as example.com "
               "before it";
    if (name.empty())
        return "label key " + quoted(key) + " has no name after '/'";
    if (auto error = prefixError(prefix, key))
        return error;
    return nameError(name, "the name part " + quoted(name) + " of label key " + quoted(key), false);
}

} // namespace

std::optional<std::string> LabelRules::keyError(std::string_view key) {
    if (LabelSyntax::isQualifiedName(key))
        return std::nullopt;
    if (auto why = explainKey(key))
        return why;
    return "label key " + quoted(key) + " is not a valid label key";
}

std::optional<std::string> LabelRules::valueError(std::string_view value) {
    if (LabelSyntax::isLabelValue(value))
        return std::nullopt;
    if (auto why = nameError(value, "label value " + quoted(value), true))
        return why;
    return "label value " + quoted(value) + " is not a valid label value";
}

const std::vector<LabelPreset> &LabelRules::presets() {
    static const std::vector<LabelPreset> table = {
        {"cpu", "true", "CPU machine: workloads that request no GPU"},
        {"gpu", "true", "whole-card GPU machine: workloads that request 1 or more GPUs"},
        {"vgpu", "true", "shared (virtual) GPU machine: workloads that request part of a GPU"},
        {"train", "true", "runs pipeline tasks and hyperparameter searches"},
        {"notebook", "true", "runs notebooks and image-debug pods"},
        {"service", "true", "runs inference and internal services"},
        {"share", "false", "kept out of the platform's cross-org balancing"},
        {"org", "", "resource group: the project groups whose workloads run here (default public)"},
        {"gpu-type", "",
         "GPU model in upper case (V100, T4, A100): what a request such as 1(V100) "
         "selects"},
    };
    return table;
}

const std::vector<std::string> &LabelRules::roleKeys() {
    static const std::vector<std::string> keys = {"cpu",   "gpu",      "vgpu",
                                                  "train", "notebook", "service"};
    return keys;
}

std::vector<std::string> LabelRules::roles(const LabelView &labels) {
    std::vector<std::string> out;
    for (const auto &key : roleKeys())
        if (labels.value(std::string_view(key)) == std::optional<std::string_view>("true"))
            out.push_back(key);
    return out;
}

std::vector<std::string> LabelRules::roles(const std::map<std::string, std::string> &labels) {
    std::vector<std::string> out;
    for (const auto &key : roleKeys()) {
        const auto it = labels.find(key);
        if (it != labels.end() && it->second == "true")
            out.push_back(key);
    }
    return out;
}

} // namespace cubedesk::k8s
