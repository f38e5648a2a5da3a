#include "app/cubedesk/execcommand.h"

#include "app/cubedesk/commandexchange.h"
#include "app/cubedesk/commandtarget.h"
#include "k8s/api/logcontainerchoice.h"
#include "k8s/api/podcontainernames.h"
#include "k8s/api/urlescape.h"
#include "k8s/exec/execstream.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonObject>

#include <cstdio>
#include <iostream>
#include <thread>

#include <unistd.h>

using namespace cubedesk::k8s;

namespace {

int fail(const std::string &message) {
    std::cerr << "cubedesk: " << message << std::endl;
    return 1;
}

void write(std::FILE *to, const std::string &bytes) {
    if (bytes.empty())
        return;
    std::fwrite(bytes.data(), 1, bytes.size(), to);
    std::fflush(to);
}

} // namespace

int ExecCommand::run(const Options &o) {
    const auto target = CommandTarget::parsePod(o.target);
    if (!target)
        return fail("--exec needs [CONTEXT/]NAMESPACE/POD");
    if (o.command.isEmpty())
        return fail("--exec needs a command after --, as in: --exec NS/POD -- ls /");
    auto settings = CommandTarget::settings(
        o.kubeconfigs, target->context.isEmpty() ? o.context : target->context);
    if (!settings)
        return fail(settings.error());

    // kubectl reads the pod first: a missing or completed pod is refused before any upgrade.
    std::string container = o.container.toStdString();
    {
        HttpTransport transport(*settings);
        HttpRequest get;
        get.path = "/api/v1/namespaces/" + UrlEscape::segment(target->ns) + "/pods/" +
                   UrlEscape::segment(target->pod);
        get.headers = {"Accept: application/json"};
        get.responseTimeout = std::chrono::seconds(30);
        const CommandExchange found = CommandExchange::run(transport, get);
        if (found.response.status != 200)
            return fail(found.problem());
        const QJsonObject pod =
            QJsonDocument::fromJson(QByteArray::fromStdString(found.body)).object();
        const QString phase = pod.value(QStringLiteral("status"))
                                  .toObject()
                                  .value(QStringLiteral("phase"))
                                  .toString();
        if (phase == QLatin1String("Succeeded") || phase == QLatin1String("Failed"))
            return fail("cannot exec into a container in a completed pod; current phase is " +
                        phase.toStdString());
        if (container.empty()) {
            const auto names = PodContainerNames::parse(found.body);
            if (!names)
                return fail("the answer for pod " + target->pod + " was not JSON");
            const auto choice =
                LogContainerChoice::choose(target->pod, names->defaultAnnotation, names->containers,
                                           names->initContainers, names->ephemeralContainers);
            std::cerr << choice.notice;
            container = choice.container;
        }
    }

    ExecStream::Options options;
    options.transport = std::move(*settings);
    options.ns = target->ns;
    options.pod = target->pod;
    std::vector<std::string> command;
    for (const auto &arg : o.command)
        command.push_back(arg.toStdString());
    options.exec = PodExecOptions::forCommand(container, std::move(command), o.stdinEnabled, false);
    QEventLoop loop; // before the stream: its wake-ups may come until the stream is gone
    ExecStream stream(std::move(options));
    int exitCode = 1;
    const auto pump = [&] {
        ExecStream::Batch b = stream.drain();
        write(stdout, b.stdoutBytes);
        write(stderr, b.stderrBytes);
        if (b.state != ExecStream::State::Ended)
            return;
        switch (b.ending) {
        case ExecStream::Ending::Exited:
            if (b.status.kind == ExecStatus::Kind::ExitCode)
                std::cerr << b.status.message << std::endl;
            exitCode = b.status.processExitCode();
            break;
        case ExecStream::Ending::Closed:
            exitCode = 0; // kubectl reads a close without a status as success, and so do we
            break;
        default:
            exitCode = fail(b.message);
            break;
        }
        loop.quit();
    };
    stream.setOnReady([&loop, &pump] { QMetaObject::invokeMethod(&loop, pump); });
    stream.start();
    // Set false when this returns; read on the main thread only, where the reader's posts run.
    auto alive = std::make_shared<bool>(true);
    if (o.stdinEnabled) {
        // Ours to theirs, on a thread of its own; detached, since a command may end before its
        // input does (the process exits soon after).
        ExecStream *s = &stream;
        std::thread([s, alive] {
            char buffer[64 * 1024];
            while (true) {
                const ssize_t n = ::read(STDIN_FILENO, buffer, sizeof buffer);
                if (n <= 0) {
                    QMetaObject::invokeMethod(qApp, [s, alive] {
                        if (*alive)
                            s->closeStdin();
                    });
                    return;
                }
                QMetaObject::invokeMethod(
                    qApp, [s, alive, bytes = std::string(buffer, static_cast<std::size_t>(n))] {
                        if (*alive)
                            s->writeStdin(bytes);
                    });
            }
        }).detach();
    }
    loop.exec();
    *alive = false;
    // The stream's thread frees its socket right after the end; main() must not return first.
    ExecStream::waitForAllThreads(std::chrono::seconds(5));
    return exitCode;
}
