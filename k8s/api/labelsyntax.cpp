#include "k8s/api/labelsyntax.h"

#include <algorithm>

namespace cubedesk::k8s {

bool LabelSyntax::matchesName(std::string_view s) {
    if (s.empty() || !isAlnum(s.front()) || !isAlnum(s.back()))
        return false;
    return std::all_of(s.begin(), s.end(), isNameChar);
}

bool LabelSyntax::matchesSubdomain(std::string_view s) {
    if (s.empty())
        return false;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = s.find('.', start);
        const std::string_view part =
            s.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start);
        if (part.empty() || !isLowerAlnum(part.front()) || !isLowerAlnum(part.back()))
            return false;
        if (!std::all_of(part.begin(), part.end(),
                         [](char c) { return isLowerAlnum(c) || c == '-'; }))
            return false;
        if (dot == std::string_view::npos)
            return true;
        start = dot + 1;
    }
}

bool LabelSyntax::isQualifiedName(std::string_view key) {
    std::string_view name = key;
    if (const std::size_t slash = key.find('/'); slash != std::string_view::npos) {
        if (key.find('/', slash + 1) != std::string_view::npos)
            return false;
        const std::string_view prefix = key.substr(0, slash);
        if (prefix.empty() || prefix.size() > kPrefixMaxLength || !matchesSubdomain(prefix))
            return false;
        name = key.substr(slash + 1);
    }
    return name.size() <= kNameMaxLength && matchesName(name);
}

bool LabelSyntax::isLabelValue(std::string_view value) {
    return value.empty() || (value.size() <= kValueMaxLength && matchesName(value));
}

} // namespace cubedesk::k8s
