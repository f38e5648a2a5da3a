#pragma once

// ExecPluginLocator: finds the program of an exec credential plugin (docs/kubernetes-api.md).
//   - a command with a path separator was made absolute against the kubeconfig's folder when
//     the file was loaded; it must exist and be executable;
//   - a bare name is looked up on the process PATH, then on the login shell's PATH
//     (LoginShellPath), because apps started from a desktop menu get a minimal PATH.
// A missing plugin gives the message kubectl users know, plus where we looked:
//   exec plugin "gke-gcloud-auth-plugin" for user "X" not found on PATH (searched ...): <hint>
//
// Both search paths are injectable (tests pin them). The default reads $PATH at each locate()
// and LoginShellPath::directories() only when the process PATH did not have the plugin.
//
// Thread-safety: immutable after construction; locate() may be called from any thread (it may
// block while the login shell is queried for the first time).

#include "k8s/api/result.h"
#include "k8s/config/configerror.h"
#include "k8s/config/execconfig.h"

#include <QString>
#include <QStringList>

#include <functional>

namespace cubedesk::k8s {

class ExecPluginLocator final {
public:
    using PathSource = std::function<QStringList()>;

    struct Location {
        QString program; ///< absolute path to execute
        /// Directories to append to the plugin's PATH: the login-shell PATH when the plugin was
        /// only found there (it likely needs its siblings, e.g. gcloud next to its auth plugin).
        QStringList extraPath;
    };

    /// Process PATH, then the login shell's PATH.
    ExecPluginLocator();
    /// Custom search paths; an empty PathSource contributes nothing.
    ExecPluginLocator(PathSource processPath, PathSource loginShellPath);

    /// Finds `config.command`; errors name `originFile`, the user entry and exec.command.
    Result<Location, ConfigError> locate(const ExecConfig &config, const QString &userName,
                                         const QString &originFile) const;

    /// $PATH of this process, split.
    static QStringList processPath();
    /// Whether `command` names a path ('/', and also '\\' on Windows) rather than a bare name
    /// to look up on PATH; such commands are resolved against the kubeconfig's folder.
    static bool hasPathSeparator(const QString &command);

private:
    PathSource m_processPath;
    PathSource m_loginShellPath;
};

} // namespace cubedesk::k8s
