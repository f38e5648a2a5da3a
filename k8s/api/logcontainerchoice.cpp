#include "k8s/api/logcontainerchoice.h"

#include <algorithm>

namespace cubedesk::k8s {

LogContainerChoice LogContainerChoice::choose(const std::string &podName,
                                              const std::string &annotation,
                                              const std::vector<std::string> &containers,
                                              const std::vector<std::string> &initContainers,
                                              const std::vector<std::string> &ephemeralContainers) {
    LogContainerChoice out;
    if (!annotation.empty()) {
        for (const auto *list : {&containers, &initContainers, &ephemeralContainers})
            if (std::find(list->begin(), list->end(), annotation) != list->end()) {
                out.container = annotation;
                return out;
            }
        out.notice =
            "Default container name \"" + annotation + "\" not found in pod " + podName + "\n";
    }
    if (containers.empty())
        return out;
    out.container = containers.front();
    if (containers.size() > 1 || !initContainers.empty() || !ephemeralContainers.empty()) {
        // podcmd.AllContainerNames: containers, then ephemeral " (ephem)", then init " (init)".
        std::string all;
        const auto add = [&all](const std::string &name, const char *suffix) {
            all += (all.empty() ? "" : ", ") + name + suffix;
        };
        for (const auto &c : containers)
            add(c, "");
        for (const auto &c : ephemeralContainers)
            add(c, " (ephem)");
        for (const auto &c : initContainers)
            add(c, " (init)");
        out.notice += "Defaulted container \"" + out.container + "\" out of: " + all + "\n";
    }
    return out;
}

} // namespace cubedesk::k8s
