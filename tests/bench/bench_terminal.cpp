// cubedesk-bench-terminal: the terminal under an output burst, measured as a user feels it.
//
// The window (offscreen or under Xvfb) opens a terminal into a pod of the simulator (demo
// scenario; the simulator on CPUs of its own, `--sim-cpus`), starts `yes` in it and, for
// `--seconds`, measures the window's frame times and event-loop gaps (ResponsivenessProbe),
// the bytes the terminal received and parsed per second, and the process's resident memory
// before and after (bounded by the scrollback, not by the output). Then ^C, and the same pod's
// `yes` through `kubectl exec` (no terminal, output to a pipe we drain) for the same time, as
// the peer a user would run instead. Prints one JSON object on stdout.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/terminalsession.h"
#include "tests/bench/benchmeasures.h"
#include "tests/bench/benchsupport.h"
#include "tests/support/demologpods.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "ui/responsivenessprobe.h"
#include "ui/terminaldock.h"
#include "ui/terminalpanel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QStandardPaths>

#include <cstdio>
#include <nlohmann/json.hpp>

using namespace cubedesk;
using bench::arg;
using bench::residentMiB;
using bench::runEventLoop;
using Json = nlohmann::ordered_json;

namespace {

Json figuresJson(const ui::ResponsivenessProbe::Figures &f) {
    return Json{{"median", f.median}, {"p99", f.p99}, {"max", f.max}, {"count", f.count}};
}

} // namespace

int main(int argc, char **argv) {
    const bench::CpuSplit cpus = bench::splitCpus(arg(argc, argv, "--sim-cpus", "last"));
    if (cpus.error) {
        std::fprintf(stderr, "cubedesk-bench-terminal: %s\n", cpus.error->c_str());
        return 2;
    }
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const int seconds = std::stoi(arg(argc, argv, "--seconds", "10"));
    std::vector<std::string> simArgs{"--scenario", "demo", "--background"};
    if (!cpus.simulator.empty()) {
        simArgs.emplace_back("--cpus");
        simArgs.push_back(bench::cpuListText(cpus.simulator));
    }
    test::SimProcess sim(simArgs);
    if (!sim.ready()) {
        std::fprintf(stderr, "cubedesk-bench-terminal: %s\n", sim.error().c_str());
        return 1;
    }
    models::ClusterHub hub;
    auto window = test::openTestWindow(&hub, sim.kubeconfig());
    window->resize(1440, 900);
    while (!test::firstClusterSynced(hub))
        runEventLoop(50);
    const QString pod = QString::fromStdString(test::kDemoMasterPod);
    ui::TerminalPanel *panel =
        window->terminalDock()->openPod(hub.clusters().front(), QStringLiteral("pipeline"), pod);
    while (panel->session() == nullptr ||
           panel->session()->state() != models::TerminalSession::State::Open) {
        if (panel->session() != nullptr &&
            panel->session()->state() == models::TerminalSession::State::Ended) {
            std::fprintf(stderr, "cubedesk-bench-terminal: %s\n",
                         panel->session()->message().toUtf8().constData());
            return 1;
        }
        runEventLoop(20);
    }
    models::TerminalSession *session = panel->session();
    runEventLoop(500);
    Json out;
    out["sim_cpus"] = cpus.simulator.empty() ? Json() : Json(bench::cpuListText(cpus.simulator));
    out["own_cpus"] = bench::cpuListText(k8s::ProcessResources::allowedCpus());
    out["terminal_size"] = std::to_string(session->screen()->columns()) + "x" +
                           std::to_string(session->screen()->rows());
    const double rssBefore = residentMiB("self");

    ui::ResponsivenessProbe probe(window.get(), ui::ResponsivenessProbe::Mode::OwnUpdates);
    session->screen()->sendText(QStringLiteral("yes 'the quick brown fox jumps over the lazy "
                                               "dog; 0123456789'\r"));
    runEventLoop(300);
    const qint64 bytesBefore = session->bytesReceived();
    QElapsedTimer clock;
    clock.start();
    probe.start();
    runEventLoop(seconds * 1000);
    probe.stop();
    const double elapsed = static_cast<double>(clock.nsecsElapsed()) / 1e9;
    const double mbps = static_cast<double>(session->bytesReceived() - bytesBefore) / elapsed / 1e6;
    const double rssAfter = residentMiB("self");
    session->screen()->sendKey(Qt::Key_C, Qt::ControlModifier);
    runEventLoop(1000);
    out["burst"] = {{"seconds", elapsed},
                    {"received_mb_per_s", mbps},
                    {"frame_ms", figuresJson(probe.frameTimes())},
                    {"event_loop_gap_ms", figuresJson(probe.gaps())},
                    {"stalls_over_100ms", probe.stalls(100)},
                    {"rss_mib_before", rssBefore},
                    {"rss_mib_after", rssAfter},
                    {"scrollback_lines", session->screen()->scrollbackLines()}};
    std::fprintf(stderr, "burst: %s\n", out["burst"].dump().c_str());

    // The peer: kubectl exec without a terminal, its stdout drained as fast as it comes.
    QProcess kubectl;
    const auto argv0 = sim.kubectlArgs({"exec", "-n", "pipeline", pod.toStdString(), "--", "yes",
                                        "the quick brown fox jumps over the lazy dog; 0123456789"});
    QStringList args;
    for (std::size_t i = 1; i < argv0.size(); ++i)
        args << QString::fromStdString(argv0[i]);
    qint64 peerBytes = 0;
    QObject::connect(&kubectl, &QProcess::readyReadStandardOutput, &kubectl,
                     [&] { peerBytes += kubectl.readAllStandardOutput().size(); });
    kubectl.start(QString::fromStdString(argv0[0]), args);
    kubectl.waitForStarted();
    runEventLoop(1500); // its discovery and upgrade
    const qint64 peerStart = peerBytes;
    QElapsedTimer peerClock;
    peerClock.start();
    runEventLoop(seconds * 1000);
    const double peerElapsed = static_cast<double>(peerClock.nsecsElapsed()) / 1e9;
    const double peerMbps = static_cast<double>(peerBytes - peerStart) / peerElapsed / 1e6;
    kubectl.kill();
    kubectl.waitForFinished();
    out["kubectl_exec"] = {{"seconds", peerElapsed}, {"received_mb_per_s", peerMbps}};
    out["ratio_received"] = peerMbps > 0 ? mbps / peerMbps : 0.0;
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
}
