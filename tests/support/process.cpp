#include "tests/support/process.h"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sys/wait.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

extern char **environ;

namespace cubedesk::test {

Process::Process(std::vector<std::string> argv, std::map<std::string, std::string> env,
                 std::optional<std::string> input) {
    int outPipe[2];
    int errPipe[2];
    int inPipe[2] = {-1, -1};
    if (pipe(outPipe) != 0 || pipe(errPipe) != 0 || (input && pipe(inPipe) != 0))
        return;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1);
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);
    posix_spawn_file_actions_addclose(&actions, outPipe[0]);
    posix_spawn_file_actions_addclose(&actions, errPipe[0]);
    if (input) {
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0);
        posix_spawn_file_actions_addclose(&actions, inPipe[1]);
    } else {
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    }

    std::map<std::string, std::string> merged;
    for (char **e = environ; *e != nullptr; ++e) {
        const std::string kv(*e);
        const auto eq = kv.find('=');
        if (eq != std::string::npos)
            merged[kv.substr(0, eq)] = kv.substr(eq + 1);
    }
    for (auto &[k, v] : env)
        merged[k] = v;
    // Sanitizer runtimes must not leak into the child processes we only observe (kubectl).
    merged.erase("LD_PRELOAD");
    std::vector<std::string> envStrings;
    for (auto &[k, v] : merged)
        envStrings.push_back(k + '=' + v);
    std::vector<char *> envp;
    for (auto &s : envStrings)
        envp.push_back(s.data());
    envp.push_back(nullptr);
    std::vector<char *> args;
    for (auto &a : argv)
        args.push_back(a.data());
    args.push_back(nullptr);

    pid_t pid = -1;
    const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    close(outPipe[1]);
    close(errPipe[1]);
    if (input) {
        // A child that exits before reading all of it must not end the test with SIGPIPE.
        signal(SIGPIPE, SIG_IGN);
        close(inPipe[0]);
        const int in = inPipe[1];
        if (rc != 0) {
            close(in);
        } else {
            m_writer = std::thread([in, text = std::move(*input)] {
                std::size_t done = 0;
                while (done < text.size()) {
                    const ssize_t n = write(in, text.data() + done, text.size() - done);
                    if (n <= 0)
                        break;
                    done += static_cast<std::size_t>(n);
                }
                close(in);
            });
        }
    }
    m_outFd = outPipe[0];
    m_errFd = errPipe[0];
    if (rc != 0) {
        m_err = std::string("cannot start ") + argv[0] + ": " + std::strerror(rc);
        close(m_outFd);
        close(m_errFd);
        m_outFd = m_errFd = -1;
        return;
    }
    m_pid = pid;
    m_reader = std::thread([this] {
        pollfd fds[2] = {{m_outFd, POLLIN, 0}, {m_errFd, POLLIN, 0}};
        int open = 2;
        char buf[65536];
        while (open > 0) {
            if (poll(fds, 2, 200) < 0)
                break;
            for (int i = 0; i < 2; ++i) {
                if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0)
                    continue;
                const ssize_t n = read(fds[i].fd, buf, sizeof buf);
                if (n <= 0) {
                    close(fds[i].fd);
                    fds[i].fd = -1;
                    --open;
                    continue;
                }
                std::lock_guard lock(m_mutex);
                (i == 0 ? m_out : m_err).append(buf, static_cast<std::size_t>(n));
            }
        }
    });
}

Process::~Process() {
    terminate();
}

bool Process::waitForOutput(const std::string &text, std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (std::chrono::steady_clock::now() < deadline) {
        {
            std::lock_guard lock(m_mutex);
            if (m_out.find(text) != std::string::npos)
                return true;
        }
        reap(WNOHANG);
        if (m_reaped) {
            // Give the reader a moment to drain what the process wrote before exiting.
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            std::lock_guard lock(m_mutex);
            return m_out.find(text) != std::string::npos;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return false;
}

std::string Process::out() const {
    std::lock_guard lock(m_mutex);
    return m_out;
}

std::string Process::err() const {
    std::lock_guard lock(m_mutex);
    return m_err;
}

void Process::reap(int options) {
    if (m_pid <= 0 || m_reaped)
        return;
    int status = 0;
    const pid_t r = waitpid(m_pid, &status, options);
    if (r == m_pid) {
        m_reaped = true;
        m_status = status;
    }
}

Process::Result Process::wait(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!m_reaped && m_pid > 0 && std::chrono::steady_clock::now() < deadline) {
        reap(WNOHANG);
        if (!m_reaped)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    if (!m_reaped && m_pid > 0) {
        kill(m_pid, SIGKILL);
        reap(0);
        m_status = -1;
    }
    if (m_reader.joinable())
        m_reader.join();
    if (m_writer.joinable())
        m_writer.join(); // the child is gone: its stdin's writes fail and the thread ends
    Result r;
    r.exitCode = (m_status != -1 && WIFEXITED(m_status)) ? WEXITSTATUS(m_status) : -1;
    r.out = out();
    r.err = err();
    return r;
}

Process::Result Process::terminate() {
    if (m_pid > 0 && !m_reaped) {
        kill(m_pid, SIGTERM);
        return wait(std::chrono::seconds(10));
    }
    return wait(std::chrono::milliseconds(0));
}

Process::Result Process::run(std::vector<std::string> argv, std::chrono::milliseconds timeout,
                             std::map<std::string, std::string> env,
                             std::optional<std::string> input) {
    Process p(std::move(argv), std::move(env), std::move(input));
    if (!p.started()) {
        Result r;
        r.err = p.err();
        return r;
    }
    return p.wait(timeout);
}

TempDir::TempDir() {
    const char *base = std::getenv("TMPDIR");
    std::string tmpl = std::string(base != nullptr ? base : "/tmp") + "/cubedesk-test-XXXXXX";
    if (mkdtemp(tmpl.data()) == nullptr)
        std::abort();
    m_path = tmpl;
}

TempDir::~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(m_path, ec);
}

} // namespace cubedesk::test
