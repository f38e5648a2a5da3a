#include "k8s/sim/simshell.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <deque>

namespace cubedesk::sim {

namespace {

using SysTime = std::chrono::system_clock::time_point;

bool startsWith(std::string_view s, std::string_view p) {
    return s.substr(0, p.size()) == p;
}

bool isContinuation(unsigned char c) {
    return (c & 0xC0) == 0x80;
}

/// Terminal columns of UTF-8 text (one per code point; wide characters are not measured).
std::size_t columnsOf(std::string_view s) {
    std::size_t n = 0;
    for (char c : s)
        n += isContinuation(static_cast<unsigned char>(c)) ? 0 : 1;
    return n;
}

std::string cutColumns(std::string_view s, std::size_t width) {
    std::size_t cols = 0, i = 0;
    for (; i < s.size(); ++i) {
        if (isContinuation(static_cast<unsigned char>(s[i])))
            continue;
        if (cols == width)
            break;
        ++cols;
    }
    return std::string(s.substr(0, i));
}

std::string expandTabs(std::string_view s) {
    std::string out;
    std::size_t col = 0;
    for (char c : s) {
        if (c == '\t') {
            do {
                out += ' ';
                ++col;
            } while (col % 8 != 0);
        } else {
            out += c;
            col += isContinuation(static_cast<unsigned char>(c)) ? 0 : 1;
        }
    }
    return out;
}

std::vector<std::string> splitLines(std::string_view s) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start < s.size()) {
        const auto nl = s.find('\n', start);
        if (nl == std::string_view::npos) {
            lines.emplace_back(s.substr(start));
            break;
        }
        lines.emplace_back(s.substr(start, nl - start));
        start = nl + 1;
    }
    return lines;
}

template <typename... A>
std::string format(const char *f, A... a) {
    const int n = std::snprintf(nullptr, 0, f, a...);
    if (n <= 0)
        return {};
    std::string s(static_cast<std::size_t>(n), '\0');
    std::snprintf(s.data(), s.size() + 1, f, a...);
    return s;
}

std::string timeText(const std::string &f, SysTime t) {
    const std::time_t tt = std::chrono::system_clock::to_time_t(t);
    std::tm tm{};
    gmtime_r(&tt, &tm);
    char buf[512];
    const std::size_t n = std::strftime(buf, sizeof buf, f.c_str(), &tm);
    return std::string(buf, n);
}

std::optional<long long> parseInt(std::string_view s) {
    long long v = 0;
    if (!s.empty() && s[0] == '+')
        s.remove_prefix(1);
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size())
        return std::nullopt;
    return v;
}

std::optional<double> parseDouble(std::string_view s) {
    double v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || p != s.data() + s.size() || std::isnan(v))
        return std::nullopt;
    return v;
}

/// "up 5 min,  1 user,  load average: ..." as procps prints it.
std::string uptimeText(long long s) {
    s = std::max(0LL, s);
    const long long days = s / 86400, hours = s % 86400 / 3600, mins = s % 3600 / 60;
    std::string r = "up ";
    if (days > 0)
        r += format("%lld day%s, ", days, days == 1 ? "" : "s");
    r += hours > 0 ? format("%2lld:%02lld, ", hours, mins) : format("%lld min, ", mins);
    return r + " 1 user,  load average: 0.52, 0.58, 0.59";
}

/// "ls" from "/usr/bin/ls"; other paths stay as they are.
std::string commandName(std::string_view word) {
    for (std::string_view dir :
         {"/usr/local/bin/", "/usr/local/sbin/", "/usr/bin/", "/usr/sbin/", "/bin/", "/sbin/"})
        if (startsWith(word, dir) && word.find('/', dir.size()) == std::string_view::npos)
            return std::string(word.substr(dir.size()));
    return std::string(word);
}

bool isShellName(std::string_view name) {
    return name == "sh" || name == "bash" || name == "ash" || name == "dash";
}

constexpr std::string_view kCommands[] = {
    "echo",  "printf", "env",   "printenv", "hostname", "pwd",   "ls",     "cat",
    "head",  "tail",   "wc",    "sleep",    "true",     "false", "whoami", "id",
    "uname", "date",   "nproc", "uptime",   "yes",      "seq",   "clear",  "stty",
    "tput",  "top",    "watch", "which",    "sh",       "bash",  "dash",   "nvidia-smi"};

bool isCommand(std::string_view name) {
    return std::find(std::begin(kCommands), std::end(kCommands), name) != std::end(kCommands);
}

bool isShellBuiltin(std::string_view name) {
    return name == "cd" || name == "exit" || name == "export" || name == "unset" || name == ":";
}

std::string back(std::size_t n) {
    return n == 0 ? std::string() : format("\x1b[%zuD", n);
}

} // namespace

class SimShell::Impl {
public:
    enum class Mode { Interactive, Script, OneShot };
    enum class Sink { Out, Err, Null, File };
    struct Route {
        Sink sink = Sink::Out;
        std::string path;
    };
    struct Io {
        std::optional<std::string> in; ///< `< FILE`
        std::string out, err;
    };
    enum class JobKind { Sleep, Yes, Seq, Top, Watch, NvLoop, Cat };
    /// The foreground command that outlives one call: waits, streams or redraws.
    struct Job {
        JobKind kind = JobKind::Sleep;
        double seconds = 0; ///< sleep duration or refresh interval
        std::optional<SteadyTime> due;
        bool armPending = false; ///< started before the first advance()
        Route route;
        std::string text;                       ///< yes: the line; watch: the command
        long long next = 0, last = 0, step = 1; ///< seq
        std::string carry;                      ///< generated, not yet pumped
        bool done = false;                      ///< the generator has nothing more
        std::vector<std::string> args;          ///< nvidia-smi
        bool batch = false;
        long long remaining = -1; ///< top -b -n
        std::string line;         ///< cat with a tty: the line being typed
        int pid = 0;
    };
    enum Conn { Seq = 0, And = 1, Or = 2 };
    struct Item {
        std::string text;
        int conn = Seq;
        int line = 1;
    };
    struct Var {
        std::string name, value;
        bool exported = false;
    };
    struct Tok {
        bool redir = false;
        std::string raw; ///< a word, or the operator (">", ">>", "<", "&>")
        int fd = 1;
        int dup = -1; ///< N of ">&N"
    };

    Impl(SimShellContext context, std::vector<std::string> command, bool tty, int cols, int rows);

    // public interface
    void input(std::string_view bytes);
    void closeInput();
    void resize(int cols, int rows);
    void advance(SteadyTime now);
    std::optional<SteadyTime> nextWake() const;
    void pump(std::size_t budget);
    bool producing() const;

    // files and variables
    void buildFiles();
    std::string normalize(std::string_view path) const;
    bool isDir(const std::string &path) const;
    bool isFile(const std::string &path) const;
    std::map<std::string, bool> listDir(const std::string &dir) const;
    std::optional<std::string> getVar(const std::string &name) const;
    void setVar(const std::string &name, const std::string &value, bool exported);
    SysTime wallNow() const;

    // output
    void termWrite(std::string_view s);
    void errWrite(std::string_view s);
    void deliver(const std::string &s, const Route &route);
    std::string errPrefix() const;
    std::string prompt() const;

    // parsing and running
    bool splitScript(std::string_view text, int firstLine, std::vector<Item> &items,
                     std::string &error) const;
    bool tokenize(std::string_view text, std::vector<Tok> &toks) const;
    std::string expand(std::string_view raw, bool &drop) const;
    std::string expandDollar(std::string_view raw, std::size_t &i) const;
    void queueScript(std::string_view text, int firstLine);
    void executeItem(const Item &item);
    bool openRoute(const std::string &target, bool append, Route &route);
    std::string runCapture(const std::string &script);
    void runOneShot(const std::vector<std::string> &command);
    int run(const std::vector<std::string> &argv, Io &io);
    int notFound(const std::string &name, Io &io);
    void finish(int code);
    void runQueue();

    // commands
    int cmdEcho(const std::vector<std::string> &a, Io &io);
    int cmdPrintf(const std::vector<std::string> &a, Io &io);
    int cmdEnv(const std::vector<std::string> &a, Io &io);
    int cmdCd(const std::vector<std::string> &a, Io &io);
    int cmdLs(const std::vector<std::string> &a, Io &io);
    std::string lsEntries(const std::vector<std::pair<std::string, std::string>> &entries,
                          bool longFormat, bool total) const;
    int cmdCat(const std::vector<std::string> &a, Io &io);
    int cmdHeadTail(const std::vector<std::string> &a, Io &io, bool head);
    int cmdWc(const std::vector<std::string> &a, Io &io);
    int cmdSleep(const std::vector<std::string> &a, Io &io);
    int cmdUname(const std::vector<std::string> &a, Io &io);
    int cmdSeq(const std::vector<std::string> &a, Io &io);
    int cmdTop(const std::vector<std::string> &a, Io &io);
    int cmdWatch(const std::vector<std::string> &a, Io &io);
    int cmdExit(const std::vector<std::string> &a, Io &io);

    // jobs
    void startJob(Job job);
    void arm(Job &job) const;
    void finishJob(int status);
    void endJob(int status);
    std::string nextChunk(Job &job) const;
    int runJobNow(Job &job);
    void interrupt();
    void quitScreen();
    std::vector<std::string> topLines() const;
    std::vector<std::string> watchLines();
    void drawScreen(const std::vector<std::string> &lines);
    void redrawJob();

    // terminal input
    void drive();
    void processTty();
    void editByte(unsigned char c);
    void escByte(unsigned char c);
    void catKey(unsigned char c);
    void insertText(const std::string &t);
    void backspace();
    void deleteAt();
    void redrawLine();
    void setLine(std::string line);
    void submit();

    SimShellContext m_ctx;
    bool m_tty;
    int m_cols, m_rows;
    Mode m_mode = Mode::Interactive;
    bool m_bash = false;
    std::string m_shellName = "sh";
    std::string m_out, m_err;
    bool m_finished = false;
    int m_exit = 0;
    int m_status = 0;
    std::string m_cwd = "/", m_oldCwd;
    std::vector<Var> m_vars;
    std::vector<std::pair<std::string, std::string>> m_cmdEnv; ///< `A=b cmd`
    std::map<std::string, std::string> m_files;
    std::optional<SteadyTime> m_anchor;
    SteadyTime m_clock{};
    std::deque<Item> m_queue;
    std::optional<Job> m_job, m_request;
    std::optional<int> m_exitRequest;
    bool m_capture = false, m_captureExit = false;
    std::string m_captured;
    int m_lineNo = 0, m_curLine = 1, m_captureStatus = 0;
    bool m_needPrompt = true;
    int m_shellPid = 7, m_nextPid = 13;
    std::string m_inbuf;
    bool m_inputClosed = false, m_inTty = false;
    std::string m_line, m_draft, m_esc, m_utf8;
    std::size_t m_cursor = 0, m_utf8Len = 0, m_histPos = 0;
    std::vector<std::string> m_history;
    bool m_lastCR = false;
};

SimShell::Impl::Impl(SimShellContext context, std::vector<std::string> command, bool tty, int cols,
                     int rows)
    : m_ctx(std::move(context))
    , m_tty(tty)
    , m_cols(cols > 0 ? cols : 80)
    , m_rows(rows > 0 ? rows : 24) {
    if (!m_ctx.startedAt)
        m_ctx.startedAt = m_ctx.now - std::chrono::hours(1);
    if (m_ctx.mainCommand.empty())
        m_ctx.mainCommand = "sleep infinity";
    m_cwd = normalize(m_ctx.workingDir.empty() ? "/" : m_ctx.workingDir);
    for (const auto &[name, value] : m_ctx.environment)
        setVar(name, value, true);
    buildFiles();
    if (command.empty())
        command = {"sh"};
    const std::string program = commandName(command[0]);
    if (!isShellName(program)) {
        m_mode = Mode::OneShot;
        runOneShot(command);
        return;
    }
    m_bash = program == "bash";
    m_shellName = command[0];
    std::optional<std::string> script;
    for (std::size_t i = 1; i < command.size() && !script; ++i) {
        const std::string &a = command[i];
        if (a.size() > 1 && a[0] == '-' && a != "--") {
            if (a.find('c') == std::string::npos)
                continue;
            if (i + 1 >= command.size()) {
                errWrite(m_bash ? m_shellName + ": -c: option requires an argument\n"
                                : m_shellName + ": 0: -c requires an argument\n");
                finish(2);
                return;
            }
            script = command[i + 1];
        } else if (a != "--") { // sh FILE
            const std::string path = normalize(a);
            if (!isFile(path)) {
                errWrite(m_bash ? m_shellName + ": " + a + ": No such file or directory\n"
                                : m_shellName + ": 0: cannot open " + a + ": No such file\n");
                finish(m_bash ? 127 : 2);
                return;
            }
            script = m_files[path];
        }
    }
    if (script) {
        m_mode = Mode::Script;
        queueScript(*script, 1);
    } else if (m_bash) {
        m_shellName = "bash";
    }
    runQueue();
}

void SimShell::Impl::buildFiles() {
    const std::string &pod = m_ctx.podName;
    m_files["/etc/hostname"] = pod + "\n";
    m_files["/etc/hosts"] = "# Kubernetes-managed hosts file.\n127.0.0.1\tlocalhost\n"
                            "::1\tlocalhost ip6-localhost ip6-loopback\nfe00::0\tip6-localnet\n"
                            "fe00::0\tip6-mcastprefix\nfe00::1\tip6-allnodes\n"
                            "fe00::2\tip6-allrouters\n" +
                            (m_ctx.podIP.empty() ? "" : m_ctx.podIP + "\t" + pod + "\n");
    m_files["/etc/resolv.conf"] = "search " + m_ctx.namespaceName +
                                  ".svc.cluster.local svc.cluster.local cluster.local\n"
                                  "nameserver 10.96.0.10\noptions ndots:5\n";
    m_files["/etc/os-release"] = "PRETTY_NAME=\"Ubuntu 22.04.4 LTS\"\nNAME=\"Ubuntu\"\n"
                                 "VERSION_ID=\"22.04\"\nID=ubuntu\nID_LIKE=debian\n";
    m_files["/etc/passwd"] = "root:x:0:0:root:/root:/bin/bash\n";
    m_files["/dev/null"] = "";
    std::string cpuinfo;
    for (int i = 0; i < m_ctx.nodeCpus; ++i)
        cpuinfo += format("processor\t: %d\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) "
                          "Xeon(R) Platinum 8480+\ncpu cores\t: %d\n\n",
                          i, m_ctx.nodeCpus);
    m_files["/proc/cpuinfo"] = cpuinfo;
    for (const char *dir : {"/bin/", "/home/", "/root/", "/tmp/", "/usr/", "/var/"})
        m_files[dir] = "";
    if (m_cwd != "/")
        m_files[m_cwd + "/"] = "";
    for (const auto &[path, content] : m_ctx.files) {
        const bool dir = !path.empty() && path.back() == '/';
        const std::string p = normalize(path);
        m_files[p == "/" ? "/" : dir ? p + "/" : p] = content;
    }
}

std::string SimShell::Impl::normalize(std::string_view path) const {
    const std::string full =
        !path.empty() && path[0] == '/' ? std::string(path) : m_cwd + "/" + std::string(path);
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= full.size()) {
        auto end = full.find('/', start);
        if (end == std::string::npos)
            end = full.size();
        const std::string part = full.substr(start, end - start);
        if (part == "..") {
            if (!parts.empty())
                parts.pop_back();
        } else if (!part.empty() && part != ".") {
            parts.push_back(part);
        }
        start = end + 1;
    }
    std::string out;
    for (const auto &p : parts)
        out += "/" + p;
    return out.empty() ? "/" : out;
}

bool SimShell::Impl::isDir(const std::string &path) const {
    if (path == "/")
        return true;
    const auto it = m_files.lower_bound(path + "/");
    return it != m_files.end() && startsWith(it->first, path + "/");
}

bool SimShell::Impl::isFile(const std::string &path) const {
    return path != "/" && m_files.count(path) > 0;
}

std::map<std::string, bool> SimShell::Impl::listDir(const std::string &dir) const {
    std::map<std::string, bool> names; // name -> is a directory
    const std::string prefix = dir == "/" ? "/" : dir + "/";
    for (auto it = m_files.lower_bound(prefix);
         it != m_files.end() && startsWith(it->first, prefix); ++it) {
        const std::string rest = it->first.substr(prefix.size());
        if (rest.empty())
            continue;
        const auto slash = rest.find('/');
        if (slash == std::string::npos)
            names.emplace(rest, false);
        else
            names[rest.substr(0, slash)] = true;
    }
    return names;
}

std::optional<std::string> SimShell::Impl::getVar(const std::string &name) const {
    for (const auto &v : m_vars)
        if (v.name == name)
            return v.value;
    if (name == "PWD")
        return m_cwd;
    return std::nullopt;
}

void SimShell::Impl::setVar(const std::string &name, const std::string &value, bool exported) {
    for (auto &v : m_vars)
        if (v.name == name) {
            v.value = value;
            v.exported = v.exported || exported;
            return;
        }
    m_vars.push_back({name, value, exported});
}

SysTime SimShell::Impl::wallNow() const {
    if (!m_anchor)
        return m_ctx.now;
    return m_ctx.now +
           std::chrono::duration_cast<std::chrono::system_clock::duration>(m_clock - *m_anchor);
}

void SimShell::Impl::termWrite(std::string_view s) {
    if (!m_tty) {
        m_out += s;
        return;
    }
    for (char c : s) { // the terminal driver's onlcr
        if (c == '\n')
            m_out += '\r';
        m_out += c;
    }
}

void SimShell::Impl::errWrite(std::string_view s) {
    if (m_capture)
        m_captured += s;
    else if (m_tty)
        termWrite(s);
    else
        m_err += s;
}

void SimShell::Impl::deliver(const std::string &s, const Route &route) {
    if (s.empty())
        return;
    switch (route.sink) {
    case Sink::Out:
        if (m_capture)
            m_captured += s;
        else
            termWrite(s);
        break;
    case Sink::Err:
        errWrite(s);
        break;
    case Sink::Null:
        break;
    case Sink::File:
        m_files[route.path] += s;
        break;
    }
}

std::string SimShell::Impl::errPrefix() const {
    if (m_capture) // watch runs its command with sh -c
        return "sh: " + std::to_string(m_curLine) + ": ";
    if (m_bash)
        return m_mode == Mode::Interactive && m_tty
                   ? m_shellName + ": "
                   : m_shellName + ": line " + std::to_string(m_curLine) + ": ";
    return m_shellName + ": " + std::to_string(m_curLine) + ": ";
}

std::string SimShell::Impl::prompt() const {
    if (!m_bash)
        return "# ";
    const std::string home = getVar("HOME").value_or("/root");
    std::string cwd = m_cwd;
    if (cwd == home)
        cwd = "~";
    else if (home != "/" && startsWith(cwd, home + "/"))
        cwd = "~" + cwd.substr(home.size());
    return "root@" + m_ctx.podName.substr(0, m_ctx.podName.find('.')) + ":" + cwd + "# ";
}

// Splits a script into simple commands joined by ; newline && ||, keeping their text (quotes
// and all) for expansion when they run. Refuses what this shell does not implement.
bool SimShell::Impl::splitScript(std::string_view text, int firstLine, std::vector<Item> &items,
                                 std::string &error) const {
    const std::string sh = m_capture ? "sh" : m_shellName;
    const auto unsupported = [&](const std::string &what) {
        error = sh + ": " + what + " not supported in this simulated shell\n";
        return false;
    };
    std::string cur;
    int conn = Seq, line = firstLine, curLine = firstLine;
    const auto flush = [&](int next, std::string_view token) {
        const bool blank = cur.find_first_not_of(" \t") == std::string::npos;
        if (blank && (next != Seq || conn != Seq) && token != "\n") {
            error = m_bash
                        ? sh + ": syntax error near unexpected token `" + std::string(token) + "'\n"
                        : sh + ": " + std::to_string(line) + ": Syntax error: \"" +
                              std::string(token) + "\" unexpected\n";
            return false;
        }
        if (!blank) {
            items.push_back({cur, conn, curLine});
            conn = next;
        } else if (next != Seq) {
            conn = next;
        }
        cur.clear();
        curLine = line;
        return true;
    };
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const char n = i + 1 < text.size() ? text[i + 1] : '\0';
        if (c == '\'' || c == '"') {
            const auto end = c == '\'' ? text.find('\'', i + 1) : [&] {
                for (std::size_t j = i + 1; j < text.size(); ++j) {
                    if (text[j] == '\\')
                        ++j;
                    else if (text[j] == '"')
                        return j;
                    else if (text[j] == '`' ||
                             (text[j] == '$' && j + 1 < text.size() && text[j + 1] == '('))
                        return std::string_view::npos - 1;
                }
                return std::string_view::npos;
            }();
            if (end == std::string_view::npos - 1)
                return unsupported("command substitutions are");
            if (end == std::string_view::npos) {
                error = m_bash ? sh + ": unexpected EOF while looking for matching `" +
                                     std::string(1, c) + "'\n"
                               : sh + ": " + std::to_string(line) +
                                     ": Syntax error: Unterminated quoted string\n";
                return false;
            }
            line += static_cast<int>(std::count(text.begin() + static_cast<long>(i),
                                                text.begin() + static_cast<long>(end), '\n'));
            cur += text.substr(i, end - i + 1);
            i = end;
        } else if (c == '\\') {
            if (n == '\n')
                ++line;
            else if (n != '\0')
                cur += text.substr(i, 2);
            ++i;
        } else if (c == '#' && (cur.empty() || cur.back() == ' ' || cur.back() == '\t')) {
            while (i + 1 < text.size() && text[i + 1] != '\n')
                ++i;
        } else if (c == ';' || c == '\n') {
            if (!flush(Seq, c == ';' ? ";" : "\n"))
                return false;
            if (c == '\n')
                curLine = ++line;
        } else if (c == '|' && n == '|') {
            if (!flush(Or, "||"))
                return false;
            ++i;
        } else if (c == '&' && n == '&') {
            if (!flush(And, "&&"))
                return false;
            ++i;
        } else if (c == '|') {
            return unsupported("pipes are");
        } else if (c == '&' && n != '>' &&
                   (cur.empty() || (cur.back() != '>' && cur.back() != '<'))) {
            return unsupported("background jobs are");
        } else if (c == '`' || (c == '$' && n == '(')) {
            return unsupported("command substitutions are");
        } else if (c == '(' || c == ')') {
            return unsupported("subshells are");
        } else {
            cur += c;
        }
    }
    if (!flush(Seq, "\n"))
        return false;
    if (conn != Seq) {
        error = m_bash
                    ? sh + ": syntax error: unexpected end of file\n"
                    : sh + ": " + std::to_string(line) + ": Syntax error: end of file unexpected\n";
        return false;
    }
    return true;
}

bool SimShell::Impl::tokenize(std::string_view s, std::vector<Tok> &toks) const {
    std::size_t i = 0;
    while (i < s.size()) {
        if (s[i] == ' ' || s[i] == '\t') {
            ++i;
            continue;
        }
        Tok t;
        std::size_t j = i;
        if (j + 1 < s.size() && s[j] >= '0' && s[j] <= '9' && (s[j + 1] == '>' || s[j + 1] == '<'))
            t.fd = s[j++] - '0';
        if (s[j] == '&' && j + 1 < s.size() && s[j + 1] == '>') {
            t.redir = true;
            t.raw = "&>";
            j += 2;
        } else if (s[j] == '>' || s[j] == '<') {
            t.redir = true;
            t.raw = std::string(1, s[j]);
            if (s[j] == '<')
                t.fd = 0;
            ++j;
            if (t.raw == ">" && j < s.size() && s[j] == '>')
                t.raw = ">>", ++j;
            if (j + 1 < s.size() && s[j] == '&' && s[j + 1] >= '0' && s[j + 1] <= '9') {
                t.dup = s[j + 1] - '0';
                j += 2;
            }
        }
        if (t.redir) {
            toks.push_back(t);
            i = j;
            continue;
        }
        // a word: up to unquoted blank or redirection
        for (j = i; j < s.size(); ++j) {
            const char c = s[j];
            if (c == ' ' || c == '\t' || c == '>' || c == '<')
                break;
            if (c == '\\') {
                ++j;
            } else if (c == '\'' || c == '"') {
                for (++j; j < s.size() && s[j] != c; ++j)
                    if (c == '"' && s[j] == '\\')
                        ++j;
            }
        }
        j = std::min(j, s.size());
        t.raw = std::string(s.substr(i, j - i));
        toks.push_back(t);
        i = j;
    }
    return true;
}

std::string SimShell::Impl::expandDollar(std::string_view raw, std::size_t &i) const {
    // raw[i] == '$'
    const char n = i + 1 < raw.size() ? raw[i + 1] : '\0';
    const auto isName = [](char c, bool first) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
               (!first && c >= '0' && c <= '9');
    };
    if (n == '?' || n == '$' || n == '#' || (n >= '0' && n <= '9')) {
        i += 1;
        if (n == '?')
            return std::to_string(m_status);
        if (n == '$')
            return std::to_string(m_shellPid);
        if (n == '#')
            return "0";
        return n == '0' ? m_shellName : "";
    }
    if (n == '{') {
        const auto end = raw.find('}', i + 2);
        if (end == std::string_view::npos)
            return "$";
        const std::string inner(raw.substr(i + 2, end - i - 2));
        i = end;
        const auto dash = inner.find(":-");
        if (dash != std::string::npos) {
            const auto v = getVar(inner.substr(0, dash));
            return v && !v->empty() ? *v : inner.substr(dash + 2);
        }
        if (inner == "?")
            return std::to_string(m_status);
        return getVar(inner).value_or("");
    }
    if (!isName(n, true))
        return "$";
    std::size_t end = i + 1;
    while (end < raw.size() && isName(raw[end], false))
        ++end;
    const std::string name(raw.substr(i + 1, end - i - 1));
    i = end - 1;
    return getVar(name).value_or("");
}

// Quote removal, backslashes, $ expansion and a leading ~. drop: the word vanishes (an unquoted
// expansion that came out empty).
std::string SimShell::Impl::expand(std::string_view raw, bool &drop) const {
    std::string out;
    bool quoted = false, expanded = false;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        const char c = raw[i];
        if (c == '\'') {
            quoted = true;
            const auto end = std::min(raw.find('\'', i + 1), raw.size());
            out += raw.substr(i + 1, end - i - 1);
            i = end;
        } else if (c == '"') {
            quoted = true;
            for (++i; i < raw.size() && raw[i] != '"'; ++i) {
                if (raw[i] == '\\' && i + 1 < raw.size() &&
                    std::string_view("$`\"\\").find(raw[i + 1]) != std::string_view::npos)
                    out += raw[++i];
                else if (raw[i] == '$')
                    out += expandDollar(raw, i);
                else
                    out += raw[i];
            }
        } else if (c == '\\') {
            quoted = true;
            if (i + 1 < raw.size())
                out += raw[++i];
        } else if (c == '$') {
            expanded = true;
            out += expandDollar(raw, i);
        } else if (c == '~' && i == 0 && (raw.size() == 1 || raw[1] == '/')) {
            out += getVar("HOME").value_or("/root");
        } else {
            out += c;
        }
    }
    drop = out.empty() && expanded && !quoted;
    return out;
}

void SimShell::Impl::queueScript(std::string_view text, int firstLine) {
    std::vector<Item> items;
    std::string error;
    if (!splitScript(text, firstLine, items, error)) {
        errWrite(error);
        m_status = 2;
        return;
    }
    m_queue.insert(m_queue.end(), items.begin(), items.end());
}

bool SimShell::Impl::openRoute(const std::string &target, bool append, Route &route) {
    if (target == "/dev/null") {
        route = {Sink::Null, {}};
        return true;
    }
    const std::string p = normalize(target);
    const std::string parent = p.substr(0, std::max<std::size_t>(1, p.rfind('/')));
    const char *problem = isDir(p) ? "Is a directory"
                          : !isDir(parent)
                              ? (m_bash ? "No such file or directory" : "Directory nonexistent")
                              : nullptr;
    if (problem) {
        errWrite(m_bash ? errPrefix() + target + ": " + problem + "\n"
                        : errPrefix() + "cannot create " + target + ": " + problem + "\n");
        return false;
    }
    if (!append)
        m_files[p].clear();
    m_files[p];
    route = {Sink::File, p};
    return true;
}

void SimShell::Impl::executeItem(const Item &item) {
    m_curLine = item.line;
    std::vector<Tok> toks;
    tokenize(item.text, toks);
    std::vector<std::pair<std::string, std::string>> assigns;
    std::size_t i = 0;
    for (; i < toks.size() && !toks[i].redir; ++i) {
        const std::string &raw = toks[i].raw;
        const auto eq = raw.find('=');
        if (eq == std::string::npos || eq == 0 || (raw[0] >= '0' && raw[0] <= '9') ||
            raw.find_first_not_of(
                "_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") < eq)
            break;
        bool drop = false;
        assigns.emplace_back(raw.substr(0, eq), expand(raw.substr(eq + 1), drop));
    }
    std::vector<std::string> words;
    Route outR{Sink::Out, {}}, errR{Sink::Err, {}};
    Io io;
    for (; i < toks.size(); ++i) {
        const Tok &t = toks[i];
        bool drop = false;
        if (!t.redir) {
            std::string w = expand(t.raw, drop);
            if (!drop)
                words.push_back(std::move(w));
            continue;
        }
        if (t.dup >= 0) {
            if (t.fd == 2 && t.dup == 1)
                errR = outR;
            else if (t.fd == 1 && t.dup == 2)
                outR = errR;
            continue;
        }
        if (i + 1 >= toks.size() || toks[i + 1].redir) {
            errWrite(m_bash ? errPrefix() + "syntax error near unexpected token `newline'\n"
                            : errPrefix() + "Syntax error: newline unexpected\n");
            m_status = 2;
            return;
        }
        const std::string target = expand(toks[++i].raw, drop);
        if (t.raw == "<") {
            const std::string p = normalize(target);
            if (!isFile(p)) {
                errWrite(m_bash ? errPrefix() + target + ": No such file or directory\n"
                                : errPrefix() + "cannot open " + target + ": No such file\n");
                m_status = m_bash ? 1 : 2;
                return;
            }
            io.in = m_files[p];
            continue;
        }
        Route r;
        if (!openRoute(target, t.raw == ">>", r)) {
            m_status = m_bash ? 1 : 2;
            return;
        }
        if (t.raw == "&>")
            outR = errR = r;
        else
            (t.fd == 2 ? errR : outR) = r;
    }
    if (words.empty()) {
        for (const auto &[name, value] : assigns)
            setVar(name, value, false);
        m_status = 0;
        return;
    }
    static constexpr std::string_view kKeywords[] = {
        "if",   "then", "else",     "elif",   "fi", "while", "until", "for", "do", "done",
        "case", "esac", "function", "select", "{",  "}",     "!",     "[[",  "]]"};
    if (std::find(std::begin(kKeywords), std::end(kKeywords), words[0]) != std::end(kKeywords)) {
        errWrite((m_capture ? "sh" : m_shellName) + ": " + words[0] +
                 ": compound commands are not supported in this simulated shell\n");
        m_status = 2;
        m_queue.clear(); // the rest of the construct would only fail again
        m_captureExit = m_capture;
        return;
    }
    m_cmdEnv = assigns;
    m_request.reset();
    m_exitRequest.reset();
    const int status = run(words, io);
    m_cmdEnv.clear();
    deliver(io.out, outR);
    deliver(io.err, errR);
    if (m_exitRequest) {
        const int code = *std::exchange(m_exitRequest, std::nullopt);
        if (m_capture) {
            m_captureExit = true;
            m_status = code;
        } else {
            finish(code);
        }
        return;
    }
    if (m_request) {
        Job job = std::move(*m_request);
        m_request.reset();
        job.route = outR;
        if (m_capture)
            m_status = runJobNow(job);
        else
            startJob(std::move(job));
        return;
    }
    m_status = status;
}

std::string SimShell::Impl::runCapture(const std::string &script) {
    const bool wasCapturing = m_capture;
    const int savedStatus = m_status, savedLine = m_curLine;
    std::string saved = std::move(m_captured);
    m_captured.clear();
    m_capture = true;
    std::vector<Item> items;
    std::string error;
    if (!splitScript(script, 1, items, error))
        m_captured = error;
    for (const Item &item : items) {
        if (m_captureExit)
            break;
        if ((item.conn == And && m_status != 0) || (item.conn == Or && m_status == 0))
            continue;
        executeItem(item);
    }
    m_captureStatus = m_status;
    std::string result = std::move(m_captured);
    m_captured = std::move(saved);
    m_capture = wasCapturing;
    m_captureExit = false;
    m_status = savedStatus;
    m_curLine = savedLine;
    return result;
}

void SimShell::Impl::runOneShot(const std::vector<std::string> &command) {
    Io io;
    const int status = run(command, io);
    deliver(io.out, {Sink::Out, {}});
    deliver(io.err, {Sink::Err, {}});
    if (m_request) {
        Job job = std::move(*m_request);
        m_request.reset();
        startJob(std::move(job));
    } else {
        m_status = status;
    }
    runQueue();
}

void SimShell::Impl::finish(int code) {
    if (m_finished)
        return;
    m_finished = true;
    m_exit = code;
    m_job.reset();
    m_queue.clear();
}

// Runs queued commands until one becomes a job or none is left; then prompts, reads the next
// stdin line (no tty) or ends the session.
void SimShell::Impl::runQueue() {
    while (!m_finished) {
        if (m_job) {
            if (m_job->kind != JobKind::Cat || m_tty)
                return;
            deliver(m_inbuf, m_job->route); // cat without a tty copies stdin
            m_inbuf.clear();
            if (!m_inputClosed)
                return;
            finishJob(0);
            continue;
        }
        if (!m_queue.empty()) {
            const Item item = m_queue.front();
            m_queue.pop_front();
            if ((item.conn == And && m_status != 0) || (item.conn == Or && m_status == 0))
                continue;
            executeItem(item);
            continue;
        }
        if (m_mode != Mode::Interactive) {
            finish(m_status);
            return;
        }
        if (m_tty) {
            if (m_needPrompt)
                termWrite(prompt());
            m_needPrompt = false;
            return;
        }
        const auto nl = m_inbuf.find('\n');
        if (nl == std::string::npos && !(m_inputClosed && !m_inbuf.empty())) {
            if (m_inputClosed)
                finish(m_status);
            return;
        }
        const std::string line = m_inbuf.substr(0, nl);
        m_inbuf.erase(0, nl == std::string::npos ? nl : nl + 1);
        queueScript(line, ++m_lineNo);
    }
}

int SimShell::Impl::notFound(const std::string &name, Io &io) {
    if (m_mode == Mode::OneShot && !m_capture) {
        io.err += "OCI runtime exec failed: exec failed: unable to start container process: exec: "
                  "\"" +
                  name + "\": executable file not found in $PATH: unknown\n";
        return 126;
    }
    io.err +=
        errPrefix() + name + (m_bash && !m_capture ? ": command not found\n" : ": not found\n");
    return 127;
}

int SimShell::Impl::run(const std::vector<std::string> &argv, Io &io) {
    const std::string name = commandName(argv[0]);
    const std::vector<std::string> a(argv.begin() + 1, argv.end());
    const bool shell = m_mode != Mode::OneShot || m_capture;
    const bool tty = m_tty && !m_capture;
    const auto line = [&](const std::string &s) {
        io.out += s + "\n";
        return 0;
    };
    if (shell && isShellBuiltin(name)) {
        if (name == "cd")
            return cmdCd(a, io);
        if (name == "exit")
            return cmdExit(a, io);
        if (name == "unset") {
            for (const auto &n : a)
                std::erase_if(m_vars, [&](const Var &v) { return v.name == n; });
            return 0;
        }
        if (name == "export") {
            for (const auto &arg : a) {
                const auto eq = arg.find('=');
                setVar(arg.substr(0, eq),
                       eq == std::string::npos ? getVar(arg).value_or("") : arg.substr(eq + 1),
                       true);
            }
            return 0;
        }
        return 0; // ':'
    }
    if (!isCommand(name) || (name == "nvidia-smi" && m_ctx.gpus.empty()))
        return notFound(argv[0], io);
    if (name == "echo")
        return cmdEcho(a, io);
    if (name == "printf")
        return cmdPrintf(a, io);
    if (name == "env" || name == "printenv")
        return cmdEnv(argv, io);
    if (name == "hostname")
        return line(!a.empty() && a[0] == "-i" ? m_ctx.podIP : m_ctx.podName);
    if (name == "pwd")
        return line(m_cwd);
    if (name == "ls")
        return cmdLs(a, io);
    if (name == "cat")
        return cmdCat(a, io);
    if (name == "head" || name == "tail")
        return cmdHeadTail(a, io, name == "head");
    if (name == "wc")
        return cmdWc(a, io);
    if (name == "sleep")
        return cmdSleep(a, io);
    if (name == "true")
        return 0;
    if (name == "false")
        return 1;
    if (name == "whoami")
        return line("root");
    if (name == "id")
        return line("uid=0(root) gid=0(root) groups=0(root)");
    if (name == "uname")
        return cmdUname(a, io);
    if (name == "date")
        return line(timeText(!a.empty() && a.back().size() > 1 && a.back()[0] == '+'
                                 ? a.back().substr(1)
                                 : "%a %b %e %H:%M:%S UTC %Y",
                             wallNow()));
    if (name == "nproc")
        return line(std::to_string(m_ctx.nodeCpus));
    if (name == "uptime")
        return line(" " + timeText("%H:%M:%S", wallNow()) + " " +
                    uptimeText(std::chrono::duration_cast<std::chrono::seconds>(wallNow() -
                                                                                *m_ctx.startedAt)
                                   .count()));
    if (name == "yes") {
        std::string text;
        for (const auto &s : a)
            text += (text.empty() ? "" : " ") + s;
        m_request = Job{};
        m_request->kind = JobKind::Yes;
        m_request->text = a.empty() ? "y" : text;
        return 0;
    }
    if (name == "seq")
        return cmdSeq(a, io);
    if (name == "clear") {
        io.out += "\x1b[H\x1b[2J";
        return 0;
    }
    if (name == "stty") {
        if (!tty) {
            io.err += "stty: 'standard input': Inappropriate ioctl for device\n";
            return 1;
        }
        if (!a.empty() && a[0] == "size")
            return line(format("%d %d", m_rows, m_cols));
        if (a.empty() || a[0] == "-a")
            return line(format("speed 38400 baud; rows %d; columns %d; line = 0;", m_rows, m_cols));
        return 0;
    }
    if (name == "tput") {
        if (a.empty() || (a[0] != "cols" && a[0] != "lines" && a[0] != "clear")) {
            io.err += a.empty() ? "usage: tput [-V] [-S] [-T term] capname\n"
                                : "tput: unknown terminfo capability '" + a[0] + "'\n";
            return a.empty() ? 2 : 4;
        }
        if (a[0] == "clear")
            io.out += "\x1b[H\x1b[2J";
        else
            line(std::to_string(a[0] == "cols" ? m_cols : m_rows));
        return 0;
    }
    if (name == "nvidia-smi") {
        NvidiaSmiRun r = runNvidiaSmi(a, m_ctx.gpus, wallNow());
        io.out += r.out;
        io.err += r.err;
        if (r.loopSeconds && r.exitCode == 0 && !m_capture) {
            m_request = Job{};
            m_request->kind = JobKind::NvLoop;
            m_request->seconds = std::max(0.1, *r.loopSeconds);
            m_request->args = a;
        }
        return r.exitCode;
    }
    if (name == "top")
        return cmdTop(a, io);
    if (name == "watch")
        return cmdWatch(a, io);
    if (name == "which") {
        int status = a.empty() ? 1 : 0;
        for (const auto &n : a)
            isCommand(n) ? (void)line("/usr/bin/" + n) : (void)(status = 1);
        return status;
    }
    // sh/bash/dash as a command inside a shell: only -c is supported
    if (a.size() >= 2 && a[0] == "-c") {
        io.out += runCapture(a[1]);
        return m_captureStatus;
    }
    io.err += name + ": nested interactive shells are not supported in this simulated shell\n";
    return 2;
}

namespace {

std::string backslashEscapes(std::string_view s, bool &stop) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 >= s.size()) {
            out += s[i];
            continue;
        }
        const char c = s[++i];
        const std::string_view from = "ntr\\ae", to = "\n\t\r\\\a\x1b";
        if (const auto k = from.find(c); k != std::string_view::npos)
            out += to[k];
        else if (c == 'c')
            return stop = true, out;
        else
            out += std::string("\\") + c;
    }
    return out;
}

} // namespace

int SimShell::Impl::cmdEcho(const std::vector<std::string> &a, Io &io) {
    bool newline = true, escapes = !m_bash, stop = false;
    std::size_t i = 0;
    for (; i < a.size() && a[i].size() > 1 && a[i][0] == '-' &&
           a[i].find_first_not_of("neE", 1) == std::string::npos;
         ++i)
        for (char c : a[i].substr(1))
            c == 'n' ? newline = false : escapes = c == 'e';
    std::string text;
    for (std::size_t k = i; k < a.size(); ++k)
        text += (k > i ? " " : "") + a[k];
    io.out += escapes ? backslashEscapes(text, stop) : text;
    if (newline && !stop)
        io.out += '\n';
    return 0;
}

int SimShell::Impl::cmdPrintf(const std::vector<std::string> &a, Io &io) {
    if (a.empty()) {
        io.err += "printf: usage: printf format [arguments]\n";
        return 2;
    }
    bool stop = false;
    const std::string f = backslashEscapes(a[0], stop);
    std::size_t next = 1;
    int status = 0;
    do {
        bool consumed = false;
        for (std::size_t i = 0; i < f.size(); ++i) {
            if (f[i] != '%' || i + 1 >= f.size()) {
                io.out += f[i];
                continue;
            }
            std::size_t j = i + 1;
            while (j < f.size() &&
                   std::string_view("-0123456789.").find(f[j]) != std::string_view::npos)
                ++j;
            const char conv = j < f.size() ? f[j] : '%';
            const std::string spec = f.substr(i, j - i);
            i = j;
            if (conv == '%') {
                io.out += '%';
                continue;
            }
            const std::string arg = next < a.size() ? a[next++] : "";
            consumed = true;
            if (conv == 'd' || conv == 'i') {
                const auto v = arg.empty() ? std::optional<long long>(0) : parseInt(arg);
                if (!v) {
                    io.err += "printf: " + arg + ": invalid number\n";
                    status = 1;
                }
                io.out += format((spec + "lld").c_str(), v.value_or(0));
            } else {
                io.out += format((spec + "s").c_str(), arg.c_str());
            }
        }
        if (!consumed)
            break;
    } while (next < a.size());
    return status;
}

int SimShell::Impl::cmdEnv(const std::vector<std::string> &argv, Io &io) {
    std::vector<std::pair<std::string, std::string>> env;
    for (const auto &v : m_vars)
        if (v.exported)
            env.emplace_back(v.name, v.value);
    auto overlay = m_cmdEnv;
    std::size_t i = 1;
    if (argv[0] == "env")
        for (; i < argv.size() && argv[i].find('=') != std::string::npos; ++i)
            overlay.emplace_back(argv[i].substr(0, argv[i].find('=')),
                                 argv[i].substr(argv[i].find('=') + 1));
    for (const auto &assignment : overlay) {
        const std::string &name = assignment.first;
        auto it =
            std::find_if(env.begin(), env.end(), [&](const auto &e) { return e.first == name; });
        it == env.end() ? (void)env.emplace_back(name, assignment.second)
                        : (void)(it->second = assignment.second);
    }
    if (argv[0] == "env" && i < argv.size()) // env [NAME=VALUE]... COMMAND
        return run(std::vector<std::string>(argv.begin() + static_cast<long>(i), argv.end()), io);
    if (argv[0] == "printenv" && argv.size() > 1) {
        int status = 0;
        for (std::size_t k = 1; k < argv.size(); ++k) {
            auto it = std::find_if(env.begin(), env.end(),
                                   [&](const auto &e) { return e.first == argv[k]; });
            it == env.end() ? (void)(status = 1) : (void)(io.out += it->second + "\n");
        }
        return status;
    }
    for (const auto &[name, value] : env) {
        io.out += name;
        io.out += '=';
        io.out += value;
        io.out += '\n';
    }
    return 0;
}

int SimShell::Impl::cmdCd(const std::vector<std::string> &a, Io &io) {
    std::string target = a.empty() ? getVar("HOME").value_or("/root") : a[0];
    if (target == "-")
        target = m_oldCwd.empty() ? m_cwd : m_oldCwd;
    const std::string p = normalize(target);
    if (!isDir(p)) {
        io.err += m_bash ? errPrefix() + "cd: " + target +
                               (isFile(p) ? ": Not a directory\n" : ": No such file or directory\n")
                         : errPrefix() + "cd: can't cd to " + target + "\n";
        return m_bash ? 1 : 2;
    }
    if (!a.empty() && a[0] == "-")
        io.out += p + "\n";
    m_oldCwd = std::exchange(m_cwd, p);
    return 0;
}

int SimShell::Impl::cmdExit(const std::vector<std::string> &a, Io &io) {
    int code = m_status;
    if (!a.empty()) {
        const auto v = parseInt(a[0]);
        if (!v) {
            io.err += m_bash ? errPrefix() + "exit: " + a[0] + ": numeric argument required\n"
                             : errPrefix() + "exit: Illegal number: " + a[0] + "\n";
            if (!m_bash)
                return 2;
            code = 2;
        } else {
            code = static_cast<int>(*v & 255);
        }
    }
    if (m_bash && m_tty && m_mode == Mode::Interactive && !m_capture)
        io.err += "exit\n";
    m_exitRequest = code;
    return code;
}

std::string
SimShell::Impl::lsEntries(const std::vector<std::pair<std::string, std::string>> &entries,
                          bool longFormat, bool total) const {
    std::string out;
    if (longFormat) { // entries: name -> full path
        std::size_t width = 1;
        long long blocks = 0;
        for (const auto &[name, path] : entries) {
            const std::size_t size = isDir(path) ? 4096 : m_files.at(path).size();
            width = std::max(width, std::to_string(size).size());
            blocks += static_cast<long long>((size + 4095) / 4096 * 4);
        }
        if (total)
            out += "total " + std::to_string(blocks) + "\n";
        const std::string when = timeText("%b %e %H:%M", *m_ctx.startedAt);
        for (const auto &[name, path] : entries) {
            const bool dir = isDir(path);
            const std::size_t size = dir ? 4096 : m_files.at(path).size();
            out += format("%s %d root root %*zu %s %s\n", dir ? "drwxr-xr-x" : "-rw-r--r--",
                          dir ? 2 : 1, static_cast<int>(width), size, when.c_str(), name.c_str());
        }
        return out;
    }
    if (!m_tty || m_capture || entries.empty()) {
        for (const auto &e : entries)
            out += e.first + "\n";
        return out;
    }
    // columns, filled top to bottom as GNU ls does on a terminal
    const std::size_t n = entries.size();
    for (std::size_t ncols = n; ncols >= 1; --ncols) {
        const std::size_t nrows = (n + ncols - 1) / ncols, used = (n + nrows - 1) / nrows;
        std::vector<std::size_t> w(used, 0);
        for (std::size_t i = 0; i < n; ++i)
            w[i / nrows] = std::max(w[i / nrows], columnsOf(entries[i].first));
        std::size_t total = 0;
        for (std::size_t c = 0; c < used; ++c)
            total += w[c] + (c + 1 < used ? 2 : 0);
        if (total > static_cast<std::size_t>(m_cols) && ncols > 1)
            continue;
        for (std::size_t r = 0; r < nrows; ++r) {
            std::string row;
            for (std::size_t c = 0; c < used && c * nrows + r < n; ++c) {
                const std::string &name = entries[c * nrows + r].first;
                row += name;
                if ((c + 1) * nrows + r < n)
                    row += std::string(w[c] + 2 - columnsOf(name), ' ');
            }
            out += row + "\n";
        }
        break;
    }
    return out;
}

int SimShell::Impl::cmdLs(const std::vector<std::string> &a, Io &io) {
    bool longFormat = false, all = false, dots = false;
    std::vector<std::string> operands;
    for (const auto &arg : a) {
        if (arg.size() < 2 || arg[0] != '-') {
            operands.push_back(arg);
            continue;
        }
        for (char c : arg.substr(1)) {
            if (c == 'l')
                longFormat = true;
            else if (c == 'a' || c == 'A')
                all = true, dots = c == 'a';
            else if (c != '1' && c != 'h') {
                io.err += std::string("ls: invalid option -- '") + c +
                          "'\nTry 'ls --help' for more information.\n";
                return 2;
            }
        }
    }
    if (operands.empty())
        operands.emplace_back(".");
    int status = 0;
    std::vector<std::pair<std::string, std::string>> files;
    std::vector<std::string> dirs;
    for (const auto &op : operands) {
        const std::string p = normalize(op);
        if (isDir(p))
            dirs.push_back(op);
        else if (isFile(p))
            files.emplace_back(op, p);
        else {
            io.err += "ls: cannot access '" + op + "': No such file or directory\n";
            status = 2;
        }
    }
    std::string out = lsEntries(files, longFormat, false);
    for (const auto &op : dirs) {
        const std::string p = normalize(op);
        std::vector<std::pair<std::string, std::string>> entries;
        if (dots) {
            entries.emplace_back(".", p);
            entries.emplace_back("..", normalize(p + "/.."));
        }
        for (const auto &entry : listDir(p)) {
            const std::string &name = entry.first;
            if (!all && name[0] == '.')
                continue;
            std::string full = p == "/" ? std::string() : p;
            full += '/';
            full += name;
            entries.emplace_back(name, std::move(full));
        }
        if (!out.empty())
            out += "\n";
        if (operands.size() > 1)
            out += op + ":\n";
        out += lsEntries(entries, longFormat, true);
    }
    io.out += out;
    return status;
}

int SimShell::Impl::cmdCat(const std::vector<std::string> &a, Io &io) {
    int status = 0;
    bool any = false;
    for (const auto &arg : a) {
        if (arg.size() > 1 && arg[0] == '-')
            continue;
        any = true;
        const std::string p = normalize(arg);
        if (arg == "-")
            io.out += io.in.value_or("");
        else if (isDir(p))
            io.err += "cat: " + arg + ": Is a directory\n", status = 1;
        else if (isFile(p))
            io.out += m_files[p];
        else
            io.err += "cat: " + arg + ": No such file or directory\n", status = 1;
    }
    if (!any && io.in) {
        io.out += *io.in;
    } else if (!any) {
        m_request = Job{};
        m_request->kind = JobKind::Cat;
    }
    return status;
}

int SimShell::Impl::cmdHeadTail(const std::vector<std::string> &a, Io &io, bool head) {
    const std::string name = head ? "head" : "tail";
    long long count = 10;
    std::vector<std::string> files;
    for (std::size_t i = 0; i < a.size(); ++i) {
        std::string v;
        if (a[i] == "-n" && i + 1 < a.size())
            v = a[++i];
        else if (startsWith(a[i], "-n"))
            v = a[i].substr(2);
        else if (a[i].size() > 1 && a[i][0] == '-')
            v = a[i].substr(1);
        else {
            files.push_back(a[i]);
            continue;
        }
        const auto n = parseInt(v);
        if (!n || *n < 0) {
            io.err.append(name).append(": invalid number of lines: '").append(v).append("'\n");
            return 1;
        }
        count = *n;
    }
    const auto cut = [&](const std::string &text) {
        auto lines = splitLines(text);
        const std::size_t n = std::min(lines.size(), static_cast<std::size_t>(count));
        const std::size_t from = head ? 0 : lines.size() - n;
        for (std::size_t i = from; i < from + n; ++i)
            io.out += lines[i] + "\n";
    };
    if (files.empty())
        cut(io.in.value_or(""));
    int status = 0;
    for (const auto &f : files) {
        const std::string p = normalize(f);
        if (!isFile(p)) {
            io.err.append(name)
                .append(": cannot open '")
                .append(f)
                .append("' for reading: No such file or directory\n");
            status = 1;
            continue;
        }
        if (files.size() > 1)
            io.out += (&f == &files.front() ? "==> " : "\n==> ") + f + " <==\n";
        cut(m_files[p]);
    }
    return status;
}

int SimShell::Impl::cmdWc(const std::vector<std::string> &a, Io &io) {
    std::string flags;
    std::vector<std::string> files;
    for (const auto &arg : a)
        arg.size() > 1 && arg[0] == '-' ? (void)(flags += arg.substr(1)) : files.push_back(arg);
    if (flags.empty())
        flags = "lwc";
    const auto counts = [&](const std::string &text) {
        long long words = 0;
        bool inWord = false;
        for (char c : text) {
            const bool blank = c == ' ' || c == '\n' || c == '\t' || c == '\r';
            words += !blank && !inWord ? 1 : 0;
            inWord = !blank;
        }
        std::vector<long long> v;
        for (char f : std::string("lwc"))
            if (flags.find(f) != std::string::npos)
                v.push_back(f == 'l'   ? std::count(text.begin(), text.end(), '\n')
                            : f == 'w' ? words
                                       : static_cast<long long>(text.size()));
        return v;
    };
    const auto print = [&](const std::vector<long long> &v, const std::string &label, int width) {
        std::string line;
        for (long long n : v)
            line += (line.empty() ? "" : " ") + format("%*lld", width, n);
        io.out += line + (label.empty() ? "" : " " + label) + "\n";
    };
    if (files.empty()) {
        const auto v = counts(io.in.value_or(""));
        print(v, "", v.size() > 1 ? 7 : 1);
        return 0;
    }
    int status = 0;
    for (const auto &f : files) {
        const std::string p = normalize(f);
        if (!isFile(p)) {
            io.err +=
                "wc: " + f + (isDir(p) ? ": Is a directory\n" : ": No such file or directory\n");
            status = 1;
            continue;
        }
        const auto v = counts(m_files[p]);
        print(v, f, v.size() > 1 ? static_cast<int>(std::to_string(m_files[p].size()).size()) : 1);
    }
    return status;
}

int SimShell::Impl::cmdSleep(const std::vector<std::string> &a, Io &io) {
    if (a.empty()) {
        io.err += "sleep: missing operand\nTry 'sleep --help' for more information.\n";
        return 1;
    }
    double total = 0;
    for (const auto &arg : a) {
        std::string number = arg;
        double unit = 1;
        if (!arg.empty() && std::string_view("smhd").find(arg.back()) != std::string_view::npos &&
            arg != "infinity") {
            unit = arg.back() == 'm'   ? 60
                   : arg.back() == 'h' ? 3600
                   : arg.back() == 'd' ? 86400
                                       : 1;
            number.pop_back();
        }
        const auto v = parseDouble(number);
        if (!v || *v < 0) {
            io.err += "sleep: invalid time interval '" + arg +
                      "'\nTry 'sleep --help' for more information.\n";
            return 1;
        }
        total += *v * unit;
    }
    if (total > 0) {
        m_request = Job{};
        m_request->seconds = total;
    }
    return 0;
}

int SimShell::Impl::cmdUname(const std::vector<std::string> &a, Io &io) {
    const std::string fields[] = {"Linux",
                                  m_ctx.podName,
                                  "5.15.0-105-generic",
                                  "#115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024",
                                  "x86_64",
                                  "x86_64",
                                  "x86_64",
                                  "GNU/Linux"};
    const std::string_view letters = "snrvmpio";
    std::vector<bool> on(8, false);
    for (const auto &arg : a) {
        for (char c : arg.substr(arg.empty() || arg[0] != '-' ? 0 : 1)) {
            const auto k = letters.find(c);
            if (c == 'a')
                on.assign(8, true);
            else if (k != std::string_view::npos && arg[0] == '-')
                on[k] = true;
            else {
                io.err += "uname: invalid option -- '" + std::string(1, c) +
                          "'\nTry 'uname --help' for more information.\n";
                return 1;
            }
        }
    }
    if (std::find(on.begin(), on.end(), true) == on.end())
        on[0] = true;
    std::string out;
    for (std::size_t i = 0; i < 8; ++i)
        if (on[i])
            out += (out.empty() ? "" : " ") + fields[i];
    io.out += out + "\n";
    return 0;
}

int SimShell::Impl::cmdSeq(const std::vector<std::string> &a, Io &io) {
    std::vector<long long> v;
    for (const auto &arg : a) {
        const auto n = parseInt(arg);
        if (!n) {
            io.err += "seq: invalid floating point argument: '" + arg +
                      "'\nTry 'seq --help' for more information.\n";
            return 1;
        }
        v.push_back(*n);
    }
    if (v.empty() || v.size() > 3) {
        io.err +=
            std::string(v.empty() ? "seq: missing operand" : "seq: extra operand '" + a[3] + "'") +
            "\nTry 'seq --help' for more information.\n";
        return 1;
    }
    Job job;
    job.kind = JobKind::Seq;
    job.next = v.size() == 1 ? 1 : v[0];
    job.last = v.back();
    job.step = v.size() == 3 ? v[1] : 1;
    if (job.step == 0) {
        io.err +=
            "seq: invalid Zero increment value: '0'\nTry 'seq --help' for more information.\n";
        return 1;
    }
    const long long count = (job.last - job.next) / job.step + 1;
    if (count <= 4096) { // small: at once
        for (long long i = 0; i < count; ++i)
            io.out += std::to_string(job.next + i * job.step) + "\n";
        return 0;
    }
    m_request = std::move(job);
    return 0;
}

int SimShell::Impl::cmdTop(const std::vector<std::string> &a, Io &io) {
    Job job;
    job.kind = JobKind::Top;
    job.seconds = 1;
    for (std::size_t i = 0; i < a.size(); ++i) {
        std::string opt = a[i], value;
        if ((opt == "-n" || opt == "-d") && i + 1 < a.size())
            value = a[++i];
        else if (opt.size() > 2 && (startsWith(opt, "-n") || startsWith(opt, "-d")))
            value = opt.substr(2), opt = opt.substr(0, 2);
        if (opt == "-b")
            job.batch = true;
        else if (opt == "-n" && parseInt(value) && *parseInt(value) > 0)
            job.remaining = *parseInt(value);
        else if (opt == "-d" && parseDouble(value) && *parseDouble(value) > 0)
            job.seconds = *parseDouble(value);
        else {
            io.err += "top: unknown option '" + a[i] +
                      "'\nUsage:\n  top -hv | -bcEeHiOSs1 -d secs "
                      "-n max -u|U user -p pid(s) -o field -w [cols]\n";
            return 1;
        }
    }
    if (!job.batch && (!m_tty || m_capture)) {
        io.err += "top: failed tty get\n";
        return 1;
    }
    m_request = std::move(job);
    return 0;
}

int SimShell::Impl::cmdWatch(const std::vector<std::string> &a, Io &io) {
    Job job;
    job.kind = JobKind::Watch;
    job.seconds = 2;
    std::size_t i = 0;
    for (; i < a.size() && a[i].size() > 1 && a[i][0] == '-'; ++i) {
        std::string value;
        if (a[i] == "-n" && i + 1 < a.size())
            value = a[++i];
        else if (startsWith(a[i], "-n"))
            value = a[i].substr(2);
        else if (startsWith(a[i], "--interval="))
            value = a[i].substr(11);
        else if (a[i] == "-t" || a[i] == "--no-title") {
            job.batch = true; // no title
            continue;
        } else
            value = "x";
        const auto v = parseDouble(value);
        if (!v) {
            io.err += "watch: failed to parse argument: '" + value + "'\n";
            return 1;
        }
        job.seconds = std::max(0.1, *v);
    }
    if (i >= a.size()) {
        io.err += "\nUsage:\n watch [options] command\n";
        return 1;
    }
    if (!m_tty || m_capture) {
        io.err += "Error opening terminal: unknown.\n";
        return 1;
    }
    for (; i < a.size(); ++i)
        job.text += (job.text.empty() ? "" : " ") + a[i];
    m_request = std::move(job);
    return 0;
}

void SimShell::Impl::arm(Job &job) const {
    job.due.reset();
    job.armPending = !m_anchor;
    if (m_anchor && std::isfinite(job.seconds))
        job.due = m_clock + std::chrono::duration_cast<SteadyTime::duration>(
                                std::chrono::duration<double>(job.seconds));
}

void SimShell::Impl::startJob(Job job) {
    job.pid = m_nextPid++;
    const bool stream = job.kind == JobKind::Yes || job.kind == JobKind::Seq;
    if (stream && job.route.sink == Sink::File) { // the file takes what a reader would
        m_status = runJobNow(job);
        return;
    }
    if (stream && job.route.sink == Sink::Null) {
        if (job.kind == JobKind::Seq) {
            m_status = 0;
            return;
        }
        job.kind = JobKind::Sleep; // `yes > /dev/null`: busy until interrupted
        job.seconds = INFINITY;
    }
    if (job.kind == JobKind::Top && job.batch) {
        const auto lines = topLines();
        std::string frame;
        for (const auto &l : lines)
            frame += l + "\n";
        deliver(frame + "\n", job.route);
        if (--job.remaining == 0) {
            m_status = 0;
            return;
        }
    }
    if (job.kind != JobKind::Cat && job.kind != JobKind::Yes && job.kind != JobKind::Seq)
        arm(job);
    const bool screen = (job.kind == JobKind::Top && !job.batch) || job.kind == JobKind::Watch;
    m_job = std::move(job);
    if (screen) {
        termWrite("\x1b[?1049h\x1b[?25l\x1b[H\x1b[2J");
        redrawJob();
    }
}

void SimShell::Impl::finishJob(int status) {
    m_job.reset();
    m_status = status;
}

void SimShell::Impl::endJob(int status) {
    finishJob(status);
    runQueue();
}

std::string SimShell::Impl::nextChunk(Job &job) const {
    const bool crlf = m_tty && !m_capture && job.route.sink != Sink::File;
    const std::string eol = crlf ? "\r\n" : "\n";
    std::string chunk;
    if (job.kind == JobKind::Yes) {
        const std::string line = job.text + eol;
        while (chunk.size() < 4096)
            chunk += line;
        return chunk;
    }
    for (int i = 0; i < 256 && !job.done; ++i) {
        chunk += std::to_string(job.next) + eol;
        if ((job.step > 0 && job.next > job.last - job.step) ||
            (job.step < 0 && job.next < job.last - job.step))
            job.done = true;
        else
            job.next += job.step;
    }
    return chunk;
}

// A job run to completion at once: inside watch's command or `sh -c` in a shell (no waiting,
// endless producers stop at kMaxCapture), or a producer redirected to a file.
int SimShell::Impl::runJobNow(Job &job) {
    if (job.kind == JobKind::Yes || job.kind == JobKind::Seq) {
        std::string out;
        while (out.size() < kMaxCapture && !job.done)
            out += nextChunk(job);
        out.resize(std::min(out.size(), kMaxCapture));
        deliver(out, job.route);
    } else if (job.kind == JobKind::Top) {
        std::string frame;
        for (const auto &l : topLines())
            frame += l + "\n";
        deliver(frame, job.route);
    }
    return 0;
}

void SimShell::Impl::interrupt() {
    termWrite(m_mode == Mode::Interactive ? "^C\n" : "^C");
    m_queue.clear();
    if (m_mode == Mode::Script) // the shell gets the SIGINT too
        finish(130);
    else
        endJob(130);
}

void SimShell::Impl::quitScreen() {
    termWrite("\x1b[?25h\x1b[?1049l");
    endJob(0);
}

std::vector<std::string> SimShell::Impl::topLines() const {
    const SysTime now = wallNow();
    const double up = std::chrono::duration<double>(now - *m_ctx.startedAt).count();
    struct Proc {
        int pid;
        long long virt, res, shr;
        char state;
        double cpu, mem, seconds;
        std::string command;
    };
    std::string main = m_ctx.mainCommand.substr(0, m_ctx.mainCommand.find(' '));
    main = main.substr(main.rfind('/') + 1);
    const bool idle = main == "sleep" || main == "pause";
    const auto total = static_cast<double>(m_ctx.nodeMemoryMiB);
    std::vector<Proc> procs = {{1, idle ? 2792 : 8312456, idle ? 1024 : 2461184,
                                idle ? 896 : 301256, 'S', idle ? 0.0 : 101.3,
                                idle ? 0.0 : 2461184 / 1024.0 / total * 100,
                                idle ? 0.01 : up * 0.95, main}};
    if (m_mode != Mode::OneShot)
        procs.push_back({m_shellPid, 4628, 3840, 3328, 'S', 0.0, 3840 / 1024.0 / total * 100, 0.01,
                         m_bash ? "bash" : "sh"});
    procs.push_back({m_job ? m_job->pid : m_nextPid, 7184, 3456, 2944, 'R', 0.3,
                     3456 / 1024.0 / total * 100, 0.02, "top"});
    const double used = total * 0.06, cache = total * 0.12;
    std::vector<std::string> lines = {
        "top - " + timeText("%H:%M:%S", now) + " " + uptimeText(static_cast<long long>(up)),
        format("Tasks: %3zu total, %3d running, %3zu sleeping, %3d stopped, %3d zombie",
               procs.size(), 1, procs.size() - 1, 0, 0),
        format("%%Cpu(s): %4.1f us, %4.1f sy, %4.1f ni, %4.1f id, %4.1f wa, %4.1f hi, %4.1f si, "
               "%4.1f st",
               idle ? 0.1 : 6.3, 0.2, 0.0, idle ? 99.7 : 93.4, 0.0, 0.0, 0.0, 0.0),
        format("MiB Mem : %8.1f total, %8.1f free, %8.1f used, %8.1f buff/cache", total,
               total - used - cache, used, cache),
        format("MiB Swap: %8.1f total, %8.1f free, %8.1f used. %8.1f avail Mem", 0.0, 0.0, 0.0,
               total - used),
        "",
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND"};
    for (const auto &p : procs) {
        const auto cs = static_cast<long long>(p.seconds * 100);
        lines.push_back(
            format("%7d %-8s %3s %3d %7lld %6lld %6lld %c %5.1f %5.1f %9s %s", p.pid, "root", "20",
                   0, p.virt, p.res, p.shr, p.state, p.cpu, p.mem,
                   format("%lld:%02lld.%02lld", cs / 6000, cs / 100 % 60, cs % 100).c_str(),
                   p.command.c_str()));
    }
    return lines;
}

std::vector<std::string> SimShell::Impl::watchLines() {
    std::vector<std::string> lines;
    if (!m_job->batch) {
        const std::string left = format("Every %.1fs: ", m_job->seconds) + m_job->text;
        const std::string right =
            m_ctx.podName + ": " + timeText("%a %b %e %H:%M:%S %Y", wallNow());
        const auto cols = static_cast<std::size_t>(m_cols);
        const std::size_t room = cols > right.size() + 1 ? cols - right.size() - 1 : 0;
        if (room == 0)
            lines.push_back(left);
        else
            lines.push_back(cutColumns(left, room) +
                            std::string(room + 1 - std::min(room, columnsOf(left)), ' ') + right);
        lines.emplace_back();
    }
    for (const auto &l : splitLines(runCapture(m_job->text)))
        lines.push_back(expandTabs(l));
    return lines;
}

void SimShell::Impl::drawScreen(const std::vector<std::string> &lines) {
    std::string s = "\x1b[H";
    for (std::size_t r = 0; r < static_cast<std::size_t>(m_rows); ++r) {
        if (r < lines.size())
            s += cutColumns(lines[r], static_cast<std::size_t>(m_cols));
        s += "\x1b[K";
        if (r + 1 < static_cast<std::size_t>(m_rows))
            s += "\n";
    }
    termWrite(s);
}

void SimShell::Impl::redrawJob() {
    if (!m_job)
        return;
    if (m_job->kind == JobKind::Top && !m_job->batch)
        drawScreen(topLines());
    else if (m_job->kind == JobKind::Watch)
        drawScreen(watchLines());
}

void SimShell::Impl::drive() {
    if (m_tty)
        processTty();
    else
        runQueue();
    if (m_tty && m_inputClosed && m_inbuf.empty() && !m_finished) {
        if (m_job && m_job->kind == JobKind::Cat)
            endJob(0);
        if (!m_job && m_mode == Mode::Interactive)
            finish(m_status);
    }
}

// Terminal input: keys for the running job (Ctrl-C, q), the line editor at the prompt, and
// type-ahead that waits until the job ends.
void SimShell::Impl::processTty() {
    if (m_inTty)
        return;
    m_inTty = true;
    std::size_t i = 0;
    while (i < m_inbuf.size() && !m_finished) {
        if (m_job) {
            const JobKind k = m_job->kind;
            if (k == JobKind::Top || k == JobKind::Watch) {
                const char c = m_inbuf[i++];
                if (c == '\x03' || (c == 'q' && k == JobKind::Top))
                    quitScreen();
            } else if (k == JobKind::Cat) {
                catKey(static_cast<unsigned char>(m_inbuf[i++]));
            } else {
                const auto p = m_inbuf.find('\x03', i);
                if (p == std::string::npos)
                    break;
                i = p + 1; // the terminal drops the type-ahead on an interrupt
                interrupt();
            }
            continue;
        }
        if (m_mode != Mode::Interactive) {
            i = m_inbuf.size();
            break;
        }
        editByte(static_cast<unsigned char>(m_inbuf[i++]));
    }
    m_inbuf.erase(0, i);
    m_inTty = false;
}

void SimShell::Impl::catKey(unsigned char c) {
    std::string &line = m_job->line;
    const bool wasCR = std::exchange(m_lastCR, c == '\r');
    if (c == 0x03) {
        interrupt();
    } else if (c == 0x04) {
        if (line.empty())
            endJob(0);
        else
            deliver(std::exchange(line, {}), m_job->route);
    } else if (c == '\r' || c == '\n') {
        if (c == '\n' && wasCR)
            return;
        termWrite("\n");
        deliver(std::exchange(line, {}) + "\n", m_job->route);
    } else if (c == 0x7f || c == 0x08) {
        if (line.empty())
            return;
        while (!line.empty() && isContinuation(static_cast<unsigned char>(line.back())))
            line.pop_back();
        if (!line.empty())
            line.pop_back();
        termWrite("\b \b");
    } else if (c >= 0x20) {
        line += static_cast<char>(c);
        termWrite(std::string(1, static_cast<char>(c)));
    }
}

void SimShell::Impl::editByte(unsigned char c) {
    const bool wasCR = std::exchange(m_lastCR, false);
    if (!m_esc.empty()) {
        escByte(c);
        return;
    }
    if (c >= 0x80) { // UTF-8: insert whole code points
        if (!isContinuation(c)) {
            m_utf8 = std::string(1, static_cast<char>(c));
            m_utf8Len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
        } else if (!m_utf8.empty()) {
            m_utf8 += static_cast<char>(c);
        }
        if (!m_utf8.empty() && m_utf8.size() >= m_utf8Len)
            insertText(std::exchange(m_utf8, {}));
        return;
    }
    m_utf8.clear();
    const auto prevStart = [&](std::size_t at) {
        while (at > 0 && isContinuation(static_cast<unsigned char>(m_line[--at]))) {
        }
        return at;
    };
    switch (c) {
    case '\r':
        m_lastCR = true;
        submit();
        break;
    case '\n':
        if (!wasCR)
            submit();
        break;
    case 0x7f:
    case 0x08:
        backspace();
        break;
    case 0x03: // Ctrl-C
        termWrite("^C\n");
        m_line.clear();
        m_cursor = 0;
        m_histPos = m_history.size();
        m_status = 130;
        m_needPrompt = true;
        runQueue();
        break;
    case 0x04: // Ctrl-D
        if (!m_line.empty()) {
            deleteAt();
            break;
        }
        termWrite(m_bash ? "exit\n" : "\n");
        finish(m_status);
        break;
    case 0x15: // Ctrl-U
        m_line.erase(0, m_cursor);
        m_cursor = 0;
        redrawLine();
        break;
    case 0x0b: // Ctrl-K
        m_line.erase(m_cursor);
        termWrite("\x1b[K");
        break;
    case 0x01: // Ctrl-A
        termWrite(back(columnsOf(std::string_view(m_line).substr(0, m_cursor))));
        m_cursor = 0;
        break;
    case 0x05: // Ctrl-E
        termWrite(m_line.substr(m_cursor));
        m_cursor = m_line.size();
        break;
    case 0x17: { // Ctrl-W
        std::size_t start = m_cursor;
        while (start > 0 && m_line[start - 1] == ' ')
            --start;
        while (start > 0 && m_line[start - 1] != ' ')
            start = prevStart(start);
        m_line.erase(start, m_cursor - start);
        m_cursor = start;
        redrawLine();
        break;
    }
    case 0x1b:
        m_esc = "\x1b";
        break;
    default:
        if (c >= 0x20)
            insertText(std::string(1, static_cast<char>(c)));
    }
}

void SimShell::Impl::escByte(unsigned char c) {
    if (m_esc.size() == 1) {
        m_esc = c == '[' || c == 'O' ? m_esc + static_cast<char>(c) : c == 0x1b ? "\x1b" : "";
        return;
    }
    if (m_esc[1] == '[' && (c < 0x40 || c > 0x7e)) { // CSI parameters
        m_esc += static_cast<char>(c);
        if (m_esc.size() > 32)
            m_esc.clear();
        return;
    }
    const std::string params = m_esc.substr(2);
    m_esc.clear();
    std::size_t next = m_cursor;
    if (c == 'A' || c == 'B') { // history
        if (c == 'A' && m_histPos > 0) {
            if (m_histPos == m_history.size())
                m_draft = m_line;
            setLine(m_history[--m_histPos]);
        } else if (c == 'B' && m_histPos < m_history.size()) {
            ++m_histPos;
            setLine(m_histPos == m_history.size() ? m_draft : m_history[m_histPos]);
        }
    } else if (c == 'C' && m_cursor < m_line.size()) {
        while (++next < m_line.size() && isContinuation(static_cast<unsigned char>(m_line[next]))) {
        }
        termWrite(m_line.substr(m_cursor, next - m_cursor));
        m_cursor = next;
    } else if (c == 'D' && m_cursor > 0) {
        while (next > 0 && isContinuation(static_cast<unsigned char>(m_line[--next]))) {
        }
        termWrite("\b");
        m_cursor = next;
    } else if (c == 'H' || (c == '~' && (params == "1" || params == "7"))) {
        editByte(0x01);
    } else if (c == 'F' || (c == '~' && (params == "4" || params == "8"))) {
        editByte(0x05);
    } else if (c == '~' && params == "3") {
        deleteAt();
    }
}

void SimShell::Impl::insertText(const std::string &t) {
    m_line.insert(m_cursor, t);
    m_cursor += t.size();
    const std::string tail = m_line.substr(m_cursor);
    termWrite(t + tail + back(columnsOf(tail)));
}

void SimShell::Impl::backspace() {
    if (m_cursor == 0)
        return;
    std::size_t start = m_cursor;
    while (start > 0 && isContinuation(static_cast<unsigned char>(m_line[--start]))) {
    }
    m_line.erase(start, m_cursor - start);
    m_cursor = start;
    const std::string tail = m_line.substr(m_cursor);
    termWrite(tail.empty() ? "\b \b" : "\b" + tail + " " + back(columnsOf(tail) + 1));
}

void SimShell::Impl::deleteAt() {
    if (m_cursor >= m_line.size())
        return;
    std::size_t end = m_cursor + 1;
    while (end < m_line.size() && isContinuation(static_cast<unsigned char>(m_line[end])))
        ++end;
    m_line.erase(m_cursor, end - m_cursor);
    const std::string tail = m_line.substr(m_cursor);
    termWrite(tail + " " + back(columnsOf(tail) + 1));
}

void SimShell::Impl::redrawLine() {
    termWrite("\r" + prompt() + m_line + "\x1b[K" +
              back(columnsOf(std::string_view(m_line).substr(m_cursor))));
}

void SimShell::Impl::setLine(std::string line) {
    m_line = std::move(line);
    m_cursor = m_line.size();
    redrawLine();
}

void SimShell::Impl::submit() {
    termWrite("\n");
    const std::string line = std::exchange(m_line, {});
    m_cursor = 0;
    if (!line.empty() && line[0] != ' ' && (m_history.empty() || m_history.back() != line))
        m_history.push_back(line);
    m_histPos = m_history.size();
    m_draft.clear();
    m_needPrompt = true;
    queueScript(line, ++m_lineNo);
    runQueue();
}

void SimShell::Impl::input(std::string_view bytes) {
    if (m_finished)
        return;
    m_inbuf += bytes;
    drive();
}

void SimShell::Impl::closeInput() {
    m_inputClosed = true;
    if (!m_finished)
        drive();
}

void SimShell::Impl::resize(int cols, int rows) {
    m_cols = cols > 0 ? cols : 80;
    m_rows = rows > 0 ? rows : 24;
    if (!m_finished)
        redrawJob();
}

void SimShell::Impl::advance(SteadyTime now) {
    if (m_finished)
        return;
    if (!m_anchor) {
        m_anchor = now;
        m_clock = now;
        if (m_job && m_job->armPending)
            arm(*m_job);
    }
    const SteadyTime target = std::max(now, m_clock);
    while (m_job && !m_finished && m_job->due && *m_job->due <= target) {
        if (m_job->kind == JobKind::Sleep) {
            m_clock = std::max(m_clock, *m_job->due); // what follows starts when the sleep ended
            endJob(0);
            continue;
        }
        m_clock = target;
        if (m_job->kind == JobKind::NvLoop) {
            deliver(runNvidiaSmi(m_job->args, m_ctx.gpus, wallNow()).out, m_job->route);
        } else if (m_job->kind == JobKind::Top && m_job->batch) {
            std::string frame;
            for (const auto &l : topLines())
                frame += l + "\n";
            deliver(frame + "\n", m_job->route);
            if (--m_job->remaining == 0) {
                endJob(0);
                continue;
            }
        } else {
            redrawJob();
        }
        arm(*m_job);
    }
    m_clock = target;
    if (producing())
        pump(kDefaultPumpBudget);
    drive();
}

std::optional<SimShell::SteadyTime> SimShell::Impl::nextWake() const {
    if (m_finished || !m_job)
        return std::nullopt;
    if (m_job->armPending)
        return SteadyTime{};
    return m_job->due;
}

void SimShell::Impl::pump(std::size_t budget) {
    if (!producing())
        return;
    std::string &buf = m_job->route.sink == Sink::Err && !m_tty ? m_err : m_out;
    std::size_t n =
        std::min(budget, buf.size() >= kMaxPendingOutput ? 0 : kMaxPendingOutput - buf.size());
    while (n > 0) {
        if (m_job->carry.empty())
            m_job->carry = nextChunk(*m_job);
        const std::size_t take = std::min(n, m_job->carry.size());
        buf.append(m_job->carry, 0, take);
        m_job->carry.erase(0, take);
        n -= take;
        if (m_job->carry.empty() && m_job->done) {
            endJob(0);
            if (m_tty)
                processTty();
            return;
        }
    }
}

bool SimShell::Impl::producing() const {
    return !m_finished && m_job && (m_job->kind == JobKind::Yes || m_job->kind == JobKind::Seq);
}

SimShell::SimShell(SimShellContext context, std::vector<std::string> command, bool tty, int cols,
                   int rows)
    : m_impl(std::make_unique<Impl>(std::move(context), std::move(command), tty, cols, rows)) {}
SimShell::~SimShell() = default;
SimShell::SimShell(SimShell &&) noexcept = default;
SimShell &SimShell::operator=(SimShell &&) noexcept = default;

void SimShell::input(std::string_view bytes) {
    m_impl->input(bytes);
}
void SimShell::closeInput() {
    m_impl->closeInput();
}
void SimShell::resize(int cols, int rows) {
    m_impl->resize(cols, rows);
}
void SimShell::advance(SteadyTime now) {
    m_impl->advance(now);
}
std::optional<SimShell::SteadyTime> SimShell::nextWake() const {
    return m_impl->nextWake();
}
void SimShell::pump(std::size_t budget) {
    m_impl->pump(budget);
}
bool SimShell::producing() const {
    return m_impl->producing();
}
std::string SimShell::takeStdout() {
    return std::exchange(m_impl->m_out, {});
}
std::string SimShell::takeStderr() {
    return std::exchange(m_impl->m_err, {});
}
bool SimShell::finished() const {
    return m_impl->m_finished;
}
int SimShell::exitCode() const {
    return m_impl->m_exit;
}

} // namespace cubedesk::sim
