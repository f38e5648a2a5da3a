#pragma once

// PodExecOptions: what a `GET .../pods/NAME/exec` asks for, and the request path kubectl 1.32
// builds for it (docs/kubernetes-api.md, "Exec"): `command` once per argument, in order, then
// the other fields that are set, keys in alphabetical order (url.Values.Encode of the
// omitempty fields). With a TTY kubectl asks for no stderr: a terminal merges it into stdout.
//
// Thread-safety: a plain value type.

#include <string>
#include <string_view>
#include <vector>

namespace cubedesk::k8s {

struct PodExecOptions {
    std::string container;
    std::vector<std::string> command;
    bool stdinEnabled = false;
    bool stdoutEnabled = true;
    bool stderrEnabled = true;
    bool tty = false;

    /// kubectl exec's streams: stdout always, stdin with -i, stderr unless -t.
    static PodExecOptions forCommand(std::string container, std::vector<std::string> command,
                                     bool stdinEnabled, bool tty);
    /// "/api/v1/namespaces/NS/pods/NAME/exec?command=sh&container=c&stdin=true&…" (escaped).
    std::string path(std::string_view ns, std::string_view pod) const;
};

} // namespace cubedesk::k8s
