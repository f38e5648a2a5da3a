#include "models/eventstreamfilter.h"

#include <QRegularExpression>

namespace cubedesk::models {

EventStreamFilter EventStreamFilter::parse(Type type, const QString &text) {
    static const QRegularExpression termPattern(
        QStringLiteral("^\\s*([A-Za-z]+)\\s*(==|=|!=)\\s*(.*?)\\s*$"));
    EventStreamFilter f;
    f.m_type = type;
    for (const QString &raw : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString term = raw.trimmed();
        if (term.isEmpty())
            continue;
        const auto m = termPattern.match(term);
        if (!m.hasMatch()) {
            f.m_words << term.toLower();
            continue;
        }
        const QString name = m.captured(1).toLower();
        Term t;
        if (name == QLatin1String("reason"))
            t.field = Field::Reason;
        else if (name == QLatin1String("kind"))
            t.field = Field::Kind;
        else if (name == QLatin1String("object") || name == QLatin1String("name"))
            t.field = Field::Object;
        else if (name == QLatin1String("namespace") || name == QLatin1String("ns"))
            t.field = Field::Namespace;
        else if (name == QLatin1String("cluster"))
            t.field = Field::Cluster;
        else if (name == QLatin1String("source"))
            t.field = Field::Source;
        else {
            f.m_error =
                tr("unknown field \"%1\" (reason, kind, object, namespace, cluster, source)")
                    .arg(m.captured(1));
            return f;
        }
        t.equal = m.captured(2) != QLatin1String("!=");
        t.value = m.captured(3);
        f.m_terms.push_back(std::move(t));
    }
    return f;
}

bool EventStreamFilter::matches(const EventStreamModel::Row &row) const {
    if (!m_error.isEmpty())
        return false;
    if (m_type == Type::Warning && !row.warning)
        return false;
    if (m_type == Type::Normal && row.warning)
        return false;
    const auto same = [](const QString &a, const QString &b) {
        return a.compare(b, Qt::CaseInsensitive) == 0;
    };
    for (const Term &t : m_terms) {
        bool result = false;
        switch (t.field) {
        case Field::Reason:
            result = same(row.reason, t.value);
            break;
        case Field::Kind:
            result = same(row.kind, t.value);
            break;
        case Field::Object:
            result =
                same(row.name, t.value) || same(row.kind + QLatin1Char('/') + row.name, t.value);
            break;
        case Field::Namespace:
            result = same(row.ns, t.value);
            break;
        case Field::Cluster:
            result = same(row.clusterName, t.value);
            break;
        case Field::Source:
            result = same(row.source, t.value);
            break;
        }
        if (result != t.equal)
            return false;
    }
    for (const QString &w : m_words) {
        const auto has = [&w](const QString &s) { return s.contains(w, Qt::CaseInsensitive); };
        if (!(has(row.reason) || has(row.kind) || has(row.name) || has(row.ns) ||
              has(row.clusterName) || has(row.message) || has(row.source)))
            return false;
    }
    return true;
}

} // namespace cubedesk::models
