#pragma once
// NodeFilter: the Nodes pane's filter box. The text is split on top-level commas; terms that
// use selector syntax (`=`, `==`, `!=`, `!key`, `in (...)`, `notin (...)`) form one Kubernetes
// label selector, the other terms are free text that must all appear (case-insensitively) in
// the row's name, cluster, org, roles, gpu-type, status or IP:
//   "gpu=true,org in (speech,vision)"   "a100, notready"   "train=true,gpu-a100"
// Plain value type.

#include "k8s/api/labelselector.h"
#include "models/noderow.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace cubedesk::models {

class NodeFilter final {
public:
    NodeFilter() = default;
    static NodeFilter parse(const QString &text);

    bool isEmpty() const { return !m_selector && m_words.isEmpty(); }
    /// Empty when the text parsed; else the selector's error, for the filter box tooltip.
    const QString &error() const { return m_error; }
    bool matches(const NodeRow &row) const;

private:
    std::optional<k8s::LabelSelector> m_selector;
    QStringList m_words; ///< lower case
    QString m_error;
};

} // namespace cubedesk::models
