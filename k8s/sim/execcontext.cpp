#include "k8s/sim/execcontext.h"

#include "k8s/sim/containerlog.h"
#include "k8s/sim/simhash.h"
#include "k8s/sim/workloadload.h"

#include <cstdio>
#include <functional>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

std::string hex(std::uint64_t value, int digits) {
    std::string out(static_cast<std::size_t>(digits), '0');
    for (int i = digits - 1; i >= 0; --i, value >>= 4)
        out[static_cast<std::size_t>(i)] = "0123456789abcdef"[value & 0xf];
    return out;
}

int gpuCount(const json &container) {
    for (const char *section : {"limits", "requests"}) {
        const json r = container.value("resources", json::object()).value(section, json::object());
        if (r.contains("nvidia.com/gpu")) {
            const json &v = r["nvidia.com/gpu"];
            try {
                return v.is_string() ? std::stoi(v.get<std::string>()) : v.get<int>();
            } catch (...) {
                return 0;
            }
        }
    }
    return 0;
}

int labelInt(const json &labels, const char *key, int fallback) {
    try {
        return labels.contains(key) ? std::stoi(labels[key].get<std::string>()) : fallback;
    } catch (...) {
        return fallback;
    }
}

} // namespace

SimShellContext ExecContext::build(const json &pod, const json &node, const std::string &container,
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

    const int count = gpuCount(theContainer);
    if (count <= 0)
        return c;
    const json labels = node.is_object()
                            ? node.value("metadata", json::object()).value("labels", json::object())
                            : json::object();
    std::string product = labels.value("nvidia.com/gpu.product", "NVIDIA-A100-SXM4-80GB");
    const int nodeGpus = std::max(count, labelInt(labels, "nvidia.com/gpu.count", count));
    const int memoryMiB = labelInt(labels, "nvidia.com/gpu.memory", 81920);
    const std::uint64_t seed = fnv1a(meta.value("uid", c.podName));
    const int first = static_cast<int>(seed % static_cast<std::uint64_t>(nodeGpus - count + 1));
    const long long seconds =
        std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count();
    for (int i = 0; i < count; ++i) {
        SimGpu g;
        g.index = i; // inside the container the visible devices count from 0
        const int device = first + i;
        const std::uint64_t id = fnv1a(c.nodeName + '/' + std::to_string(device));
        g.uuid = "GPU-" + hex(id >> 32, 8) + '-' + hex(id >> 16, 4) + '-' + hex(id, 4) + '-' +
                 hex(id * 31, 4) + '-' + hex(id * 131, 12);
        g.product = product;
        g.memoryMiB = memoryMiB;
        char bus[32];
        std::snprintf(bus, sizeof bus, "00000000:%02X:00.0",
                      static_cast<unsigned>((device < 4 ? 0x07 : 0x46) + (device % 4) * 0x0c));
        g.busId = bus;
        g.utilizationPercent =
            WorkloadLoad::gpuPercent(profile, seed + static_cast<std::uint64_t>(i), seconds);
        const bool holdsMemory = WorkloadLoad::holdsGpuMemory(profile, g.utilizationPercent);
        g.memoryUsedMiB = holdsMemory ? memoryMiB * (55 + static_cast<int>(seed % 30)) / 100 : 0;
        g.temperatureC = 33 + g.utilizationPercent * 40 / 100;
        g.powerCapW = memoryMiB >= 81920 ? 400 : 300;
        g.powerW = 55 + g.utilizationPercent * (g.powerCapW - 60) / 100;
        if (holdsMemory)
            g.processes.emplace_back(100 + i * 37, profile == ContainerLog::Profile::Notebook
                                                       ? "/opt/conda/bin/python"
                                                       : "python");
        c.gpus.push_back(std::move(g));
    }
    return c;
}

} // namespace cubedesk::sim
