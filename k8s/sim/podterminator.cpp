#include "k8s/sim/podterminator.h"

#include "k8s/sim/objectfield.h"
#include "k8s/sim/rfc3339.h"

#include <algorithm>

namespace cubedesk::sim {

using nlohmann::json;
using SteadyClock = std::chrono::steady_clock;

namespace {

constexpr std::int64_t kDefaultGraceSeconds = 30;

bool marked(const StoredObject &pod) {
    return pod.json.find("\"deletionTimestamp\"") != std::string::npos;
}

} // namespace

PodTerminator::PodTerminator(ObjectStore &store, const ResourceRegistry &registry,
                             std::chrono::milliseconds shutdown)
    : m_store(store)
    , m_pods(registry.core("pods"))
    , m_shutdown(shutdown) {
    m_store.addListener([this](const ResourceType &type, const WatchEvent &e) {
        if (type.collectionKey() != m_pods.collectionKey() || e.type != EventType::Modified ||
            !marked(*e.object))
            return;
        if (e.previous && marked(*e.previous) &&
            objectField(e.previous->parse(), "metadata").value("deletionTimestamp", "") ==
                objectField(e.object->parse(), "metadata").value("deletionTimestamp", ""))
            return; // a status write while it terminates
        schedule(*e.object);
    });
}

PodTerminator::~PodTerminator() {
    stop();
}

void PodTerminator::start() {
    m_thread = std::thread([this] { run(); });
}

void PodTerminator::stop() {
    {
        std::lock_guard lock(m_mutex);
        m_stop = true;
        m_wake.notify_one();
    }
    if (m_thread.joinable())
        m_thread.join();
}

std::int64_t PodTerminator::gracePeriod(const json &pod, std::optional<std::int64_t> requested) {
    const json &spec = objectField(pod, "spec");
    if (spec.value("nodeName", "").empty())
        return 0;
    const std::string phase = objectField(pod, "status").value("phase", "");
    if (phase == "Succeeded" || phase == "Failed")
        return 0;
    if (requested && *requested >= 0)
        return *requested;
    const auto own = spec.find("terminationGracePeriodSeconds");
    if (own != spec.end() && own->is_number_integer())
        return std::max<std::int64_t>(0, own->get<std::int64_t>());
    return kDefaultGraceSeconds;
}

Result<ObjectPtr> PodTerminator::remove(const std::string &ns, const std::string &name,
                                        const PodDeleteRequest &request) {
    auto current = m_store.get(m_pods, ns, name);
    if (!current.ok())
        return current;
    const json pod = current.value()->parse();
    const std::int64_t grace = gracePeriod(pod, request.gracePeriodSeconds);
    const json &meta = objectField(pod, "metadata");
    if (meta.contains("deletionGracePeriodSeconds") &&
        meta["deletionGracePeriodSeconds"].is_number_integer() &&
        grace >= meta["deletionGracePeriodSeconds"].get<std::int64_t>() && grace > 0)
        return current; // already going, at least as soon
    if (request.dryRun)
        return current;
    if (grace == 0)
        return m_store.remove(m_pods, ns, name, request.preconditionUid, request.preconditionRv);
    const std::string when =
        formatRfc3339(std::chrono::system_clock::now() + std::chrono::seconds(grace));
    WriteOptions options;
    options.marksDeletion = true;
    return m_store.update(
        m_pods, ns, name,
        [&](json &doc) -> std::optional<ApiError> {
            json &m = doc["metadata"];
            // The store checks a uid or resourceVersion left different from the stored one.
            if (!request.preconditionUid.empty())
                m["uid"] = request.preconditionUid;
            if (!request.preconditionRv.empty())
                m["resourceVersion"] = request.preconditionRv;
            m["deletionTimestamp"] = when;
            m["deletionGracePeriodSeconds"] = grace;
            return std::nullopt;
        },
        options);
}

void PodTerminator::schedule(const StoredObject &pod) {
    const json meta = objectField(pod.parse(), "metadata");
    const auto grace = std::chrono::seconds(meta.value("deletionGracePeriodSeconds", 0));
    const auto delay = std::min<std::chrono::milliseconds>(grace, m_shutdown);
    std::lock_guard lock(m_mutex);
    m_due[{SteadyClock::now() + delay, pod.ns, pod.name}] = pod.uid;
    m_wake.notify_one();
}

void PodTerminator::run() {
    std::unique_lock lock(m_mutex);
    while (!m_stop) {
        if (m_due.empty()) {
            m_wake.wait(lock);
            continue;
        }
        const auto first = m_due.begin();
        if (std::get<0>(first->first) > SteadyClock::now()) {
            m_wake.wait_until(lock, std::get<0>(first->first));
            continue;
        }
        const std::string ns = std::get<1>(first->first);
        const std::string name = std::get<2>(first->first);
        const std::string uid = first->second;
        m_due.erase(first);
        lock.unlock();
        // Gone already, or replaced by a new pod of that name: nothing to do (404, 409).
        static_cast<void>(m_store.remove(m_pods, ns, name, uid));
        lock.lock();
    }
}

} // namespace cubedesk::sim
