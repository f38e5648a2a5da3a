#include "k8s/sim/prometheusprocess.h"

#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <netinet/in.h>
#include <sstream>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <httplib.h>
#include <unistd.h>

#ifdef __linux__
#include <sys/prctl.h>
#endif

namespace cubedesk::sim {

namespace {

/// A free loopback port (the kernel's choice; released for Prometheus to bind).
int freePort() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int port = -1;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&address), sizeof address) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    ::close(fd);
    return port;
}

bool writeAtomically(const std::string &path, const std::string &text) {
    const std::string temporary = path + ".tmp";
    {
        std::ofstream out(temporary, std::ios::trunc);
        out << text;
        if (!out)
            return false;
    }
    return std::rename(temporary.c_str(), path.c_str()) == 0;
}

std::string seconds(std::chrono::seconds s) {
    return std::to_string(s.count()) + "s";
}

} // namespace

PrometheusProcess::PrometheusProcess(Options options)
    : m_options(std::move(options)) {}

PrometheusProcess::~PrometheusProcess() {
    stop();
}

std::optional<std::string> PrometheusProcess::findBinary(const std::string &name) {
    const auto executable = [](const std::string &path) {
        struct stat st {};
        return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
               ::access(path.c_str(), X_OK) == 0;
    };
    if (name.find('/') != std::string::npos)
        return executable(name) ? std::optional<std::string>(name) : std::nullopt;
    const char *path = std::getenv("PATH");
    std::stringstream dirs(path ? path : "/usr/local/bin:/usr/bin:/bin");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        if (dir.empty())
            continue;
        std::string candidate = dir;
        candidate += '/';
        candidate += name;
        if (executable(candidate))
            return candidate;
    }
    return std::nullopt;
}

pid_t PrometheusProcess::spawn(std::vector<std::string> args, const std::string &logPath) {
    std::vector<char *> argv;
    argv.reserve(args.size() + 1);
    for (auto &a : args)
        argv.push_back(a.data());
    argv.push_back(nullptr);
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid != 0)
        return pid;
        // The child: only async-signal-safe calls until exec.
#ifdef __linux__
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent)
        ::_exit(127);
#endif
    const int log = ::open(logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int null = ::open("/dev/null", O_RDONLY);
    if (log >= 0) {
        ::dup2(log, STDOUT_FILENO);
        ::dup2(log, STDERR_FILENO);
    }
    if (null >= 0)
        ::dup2(null, STDIN_FILENO);
    ::execv(argv[0], argv.data());
    ::_exit(127);
}

std::optional<std::string> PrometheusProcess::backfill(const HistoryWriter &history,
                                                       const std::string &into) {
    const auto promtool = findBinary(m_options.promtool);
    if (!promtool)
        return "no '" + m_options.promtool + "' executable found (Debian package: prometheus)";
    const std::string file = m_dir + "/history.om";
    {
        std::ofstream out(file, std::ios::trunc);
        if (!history(out) || !out.flush())
            return "the history could not be written to " + file;
    }
    const std::string log = m_dir + "/promtool.log";
    const pid_t pid =
        spawn({*promtool, "tsdb", "create-blocks-from", "openmetrics", "--quiet", file, into}, log);
    std::optional<std::string> error;
    int status = 0;
    if (pid < 0)
        error = std::string("cannot run promtool: ") + std::strerror(errno);
    else if (::waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::ifstream in(log);
        std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        if (text.size() > 400)
            text = "..." + text.substr(text.size() - 400);
        error = "promtool failed: " + text;
    }
    std::error_code ignored;
    std::filesystem::remove(file, ignored);
    return error;
}

std::optional<std::string> PrometheusProcess::start(const nlohmann::json &targets,
                                                    const HistoryWriter &history) {
    if (m_pid > 0)
        return std::nullopt;
    const auto binary = findBinary(m_options.binary);
    if (!binary)
        return "no '" + m_options.binary +
               "' executable found (Debian package: prometheus); running without Prometheus";
    std::string pattern = (std::filesystem::temp_directory_path() / "cubedesk-prometheus-XXXXXX");
    if (::mkdtemp(pattern.data()) == nullptr)
        return std::string("cannot create a folder for Prometheus: ") + std::strerror(errno);
    m_dir = pattern;
    m_port = freePort();
    if (m_port < 0)
        return std::string("no free loopback port for Prometheus");
    const std::string targetsFile = m_dir + "/dcgm-exporter-targets.json";
    const auto interval = std::max(std::chrono::seconds(1), m_options.scrapeInterval);
    const std::string config =
        "# Written by CubeDesk for a simulated cluster: the job prometheus-operator generates\n"
        "# for the platform's ServiceMonitor monitoring/dcgm-exporter.\n"
        "global:\n"
        "  scrape_interval: " +
        seconds(interval) +
        "\n  scrape_timeout: " + seconds(std::min(interval, std::chrono::seconds(10))) +
        "\n  evaluation_interval: " + seconds(interval) +
        "\n"
        "scrape_configs:\n"
        "  - job_name: serviceMonitor/monitoring/dcgm-exporter/0\n"
        "    honor_labels: false\n"
        "    file_sd_configs:\n"
        "      - files: ['" +
        targetsFile + "']\n        refresh_interval: 5s\n";
    if (!writeAtomically(targetsFile, targets.dump(2)) ||
        !writeAtomically(m_dir + "/prometheus.yml", config))
        return "cannot write Prometheus's configuration in " + m_dir;

    std::vector<std::string> args = {*binary,
                                     "--config.file=" + m_dir + "/prometheus.yml",
                                     "--storage.tsdb.path=" + m_dir + "/data",
                                     "--storage.tsdb.retention.time=2d",
                                     "--web.listen-address=127.0.0.1:" + std::to_string(m_port),
                                     "--log.level=warn"};
    if (history) {
        if (auto why = backfill(history, m_dir + "/data"))
            m_historyError = "Prometheus starts without history: " + *why;
    }
    const pid_t pid = spawn(args, m_dir + "/prometheus.log");
    if (pid < 0)
        return std::string("cannot start Prometheus: ") + std::strerror(errno);
    m_pid = pid;

    // Ready when /-/ready answers 200.
    httplib::Client client("127.0.0.1", m_port);
    client.set_connection_timeout(1);
    client.set_read_timeout(2);
    const auto deadline = std::chrono::steady_clock::now() + m_options.readyTimeout;
    while (std::chrono::steady_clock::now() < deadline) {
        int status = 0;
        if (::waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1;
            return "Prometheus exited at start (" +
                   (WIFEXITED(status) ? "status " + std::to_string(WEXITSTATUS(status))
                                      : std::string("killed")) +
                   "): " + tailOfLog();
        }
        if (auto r = client.Get("/-/ready"); r && r->status == 200)
            return std::nullopt;
        std::this_thread::sleep_for(std::chrono::milliseconds(50)); // polling its readiness
    }
    const std::string log = tailOfLog();
    stop();
    return "Prometheus was not ready within " + seconds(m_options.readyTimeout) + ": " + log;
}

std::optional<std::string> PrometheusProcess::addHistory(const HistoryWriter &history) {
    if (m_pid <= 0)
        return std::string("Prometheus is not running");
    const std::string blocks = m_dir + "/history-blocks";
    std::error_code error;
    std::filesystem::remove_all(blocks, error);
    if (auto why = backfill(history, blocks))
        return why;
    // Moved, not copied, into the storage (one file system): each block appears whole.
    for (const auto &block : std::filesystem::directory_iterator(blocks, error)) {
        std::filesystem::rename(block.path(), m_dir + "/data/" + block.path().filename().string(),
                                error);
        if (error)
            return "cannot move " + block.path().string() + " into the storage: " + error.message();
    }
    std::filesystem::remove_all(blocks, error);
    return std::nullopt;
}

void PrometheusProcess::updateTargets(const nlohmann::json &targets) {
    if (!m_dir.empty())
        writeAtomically(m_dir + "/dcgm-exporter-targets.json", targets.dump(2));
}

void PrometheusProcess::stop() {
    if (m_pid > 0) {
        ::kill(m_pid, SIGTERM);
        int status = 0;
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        while (::waitpid(m_pid, &status, WNOHANG) == 0) {
            if (std::chrono::steady_clock::now() > deadline) {
                ::kill(m_pid, SIGKILL);
                ::waitpid(m_pid, &status, 0);
                break;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        m_pid = -1;
    }
    if (!m_dir.empty()) {
        std::error_code ignored;
        std::filesystem::remove_all(m_dir, ignored);
        m_dir.clear();
    }
}

std::string PrometheusProcess::url() const {
    return "http://127.0.0.1:" + std::to_string(m_port);
}

std::string PrometheusProcess::tailOfLog() const {
    std::ifstream in(m_dir + "/prometheus.log");
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (text.size() > 600)
        text = "..." + text.substr(text.size() - 600);
    while (!text.empty() && text.back() == '\n')
        text.pop_back();
    return text.empty() ? std::string("(no output)") : text;
}

} // namespace cubedesk::sim
