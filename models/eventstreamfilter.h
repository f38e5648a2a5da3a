#pragma once
// EventStreamFilter: the event stream's filter — a type (all, Warning, Normal) and a text split
// on commas: `field=value` / `field!=value` compares one field case-insensitively — reason, kind,
// object (the involved object's name, or kind/name), namespace (ns), cluster, source — and any
// other term is free text that must appear in the reason, object, namespace, cluster, message or
// source:
//   "reason=FailedScheduling"   "kind=Node, notready"   "object=Pod/pytorch-detr-vision-master-0"
// Plain value type.

#include "models/eventstreammodel.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <vector>

namespace cubedesk::models {

class EventStreamFilter final {
    Q_DECLARE_TR_FUNCTIONS(cubedesk::models::EventStreamFilter)

public:
    enum class Type { All, Warning, Normal };

    EventStreamFilter() = default;
    static EventStreamFilter parse(Type type, const QString &text);

    bool isEmpty() const { return m_type == Type::All && m_terms.empty() && m_words.isEmpty(); }
    /// Empty when the text parsed; else what is wrong.
    const QString &error() const { return m_error; }
    bool matches(const EventStreamModel::Row &row) const;

private:
    enum class Field { Reason, Kind, Object, Namespace, Cluster, Source };
    struct Term {
        Field field;
        bool equal = true;
        QString value;
    };

    Type m_type = Type::All;
    std::vector<Term> m_terms;
    QStringList m_words; ///< lower case
    QString m_error;
};

} // namespace cubedesk::models
