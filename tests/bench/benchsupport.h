#pragma once

// What the GUI benchmarks (cubedesk-bench-gui, cubedesk-bench-logs) share: their command-line
// arguments, the split of the machine's CPUs between the simulator and the measured process,
// and kubectl started as the peer a user would run instead. Header-only; main thread.

#include "k8s/session/processresources.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::bench {

/// The value after `name` on the command line, or `fallback`.
inline std::string arg(int argc, char **argv, const char *name, const char *fallback) {
    for (int i = 1; i + 1 < argc; ++i)
        if (std::string(argv[i]) == name)
            return argv[i + 1];
    return fallback;
}

/// Whether `name` (a flag without a value) is on the command line.
inline bool hasFlag(int argc, char **argv, const char *name) {
    for (int i = 1; i < argc; ++i)
        if (std::string(argv[i]) == name)
            return true;
    return false;
}

/// "1,3" for {1, 3}.
inline std::string cpuListText(const std::vector<int> &cpus) {
    std::string text;
    for (int cpu : cpus)
        text += (text.empty() ? "" : ",") + std::to_string(cpu);
    return text;
}

/// The simulator stands for an API server on other machines: it gets CPUs of its own, and the
/// calling process (every thread it starts afterwards) the others. `spec` is "last" (the last
/// allowed CPU, when there are two or more), "shared" (no split) or a CPU list. Returns the
/// simulator's CPUs (empty: shared), or an error. Call from main() before any thread starts.
struct CpuSplit {
    std::vector<int> simulator;
    std::optional<std::string> error;
};
inline CpuSplit splitCpus(const std::string &spec) {
    CpuSplit split;
    std::vector<int> mine = k8s::ProcessResources::allowedCpus();
    if (spec == "shared")
        return split;
    if (spec == "last") {
        if (mine.size() >= 2) {
            split.simulator = {mine.back()};
            mine.pop_back();
        }
    } else if (auto list = k8s::ProcessResources::parseCpuList(spec)) {
        split.simulator = *list;
        std::erase_if(mine, [&](int cpu) {
            return std::find(list->begin(), list->end(), cpu) != list->end();
        });
    } else {
        split.error = "bad CPU list '" + spec + "'";
        return split;
    }
    if (split.simulator.empty())
        return split;
    if (mine.empty())
        split.error = "the simulator's CPUs leave none for the measured process";
    else
        split.error = k8s::ProcessResources::restrictToCpus(mine);
    return split;
}

/// Starts `kubectl args` on `kubeconfig` (the caller waits or polls).
inline void startKubectl(QProcess &kubectl, const std::string &kubeconfig,
                         const QStringList &args) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("KUBECONFIG"), QString::fromStdString(kubeconfig));
    kubectl.setProcessEnvironment(env);
    kubectl.start(QStringLiteral("kubectl"), args);
}

} // namespace cubedesk::bench
