#pragma once
// RunningPodFilter: the running-pods table's filter box. The text is split on commas; a term
// `field=value` (also `==`, `!=`) compares one column exactly, case-insensitively — fields
// cluster, project, org, namespace (ns), pod, user, node; `gpus` and `cpu` (cores) also take
// `>`, `>=`, `<`, `<=` and numbers; any other term is free text that must appear in the row's
// cluster, project, org, namespace, pod, user or node:
//   "org=vision, gpus>0"   "user=alice"   "pipeline, a100"
// Plain value type; matches() is cheap (free text is searched once per distinct interned text and
// word, then remembered), so a filter pass over 150,000 rows costs a few milliseconds. GUI thread
// (matches() fills that memo).

#include "models/runningpodrow.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace cubedesk::models {

class RunningPodFilter final {
    Q_DECLARE_TR_FUNCTIONS(cubedesk::models::RunningPodFilter)

public:
    RunningPodFilter() = default;
    static RunningPodFilter parse(const QString &text);

    bool isEmpty() const { return m_terms.empty() && m_words.isEmpty(); }
    /// Empty when the text parsed; else what is wrong, for the filter box tooltip.
    const QString &error() const { return m_error; }
    bool matches(const RunningPodRow &row) const;

private:
    enum class Field { Cluster, Project, Org, Namespace, Pod, User, Node, Gpus, Cpu };
    enum class Op { Equal, NotEqual, Greater, GreaterEqual, Less, LessEqual };
    struct Term {
        Field field;
        Op op;
        QString text;      ///< lower case (text fields)
        std::string utf8;  ///< the same, for the pod name
        double number = 0; ///< numeric fields (cores for cpu)
    };
    static bool compare(double value, Op op, double operand);

    /// Whether an interned text (by RunningPodText::order) contains a word: -1 not known yet.
    /// Rows share few distinct texts, so each is searched once per word, not once per row.
    bool textContains(std::size_t word, const RunningPodText *text) const;

    std::vector<Term> m_terms;
    QStringList m_words;                                      ///< lower case
    std::vector<std::string> m_utf8Words;                     ///< the same, for the pod name
    mutable std::vector<std::vector<signed char>> m_wordMemo; ///< per word, per text order id
    QString m_error;
};

} // namespace cubedesk::models
