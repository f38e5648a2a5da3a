#pragma once

// The window benchmarks' figures as JSON, the same way in every mode of cubedesk-bench-gui
// (bench_gui.cpp, guimanyclusters.cpp, guisoak.cpp): rounding, the heap in use and what a
// ResponsivenessProbe measured. Header-only; GUI thread.

#include "ui/responsivenessprobe.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include <malloc.h>

namespace cubedesk::bench {

using Json = nlohmann::ordered_json;

/// `v` rounded to two decimals, as every figure is printed.
inline double r2(double v) {
    return std::round(v * 100) / 100;
}

/// Heap in use (malloc's arenas and its mmapped blocks), in MiB.
inline double heapInUseMiB() {
    const struct mallinfo2 m = mallinfo2();
    return static_cast<double>(m.uordblks + m.hblkhd) / 1048576.0;
}

/// Count, median, p99 and max of one of the probe's series.
inline Json figuresJson(const ui::ResponsivenessProbe::Figures &f) {
    return Json{
        {"count", f.count}, {"median", r2(f.median)}, {"p99", r2(f.p99)}, {"max", r2(f.max)}};
}

/// What `probe` measured: frame times (the criterion: p99 at most 16.7 ms), frame intervals,
/// paints and event-loop gaps with the stalls over 100 ms.
inline Json responsivenessJson(const ui::ResponsivenessProbe &probe) {
    Json frameTime = figuresJson(probe.frameTimes());
    frameTime["over_16_7ms"] = probe.lateFrames();
    const auto gaps = probe.gaps();
    return Json{{"frame_time_ms", frameTime},
                {"frame_interval_ms", figuresJson(probe.frameIntervals())},
                {"paint_ms", figuresJson(probe.paints())},
                {"event_loop_gap_ms", Json{{"p99", r2(gaps.p99)},
                                           {"max", r2(gaps.max)},
                                           {"stalls_over_100ms", probe.stalls(100)}}}};
}

} // namespace cubedesk::bench
