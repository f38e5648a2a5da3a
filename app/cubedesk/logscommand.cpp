#include "app/cubedesk/logscommand.h"

#include "k8s/api/apistatus.h"
#include "k8s/api/logcontainerchoice.h"
#include "k8s/api/podcontainernames.h"
#include "k8s/api/podlogoptions.h"
#include "k8s/api/rfc3339.h"
#include "k8s/api/urlescape.h"
#include "k8s/config/kubeconfig.h"
#include "k8s/config/kubeconfigsources.h"
#include "k8s/cube/jobkinds.h"
#include "k8s/net/httptransport.h"
#include "k8s/session/transportfactory.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <memory>

using namespace cubedesk::k8s;

namespace {

int fail(const std::string &message) {
    std::cerr << "cubedesk: " << message << std::endl;
    return 1;
}

/// One request run to completion (or until `deadline`) on the command's transport; the body is
/// collected unless `onData` takes it.
struct Exchange {
    HttpResponse response;
    std::string body;
    bool finished = false;
};

Exchange exchange(
    HttpTransport &transport, HttpRequest request,
    std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max()) {
    auto out = std::make_shared<Exchange>();
    if (!request.onData)
        request.onData = [out](std::string_view chunk, int) {
            out->body.append(chunk);
            return true;
        };
    const auto id =
        transport.start(std::move(request), [out](HttpTransport::RequestId, const HttpResponse &r) {
            out->response = r;
            out->finished = true;
        });
    while (!out->finished && std::chrono::steady_clock::now() < deadline)
        transport.perform(std::chrono::milliseconds(100));
    if (!out->finished) {
        transport.cancel(id);
        while (!out->finished)
            transport.perform(std::chrono::milliseconds(10));
    }
    return *out;
}

/// What went wrong with an answer that is not 2xx: the Status message, else the transport's.
std::string problem(const Exchange &e) {
    if (e.response.status == 0)
        return e.response.error.empty() ? std::string("no answer from the server")
                                        : e.response.error;
    return ApiStatus::fromResponse(e.response.status, e.body, e.response.retryAfterSeconds).message;
}

std::vector<std::string> names(const QJsonObject &spec, const char *list) {
    std::vector<std::string> out;
    for (const auto &c : spec.value(QLatin1String(list)).toArray())
        out.push_back(c.toObject().value(QStringLiteral("name")).toString().toStdString());
    return out;
}

PodLogOptions logOptions(const LogsCommand::Options &o) {
    PodLogOptions p;
    p.container = o.container.toStdString();
    p.previous = o.previous;
    p.timestamps = o.timestamps;
    p.tailLines = o.tailLines;
    p.sinceSeconds = o.sinceSeconds;
    p.sinceTime = o.sinceTime;
    p.limitBytes = o.limitBytes;
    p.follow = o.followSeconds.has_value();
    return p;
}

struct Connection {
    std::unique_ptr<HttpTransport> transport;
    std::string error;
};

Connection connect(const LogsCommand::Options &o, const QString &context) {
    const Kubeconfig config = Kubeconfig::load(KubeconfigSources::fromEnvironment(o.kubeconfigs));
    ResolveOptions resolveOptions;
    auto resolved = context.isEmpty() ? config.resolveCurrent(resolveOptions)
                                      : config.resolve(context, resolveOptions);
    if (!resolved.ok())
        return {nullptr, resolved.error().toString().toStdString()};
    auto settings = TransportFactory::fromContext(resolved.value());
    if (!settings)
        return {nullptr, settings.error()};
    return {std::make_unique<HttpTransport>(std::move(*settings)), {}};
}

int podLogs(HttpTransport &transport, const LogsCommand::Options &o, const std::string &ns,
            const std::string &pod) {
    HttpRequest get;
    get.path = "/api/v1/namespaces/" + UrlEscape::segment(ns) + "/pods/" + UrlEscape::segment(pod);
    get.headers = {"Accept: application/json"};
    get.responseTimeout = std::chrono::seconds(30);
    const Exchange found = exchange(transport, get);
    if (found.response.status != 200)
        return fail(problem(found) +
                    (found.response.status == 404 ? " in namespace \"" + ns + '"' : std::string()));
    PodLogOptions options = logOptions(o);
    if (options.container.empty()) {
        const auto names = PodContainerNames::parse(found.body);
        if (!names)
            return fail("the answer for pod " + pod + " was not JSON");
        const auto choice =
            LogContainerChoice::choose(pod, names->defaultAnnotation, names->containers,
                                       names->initContainers, names->ephemeralContainers);
        std::cerr << choice.notice;
        options.container = choice.container;
    }
    HttpRequest request;
    request.path = options.path(ns, pod);
    request.responseTimeout = std::chrono::seconds(30);
    // Error bodies are small: keep them for the message.
    auto errorBody = std::make_shared<std::string>();
    request.onData = [errorBody](std::string_view chunk, int status) {
        if (status / 100 == 2) {
            std::fwrite(chunk.data(), 1, chunk.size(), stdout);
            std::fflush(stdout);
        } else if (errorBody->size() < 1 << 20) {
            errorBody->append(chunk);
        }
        return true;
    };
    auto deadline = std::chrono::steady_clock::time_point::max();
    if (o.followSeconds && *o.followSeconds > 0)
        deadline = std::chrono::steady_clock::now() +
                   std::chrono::milliseconds(static_cast<std::int64_t>(*o.followSeconds * 1000));
    Exchange e = exchange(transport, request, deadline);
    if (e.response.cancelled)
        return 0; // followed for the time asked
    if (e.response.status / 100 != 2) {
        e.body = *errorBody;
        return fail(problem(e));
    }
    if (!e.response.error.empty())
        return fail(e.response.error);
    return 0;
}

/// One line of a job's aggregated log, with what sorts it.
struct JobLine {
    Rfc3339::Instant time;
    std::size_t source = 0; ///< pod and container, in the job's order
    std::size_t index = 0;  ///< within its source
    std::string text;       ///< with its line feed, if it had one
};

int jobLogs(HttpTransport &transport, const LogsCommand::Options &o, const std::string &ns,
            const std::string &kind, const std::string &job) {
    HttpRequest list;
    list.path = "/api/v1/namespaces/" + UrlEscape::segment(ns) + "/pods";
    list.headers = {"Accept: application/json"};
    list.responseTimeout = std::chrono::seconds(30);
    const Exchange pods = exchange(transport, list);
    if (pods.response.status != 200)
        return fail(problem(pods));
    // Pods owned by the job or labelled with its name as the operators do.
    struct Member {
        int rank = 1; ///< 0 for the launcher, master, chief or driver
        std::string name;
        std::vector<std::string> containers; ///< init containers first
    };
    std::vector<Member> members;
    const QJsonArray items = QJsonDocument::fromJson(QByteArray::fromStdString(pods.body))
                                 .object()
                                 .value(QStringLiteral("items"))
                                 .toArray();
    for (const auto &item : items) {
        const QJsonObject pod = item.toObject();
        const QJsonObject meta = pod.value(QStringLiteral("metadata")).toObject();
        const QJsonObject labels = meta.value(QStringLiteral("labels")).toObject();
        bool match = false;
        for (const auto &owner : meta.value(QStringLiteral("ownerReferences")).toArray()) {
            const QJsonObject ref = owner.toObject();
            match =
                match || (ref.value(QStringLiteral("name")).toString().toStdString() == job &&
                          ref.value(QStringLiteral("kind"))
                                  .toString()
                                  .compare(QString::fromStdString(kind), Qt::CaseInsensitive) == 0);
        }
        for (const auto &label : JobKinds::podJobNameLabels())
            match = match ||
                    labels.value(QString::fromStdString(label)).toString().toStdString() == job;
        if (!match)
            continue;
        Member m;
        m.name = meta.value(QStringLiteral("name")).toString().toStdString();
        const QString role =
            labels.value(QStringLiteral("training.kubeflow.org/replica-type")).toString();
        if (labels.value(QStringLiteral("training.kubeflow.org/job-role")).toString() ==
                QLatin1String("master") ||
            role == QLatin1String("launcher") || role == QLatin1String("master") ||
            role == QLatin1String("chief") ||
            labels.value(QStringLiteral("spark-role")).toString() == QLatin1String("driver"))
            m.rank = 0;
        const QJsonObject spec = pod.value(QStringLiteral("spec")).toObject();
        m.containers = names(spec, "initContainers");
        for (auto &c : names(spec, "containers"))
            m.containers.push_back(std::move(c));
        members.push_back(std::move(m));
    }
    if (members.empty())
        return fail("no pods of " + kind + ' ' + ns + '/' + job);
    std::sort(members.begin(), members.end(), [](const Member &a, const Member &b) {
        return std::tie(a.rank, a.name) < std::tie(b.rank, b.name);
    });

    std::vector<std::string> prefixes;
    std::vector<JobLine> lines;
    PodLogOptions options = logOptions(o);
    options.timestamps = true; // to interleave; shown only when asked for
    options.follow = false;
    for (const Member &m : members) {
        for (const std::string &container : m.containers) {
            options.container = container;
            HttpRequest request;
            request.path = options.path(ns, m.name);
            request.responseTimeout = std::chrono::seconds(30);
            const Exchange e = exchange(transport, request);
            const std::size_t source = prefixes.size();
            prefixes.push_back("[pod/" + m.name + '/' + container + "] ");
            if (e.response.status == 204)
                continue; // not scheduled yet
            if (e.response.status / 100 != 2) {
                // A container that has not started is not an error of the job's log.
                std::cerr << prefixes.back() << problem(e) << '\n';
                continue;
            }
            std::size_t index = 0;
            for (std::size_t from = 0; from < e.body.size(); ++index) {
                const std::size_t nl = e.body.find('\n', from);
                const std::size_t end = nl == std::string::npos ? e.body.size() : nl + 1;
                std::string line = e.body.substr(from, end - from);
                from = end;
                const std::size_t space = line.find(' ');
                const auto time = space == std::string::npos
                                      ? std::nullopt
                                      : Rfc3339::parse(std::string_view(line).substr(0, space));
                JobLine l{time.value_or(Rfc3339::Instant{}), source, index, {}};
                l.text = o.timestamps || !time ? std::move(line) : line.substr(space + 1);
                lines.push_back(std::move(l));
            }
        }
    }
    std::stable_sort(lines.begin(), lines.end(), [](const JobLine &a, const JobLine &b) {
        return std::tie(a.time.seconds, a.time.nanos, a.source, a.index) <
               std::tie(b.time.seconds, b.time.nanos, b.source, b.index);
    });
    for (const JobLine &l : lines) {
        std::fwrite(prefixes[l.source].data(), 1, prefixes[l.source].size(), stdout);
        std::fwrite(l.text.data(), 1, l.text.size(), stdout);
        if (l.text.empty() || l.text.back() != '\n')
            std::fputc('\n', stdout);
    }
    std::fflush(stdout);
    return 0;
}

} // namespace

int LogsCommand::run(const Options &o) {
    const QString target = o.target;
    if (target.startsWith(QLatin1String("job:"))) {
        const QStringList parts = target.mid(4).split(QLatin1Char('/'));
        if (parts.size() != 3 || parts.contains(QString()))
            return fail("--logs job: needs job:NAMESPACE/KIND/NAME");
        if (o.followSeconds)
            return fail("--follow is not supported for a job's logs yet; follow one of its pods");
        Connection c = connect(o, o.context);
        if (!c.transport)
            return fail(c.error);
        return jobLogs(*c.transport, o, parts[0].toStdString(), parts[1].toStdString(),
                       parts[2].toStdString());
    }
    // [CONTEXT/]NAMESPACE/POD: a context name may hold slashes (EKS ARNs); the last two parts
    // are the namespace and the pod.
    QStringList parts = target.split(QLatin1Char('/'));
    if (parts.size() < 2 || parts.last().isEmpty() || parts[parts.size() - 2].isEmpty())
        return fail("--logs needs [CONTEXT/]NAMESPACE/POD or job:NAMESPACE/KIND/NAME");
    const std::string pod = parts.takeLast().toStdString();
    const std::string ns = parts.takeLast().toStdString();
    const QString context = parts.isEmpty() ? o.context : parts.join(QLatin1Char('/'));
    Connection c = connect(o, context);
    if (!c.transport)
        return fail(c.error);
    return podLogs(*c.transport, o, ns, pod);
}
