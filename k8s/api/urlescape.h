#pragma once

#include <string>
#include <string_view>

namespace cubedesk::k8s {

/// Percent-encoding for the pieces of an API URL that come from outside — object names,
/// namespaces, resourceVersions, continue tokens, selectors: everything but RFC 3986's
/// unreserved characters (A–Z a–z 0–9 - . _ ~) becomes %XX, so a hostile name can neither add
/// a path segment nor a query parameter. Pure functions; any thread.
class UrlEscape final {
public:
    /// One path segment ("a/b" → "a%2Fb").
    static std::string segment(std::string_view text);
    /// One query value ("a=b&c" → "a%3Db%26c").
    static std::string queryValue(std::string_view text) { return segment(text); }
};

} // namespace cubedesk::k8s
