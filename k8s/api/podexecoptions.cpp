#include "k8s/api/podexecoptions.h"

#include "k8s/api/urlescape.h"

namespace cubedesk::k8s {

PodExecOptions PodExecOptions::forCommand(std::string container, std::vector<std::string> command,
                                          bool stdinEnabled, bool tty) {
    PodExecOptions o;
    o.container = std::move(container);
    o.command = std::move(command);
    o.stdinEnabled = stdinEnabled;
    o.stdoutEnabled = true;
    o.stderrEnabled = !tty;
    o.tty = tty;
    return o;
}

std::string PodExecOptions::path(std::string_view ns, std::string_view pod) const {
    std::string query;
    const auto add = [&query](const char *key, const std::string &value) {
        query += query.empty() ? '?' : '&';
        query += key;
        query += '=';
        query += UrlEscape::queryValue(value);
    };
    // Alphabetical, as url.Values.Encode() orders them; a key's values keep their order.
    for (const auto &arg : command)
        add("command", arg);
    if (!container.empty())
        add("container", container);
    if (stderrEnabled)
        add("stderr", "true");
    if (stdinEnabled)
        add("stdin", "true");
    if (stdoutEnabled)
        add("stdout", "true");
    if (tty)
        add("tty", "true");
    return "/api/v1/namespaces/" + UrlEscape::segment(ns) + "/pods/" + UrlEscape::segment(pod) +
           "/exec" + query;
}

} // namespace cubedesk::k8s
