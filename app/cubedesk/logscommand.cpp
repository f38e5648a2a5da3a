#include "app/cubedesk/logscommand.h"

#include "app/cubedesk/commandexchange.h"
#include "app/cubedesk/commandtarget.h"
#include "k8s/api/apistatus.h"
#include "k8s/api/logcontainerchoice.h"
#include "k8s/api/podcontainernames.h"
#include "k8s/api/podlogoptions.h"
#include "k8s/api/rfc3339.h"
#include "k8s/api/urlescape.h"
#include "k8s/cube/jobpods.h"
#include "k8s/net/httptransport.h"
#include "k8s/session/logmerge.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>

using namespace cubedesk::k8s;

namespace {

int fail(const std::string &message) {
    std::cerr << "cubedesk: " << message << std::endl;
    return 1;
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
    auto settings = CommandTarget::settings(o.kubeconfigs, context);
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
    const CommandExchange found = CommandExchange::run(transport, get);
    if (found.response.status != 200)
        return fail(found.problem() +
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
    CommandExchange e = CommandExchange::run(transport, request, deadline);
    if (e.response.cancelled)
        return 0; // followed for the time asked
    if (e.response.status / 100 != 2) {
        e.body = *errorBody;
        return fail(e.problem());
    }
    if (!e.response.error.empty())
        return fail(e.response.error);
    return 0;
}

int jobLogs(HttpTransport &transport, const LogsCommand::Options &o, const std::string &ns,
            const std::string &kind, const std::string &job) {
    HttpRequest list;
    list.path = "/api/v1/namespaces/" + UrlEscape::segment(ns) + "/pods";
    list.headers = {"Accept: application/json"};
    list.responseTimeout = std::chrono::seconds(30);
    const CommandExchange pods = CommandExchange::run(transport, list);
    if (pods.response.status != 200)
        return fail(pods.problem());
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
        std::vector<std::string> ownerText; // kind, name, kind, name…
        for (const auto &owner : meta.value(QStringLiteral("ownerReferences")).toArray()) {
            const QJsonObject ref = owner.toObject();
            ownerText.push_back(ref.value(QStringLiteral("kind")).toString().toStdString());
            ownerText.push_back(ref.value(QStringLiteral("name")).toString().toStdString());
        }
        std::vector<JobPods::Owner> owners;
        for (std::size_t k = 0; k + 1 < ownerText.size(); k += 2)
            owners.push_back({ownerText[k], ownerText[k + 1]});
        std::map<std::string, std::string, std::less<>> labelMap;
        for (auto it = labels.begin(); it != labels.end(); ++it)
            if (it.value().isString())
                labelMap[it.key().toStdString()] = it.value().toString().toStdString();
        const JobPods::LabelLookup lookup =
            [&labelMap](std::string_view key) -> std::optional<std::string_view> {
            const auto it = labelMap.find(key);
            return it == labelMap.end() ? std::nullopt
                                        : std::optional<std::string_view>(it->second);
        };
        if (!JobPods::belongsTo(kind, job, owners, lookup))
            continue;
        Member m;
        m.name = meta.value(QStringLiteral("name")).toString().toStdString();
        m.rank = JobPods::rank(lookup);
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

    // Every container of every pod at once (a follow needs them all open), each split into
    // lines as it arrives and merged by time (LogMerge): a follow prints lines as soon as every
    // open stream has caught up with them; without a follow everything is printed at the end.
    struct Source {
        std::string prefix; ///< "[pod/NAME/CONTAINER] "
        std::string path;
        LogLineSplitter splitter{true, std::size_t{16} << 20}; // whole lines, as kubectl
        std::string errorBody;
        bool done = false;
        HttpTransport::RequestId id = 0;
    };
    PodLogOptions options = logOptions(o);
    options.timestamps = true; // to interleave; shown only when asked for
    const bool follow = options.follow;
    std::vector<std::unique_ptr<Source>> sources;
    for (const Member &m : members)
        for (const std::string &container : m.containers) {
            options.container = container;
            auto source = std::make_unique<Source>();
            source->prefix = "[pod/" + m.name + '/' + container + "] ";
            source->path = options.path(ns, m.name);
            sources.push_back(std::move(source));
        }
    constexpr std::size_t kMaxFollowed = 50;
    if (follow && sources.size() > kMaxFollowed)
        return fail("the job has " + std::to_string(sources.size()) +
                    " containers; following more than " + std::to_string(kMaxFollowed) +
                    " at once is refused: follow one of its pods");
    LogMerge merge;
    const auto print = [&](std::vector<LogMerge::Released> released) {
        for (const auto &r : released) {
            const Source &s = *sources[static_cast<std::size_t>(r.source)];
            std::string out = s.prefix;
            if (o.timestamps && r.line.time)
                out += Rfc3339::formatNanosFixed(*r.line.time) + ' ';
            out += r.line.text;
            out += '\n';
            std::fwrite(out.data(), 1, out.size(), stdout);
        }
        std::fflush(stdout);
    };
    const auto now = std::chrono::steady_clock::now;
    for (std::size_t k = 0; k < sources.size(); ++k) {
        Source &s = *sources[k];
        const int index = merge.addSource(now());
        HttpRequest request;
        request.path = s.path;
        request.responseTimeout = std::chrono::seconds(30);
        request.onData = [&s, &merge, index, &now](std::string_view chunk, int status) {
            if (status / 100 != 2) {
                if (s.errorBody.size() < 64 * 1024)
                    s.errorBody.append(chunk);
                return true;
            }
            std::vector<LogLine> lines;
            s.splitter.feed(chunk, lines);
            merge.push(index, std::move(lines), now());
            return true;
        };
        s.id =
            transport.start(std::move(request), [&s, &merge, index, &now](HttpTransport::RequestId,
                                                                          const HttpResponse &r) {
                s.done = true;
                std::vector<LogLine> last;
                s.splitter.finish(last);
                merge.push(index, std::move(last), now());
                merge.finish(index);
                if (r.cancelled || r.status == 204) // followed long enough; not scheduled yet
                    return;
                // A container that has not started is not an error of the job's log.
                if (r.status / 100 != 2 || !r.error.empty()) {
                    CommandExchange e;
                    e.response = r;
                    e.body = s.errorBody;
                    std::cerr << s.prefix << e.problem() << '\n';
                }
            });
    }
    const auto deadline =
        follow && *o.followSeconds > 0
            ? now() + std::chrono::milliseconds(static_cast<std::int64_t>(*o.followSeconds * 1000))
            : std::chrono::steady_clock::time_point::max();
    const auto allDone = [&] {
        return std::all_of(sources.begin(), sources.end(), [](const auto &s) { return s->done; });
    };
    while (!allDone() && now() < deadline) {
        transport.perform(std::chrono::milliseconds(100));
        if (follow)
            print(merge.release(now()));
    }
    for (auto &s : sources)
        if (!s->done)
            transport.cancel(s->id);
    while (!allDone())
        transport.perform(std::chrono::milliseconds(10));
    print(merge.release(now()));
    return 0;
}

} // namespace

int LogsCommand::run(const Options &o) {
    const QString target = o.target;
    if (target.startsWith(QLatin1String("job:"))) {
        const QStringList parts = target.mid(4).split(QLatin1Char('/'));
        if (parts.size() != 3 || parts.contains(QString()))
            return fail("--logs job: needs job:NAMESPACE/KIND/NAME");
        Connection c = connect(o, o.context);
        if (!c.transport)
            return fail(c.error);
        return jobLogs(*c.transport, o, parts[0].toStdString(), parts[1].toStdString(),
                       parts[2].toStdString());
    }
    const auto pod = CommandTarget::parsePod(target);
    if (!pod)
        return fail("--logs needs [CONTEXT/]NAMESPACE/POD or job:NAMESPACE/KIND/NAME");
    Connection c = connect(o, pod->context.isEmpty() ? o.context : pod->context);
    if (!c.transport)
        return fail(c.error);
    return podLogs(*c.transport, o, pod->ns, pod->pod);
}
