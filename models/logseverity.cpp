#include "models/logseverity.h"

#include <array>

namespace cubedesk::models {

LogSeverity::Level LogSeverity::of(std::string_view text) {
    static constexpr std::array<std::string_view, 14> errors = {"Traceback (most recent call last)",
                                                                "CUDA out of memory",
                                                                "OutOfMemoryError",
                                                                "NCCL error",
                                                                "ncclSystemError",
                                                                "ncclInternalError",
                                                                "ERROR",
                                                                "FATAL",
                                                                "level=error",
                                                                "level=fatal",
                                                                "Error:",
                                                                "Exception:",
                                                                "panic:",
                                                                "CRITICAL"};
    static constexpr std::array<std::string_view, 5> warnings = {"WARN", "level=warn",
                                                                 "Warning:", "[W ", "DEPRECATED"};
    for (const auto mark : errors)
        if (text.find(mark) != std::string_view::npos)
            return Error;
    // glog: "E1205 10:00:00.000000 …"; Jupyter: "[E 2026-…".
    if (text.size() > 5 && text[0] == 'E' && text[1] >= '0' && text[1] <= '9')
        return Error;
    if (text.rfind("[E ", 0) == 0)
        return Error;
    for (const auto mark : warnings)
        if (text.find(mark) != std::string_view::npos)
            return Warning;
    if (text.size() > 5 && text[0] == 'W' && text[1] >= '0' && text[1] <= '9')
        return Warning;
    return None;
}

} // namespace cubedesk::models
