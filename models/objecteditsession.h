#pragma once
// ObjectEditSession: one YAML edit of the resource browser, from reading the object to applying
// it safely (docs/writes.md, "YAML edits"):
//   1. load(): GET the object; its YAML (managedFields hidden, a Secret's values masked but for
//      the keys revealed: k8s::YamlView) is the base the user edits from;
//   2. setText() as the user types: parsed at once (k8s::ManifestDocuments: the first error with
//      its line), and diffed against the base (k8s::LineDiff);
//   3. dryRun(): the edit sent with dryRun=All; the server's result (defaults and admission
//      changes included) is diffed against the live object. Apply is possible only after a dry
//      run of exactly the current text succeeded;
//   4. apply(): PUT with the resourceVersion the user started from, through the window's
//      ObjectActionController (audited). A 409 Conflict reads the object again and keeps three
//      versions — base, the server's now (theirs), the edit (mine); rebase() merges the edit onto
//      theirs (diff3) and makes theirs the new base, or says the changes overlap.
// In Create mode the text holds one or more new objects (YAML documents): each is resolved
// through the cluster's discovery, dry-run as a POST, and created in order once all dry runs
// passed; the result of each is reported.
// Masked Secret values are put back from the live object before anything is sent
// (k8s::ObjectEdits::restoreMaskedSecret); the live values stay in memory only, are never logged
// and never appear in a diff (both sides of every diff are masked the same way).
//
// Threads: GUI thread only; answers arrive through ClusterConnection::submit. Does not own the
// cluster or the controller; a request whose session (the dialog) went is dropped.

#include "k8s/api/linediff.h"
#include "k8s/config/manifestdocuments.h"
#include "k8s/write/workloadwrites.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace cubedesk::models {

class ClusterConnection;
class ObjectActionController;

class ObjectEditSession final : public QObject {
    Q_OBJECT
public:
    enum class Mode { Edit, Create };
    enum class Stage { Loading, Editing, DryRunning, Applying, Conflict, Done, Failed };

    /// Edit `target` on `cluster`; `revealed`: the Secret keys shown in clear.
    ObjectEditSession(ClusterConnection *cluster, ObjectActionController *actions,
                      k8s::WorkloadWrites::Target target, std::set<std::string> revealed,
                      QObject *parent = nullptr);
    /// Create new objects on `cluster`; `defaultNamespace` for namespaced documents without one.
    ObjectEditSession(ClusterConnection *cluster, ObjectActionController *actions,
                      QString defaultNamespace, QObject *parent = nullptr);

    Mode mode() const { return m_mode; }
    Stage stage() const { return m_stage; }
    QString clusterName() const;
    /// "Deployment infra/web" (Edit) or "new objects" (Create).
    QString subject() const;

    /// Edit: reads the object (loaded() or failed()). Create: ready at once.
    void load();
    /// The text the edit started from (Edit), or a template (Create).
    const QString &baseText() const { return m_base; }
    const QString &text() const { return m_text; }
    void setText(const QString &text);
    /// The first parse problem of the current text (nullopt: it parses).
    const std::optional<k8s::ManifestDocuments::Error> &parseError() const { return m_error; }
    /// The documents of the current text (empty while it does not parse).
    const std::vector<k8s::ManifestDocuments::Document> &documents() const { return m_docs; }
    /// The edit against the base (Edit), with 3 lines of context.
    std::vector<k8s::LineDiff::Line> diffToBase() const;

    /// Sends the current text with dryRun=All (dryRunFinished()).
    void dryRun();
    /// The live object against the dry run's result (masked alike), once a dry run succeeded.
    const std::vector<k8s::LineDiff::Line> &dryRunDiff() const { return m_dryRunDiff; }
    /// A dry run of exactly the current text succeeded: apply() may send it.
    bool canApply() const;
    /// Sends the current text for real (applyFinished(), or conflicted()).
    void apply();

    /// After a conflict: the three versions, masked alike.
    const QString &theirsText() const { return m_theirs; }
    /// Merges the edit onto theirs: true and the text becomes the merge (theirs becomes the
    /// base); false when both changed the same lines (nothing changes).
    bool rebase();
    /// After a conflict: drops the edit and starts again from theirs (the edit stays readable
    /// where the caller kept it). The way on when rebase() could not merge.
    void restartFromTheirs();

Q_SIGNALS:
    void loaded();
    void failed(const QString &message);
    void textParsed();
    void dryRunFinished(bool ok, const QString &message);
    void applyFinished(bool ok, const QString &message);
    void conflicted(const QString &message);

private:
    struct Prepared {
        std::vector<k8s::WriteRequest> requests;
        QString error;
    };
    Prepared prepare(bool dryRun) const;
    void setStage(Stage stage) { m_stage = stage; }
    void readTheirs(const QString &why);
    void createNext(std::size_t index, QStringList done);

    QPointer<ClusterConnection> m_cluster;
    QPointer<ObjectActionController> m_actions;
    Mode m_mode;
    Stage m_stage = Stage::Loading;
    k8s::WorkloadWrites::Target m_target;
    std::set<std::string> m_revealed;
    QString m_defaultNamespace;
    std::string m_liveJson; ///< the object as read (Secret values in clear: memory only)
    QString m_base;
    QString m_text;
    QString m_theirs;
    std::string m_theirsJson;
    std::optional<k8s::ManifestDocuments::Error> m_error;
    std::vector<k8s::ManifestDocuments::Document> m_docs;
    std::vector<k8s::LineDiff::Line> m_dryRunDiff;
    std::optional<QString> m_dryRunText; ///< the text the last successful dry run sent
};

} // namespace cubedesk::models
