#include "tests/support/simprocess.h"

#include <filesystem>

namespace cubedesk::test {

std::string SimProcess::binary() {
    return CUBEDESK_SIM_BINARY;
}

std::string SimProcess::appBinary() {
    return CUBEDESK_APP_BINARY;
}

SimProcess::SimProcess(std::vector<std::string> flags) {
    m_kubeconfig = m_dir.file("kubeconfig");
    std::vector<std::string> argv = {binary(), "--listen", "127.0.0.1:0", "--write-kubeconfig",
                                     m_kubeconfig};
    argv.insert(argv.end(), flags.begin(), flags.end());
    if (!std::filesystem::exists(argv[0])) {
        m_error = "cubedesk-sim binary not found at " + argv[0];
        return;
    }
    m_process = std::make_unique<Process>(argv);
    if (!m_process->started()) {
        m_error = m_process->err();
        return;
    }
    // A 150,000-pod scale scenario takes 40-70 s to generate on one CPU of this machine.
    if (!m_process->waitForOutput("listening on ", std::chrono::seconds(240))) {
        m_error = "cubedesk-sim did not say 'listening on' within 240 s: " + m_process->err();
        return;
    }
    const std::string out = m_process->out();
    const auto pos = out.find("listening on ");
    m_url = out.substr(pos + 13, out.find('\n', pos) - pos - 13);
    m_ready = true;
}

SimProcess::~SimProcess() {
    if (m_process)
        m_process->terminate();
}

std::vector<std::string> SimProcess::kubectlArgs(std::vector<std::string> args) const {
    std::vector<std::string> argv = {"kubectl", "--kubeconfig", m_kubeconfig, "--cache-dir",
                                     m_dir.file("kubectl-cache")};
    argv.insert(argv.end(), args.begin(), args.end());
    return argv;
}

Process::Result SimProcess::kubectl(std::vector<std::string> args,
                                    std::chrono::milliseconds timeout,
                                    std::optional<std::string> input) const {
    return Process::run(kubectlArgs(std::move(args)), timeout, {}, std::move(input));
}

std::unique_ptr<Process> SimProcess::kubectlAsync(std::vector<std::string> args) const {
    return std::make_unique<Process>(kubectlArgs(std::move(args)));
}

} // namespace cubedesk::test
