#pragma once
// PendingPodReason: why the scheduler leaves a pod pending, read from its PodScheduled
// condition's message ("0/40 nodes are available: 3 Insufficient nvidia.com/gpu, 37 node(s)
// didn't match Pod's node affinity/selector. preemption: ...") and turned into a short, translated
// summary for the Pending pane: "Insufficient nvidia.com/gpu (3 nodes) · selector mismatch (37)".
// The preemption part is left out (it repeats the same nodes). Unknown phrases are kept as they
// are, so nothing the scheduler says is lost.
//
// Plain value type; parse() and summary() are pure (summary() translates on the calling thread).

#include <QCoreApplication>
#include <QString>

#include <string_view>
#include <vector>

namespace cubedesk::models {

class PendingPodReason final {
    Q_DECLARE_TR_FUNCTIONS(cubedesk::models::PendingPodReason)

public:
    enum class Kind {
        Insufficient,     ///< detail: the resource name
        SelectorMismatch, ///< node selector / required node affinity
        Taint,            ///< detail: the taint
        Unschedulable,    ///< cordoned nodes
        TooManyPods,
        Other, ///< detail: the scheduler's phrase
    };
    struct Item {
        Kind kind = Kind::Other;
        QString detail;
        int nodes = 0;
        bool operator==(const Item &) const = default;
    };

    /// `message` is the PodScheduled condition's message, `reason` its reason.
    static PendingPodReason parse(std::string_view message, std::string_view reason = {});

    /// Most actionable first: Insufficient, selector mismatch, taints, cordoned, too many pods,
    /// other — in the scheduler's order within a kind.
    const std::vector<Item> &items() const { return m_items; }
    /// The N of "0/N nodes are available", -1 when the message does not say.
    int totalNodes() const { return m_totalNodes; }
    /// One line, translated; "waiting for the scheduler" when it has not said anything yet.
    QString summary() const;
    /// The short name of one item ("Insufficient nvidia.com/gpu", "selector mismatch"), translated.
    static QString describe(const Item &item);

private:
    std::vector<Item> m_items;
    int m_totalNodes = -1;
    QString m_reason;
};

} // namespace cubedesk::models
