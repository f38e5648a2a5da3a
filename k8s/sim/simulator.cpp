#include "k8s/sim/simulator.h"

#include "k8s/sim/builtincrds.h"
#include "k8s/sim/churnengine.h"
#include "k8s/sim/dcgmendpoints.h"
#include "k8s/sim/demoscenario.h"
#include "k8s/sim/disruptioncontroller.h"
#include "k8s/sim/manifestloader.h"
#include "k8s/sim/metricsserver.h"
#include "k8s/sim/nodegpus.h"
#include "k8s/sim/podeviction.h"
#include "k8s/sim/podterminator.h"
#include "k8s/sim/quotacontroller.h"
#include "k8s/sim/rfc3339.h"
#include "k8s/sim/scalescenario.h"
#include "k8s/sim/workloadcontroller.h"

#include <algorithm>
#include <iostream>
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <yaml-cpp/yaml.h>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

std::string base64(const std::string &data) {
    std::string out(4 * ((data.size() + 2) / 3) + 1, '\0');
    const int n = EVP_EncodeBlock(reinterpret_cast<unsigned char *>(out.data()),
                                  reinterpret_cast<const unsigned char *>(data.data()),
                                  static_cast<int>(data.size()));
    out.resize(static_cast<std::size_t>(n));
    return out;
}

std::string randomToken() {
    unsigned char bytes[24];
    RAND_bytes(bytes, sizeof bytes);
    static constexpr char hexdigits[] = "0123456789abcdef";
    std::string s;
    for (unsigned char b : bytes) {
        s += hexdigits[b >> 4];
        s += hexdigits[b & 15];
    }
    return s;
}

std::pair<std::string, std::string> splitApiVersion(const std::string &apiVersion) {
    const auto slash = apiVersion.find('/');
    if (slash == std::string::npos)
        return {"", apiVersion};
    return {apiVersion.substr(0, slash), apiVersion.substr(slash + 1)};
}

} // namespace

Simulator::Simulator(SimulatorOptions options)
    : m_options(std::move(options))
    , m_store(m_options.historyWindow)
    , m_adminToken(randomToken()) {}

Simulator::~Simulator() {
    stop();
}

bool Simulator::churnFinished() const {
    return m_churn && m_churn->finished();
}

std::string Simulator::dcgmAddress() const {
    return m_dcgm ? m_dcgm->address() : std::string();
}

nlohmann::json Simulator::dcgmScrapeTargets() const {
    return m_dcgm ? m_dcgm->scrapeTargets() : nlohmann::json::array();
}

bool Simulator::writeDcgmHistory(std::ostream &out, std::chrono::system_clock::time_point until,
                                 std::chrono::seconds span, std::chrono::seconds step,
                                 const std::function<bool()> &stopped) const {
    return m_dcgm && m_dcgm->writeHistory(out, until, span, step,
                                          {"DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_FB_USED",
                                           "DCGM_FI_DEV_FB_FREE", "DCGM_FI_DEV_POWER_USAGE",
                                           "DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_SM_CLOCK",
                                           "DCGM_FI_DEV_XID_ERRORS"},
                                          stopped);
}

void Simulator::setServiceProxy(const std::string &serviceKey, const std::string &url) {
    if (m_server)
        m_server->setServiceProxy(serviceKey, url);
}

std::string Simulator::url() const {
    return m_server ? m_server->url() : std::string();
}

void Simulator::installControllers() {
    const ResourceType crdType =
        *m_registry.find("apiextensions.k8s.io", "v1", "customresourcedefinitions");
    // The apiextensions controller: a CRD serves its resource as soon as it is stored, and is
    // marked Established; deleting it removes the resource and its objects.
    m_store.addListener([this, crdType](const ResourceType &type, const WatchEvent &e) {
        if (type.collectionKey() != crdType.collectionKey())
            return;
        const json crd = e.object->parse();
        if (e.type == EventType::Deleted) {
            for (const auto &t : m_registry.removeCrd(crd))
                m_store.dropCollection(t);
            return;
        }
        if (auto error = m_registry.applyCrd(crd)) {
            std::cerr << "cubedesk-sim: CustomResourceDefinition " << e.object->name
                      << " not served: " << *error << '\n';
            return;
        }
        // Gone or changed meanwhile: the next change establishes it.
        static_cast<void>(m_store.update(
            crdType, "", e.object->name,
            [](json &doc) -> std::optional<ApiError> {
                const std::string when = formatRfc3339(std::chrono::system_clock::now());
                json conditions = json::array();
                const json old = doc.value("status", json::object());
                for (const char *type : {"NamesAccepted", "Established"}) {
                    std::string since = when;
                    for (const auto &c : old.value("conditions", json::array()))
                        if (c.value("type", "") == type)
                            since = c.value("lastTransitionTime", when);
                    conditions.push_back(
                        {{"type", type},
                         {"status", "True"},
                         {"reason", type == std::string("Established") ? "InitialNamesAccepted"
                                                                       : "NoConflicts"},
                         {"message", type == std::string("Established")
                                         ? "the initial names have been accepted"
                                         : "no conflicts found"},
                         {"lastTransitionTime", since}});
                }
                doc["status"] = {{"conditions", conditions},
                                 {"acceptedNames", doc["spec"].value("names", json::object())},
                                 {"storedVersions", json::array()}};
                for (const auto &v : doc["spec"].value("versions", json::array()))
                    if (v.value("storage", false))
                        doc["status"]["storedVersions"].push_back(v.value("name", ""));
                return std::nullopt;
            },
            WriteOptions{false, true, false}));
    });
    // The namespace controller: a deleted namespace takes its contents with it. One that still
    // had pods was only marked Terminating: its pods terminate gracefully, the rest goes now,
    // and the namespace itself goes with its last pod.
    const ResourceType pods = m_registry.core("pods");
    const ResourceType namespaces = m_registry.core("namespaces");
    m_store.addListener([this, pods, namespaces](const ResourceType &type, const WatchEvent &e) {
        const bool isNamespace = type.collectionKey() == namespaces.collectionKey();
        if (isNamespace && e.type == EventType::Deleted) {
            m_store.removeNamespaceContents(e.object->name);
            return;
        }
        const auto terminating = [](const StoredObject &o) {
            return o.json.find("\"deletionTimestamp\"") != std::string::npos;
        };
        if (isNamespace && e.type == EventType::Modified && terminating(*e.object) &&
            !(e.previous && terminating(*e.previous))) {
            const std::string ns = e.object->name;
            m_store.removeNamespaceContents(ns, pods.collectionKey());
            ListQuery inNs;
            inNs.ns = ns;
            if (auto list = m_store.list(pods, inNs); list.ok())
                for (const auto &p : list.value().items)
                    static_cast<void>(m_terminator->remove(ns, p->name, {}));
        } else if (!(type.collectionKey() == pods.collectionKey() &&
                     e.type == EventType::Deleted)) {
            return;
        }
        const std::string ns = isNamespace ? e.object->name : e.object->ns;
        auto nsObject = m_store.get(namespaces, "", ns);
        if (!nsObject.ok() || !terminating(*nsObject.value()))
            return;
        ListQuery inNs;
        inNs.ns = ns;
        inNs.limit = 1;
        if (auto left = m_store.list(pods, inNs); left.ok() && left.value().items.empty())
            static_cast<void>(m_store.remove(namespaces, "", ns, nsObject.value()->uid));
    });
}

Result<ObjectPtr> Simulator::createObject(json object, bool keepStatus) {
    if (!object.is_object())
        return ApiError::badRequest("not an object");
    const auto [group, version] = splitApiVersion(object.value("apiVersion", ""));
    const std::string kind = object.value("kind", "");
    auto type = m_registry.findByKind(group, kind);
    if (!type)
        return ApiError::badRequest("no resource serves " + object.value("apiVersion", "") +
                                    ", Kind=" + kind);
    if (auto exact = m_registry.find(group, version, type->plural))
        type = exact;
    return m_store.create(*type, std::move(object), WriteOptions{false, false, keepStatus});
}

std::vector<std::string> Simulator::loadManifests(const std::string &path) {
    auto loaded = ManifestLoader::loadPath(path);
    std::vector<std::string> problems = loaded.errors;
    // CRDs first, then namespaces, then everything else, so dependencies exist in time.
    auto rank = [](const json &o) {
        const std::string kind = o.value("kind", "");
        return kind == "CustomResourceDefinition" ? 0 : kind == "Namespace" ? 1 : 2;
    };
    std::stable_sort(loaded.objects.begin(), loaded.objects.end(),
                     [&](const LoadedManifest &a, const LoadedManifest &b) {
                         return rank(a.object) < rank(b.object);
                     });
    const ResourceType nsType = m_registry.core("namespaces");
    for (auto &m : loaded.objects) {
        json &o = m.object;
        const auto [group, version] = splitApiVersion(o.value("apiVersion", ""));
        auto type = m_registry.findByKind(group, o.value("kind", ""));
        if (type && type->namespaced) {
            json &meta = o["metadata"];
            if (!meta.is_object())
                meta = json::object();
            if (meta.value("namespace", "").empty())
                meta["namespace"] = "default";
            const std::string ns = meta["namespace"];
            // A namespace the manifest needs; if creating it fails, creating the object below
            // says why.
            if (!m_store.get(nsType, "", ns).ok())
                static_cast<void>(m_store.create(
                    nsType,
                    {{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", ns}}}}));
        }
        auto r = createObject(std::move(o), true);
        if (!r.ok())
            problems.push_back(m.origin + ": " + r.error().message);
    }
    return problems;
}

std::optional<std::string> Simulator::start() {
    if (auto error = m_faults.configure(m_options.faults))
        return error;
    if (m_options.auth != "token" && m_options.auth != "cert")
        return std::string("--auth must be token or cert");
    if (m_options.tls) {
        try {
            m_tls = TlsMaterial::generate();
        } catch (const std::exception &e) {
            return std::string("cannot create TLS credentials: ") + e.what();
        }
    }
    m_terminator = std::make_unique<PodTerminator>(
        m_store, m_registry, std::chrono::milliseconds(m_options.podShutdownMs));
    installControllers();
    if (m_options.builtinCrds)
        for (auto &crd : builtinCrds())
            if (auto r = createObject(std::move(crd), false); !r.ok())
                return "built-in CRD: " + r.error().message;
    if (m_options.scenario == "demo") {
        for (auto &o : DemoScenario::generate(m_options.seed, std::chrono::system_clock::now())) {
            const std::string what = o.value("kind", "") + ' ' + o["metadata"].value("name", "");
            if (auto r = createObject(std::move(o), true); !r.ok())
                return "demo scenario, " + what + ": " + r.error().message;
        }
    } else if (m_options.scenario == "scale") {
        if (m_options.gpuNodes && *m_options.gpuNodes > m_options.nodes)
            return "--gpu-nodes " + std::to_string(*m_options.gpuNodes) + " is more than the " +
                   std::to_string(m_options.nodes) + " nodes";
        ScaleScenario::load(m_store, m_registry, m_options.nodes, m_options.pods, m_options.seed,
                            m_options.gpuNodes);
    } else if (m_options.scenario != "empty") {
        return "unknown scenario '" + m_options.scenario + "' (demo, scale or empty)";
    }
    // An empty store's namespaces: creating them in a store without any cannot conflict.
    if (m_store.count(m_registry.core("namespaces")) == 0)
        for (const char *ns : {"default", "kube-system", "kube-public"})
            static_cast<void>(createObject(
                {{"apiVersion", "v1"}, {"kind", "Namespace"}, {"metadata", {{"name", ns}}}},
                false));
    if (!m_options.loadDir.empty())
        for (const auto &problem : loadManifests(m_options.loadDir))
            std::cerr << "cubedesk-sim: --load: " << problem << '\n';

    m_scheduler = std::make_unique<PodScheduler>(m_store, m_registry);
    m_quotas = std::make_unique<QuotaController>(m_store, m_registry);
    m_scheduler->schedulePass();
    for (const auto &ns : m_store.all(m_registry.core("namespaces")))
        m_quotas->recompute(ns->name);
    m_scheduler->start();
    m_quotas->start();
    m_disruption = std::make_unique<DisruptionController>(m_store, m_registry);
    for (const auto &ns : m_store.all(m_registry.core("namespaces")))
        m_disruption->recompute(ns->name);
    m_disruption->start();
    m_terminator->start();
    m_workloads = std::make_unique<WorkloadController>(m_store, m_registry, *m_terminator);
    m_workloads->start();
    m_eviction = std::make_unique<PodEviction>(m_store, m_registry, *m_terminator);
    if (m_options.metricsServer) {
        m_registry.serveMetricsApi();
        m_metrics = std::make_unique<MetricsServer>(m_store, m_registry);
    }
    m_gpus = std::make_unique<NodeGpus>(m_store, m_registry);
    if (m_options.dcgmExporter) {
        m_dcgm = std::make_unique<DcgmEndpoints>(m_store, m_registry, *m_gpus, m_options.host);
        if (!m_dcgm->start())
            return "cannot listen on " + m_options.host + " for the dcgm-exporter endpoints";
    }

    ApiServer::Options server;
    server.host = m_options.host;
    server.port = m_options.port;
    server.tls = m_options.tls;
    server.gzip = m_options.gzip;
    server.aggregatedDiscovery = m_options.aggregatedDiscovery;
    server.watchList = m_options.watchList;
    server.bookmarkInterval = std::chrono::milliseconds(m_options.bookmarkIntervalMs);
    server.terminator = m_terminator.get();
    server.eviction = m_eviction.get();
    server.metrics = m_metrics.get();
    server.gpus = m_gpus.get();
    server.serviceProxies = m_options.serviceProxies;
    server.tokens[m_adminToken] = SimUser{"admin", {"system:masters"}, false, {}};
    if (!m_options.readonlyToken.empty())
        server.tokens[m_options.readonlyToken] =
            SimUser{"viewer", {"viewers"}, true, m_options.readonlyDenied};
    m_server = std::make_unique<ApiServer>(m_store, m_registry, m_faults, m_tls ? &*m_tls : nullptr,
                                           server);
    m_port = m_server->start();
    if (m_port < 0)
        return "cannot listen on " + m_options.host + ':' + std::to_string(m_options.port);
    if (m_options.churnPerSecond > 0) {
        m_churn = std::make_unique<ChurnEngine>(m_store, m_registry, m_options.seed);
        m_churn->start(m_options.churnPerSecond, m_options.churnDurationSeconds,
                       m_options.churnFinished);
    }
    return std::nullopt;
}

void Simulator::stop() {
    if (m_churn)
        m_churn->stop();
    if (m_server)
        m_server->stop();
    if (m_dcgm)
        m_dcgm->stop();
    if (m_scheduler)
        m_scheduler->stop();
    if (m_quotas)
        m_quotas->stop();
    if (m_workloads)
        m_workloads->stop();
    if (m_disruption)
        m_disruption->stop();
    if (m_terminator)
        m_terminator->stop();
}

std::string Simulator::kubeconfig() const {
    const std::string name = m_options.contextName;
    YAML::Emitter out;
    out << YAML::BeginMap;
    out << YAML::Key << "apiVersion" << YAML::Value << "v1";
    out << YAML::Key << "kind" << YAML::Value << "Config";
    out << YAML::Key << "preferences" << YAML::Value << YAML::BeginMap << YAML::EndMap;
    out << YAML::Key << "clusters" << YAML::Value << YAML::BeginSeq << YAML::BeginMap;
    out << YAML::Key << "name" << YAML::Value << name;
    out << YAML::Key << "cluster" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "server" << YAML::Value << url();
    if (m_tls)
        out << YAML::Key << "certificate-authority-data" << YAML::Value
            << base64(m_tls->caCertificatePem());
    out << YAML::EndMap << YAML::EndMap << YAML::EndSeq;

    out << YAML::Key << "users" << YAML::Value << YAML::BeginSeq;
    out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << name + "-admin";
    out << YAML::Key << "user" << YAML::Value << YAML::BeginMap;
    if (m_options.auth == "cert" && m_tls) {
        const auto cred = m_tls->issueClientCertificate("admin", {"system:masters"});
        out << YAML::Key << "client-certificate-data" << YAML::Value << base64(cred.certificatePem);
        out << YAML::Key << "client-key-data" << YAML::Value << base64(cred.keyPem);
    } else {
        out << YAML::Key << "token" << YAML::Value << m_adminToken;
    }
    out << YAML::EndMap << YAML::EndMap;
    if (!m_options.readonlyToken.empty()) {
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << name + "-viewer";
        out << YAML::Key << "user" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "token" << YAML::Value << m_options.readonlyToken;
        out << YAML::EndMap << YAML::EndMap;
    }
    out << YAML::EndSeq;

    out << YAML::Key << "contexts" << YAML::Value << YAML::BeginSeq;
    out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << name;
    out << YAML::Key << "context" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "cluster" << YAML::Value << name;
    out << YAML::Key << "user" << YAML::Value << name + "-admin";
    out << YAML::EndMap << YAML::EndMap;
    if (!m_options.readonlyToken.empty()) {
        out << YAML::BeginMap << YAML::Key << "name" << YAML::Value << name + "-readonly";
        out << YAML::Key << "context" << YAML::Value << YAML::BeginMap;
        out << YAML::Key << "cluster" << YAML::Value << name;
        out << YAML::Key << "user" << YAML::Value << name + "-viewer";
        out << YAML::EndMap << YAML::EndMap;
    }
    out << YAML::EndSeq;
    out << YAML::Key << "current-context" << YAML::Value << name;
    out << YAML::EndMap;
    return std::string(out.c_str()) + '\n';
}

} // namespace cubedesk::sim
