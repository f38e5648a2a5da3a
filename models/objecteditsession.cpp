#include "models/objecteditsession.h"

#include "k8s/api/yamlview.h"
#include "k8s/session/clustersession.h"
#include "k8s/write/nodewrites.h"
#include "k8s/write/objectedits.h"
#include "models/clusterconnection.h"
#include "models/objectactioncontroller.h"
#include "models/qtstring.h"

#include <utility>

namespace cubedesk::models {

namespace {

QString yamlOf(const std::string &json, const std::set<std::string> &revealed, QString *error) {
    auto yaml = k8s::YamlView::fromJson(json, revealed);
    if (!yaml) {
        *error = toQString(yaml.error());
        return {};
    }
    return toQString(*yaml);
}

// "apps/v1" → {"apps", "v1"}; "v1" → {"", "v1"}.
std::pair<std::string, std::string> splitApiVersion(const std::string &apiVersion) {
    const auto slash = apiVersion.find('/');
    if (slash == std::string::npos)
        return {{}, apiVersion};
    return {apiVersion.substr(0, slash), apiVersion.substr(slash + 1)};
}

const char *const kCreateTemplate = "apiVersion: v1\n"
                                    "kind: ConfigMap\n"
                                    "metadata:\n"
                                    "  name: example\n"
                                    "data:\n"
                                    "  key: value\n";

} // namespace

ObjectEditSession::ObjectEditSession(ClusterConnection *cluster, ObjectActionController *actions,
                                     k8s::WorkloadWrites::Target target,
                                     std::set<std::string> revealed, QObject *parent)
    : QObject(parent)
    , m_cluster(cluster)
    , m_actions(actions)
    , m_mode(Mode::Edit)
    , m_target(std::move(target))
    , m_revealed(std::move(revealed)) {}

ObjectEditSession::ObjectEditSession(ClusterConnection *cluster, ObjectActionController *actions,
                                     QString defaultNamespace, QObject *parent)
    : QObject(parent)
    , m_cluster(cluster)
    , m_actions(actions)
    , m_mode(Mode::Create)
    , m_defaultNamespace(std::move(defaultNamespace)) {}

QString ObjectEditSession::clusterName() const {
    return m_cluster ? m_cluster->name() : QString();
}

QString ObjectEditSession::subject() const {
    return m_mode == Mode::Edit ? ObjectActionController::subjectOf(m_target) : tr("new objects");
}

void ObjectEditSession::load() {
    if (m_mode == Mode::Create) {
        m_base = QString::fromLatin1(kCreateTemplate);
        setStage(Stage::Editing);
        setText(m_base);
        Q_EMIT loaded();
        return;
    }
    if (!m_cluster) {
        setStage(Stage::Failed);
        Q_EMIT failed(tr("The cluster was removed."));
        return;
    }
    setStage(Stage::Loading);
    m_cluster->submit(
        {k8s::NodeWrites::getObject(m_target.resource.collectionPath(), m_target.ns,
                                    m_target.name)},
        this,
        [this](std::vector<k8s::WriteResult> results) {
            auto &r = results.front();
            if (!r.ok()) {
                setStage(Stage::Failed);
                Q_EMIT failed(
                    tr("Could not read %1: %2").arg(subject(), toQString(r.error.message)));
                return;
            }
            QString error;
            const QString yaml = yamlOf(r.body, m_revealed, &error);
            if (!error.isEmpty()) {
                setStage(Stage::Failed);
                Q_EMIT failed(tr("The server's answer is not an object: %1").arg(error));
                return;
            }
            m_liveJson = std::move(r.body);
            m_base = yaml;
            setStage(Stage::Editing);
            setText(yaml);
            Q_EMIT loaded();
        },
        1);
}

void ObjectEditSession::setText(const QString &text) {
    m_text = text;
    const auto parsed = k8s::ManifestDocuments::parse(text.toStdString());
    m_error = parsed.error;
    m_docs = parsed.documents;
    if (!m_error && m_mode == Mode::Edit && m_docs.size() != 1) {
        m_error = k8s::ManifestDocuments::Error{
            0, 0, tr("Edit one object: the text holds %n.", nullptr, int(m_docs.size()))};
        m_docs.clear();
    }
    Q_EMIT textParsed();
}

std::vector<k8s::LineDiff::Line> ObjectEditSession::diffToBase() const {
    return k8s::LineDiff::hunks(m_base.toStdString(), m_text.toStdString());
}

bool ObjectEditSession::canApply() const {
    return m_dryRunText && *m_dryRunText == m_text && !m_error &&
           (m_stage == Stage::Editing || m_stage == Stage::Done);
}

ObjectEditSession::Prepared ObjectEditSession::prepare(bool dryRun) const {
    Prepared out;
    if (m_error || m_docs.empty()) {
        out.error = tr("The YAML does not parse: fix it first.");
        return out;
    }
    if (m_mode == Mode::Edit) {
        auto json = k8s::ObjectEdits::restoreMaskedSecret(m_docs.front().json, m_liveJson);
        if (!json) {
            out.error = toQString(json.error());
            return out;
        }
        auto request = k8s::ObjectEdits::replace(m_target, *json, dryRun);
        if (!request) {
            out.error = toQString(request.error());
            return out;
        }
        out.requests.push_back(std::move(*request));
        return out;
    }
    const auto discovery =
        m_cluster && m_cluster->session() ? m_cluster->session()->discovery() : std::nullopt;
    if (!discovery) {
        out.error = tr("%1 has not told which resources it serves yet.").arg(clusterName());
        return out;
    }
    for (const auto &doc : m_docs) {
        const auto [group, version] = splitApiVersion(doc.apiVersion);
        const k8s::ApiResource *served = nullptr;
        for (const auto &r : discovery->resources())
            if (r.group == group && r.version == version && r.kind == doc.kind &&
                r.plural.find('/') == std::string::npos)
                served = &r;
        if (served == nullptr) {
            out.requests.clear();
            out.error = tr("Line %1: %2 does not serve %3 in %4.")
                            .arg(doc.line)
                            .arg(clusterName(), toQString(doc.kind), toQString(doc.apiVersion));
            return out;
        }
        const std::string ns = served->namespaced
                                   ? (doc.ns.empty() ? m_defaultNamespace.toStdString() : doc.ns)
                                   : std::string();
        if (served->namespaced && ns.empty()) {
            out.requests.clear();
            out.error = tr("Line %1: %2 %3 needs a namespace.")
                            .arg(doc.line)
                            .arg(toQString(doc.kind), toQString(doc.name));
            return out;
        }
        const k8s::ResourceDescriptor resource(k8s::ObjectKind::CustomResource, served->group,
                                               served->version, served->plural, served->namespaced);
        auto request = k8s::ObjectEdits::create(resource, ns, doc.json, dryRun);
        request.subject = doc.kind + ' ' + (ns.empty() ? doc.name : ns + '/' + doc.name);
        out.requests.push_back(std::move(request));
    }
    return out;
}

void ObjectEditSession::dryRun() {
    auto prepared = prepare(true);
    if (!prepared.error.isEmpty() || !m_cluster) {
        Q_EMIT dryRunFinished(false, prepared.error);
        return;
    }
    const QString sent = m_text;
    setStage(Stage::DryRunning);
    m_dryRunDiff.clear();
    m_dryRunText.reset();
    m_cluster->submit(
        std::move(prepared.requests), this,
        [this, sent](std::vector<k8s::WriteResult> results) {
            setStage(Stage::Editing);
            if (m_mode == Mode::Edit && results.front().status == 409) {
                // Changed since it was read: the three versions, as an apply would.
                readTheirs(tr("%1 changed on the cluster since you opened it (409 Conflict): "
                              "nothing was changed.")
                               .arg(subject()));
                return;
            }
            QStringList problems;
            std::string before;
            std::string after;
            for (const auto &r : results) {
                if (!r.ok()) {
                    problems << toQString(r.error.message);
                    continue;
                }
                QString error;
                const QString yaml = yamlOf(r.body, m_revealed, &error);
                after += yaml.toStdString();
                if (m_mode == Mode::Edit) {
                    before = yamlOf(m_liveJson, m_revealed, &error).toStdString();
                } else {
                    after += "---\n";
                }
            }
            if (!problems.isEmpty()) {
                Q_EMIT dryRunFinished(false, tr("The server refused the dry run: %1")
                                                 .arg(problems.join(QStringLiteral("; "))));
                return;
            }
            m_dryRunDiff = k8s::LineDiff::hunks(before, after);
            if (sent == m_text)
                m_dryRunText = sent;
            const auto counts = k8s::LineDiff::count(m_dryRunDiff);
            Q_EMIT dryRunFinished(
                true, m_mode == Mode::Edit
                          ? tr("Dry run passed: the object would change by %1 added and %2 "
                               "removed lines.")
                                .arg(counts.added)
                                .arg(counts.removed)
                          : tr("Dry run passed: %n object(s) would be created.", nullptr,
                               int(results.size())));
        },
        1);
}

void ObjectEditSession::apply() {
    if (!canApply() || !m_cluster || !m_actions) {
        Q_EMIT applyFinished(false, tr("Run a dry run of this text first."));
        return;
    }
    auto prepared = prepare(false);
    if (!prepared.error.isEmpty()) {
        Q_EMIT applyFinished(false, prepared.error);
        return;
    }
    setStage(Stage::Applying);
    if (m_mode == Mode::Create) {
        createNext(0, {});
        return;
    }
    QPointer<ObjectEditSession> self(this);
    m_actions->sendAudited(
        m_cluster, ObjectActionController::Action::Apply, subject(),
        ObjectActionController::actionText({ObjectActionController::Action::Apply, {}, 0, {}}),
        std::move(prepared.requests.front()), [self](const ObjectActionController::Outcome &o) {
            if (!self)
                return;
            if (o.status == 409) {
                self->readTheirs(o.message);
                return;
            }
            self->setStage(o.ok ? Stage::Done : Stage::Editing);
            if (o.ok) {
                // What was applied is the new base; a further edit starts from it.
                QString error;
                self->m_liveJson = o.body;
                self->m_base = yamlOf(o.body, self->m_revealed, &error);
                self->m_dryRunText.reset();
                self->setText(self->m_base);
            }
            Q_EMIT self->applyFinished(o.ok, o.message);
        });
}

void ObjectEditSession::createNext(std::size_t index, QStringList done) {
    auto prepared = prepare(false);
    if (index >= prepared.requests.size()) {
        setStage(Stage::Done);
        m_dryRunText.reset();
        Q_EMIT applyFinished(true, tr("Created %1.").arg(done.join(QStringLiteral(", "))));
        return;
    }
    const QString what = toQString(prepared.requests[index].subject);
    QPointer<ObjectEditSession> self(this);
    m_actions->sendAudited(
        m_cluster, ObjectActionController::Action::Create, what,
        ObjectActionController::actionText({ObjectActionController::Action::Create, {}, 0, {}}),
        std::move(prepared.requests[index]),
        [self, index, done, what](const ObjectActionController::Outcome &o) mutable {
            if (!self)
                return;
            if (!o.ok) {
                self->setStage(Stage::Editing);
                self->m_dryRunText.reset();
                Q_EMIT self->applyFinished(
                    false, done.isEmpty()
                               ? o.message
                               : tr("%1 Created before it: %2; nothing after it was sent.")
                                     .arg(o.message, done.join(QStringLiteral(", "))));
                return;
            }
            done << what;
            self->createNext(index + 1, done);
        });
}

void ObjectEditSession::readTheirs(const QString &why) {
    if (!m_cluster) {
        setStage(Stage::Editing);
        Q_EMIT applyFinished(false, why);
        return;
    }
    m_cluster->submit(
        {k8s::NodeWrites::getObject(m_target.resource.collectionPath(), m_target.ns,
                                    m_target.name)},
        this,
        [this, why](std::vector<k8s::WriteResult> results) {
            auto &r = results.front();
            QString error;
            const QString theirs = r.ok() ? yamlOf(r.body, m_revealed, &error) : QString();
            if (!r.ok() || !error.isEmpty()) {
                setStage(Stage::Editing);
                Q_EMIT applyFinished(false,
                                     tr("%1 Reading it again failed: %2")
                                         .arg(why, r.ok() ? error : toQString(r.error.message)));
                return;
            }
            m_theirs = theirs;
            m_theirsJson = std::move(r.body);
            m_dryRunText.reset();
            setStage(Stage::Conflict);
            Q_EMIT conflicted(why);
        },
        1);
}

bool ObjectEditSession::rebase() {
    if (m_stage != Stage::Conflict)
        return false;
    const auto merged =
        k8s::LineDiff::merge3(m_base.toStdString(), m_text.toStdString(), m_theirs.toStdString());
    if (!merged.ok)
        return false;
    m_base = m_theirs;
    m_liveJson = m_theirsJson;
    m_theirs.clear();
    m_theirsJson.clear();
    setStage(Stage::Editing);
    setText(toQString(merged.text));
    return true;
}

} // namespace cubedesk::models

namespace cubedesk::models {

void ObjectEditSession::restartFromTheirs() {
    if (m_stage != Stage::Conflict)
        return;
    m_base = m_theirs;
    m_liveJson = m_theirsJson;
    m_theirs.clear();
    m_theirsJson.clear();
    setStage(Stage::Editing);
    setText(m_base);
}

} // namespace cubedesk::models
