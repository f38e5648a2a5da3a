#include "k8s/cube/prometheusendpoint.h"

#include "k8s/api/urlescape.h"

namespace cubedesk::k8s {

std::string PrometheusEndpoint::toString() const {
    if (isUrl())
        return url;
    std::string out = ns;
    out += '/';
    if (https)
        out += "https:";
    out += name;
    out += ':';
    out += port;
    return out;
}

std::optional<PrometheusEndpoint> PrometheusEndpoint::parse(std::string_view text) {
    for (const std::string_view scheme : {"http://", "https://"})
        if (text.rfind(scheme, 0) == 0) {
            while (text.size() > scheme.size() && text.back() == '/')
                text.remove_suffix(1);
            const std::string_view rest = text.substr(scheme.size());
            // A host is needed; no user info (credentials in a URL would be kept in settings),
            // no query or fragment (paths are appended), nothing a shell or a log would mangle.
            if (rest.empty() || rest.front() == '/' ||
                rest.find_first_of("@?# \t\"'\\") != std::string_view::npos)
                return std::nullopt;
            PrometheusEndpoint e;
            e.url = std::string(text);
            return e;
        }
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos || slash == 0)
        return std::nullopt;
    PrometheusEndpoint e;
    e.ns = std::string(text.substr(0, slash));
    std::string_view rest = text.substr(slash + 1);
    if (rest.rfind("https:", 0) == 0) {
        e.https = true;
        rest.remove_prefix(6);
    }
    const std::size_t colon = rest.rfind(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == rest.size())
        return std::nullopt;
    e.name = std::string(rest.substr(0, colon));
    e.port = std::string(rest.substr(colon + 1));
    const auto valid = [](std::string_view s) {
        return !s.empty() && s.find_first_of("/:?#% ") == std::string_view::npos;
    };
    if (!valid(e.ns) || !valid(e.name) || !valid(e.port))
        return std::nullopt;
    return e;
}

const std::vector<PrometheusEndpoint> &PrometheusEndpoint::wellKnown() {
    static const std::vector<PrometheusEndpoint> kInstalls = {
        {"monitoring", "prometheus-k8s", "9090", false, {}},
        {"monitoring", "prometheus-operated", "9090", false, {}},
        {"monitoring", "kube-prometheus-stack-prometheus", "9090", false, {}},
        {"monitoring", "prometheus-kube-prometheus-prometheus", "9090", false, {}},
        {"prometheus", "prometheus-server", "80", false, {}},
        {"monitoring", "prometheus-server", "80", false, {}},
    };
    return kInstalls;
}

std::string PrometheusEndpoint::proxyPath() const {
    if (isUrl())
        return {};
    return "/api/v1/namespaces/" + UrlEscape::segment(ns) + "/services/" +
           (https ? std::string("https:") : std::string()) + UrlEscape::segment(name) + ':' +
           UrlEscape::segment(port) + "/proxy";
}

std::string PrometheusEndpoint::buildInfoPath() const {
    return proxyPath() + "/api/v1/status/buildinfo";
}

std::string PrometheusEndpoint::queryPath(std::string_view promql) const {
    return proxyPath() + "/api/v1/query?query=" + UrlEscape::queryValue(promql);
}

std::string PrometheusEndpoint::queryPath(const InstantQuery &query) const {
    std::string path = queryPath(query.promql);
    if (query.time != 0)
        path += "&time=" + std::to_string(query.time);
    return path;
}

std::string PrometheusEndpoint::rangePath(std::string_view promql, long long start, long long end,
                                          long long stepSeconds) const {
    return proxyPath() + "/api/v1/query_range?query=" + UrlEscape::queryValue(promql) +
           "&start=" + std::to_string(start) + "&end=" + std::to_string(end) +
           "&step=" + std::to_string(stepSeconds);
}

} // namespace cubedesk::k8s
