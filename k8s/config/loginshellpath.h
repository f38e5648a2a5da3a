#pragma once

// LoginShellPath: the PATH the user's login shell would have. Desktop sessions start apps with
// a minimal PATH (on macOS launchd gives Finder/Dock apps /usr/bin:/bin:/usr/sbin:/sbin; many
// Linux desktops skip ~/.bashrc / ~/.zprofile), so exec plugins installed by gcloud, aws or brew
// into the user's own folders would not be found. Used as a second search path for bare exec
// plugin names.
//
// Unix (Linux, macOS): runs `$SHELL -l -i -c '<print PATH>'` (falling back to the passwd entry's
// shell, then /bin/sh) once: a fixed argument list, no user input, stdin from the null device,
// a short timeout (the process is killed after it). The script prints a marker before PATH so
// that text printed by rc files is ignored. The result is cached for the process lifetime;
// a failure (timeout, crash, no output) caches an empty list.
// Windows: apps inherit the full user + system PATH from the registry via Explorer, so nothing
// is run and the list is empty.
//
// Thread-safety: directories() may be called from any thread; the first caller runs the shell
// (blocking up to the timeout) while concurrent callers wait for its result. Never call it on
// the GUI thread.

#include <QString>
#include <QStringList>

#include <chrono>

namespace cubedesk::k8s {

class LoginShellPath final {
public:
    static constexpr std::chrono::milliseconds defaultTimeout{5000};

    LoginShellPath() = delete;

    /// The cached directories (first call queries the shell).
    static QStringList directories();

    /// Uncached: runs `shell -l -i -c <script>` and returns the PATH entries it printed (empty
    /// on failure). Exposed for tests.
    static QStringList query(const QString &shell, std::chrono::milliseconds timeout);

    /// The shell directories() uses: $SHELL, else the passwd entry, else /bin/sh.
    static QString userShell();

    /// Extracts the PATH entries from the shell's output (after the last marker).
    static QStringList parseOutput(const QByteArray &output);
};

} // namespace cubedesk::k8s
