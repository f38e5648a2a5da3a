// cubedesk-bench-logs: the logs viewer's figures (docs/performance.md, "Logs").
//
//   cubedesk-bench-logs [--history 100000] [--ingest-rate 200000] [--ingest-seconds 10]
//                       [--follow-rate 5000] [--follow-seconds 60] [--sample-seconds 10]
//                       [--sim-cpus last|LIST|shared] [--sim-background yes|no]
//                       [--phases open,ingest,follow]
//
// Starts cubedesk-sim (empty scenario plus three pods whose containers print at a set rate:
// the simulator's `sim.cubedesk.io/log-lines-per-second` annotation) on CPUs of its own (at
// SCHED_IDLE unless --sim-background no: then other work on the machine cannot starve it), opens
// the real window (run it under xvfb-run, or QT_QPA_PLATFORM=offscreen) and measures, in order:
//   open    a running pod with --history lines: from asking for its log to the first painted
//           frame that shows lines, and until every line is in the view;
//   search  over those lines: plain text and a regular expression, the median of nine;
//   ingest  --ingest-rate lines per second of 100 bytes for --ingest-seconds, straight into the
//           log view while it follows (ResponsivenessProbe: frame times, event-loop stalls), then
//           the same lines into a QPlainTextEdit with appendPlainText() (what freezes other
//           consoles), then from the simulator through the whole client (a pod printing at that
//           rate): lines that arrived per second;
//   follow  a pod printing --follow-rate lines per second for --follow-seconds, sampling this
//           process's resident memory and CPU every --sample-seconds, with `kubectl logs -f` on
//           the same pod at the same time (its memory and CPU sampled alike).
// --phases runs only some of them ("follow" alone: the window's own memory before the log opens
// is the baseline the follow's samples compare with). Prints the samples on stderr as they come and
// JSON with the figures on stdout. A benchmark, not a test: figures go into the README and
// docs/performance.md.

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/logbuffer.h"
#include "models/logviewmodel.h"
#include "tests/bench/benchmeasures.h"
#include "tests/bench/benchsupport.h"
#include "tests/support/simprocess.h"
#include "tests/support/testwindow.h"
#include "ui/logpanel.h"
#include "ui/logsdock.h"
#include "ui/mainwindow.h"
#include "ui/responsivenessprobe.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QListView>
#include <QPlainTextEdit>
#include <QProcess>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <sys/resource.h>
#include <vector>

#include <unistd.h>

using namespace cubedesk;
using bench::arg;
using bench::cpuSeconds;
using bench::median;
using bench::residentMiB;
using bench::runEventLoop;
using Json = nlohmann::ordered_json;

namespace {

/// A running pod whose only container started `ago` and prints `perSecond` lines.
std::string podManifest(const std::string &name, long perSecond, std::chrono::seconds ago) {
    const std::time_t started = std::time(nullptr) - ago.count();
    char when[32];
    std::strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&started));
    return "apiVersion: v1\nkind: Pod\nmetadata:\n  name: " + name +
           "\n  namespace: bench\n  annotations: {sim.cubedesk.io/log-lines-per-second: \"" +
           std::to_string(perSecond) +
           "\"}\n  labels: {training.kubeflow.org/replica-type: worker, "
           "training.kubeflow.org/replica-index: \"0\"}\nspec:\n  nodeName: node-1\n"
           "  containers: [{name: main, image: pytorch}]\nstatus:\n  phase: Running\n"
           "  containerStatuses:\n  - name: main\n    ready: true\n    restartCount: 0\n"
           "    image: pytorch\n    imageID: \"\"\n    state: {running: {startedAt: \"" +
           when + "\"}}\n---\n";
}

Json figuresJson(const ui::ResponsivenessProbe::Figures &f) {
    return Json{{"median", f.median}, {"p99", f.p99}, {"max", f.max}, {"count", f.count}};
}

/// Lines of 100 bytes (with a timestamp as the kubelet adds it), numbered from `next`.
std::vector<k8s::LogLine> syntheticLines(std::size_t n, std::uint64_t &next) {
    std::vector<k8s::LogLine> lines(n);
    for (auto &l : lines) {
        l.time = k8s::Rfc3339::Instant{1'790'000'000 + static_cast<std::int64_t>(next / 1000),
                                       static_cast<int>(next % 1000) * 1'000'000};
        char text[128];
        std::snprintf(text, sizeof text,
                      "[rank 3] epoch 12 step %09llu loss %.4f grad_norm 0.97 lr 3.0e-04 "
                      "data 0.021s compute 0.288s ok",
                      static_cast<unsigned long long>(next),
                      1.0 + static_cast<double>(next % 997) / 1000.0);
        l.text = text;
        l.streamBytes = l.text.size() + 32;
        ++next;
    }
    return lines;
}

/// Feeds `rate` lines per second for `seconds` to `sink` from a 16 ms timer (the lines due by
/// the wall clock, at most one second's worth per tick) while `probe` watches; returns the
/// lines fed per second achieved.
template <typename Sink>
double feed(ui::ResponsivenessProbe &probe, long rate, int seconds, Sink sink) {
    std::uint64_t next = 0;
    QElapsedTimer clock;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    clock.start();
    probe.start();
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const auto due = static_cast<std::uint64_t>(static_cast<double>(clock.nsecsElapsed()) /
                                                    1e9 * static_cast<double>(rate));
        const std::uint64_t n =
            std::min<std::uint64_t>(due - std::min(due, next), static_cast<std::uint64_t>(rate));
        if (n > 0)
            sink(syntheticLines(n, next));
    });
    tick.start(16);
    runEventLoop(seconds * 1000);
    tick.stop();
    probe.stop();
    return static_cast<double>(next) / (static_cast<double>(clock.nsecsElapsed()) / 1e9);
}

/// Lines the panel's model has received so far (kept and dropped; nothing is cleared here).
std::uint64_t linesReceived(const models::LogViewModel &model) {
    return model.buffer().size() + model.buffer().dropped();
}

} // namespace

int main(int argc, char **argv) {
    k8s::ProcessResources::keepFreedMemory(); // as the application does
    const bench::CpuSplit cpus = bench::splitCpus(arg(argc, argv, "--sim-cpus", "last"));
    if (cpus.error) {
        std::fprintf(stderr, "cubedesk-bench-logs: %s\n", cpus.error->c_str());
        return 2;
    }
    QApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    const long history = std::stol(arg(argc, argv, "--history", "100000"));
    const long ingestRate = std::stol(arg(argc, argv, "--ingest-rate", "200000"));
    const int ingestSeconds = std::stoi(arg(argc, argv, "--ingest-seconds", "10"));
    const long followRate = std::stol(arg(argc, argv, "--follow-rate", "5000"));
    const int followSeconds = std::stoi(arg(argc, argv, "--follow-seconds", "60"));
    const int sampleSeconds = std::stoi(arg(argc, argv, "--sample-seconds", "10"));
    const QString phases =
        QString::fromStdString(arg(argc, argv, "--phases", "open,ingest,follow"));

    // The pods: "history" has printed --history lines at 1,000 a second (and goes on);
    // "flood" prints at --ingest-rate, "chatty" at --follow-rate, both from now.
    test::TempDir manifests;
    {
        std::ofstream out(manifests.path() + "/pods.yaml");
        out << podManifest("history", 1000, std::chrono::seconds(history / 1000 + 2))
            << podManifest("flood", ingestRate, std::chrono::seconds(0))
            << podManifest("chatty", followRate, std::chrono::seconds(0));
    }
    std::vector<std::string> simArgs{"--scenario", "empty", "--load", manifests.path()};
    if (arg(argc, argv, "--sim-background", "yes") != "no")
        simArgs.emplace_back("--background");
    if (!cpus.simulator.empty()) {
        simArgs.emplace_back("--cpus");
        simArgs.push_back(bench::cpuListText(cpus.simulator));
    }
    test::SimProcess sim(simArgs);
    if (!sim.ready()) {
        std::fprintf(stderr, "cubedesk-bench-logs: %s\n", sim.error().c_str());
        return 1;
    }
    models::ClusterHub hub;
    auto window = test::openTestWindow(&hub, sim.kubeconfig());
    window->resize(1440, 900);
    while (!test::firstClusterSynced(hub))
        runEventLoop(50);
    models::ClusterConnection *cluster = hub.clusters().front();
    ui::LogsDock *dock = window->logsDock();
    Json out;
    out["sim_cpus"] = cpus.simulator.empty() ? Json() : Json(bench::cpuListText(cpus.simulator));
    out["own_cpus"] = bench::cpuListText(k8s::ProcessResources::allowedCpus());

    // open: from the request to the first frame with lines, and until all of them are shown.
    if (phases.contains(QLatin1String("open"))) {
        QElapsedTimer clock;
        clock.start();
        ui::LogPanel *panel =
            dock->openPod(cluster, QStringLiteral("bench"), QStringLiteral("history"));
        auto *view = panel->findChild<QListView *>(QStringLiteral("logView"));
        double firstFrame = -1;
        double allShown = -1;
        struct PaintWatch : QObject {
            std::function<void()> painted;
            bool eventFilter(QObject *, QEvent *e) override {
                if (e->type() == QEvent::Paint)
                    QTimer::singleShot(0, this, [this] { painted(); });
                return false;
            }
        } watch;
        watch.painted = [&] {
            const int rows = panel->model()->rowCount();
            const double ms = static_cast<double>(clock.nsecsElapsed()) / 1e6;
            if (rows > 0 && firstFrame < 0)
                firstFrame = ms;
            if (rows >= history && allShown < 0)
                allShown = ms;
        };
        view->viewport()->installEventFilter(&watch);
        while (allShown < 0 && clock.elapsed() < 60000)
            runEventLoop(5);
        view->viewport()->removeEventFilter(&watch);
        out["open"] = {{"lines", panel->model()->rowCount()},
                       {"first_frame_ms", firstFrame},
                       {"all_lines_shown_ms", allShown}};
        std::fprintf(stderr, "open: %s\n", out["open"].dump().c_str());

        // search: over what the view holds now.
        std::vector<double> plain;
        std::vector<double> regex;
        std::size_t plainHits = 0;
        std::size_t regexHits = 0;
        for (int i = 0; i < 9; ++i) {
            clock.restart();
            plainHits = panel->model()->find(QStringLiteral("GRAD_NORM 1.0"), false, false).size();
            plain.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
            clock.restart();
            regexHits = panel->model()
                            ->find(QStringLiteral("loss \\d\\.\\d{3}7 grad_norm"), true, true)
                            .size();
            regex.push_back(static_cast<double>(clock.nsecsElapsed()) / 1e6);
        }
        out["search"] = {{"lines", panel->model()->rowCount()},
                         {"plain_ms", median(plain)},
                         {"plain_matches", plainHits},
                         {"regex_ms", median(regex)},
                         {"regex_matches", regexHits}};
        std::fprintf(stderr, "search: %s\n", out["search"].dump().c_str());
        delete panel;
    }

    // ingest: synthetic lines into the log view, then into a QPlainTextEdit, then end to end.
    if (phases.contains(QLatin1String("ingest"))) {
        auto *panel =
            new ui::LogPanel(nullptr, QStringLiteral("bench"), QStringLiteral("synthetic"));
        dock->tabs()->addTab(panel, QStringLiteral("synthetic"));
        dock->tabs()->setCurrentWidget(panel);
        ui::ResponsivenessProbe probe(window.get(), ui::ResponsivenessProbe::Mode::OwnUpdates);
        const double rate =
            feed(probe, ingestRate, ingestSeconds, [&](std::vector<k8s::LogLine> &&lines) {
                panel->model()->append(std::move(lines));
            });
        out["ingest_view"] = {{"lines_per_s", rate},
                              {"following", panel->following()},
                              {"frame_ms", figuresJson(probe.frameTimes())},
                              {"event_loop_gap_ms", figuresJson(probe.gaps())},
                              {"stalls_over_100ms", probe.stalls(100)}};
        std::fprintf(stderr, "ingest_view: %s\n", out["ingest_view"].dump().c_str());
        delete panel;

        auto *edit = new QPlainTextEdit;
        edit->setReadOnly(true);
        edit->setMaximumBlockCount(static_cast<int>(models::LogBuffer::kDefaultMaxLines));
        dock->tabs()->addTab(edit, QStringLiteral("QPlainTextEdit"));
        dock->tabs()->setCurrentWidget(edit);
        ui::ResponsivenessProbe editProbe(window.get(), ui::ResponsivenessProbe::Mode::OwnUpdates);
        const double editRate =
            feed(editProbe, ingestRate, ingestSeconds, [&](std::vector<k8s::LogLine> &&lines) {
                for (const auto &l : lines)
                    edit->appendPlainText(QString::fromStdString(l.text));
            });
        out["ingest_qplaintextedit"] = {{"lines_per_s", editRate},
                                        {"frame_ms", figuresJson(editProbe.frameTimes())},
                                        {"event_loop_gap_ms", figuresJson(editProbe.gaps())},
                                        {"stalls_over_100ms", editProbe.stalls(100)}};
        std::fprintf(stderr, "ingest_qplaintextedit: %s\n",
                     out["ingest_qplaintextedit"].dump().c_str());
        delete edit;

        ui::LogPanel *flood =
            dock->openPod(cluster, QStringLiteral("bench"), QStringLiteral("flood"));
        while (flood->model()->rowCount() == 0)
            runEventLoop(20);
        ui::ResponsivenessProbe floodProbe(window.get(), ui::ResponsivenessProbe::Mode::OwnUpdates);
        const std::uint64_t before = linesReceived(*flood->model());
        QElapsedTimer clock;
        clock.start();
        floodProbe.start();
        runEventLoop(ingestSeconds * 1000);
        floodProbe.stop();
        const double seconds = static_cast<double>(clock.nsecsElapsed()) / 1e9;
        out["ingest_end_to_end"] = {
            {"sim_lines_per_s", ingestRate},
            {"lines_per_s", static_cast<double>(linesReceived(*flood->model()) - before) / seconds},
            {"dropped", flood->model()->buffer().dropped()},
            {"frame_ms", figuresJson(floodProbe.frameTimes())},
            {"event_loop_gap_ms", figuresJson(floodProbe.gaps())},
            {"stalls_over_100ms", floodProbe.stalls(100)}};
        std::fprintf(stderr, "ingest_end_to_end: %s\n", out["ingest_end_to_end"].dump().c_str());
        delete flood;
    }

    // follow: memory and CPU over time, with kubectl logs -f on the same pod alongside.
    if (phases.contains(QLatin1String("follow"))) {
        out["rss_before_follow_mib"] = residentMiB("self");
        runEventLoop(1000); // let the flood's memory settle before the first sample
        ui::LogPanel *panel =
            dock->openPod(cluster, QStringLiteral("bench"), QStringLiteral("chatty"));
        QProcess kubectl;
        kubectl.setStandardOutputFile(QProcess::nullDevice());
        bench::startKubectl(kubectl, sim.kubeconfig(),
                            {QStringLiteral("logs"), QStringLiteral("-f"), QStringLiteral("-n"),
                             QStringLiteral("bench"), QStringLiteral("chatty"),
                             QStringLiteral("--tail=100000")});
        if (!kubectl.waitForStarted(10000)) {
            std::fprintf(stderr, "cubedesk-bench-logs: kubectl did not start\n");
            return 1;
        }
        const std::string kubectlPid = std::to_string(kubectl.processId());
        Json samples = Json::array();
        QElapsedTimer clock;
        clock.start();
        const double ownCpu0 = cpuSeconds("self");
        for (int t = 0; t <= followSeconds; t += sampleSeconds) {
            while (clock.elapsed() < static_cast<qint64>(t) * 1000)
                runEventLoop(static_cast<int>(std::min<qint64>(100, t * 1000 - clock.elapsed())));
            Json s = {{"s", t},
                      {"rss_mib", residentMiB("self")},
                      {"cpu_s", cpuSeconds("self") - ownCpu0},
                      {"lines_kept", panel->model()->rowCount()},
                      {"lines_received", linesReceived(*panel->model())},
                      {"dropped", panel->model()->buffer().dropped()},
                      {"kubectl_rss_mib", residentMiB(kubectlPid)},
                      {"kubectl_cpu_s", cpuSeconds(kubectlPid)}};
            std::fprintf(stderr, "follow: %s\n", s.dump().c_str());
            samples.push_back(std::move(s));
        }
        kubectl.kill();
        kubectl.waitForFinished(5000);
        out["follow"] = {
            {"lines_per_s", followRate},
            {"cap_lines", panel->model()->buffer().maxLines()},
            {"cap_mib", static_cast<double>(panel->model()->buffer().maxBytes()) / 1048576.0},
            {"samples", samples}};
    }
    std::printf("%s\n", out.dump(2).c_str());
    window.reset();
    return 0;
}
