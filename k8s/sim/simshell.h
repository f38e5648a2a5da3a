#pragma once

// SimShell: what runs "inside" a simulated container when someone execs into it (pods/exec,
// `kubectl exec`, CubeDesk's terminal). A small built-in shell and a set of built-in commands that
// behave, print and fail like their real counterparts — and that never start a process on the
// host, never read or write a host file and never look at the host's environment. It is pure
// computation: stdin bytes and time in, stdout/stderr bytes out. Files are the synthetic ones of
// the context plus a small skeleton (/etc/hostname, /etc/hosts, /etc/resolv.conf,
// /etc/os-release, /etc/passwd, /dev/null, /proc/cpuinfo, /tmp/, /root/, ...); `>` and `>>`
// write an in-memory copy that lives as long as the session.
//
// The exec command decides what runs:
//   - a shell (sh, bash, ash, dash, with or without /bin/ or /usr/bin/), no operand: interactive.
//     With a tty: prompt, echo, line editing (backspace, Ctrl-U/K/W/A/E, Left/Right, Home/End,
//     Delete, Up/Down history; other escape sequences are swallowed, no Tab completion), Ctrl-C
//     ("^C", status 130, interrupts a running sleep, yes, seq, cat, nvidia-smi -l, quits top and
//     watch), Ctrl-D on an empty line ends the session with the last status. Without a tty: no
//     prompt and no echo, commands are read from stdin line by line (input that arrives while a
//     command runs waits its turn) and the session ends at EOF with the last status.
//   - `sh -c SCRIPT` (further operands ignored), `sh FILE` (a synthetic file): run it, end with
//     its status.
//   - anything else: that one command, ending with it; an unknown program (or a shell builtin such
//     as cd) fails like the container runtime does: "OCI runtime exec failed: ... executable file
//     not found in $PATH: unknown", exit 126.
// Flavours: bash ("root@POD:CWD# " with ~ for $HOME, "bash: foo: command not found", with
// "line N: " when not interactive) and dash for sh/ash/dash ("# ", "sh: N: foo: not found").
// Unknown commands in a shell: 127. A container without GPUs has no nvidia-smi (the NVIDIA runtime
// mounts it only with a GPU): "not found" (127) from a shell, the runtime's 126 on direct exec.
// Scripts: simple commands joined by ; && || and newlines, comments, '...' "..." and backslash
// quoting, $VAR ${VAR} ${VAR:-x} $? $$ $0, a leading ~, NAME=value (alone: a shell variable;
// before a command: seen by env/printenv), redirections > >> < 2> &> >&2 2>&1 (/dev/null
// discards). Expansions are not field-split. Refused with status 2 and a message: pipes (`|`),
// background `&`, $(...) and backquotes, ( ) subshells, and compound commands
// (if/while/for/case/{ }).
// Commands: cd, exit, export, unset, : (shell builtins); echo, printf (%s %d %i %%, width and
// flags, \n \t ...), env, printenv, hostname, pwd, ls [-l -a -A -1] (columns on a tty), cat,
// head/tail [-n N], wc [-l -w -c], sleep (fractional, s/m/h/d, infinity), true, false, whoami,
// id, uname [-snrvmpioa], date [+FORMAT] (UTC), nproc, uptime, yes, seq, clear, stty [size|-a],
// tput cols|lines|clear, which, nvidia-smi (simnvidiasmi.h; -l SEC repeats), top (tty: full
// screen, refreshed every second or -d SEC, q/Ctrl-C quits; -b [-n N] batch frames; without a tty
// "top: failed tty get"), watch [-n SEC] [-t] CMD... (full screen, CMD run as by sh -c without
// waiting), and `sh -c` inside a shell (run at once, output captured). cat without a file copies
// stdin until EOF (with a tty: Ctrl-D on an empty line); head/tail/wc without a file read only
// a `<` redirection (otherwise empty input).
//
// Output: in tty mode everything goes to stdout (the terminal merges stderr) and '\n' becomes
// "\r\n" as the terminal driver does (onlcr); without a tty, errors go to stderr.
//
// Time: advance(now) passes the steady clock and runs what is due (a `sleep` ending, `top`,
// `watch` or `nvidia-smi -l` refreshing). The first call anchors the session's clock: date/top/
// uptime/watch show context.now plus the steady time elapsed since then, and a timer started
// before the first call starts at it. Call advance() right after construction and before input()
// with the current time so that timers start when the user typed; after any call, nextWake() says
// when advance() is due next. Commands after a sleep start at the moment the sleep ended.
//
// Bounded output: the pending stdout never grows past kMaxPendingOutput because of a streaming
// producer (`yes`, `seq` with more than 4096 numbers). Such producers make at most `budget` more
// bytes per pump(budget) call (advance() pumps kDefaultPumpBudget); while producing() is true,
// take the output and pump again when the connection can take more. Redirected to a file, a
// producer writes kMaxCapture bytes and stops (as if the reader had gone); `yes > /dev/null` just
// runs until interrupted. Inside watch's command or a nested `sh -c`, sleep does not wait and
// producers stop at kMaxCapture.
//
// Thread-safety: none; one thread drives one session (all calls from the same thread, or
// externally serialised). Ownership: the shell owns a copy of its context; it holds no pointers
// to the caller's data and no resources besides memory.

#include "k8s/sim/simnvidiasmi.h"

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cubedesk::sim {

/// What the container looks like from inside.
struct SimShellContext {
    std::string podName, namespaceName, containerName, nodeName, image;
    /// Printed by env, in order (the caller adds PATH, HOSTNAME, HOME, KUBERNETES_*, ...).
    std::vector<std::pair<std::string, std::string>> environment;
    /// Empty: nvidia-smi does not exist (a container without the NVIDIA runtime).
    std::vector<SimGpu> gpus;
    /// Absolute path -> content; directories are implied by paths (a key ending in '/' is an
    /// empty directory). Added to, and overriding, the skeleton.
    std::map<std::string, std::string> files;
    /// The session's start (wall clock shown by date, top, uptime, ls -l).
    std::chrono::system_clock::time_point now;
    /// The container's working directory (spec workingDir or the image's WORKDIR); empty: "/".
    std::string workingDir;
    /// PID 1's command line, shown by top and ps; empty: "sleep infinity".
    std::string mainCommand;
    /// When the container started (process CPU times in top/ps); default: an hour before now.
    std::optional<std::chrono::system_clock::time_point> startedAt;
    /// The pod's IP for /etc/hosts; empty: no line for the pod.
    std::string podIP;
    /// The node's capacity, which a container sees in nproc, top and free.
    int nodeCpus = 16;
    long long nodeMemoryMiB = 128LL * 1024;
};

class SimShell final {
public:
    using SteadyTime = std::chrono::steady_clock::time_point;

    /// Never holds more pending stdout than this because of a streaming producer.
    static constexpr std::size_t kMaxPendingOutput = std::size_t{1} << 20;
    /// What advance() pumps when a producer is running.
    static constexpr std::size_t kDefaultPumpBudget = std::size_t{64} << 10;
    /// The most a pipeline stage, a redirection or $(...) takes from an endless producer.
    static constexpr std::size_t kMaxCapture = std::size_t{1} << 20;

    /// command: the exec command (the `command=` query values), e.g. {"sh"}, {"/bin/bash"},
    /// {"sh","-c","echo hi; exit 3"}, {"nvidia-smi"}, {"ls","-l","/"}, {"top"}; empty: "sh".
    /// tty: a terminal is attached (echo, line editing, prompts, "\r\n"); cols/rows: its size
    /// (80x24 when not positive). A one-shot command runs here already: its output is ready and
    /// it may be finished() on return.
    SimShell(SimShellContext context, std::vector<std::string> command, bool tty, int cols,
             int rows);
    ~SimShell();
    SimShell(SimShell &&) noexcept;
    SimShell &operator=(SimShell &&) noexcept;
    SimShell(const SimShell &) = delete;
    SimShell &operator=(const SimShell &) = delete;

    /// Stdin bytes (channel 0). Ignored once finished().
    void input(std::string_view bytes);
    /// Stdin closed (EOF): a non-tty shell ends when it has read everything; `cat` ends.
    void closeInput();
    /// The terminal was resized: a full-screen program (top, watch) redraws at once.
    void resize(int cols, int rows);
    /// Advances time to `now` (steady clock): runs whatever is due, then pumps
    /// kDefaultPumpBudget of streaming output if a producer is running.
    void advance(SteadyTime now);
    /// When advance() must be called next even without input; nullopt: only on input (or when
    /// producing() and the output has been taken). A time not after the last advance(): now.
    std::optional<SteadyTime> nextWake() const;

    /// Generates up to `budget` more bytes of pending streaming output (nothing while
    /// kMaxPendingOutput bytes are pending).
    void pump(std::size_t budget);
    /// A streaming producer (or a script that prints in a loop) has more to give.
    bool producing() const;

    /// Output produced so far and not yet taken.
    std::string takeStdout();
    std::string takeStderr();

    /// The session ended (exit, end of script, EOF on stdin of a non-tty shell, Ctrl-D on an
    /// empty tty line, a one-shot command finishing); its exit code.
    bool finished() const;
    int exitCode() const;

private:
    class Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace cubedesk::sim
