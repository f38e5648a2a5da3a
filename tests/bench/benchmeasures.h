#pragma once

// What the benchmarks measure the same way: the event loop run for a while, medians, and a
// process's resident memory and CPU time read from /proc (Linux). Header-only; main thread.

#include <QEventLoop>
#include <QTimer>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <unistd.h>

namespace cubedesk::bench {

inline void runEventLoop(int ms) {
    QEventLoop loop;
    QTimer::singleShot(ms, &loop, &QEventLoop::quit);
    loop.exec();
}

inline double median(std::vector<double> v) {
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

/// Resident memory of process `pid` ("self" for this one), in MiB.
inline double residentMiB(const std::string &pid) {
    std::ifstream status("/proc/" + pid + "/status");
    std::string key;
    while (status >> key) {
        if (key == "VmRSS:") {
            double kib = 0;
            status >> kib;
            return kib / 1024.0;
        }
        status.ignore(4096, '\n');
    }
    return 0;
}

/// CPU time (user + system) of process `pid` so far, in seconds.
inline double cpuSeconds(const std::string &pid) {
    std::ifstream stat("/proc/" + pid + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const std::size_t close = text.rfind(')');
    if (close == std::string::npos)
        return 0;
    std::vector<std::string> fields;
    std::string field;
    for (std::size_t i = close + 2; i <= text.size(); ++i) {
        if (i == text.size() || text[i] == ' ') {
            fields.push_back(field);
            field.clear();
        } else {
            field += text[i];
        }
    }
    // After "pid (comm) ": state is field 0, utime field 11, stime field 12.
    if (fields.size() < 13)
        return 0;
    return (std::stod(fields[11]) + std::stod(fields[12])) /
           static_cast<double>(sysconf(_SC_CLK_TCK));
}

} // namespace cubedesk::bench
