#include "k8s/sim/execcontext.h"

#include "k8s/sim/containerlog.h"

#include <algorithm>

namespace cubedesk::sim {

using nlohmann::json;

SimShellContext ExecContext::build(const json &pod, const std::string &container,
                                   const std::vector<SimGpu> &nodeGpus,
                                   std::chrono::system_clock::time_point now) {
    SimShellContext c;
    const json meta = pod.value("metadata", json::object());
    const json spec = pod.value("spec", json::object());
    c.podName = meta.value("name", "");
    c.namespaceName = meta.value("namespace", "");
    c.containerName = container;
    c.nodeName = spec.value("nodeName", "");
    c.now = now;
    json theContainer = json::object();
    for (const char *list : {"containers", "initContainers", "ephemeralContainers"})
        for (const auto &k : spec.value(list, json::array()))
            if (k.value("name", "") == container)
                theContainer = k;
    c.image = theContainer.value("image", "");
    c.workingDir = theContainer.value("workingDir", "");
    for (const char *part : {"command", "args"})
        for (const auto &arg : theContainer.value(part, json::array()))
            if (arg.is_string())
                c.mainCommand += (c.mainCommand.empty() ? "" : " ") + arg.get<std::string>();

    c.environment.emplace_back("PATH",
                               "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
    c.environment.emplace_back("HOSTNAME", c.podName);
    for (const auto &e : theContainer.value("env", json::array()))
        if (e.contains("value") && e["value"].is_string())
            c.environment.emplace_back(e.value("name", ""), e["value"].get<std::string>());
    c.environment.emplace_back("KUBERNETES_SERVICE_HOST", "10.96.0.1");
    c.environment.emplace_back("KUBERNETES_SERVICE_PORT", "443");
    c.environment.emplace_back("KUBERNETES_SERVICE_PORT_HTTPS", "443");
    c.environment.emplace_back("KUBERNETES_PORT", "tcp://10.96.0.1:443");
    c.environment.emplace_back("HOME", "/root");

    c.files["/etc/hostname"] = c.podName + "\n";
    c.files["/etc/os-release"] = "PRETTY_NAME=\"Ubuntu 22.04.4 LTS\"\nNAME=\"Ubuntu\"\n"
                                 "VERSION_ID=\"22.04\"\nVERSION=\"22.04.4 LTS (Jammy Jellyfish)\"\n"
                                 "ID=ubuntu\nID_LIKE=debian\n";
    c.files["/etc/resolv.conf"] = "search " + c.namespaceName + ".svc.cluster.local " +
                                  "svc.cluster.local cluster.local\nnameserver 10.96.0.10\n"
                                  "options ndots:5\n";
    c.files["/var/run/secrets/kubernetes.io/serviceaccount/namespace"] = c.namespaceName;

    auto log = ContainerLog::forPod(pod, container, false);
    const auto profile = log ? log->profile() : ContainerLog::Profile::Service;
    if (profile == ContainerLog::Profile::TrainingMaster ||
        profile == ContainerLog::Profile::TrainingWorker) {
        c.files["/workspace/train.py"] =
            "import torch\nimport torch.distributed as dist\n\n"
            "def main():\n    dist.init_process_group(\"nccl\")\n    # ...\n\n"
            "if __name__ == \"__main__\":\n    main()\n";
        c.files["/workspace/requirements.txt"] = "torch==2.3.1\ntorchvision==0.18.1\n";
        c.files["/data/README"] = "Shared dataset volume (read-only).\n";
        if (c.workingDir.empty())
            c.workingDir = "/workspace";
        if (c.mainCommand.empty())
            c.mainCommand = "python /workspace/train.py";
    }

    // The devices the kubelet gave this container (NodeGpus), numbered from 0 as the
    // container sees them.
    for (const SimGpu &device : nodeGpus) {
        const bool mine =
            std::any_of(device.holders.begin(), device.holders.end(), [&](const SimGpuHolder &h) {
                return h.uid == meta.value("uid", "") && h.container == container;
            });
        if (!mine)
            continue;
        SimGpu g = device;
        g.index = static_cast<int>(c.gpus.size());
        c.gpus.push_back(std::move(g));
    }
    if (!c.gpus.empty()) {
        // What the device plugin sets for the NVIDIA container runtime.
        std::string visible;
        for (const SimGpu &g : c.gpus)
            visible += (visible.empty() ? "" : ",") + g.uuid;
        c.environment.emplace_back("NVIDIA_VISIBLE_DEVICES", visible);
    }
    return c;
}

} // namespace cubedesk::sim
