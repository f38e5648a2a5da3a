#pragma once

// KubeconfigSources: which kubeconfig files to read, chosen the way kubectl chooses them
// (docs/kubernetes-api.md):
//   1. explicitFiles (repeated --kubeconfig) when non-empty: exactly those files, merged in the
//      given order; each must exist (a missing one is reported by Kubeconfig::load).
//   2. else $KUBECONFIG when set and non-empty: a path list split on QDir::listSeparator()
//      (':' on Unix, ';' on Windows); empty entries and files that do not exist are skipped,
//      duplicates (same cleaned absolute path) removed, order kept. If every entry is missing the
//      result is empty — kubectl does not fall back to the home file then.
//   3. else `<homeDir>/.kube/config` if it exists.
//
// Thread-safety: a plain value type. files() touches the file system (existence checks) and
// may be called from any thread.

#include <QChar>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace cubedesk::k8s {

struct KubeconfigSources {
    /// One file to read, and whether it must exist.
    struct File {
        QString path;
        bool required = false; ///< true for --kubeconfig files
        bool operator==(const File &) const = default;
    };

    std::vector<QString> explicitFiles;
    std::optional<QString> kubeconfigEnv;
    QString homeDir;

    /// The files to read, in merge order (first wins), per the rules above.
    std::vector<File> files() const;

    /// explicitFiles from the command line, $KUBECONFIG and the user's home folder.
    static KubeconfigSources fromEnvironment(const QStringList &explicitFiles);

    /// Splits a $KUBECONFIG-style list: drops empty entries and duplicates (after making each
    /// entry absolute and clean), keeps order. Does not check existence.
    static QStringList splitPathList(const QString &list, QChar separator);
};

} // namespace cubedesk::k8s
