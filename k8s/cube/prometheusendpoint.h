#pragma once

// PrometheusEndpoint: a cluster's Prometheus as CubeDesk reaches it — a Service behind the API
// server's service proxy (`/api/v1/namespaces/NS/services/[https:]NAME:PORT/proxy`), so queries
// carry the kubeconfig's credentials and need no route to the cluster's network (RBAC: `get` on
// `services/proxy`) — or a URL the user gave (`https://prometheus.example.com`), reached
// directly and without the cluster's credentials. Knows the well-known installs and builds the
// API's query paths (for a URL, relative to it).
//
// Value type; pure functions; any thread.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

/// An instant query and the time it is evaluated at (seconds since the epoch; 0: the server's
/// now).
struct InstantQuery {
    std::string promql;
    long long time = 0;
};

struct PrometheusEndpoint {
    /// How long a query may take: Prometheus's own default (`--query.timeout`, 2 minutes). The
    /// idle report's subqueries over 40,000 GPUs take tens of seconds on a small server.
    static constexpr std::chrono::seconds kQueryTimeout{120};

    std::string ns;
    std::string name;
    std::string port; ///< number or name
    bool https = false;
    std::string url = {}; ///< set: reached directly at this http(s) URL (no trailing slash)

    bool isUrl() const { return !url.empty(); }
    bool operator==(const PrometheusEndpoint &) const = default;

    /// "monitoring/prometheus-k8s:9090" (with "https:" before the name when set), or the URL.
    std::string toString() const;
    /// Parses "NS/NAME:PORT", "NS/https:NAME:PORT" or an "http://" / "https://" URL without
    /// query, fragment or credentials; nullopt when malformed.
    static std::optional<PrometheusEndpoint> parse(std::string_view text);

    /// The installs CubeDesk looks for, in this order: the platform's and kube-prometheus's
    /// `monitoring/prometheus-k8s:9090`, prometheus-operator's `prometheus-operated`, the
    /// kube-prometheus-stack chart's service (release names `kube-prometheus-stack` and
    /// `prometheus`), and the prometheus chart's `prometheus-server:80`.
    static const std::vector<PrometheusEndpoint> &wellKnown();

    /// ".../proxy" without a trailing slash; "" for a URL (paths are then relative to it).
    std::string proxyPath() const;
    /// Prometheus's build information, which answers 200 only from a Prometheus.
    std::string buildInfoPath() const;
    /// An instant query (at the server's now).
    std::string queryPath(std::string_view promql) const;
    /// An instant query at its time.
    std::string queryPath(const InstantQuery &query) const;
    /// A range query from `start` to `end` (seconds since the epoch) every `stepSeconds`.
    std::string rangePath(std::string_view promql, long long start, long long end,
                          long long stepSeconds) const;
};

} // namespace cubedesk::k8s
