#pragma once

// LogSeverity: whether a log line reports an error or a warning, by the marks the programs on
// these clusters print — Python tracebacks and exceptions, CUDA out of memory, NCCL errors,
// ERROR/WARN(ING) words, glog's E/W prefixes, logfmt's level=error|warn, Jupyter's [E]/[W].
// A heuristic for highlighting, not a parser. Pure function; any thread.

#include <string_view>

namespace cubedesk::models {

class LogSeverity final {
public:
    enum Level { None = 0, Warning = 1, Error = 2 };
    LogSeverity() = delete;
    /// `text` without escape sequences (AnsiText::strip).
    static Level of(std::string_view text);
};

} // namespace cubedesk::models
