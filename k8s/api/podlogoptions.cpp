#include "k8s/api/podlogoptions.h"

#include "k8s/api/rfc3339.h"
#include "k8s/api/urlescape.h"

namespace cubedesk::k8s {

std::string PodLogOptions::path(std::string_view ns, std::string_view pod) const {
    std::string query;
    const auto add = [&query](const char *key, const std::string &value) {
        query += query.empty() ? '?' : '&';
        query += key;
        query += '=';
        query += UrlEscape::queryValue(value);
    };
    // Alphabetical, as url.Values.Encode() orders them.
    if (!container.empty())
        add("container", container);
    if (follow)
        add("follow", "true");
    if (limitBytes)
        add("limitBytes", std::to_string(*limitBytes));
    if (previous)
        add("previous", "true");
    if (sinceSeconds)
        add("sinceSeconds", std::to_string(*sinceSeconds));
    if (sinceTime)
        add("sinceTime", Rfc3339::format(*sinceTime));
    if (tailLines)
        add("tailLines", std::to_string(*tailLines));
    if (timestamps)
        add("timestamps", "true");
    return "/api/v1/namespaces/" + UrlEscape::segment(ns) + "/pods/" + UrlEscape::segment(pod) +
           "/log" + query;
}

} // namespace cubedesk::k8s
