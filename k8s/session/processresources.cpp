#include "k8s/session/processresources.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>

#ifdef __GLIBC__
#include <malloc.h>
#endif
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>

#include <sched.h>
#include <unistd.h>
#endif

namespace cubedesk::k8s {

void ProcessResources::keepFreedMemory() {
#ifdef __GLIBC__
    constexpr int kMb = 1024 * 1024;
    mallopt(M_TRIM_THRESHOLD, 512 * kMb);
    mallopt(M_TOP_PAD, 64 * kMb);
    mallopt(M_MMAP_THRESHOLD, 64 * kMb);
#endif
}

void ProcessResources::returnFreedMemory() {
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

std::optional<std::vector<int>> ProcessResources::parseCpuList(std::string_view text) {
    std::vector<int> cpus;
    auto number = [](std::string_view s, int &out) {
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
        return ec == std::errc() && end == s.data() + s.size() && out >= 0 && out < 4096;
    };
    while (!text.empty()) {
        const std::size_t comma = text.find(',');
        const std::string_view item = text.substr(0, comma);
        text = comma == std::string_view::npos ? std::string_view() : text.substr(comma + 1);
        if (comma != std::string_view::npos && text.empty())
            return std::nullopt; // trailing comma
        const std::size_t dash = item.find('-');
        int first = 0;
        int last = 0;
        if (dash == std::string_view::npos) {
            if (!number(item, first))
                return std::nullopt;
            last = first;
        } else if (!number(item.substr(0, dash), first) || !number(item.substr(dash + 1), last) ||
                   last < first) {
            return std::nullopt;
        }
        for (int cpu = first; cpu <= last; ++cpu)
            cpus.push_back(cpu);
    }
    if (cpus.empty())
        return std::nullopt;
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    return cpus;
}

std::vector<int> ProcessResources::allowedCpus() {
    std::vector<int> cpus;
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &set))
            cpus.push_back(cpu);
#endif
    return cpus;
}

void ProcessResources::becomeBackgroundThread() {
#ifdef __linux__
    // On Linux PRIO_PROCESS with a thread id sets that thread's nice value alone.
    const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
    errno = 0;
    const int current = ::getpriority(PRIO_PROCESS, tid);
    if (errno == 0)
        ::setpriority(PRIO_PROCESS, tid, std::min(19, current + kBackgroundNice));
#endif
}

std::optional<std::string> ProcessResources::restrictToCpus(const std::vector<int> &cpus) {
#ifdef __linux__
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int cpu : cpus) {
        if (cpu < 0 || cpu >= CPU_SETSIZE)
            return "CPU " + std::to_string(cpu) + " is out of range";
        CPU_SET(cpu, &set);
    }
    if (sched_setaffinity(0, sizeof set, &set) != 0)
        return std::string("sched_setaffinity: ") + std::strerror(errno);
    return std::nullopt;
#else
    (void)cpus;
    return std::string("CPU affinity is not supported on this system");
#endif
}

} // namespace cubedesk::k8s
