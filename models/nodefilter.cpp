#include "models/nodefilter.h"

#include <QRegularExpression>

namespace cubedesk::models {

namespace {

QStringList topLevelTerms(const QString &text) {
    QStringList terms;
    QString current;
    int depth = 0;
    for (const QChar c : text) {
        if (c == QLatin1Char('('))
            ++depth;
        else if (c == QLatin1Char(')'))
            depth = std::max(0, depth - 1);
        if (c == QLatin1Char(',') && depth == 0) {
            terms << current.trimmed();
            current.clear();
        } else {
            current += c;
        }
    }
    terms << current.trimmed();
    terms.removeAll(QString());
    return terms;
}

bool isSelectorTerm(const QString &term) {
    static const QRegularExpression setOp(QStringLiteral("\\s(in|notin)\\s*\\("));
    return term.contains(QLatin1Char('=')) || term.startsWith(QLatin1Char('!')) ||
           term.contains(setOp);
}

} // namespace

NodeFilter NodeFilter::parse(const QString &text) {
    NodeFilter f;
    QStringList selectorTerms;
    for (const QString &term : topLevelTerms(text)) {
        if (isSelectorTerm(term))
            selectorTerms << term;
        else
            f.m_words << term.toLower();
    }
    if (!selectorTerms.isEmpty()) {
        auto selector =
            k8s::LabelSelector::parse(selectorTerms.join(QLatin1Char(',')).toStdString());
        if (selector)
            f.m_selector = std::move(selector).value();
        else
            f.m_error = QString::fromStdString(selector.error());
    }
    return f;
}

bool NodeFilter::matches(const NodeRow &row) const {
    if (!m_error.isEmpty())
        return false;
    for (const QString &w : m_words)
        if (!row.haystack.contains(w))
            return false;
    if (m_selector) {
        if (!row.node)
            return false;
        const auto labels = row.node->labels();
        return m_selector->matches([&](std::string_view key) { return labels.value(key); });
    }
    return true;
}

} // namespace cubedesk::models
