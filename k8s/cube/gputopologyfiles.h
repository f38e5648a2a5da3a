#pragma once

// GpuTopologyFiles: the `nvidia-smi topo -m` outputs the user imported for nodes that publish no
// topology of their own, kept locally — one text file per cluster and node under the
// application data directory:
//   <QStandardPaths::AppDataLocation>/gpu-topology/<cluster>/<node>.txt
// (on Linux ~/.local/share/CubeDesk/cubedesk/gpu-topology/...). Cluster (kubeconfig context) and
// node names are percent-encoded so that any name is one safe path component. The window writes
// them (GPUs pane, "Import topology file…"); the window and `cubedesk --dump gpus` read them.
//
// Threads: any (plain file access; the window calls it on the GUI thread for a few files).
// Needs a QCoreApplication with organization and application names for the directory.

#include <map>
#include <optional>
#include <string>

namespace cubedesk::k8s {

class GpuTopologyFiles final {
public:
    GpuTopologyFiles() = delete;

    /// The directory holding every cluster's files ("" when no data location exists).
    static std::string directory();
    static std::string path(const std::string &cluster, const std::string &node);
    /// The stored text of a node; nullopt when none.
    static std::optional<std::string> read(const std::string &cluster, const std::string &node);
    /// Every stored text of a cluster, by node name.
    static std::map<std::string, std::string> readAll(const std::string &cluster);
    /// Checks `text` with GpuTopologyParser and stores it; returns "" on success, else why not
    /// (the parser's first error with its line, or the file error).
    static std::string store(const std::string &cluster, const std::string &node,
                             const std::string &text);
    /// Forgets a node's file; true when one was removed.
    static bool remove(const std::string &cluster, const std::string &node);
};

} // namespace cubedesk::k8s
