#include "k8s/sim/workloadload.h"

#include "k8s/sim/simhash.h"

namespace cubedesk::sim {

namespace {

/// A number in [0, 1) from a seed and a time slot.
double unit(std::uint64_t seed, long long slot) {
    const std::uint64_t x =
        splitmix64(seed + static_cast<std::uint64_t>(slot) * 0x9e3779b97f4a7c15ULL);
    return static_cast<double>(x >> 11U) / static_cast<double>(1ULL << 53U);
}

/// Inference's busy slots: one 7-second slot in three, the same for CPU and GPU.
bool inferenceBusy(std::uint64_t seed, long long seconds) {
    return (seconds / 7 + static_cast<long long>(seed % 3)) % 3 == 0;
}

/// Each profile's CPU and memory share of its allowance: low + span × a number in [0, 1).
/// Inference's CPU is its quiet band here; its busy slots are cpuShare()'s.
struct Bands {
    double cpuLow;
    double cpuSpan;
    double memoryLow;
    double memorySpan;
};

Bands bandsOf(WorkloadProfile profile) {
    switch (profile) {
    case WorkloadProfile::TrainingMaster:
    case WorkloadProfile::TrainingWorker:
        return {0.80, 0.15, 0.70, 0.15};
    case WorkloadProfile::Notebook:
        return {0.005, 0.02, 0.15, 0.15};
    case WorkloadProfile::Inference:
        return {0.06, 0.04, 0.50, 0.10};
    case WorkloadProfile::IstioInit:
        return {0.0, 0.0, 0.0, 0.0};
    case WorkloadProfile::IstioProxy:
        return {0.03, 0.04, 0.25, 0.10};
    case WorkloadProfile::Service:
        break;
    }
    return {0.10, 0.25, 0.30, 0.30};
}

} // namespace

double WorkloadLoad::cpuShare(WorkloadProfile profile, std::uint64_t seed, long long seconds) {
    const double u = unit(seed, seconds / kCpuPeriodSeconds);
    if (profile == WorkloadProfile::Inference && inferenceBusy(seed, seconds))
        return 0.60 + 0.25 * u;
    const Bands b = bandsOf(profile);
    return b.cpuLow + b.cpuSpan * u;
}

double WorkloadLoad::memoryShare(WorkloadProfile profile, std::uint64_t seed, long long seconds) {
    const double u = unit(seed ^ 0x5bd1e995ULL, seconds / 300);
    const Bands b = bandsOf(profile);
    return b.memoryLow + b.memorySpan * u;
}

int WorkloadLoad::gpuPercent(WorkloadProfile profile, std::uint64_t seed, long long seconds) {
    const auto wobble = static_cast<int>((seed + static_cast<std::uint64_t>(seconds / 5)) % 9);
    switch (profile) {
    case WorkloadProfile::TrainingMaster:
    case WorkloadProfile::TrainingWorker:
        return 89 + wobble;
    case WorkloadProfile::Inference:
        return inferenceBusy(seed, seconds) ? 61 + wobble * 3 : 4;
    default:
        return 0;
    }
}

bool WorkloadLoad::holdsGpuMemory(WorkloadProfile profile, int gpuPercent) {
    return gpuPercent > 0 || profile == WorkloadProfile::Notebook;
}

} // namespace cubedesk::sim
