#include "models/runningpodfilter.h"

#include <QRegularExpression>

#include <string_view>

namespace cubedesk::models {

namespace {

bool equalsFolded(std::string_view name, const std::string &value) {
    if (name.size() != value.size())
        return false;
    for (std::size_t i = 0; i < name.size(); ++i) {
        char c = name[i];
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
        if (c != value[i])
            return false;
    }
    return true;
}

} // namespace

bool RunningPodFilter::compare(double value, Op op, double operand) {
    switch (op) {
    case Op::Equal:
        return value == operand;
    case Op::NotEqual:
        return value != operand;
    case Op::Greater:
        return value > operand;
    case Op::GreaterEqual:
        return value >= operand;
    case Op::Less:
        return value < operand;
    case Op::LessEqual:
        return value <= operand;
    }
    return false;
}

RunningPodFilter RunningPodFilter::parse(const QString &text) {
    static const QRegularExpression termPattern(
        QStringLiteral("^\\s*([A-Za-z]+)\\s*(==|=|!=|>=|<=|>|<)\\s*(.*?)\\s*$"));
    RunningPodFilter f;
    for (const QString &raw : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const QString term = raw.trimmed();
        if (term.isEmpty())
            continue;
        const auto m = termPattern.match(term);
        if (!m.hasMatch()) {
            f.m_words << term.toLower();
            f.m_utf8Words.push_back(term.toLower().toStdString());
            continue;
        }
        const QString name = m.captured(1).toLower();
        const QString op = m.captured(2);
        Term t;
        if (name == QLatin1String("cluster"))
            t.field = Field::Cluster;
        else if (name == QLatin1String("project"))
            t.field = Field::Project;
        else if (name == QLatin1String("org"))
            t.field = Field::Org;
        else if (name == QLatin1String("namespace") || name == QLatin1String("ns"))
            t.field = Field::Namespace;
        else if (name == QLatin1String("pod") || name == QLatin1String("name"))
            t.field = Field::Pod;
        else if (name == QLatin1String("user"))
            t.field = Field::User;
        else if (name == QLatin1String("node"))
            t.field = Field::Node;
        else if (name == QLatin1String("gpus") || name == QLatin1String("gpu"))
            t.field = Field::Gpus;
        else if (name == QLatin1String("cpu"))
            t.field = Field::Cpu;
        else {
            f.m_error = tr("unknown field \"%1\" (cluster, project, org, namespace, pod, "
                           "user, node, gpus, cpu)")
                            .arg(m.captured(1));
            return f;
        }
        t.op = op == QLatin1String("!=")   ? Op::NotEqual
               : op == QLatin1String(">")  ? Op::Greater
               : op == QLatin1String(">=") ? Op::GreaterEqual
               : op == QLatin1String("<")  ? Op::Less
               : op == QLatin1String("<=") ? Op::LessEqual
                                           : Op::Equal;
        const bool numeric = t.field == Field::Gpus || t.field == Field::Cpu;
        if (numeric) {
            bool ok = false;
            t.number = m.captured(3).toDouble(&ok);
            if (!ok) {
                f.m_error = tr("\"%1\" needs a number").arg(term);
                return f;
            }
        } else if (t.op != Op::Equal && t.op != Op::NotEqual) {
            f.m_error = tr("\"%1\": only = and != compare text").arg(term);
            return f;
        }
        t.text = m.captured(3).toLower();
        t.utf8 = t.text.toStdString();
        f.m_terms.push_back(std::move(t));
    }
    return f;
}

bool RunningPodFilter::matches(const RunningPodRow &row) const {
    if (!m_error.isEmpty())
        return false;
    const std::string_view pod = row.pod->name();
    for (const Term &t : m_terms) {
        bool result = false;
        switch (t.field) {
        case Field::Cluster:
            result = row.clusterName->folded == t.text;
            break;
        case Field::Project:
            result = row.project->folded == t.text;
            break;
        case Field::Org:
            result = row.org->folded == t.text;
            break;
        case Field::Namespace:
            result = row.ns->folded == t.text;
            break;
        case Field::Pod:
            result = equalsFolded(pod, t.utf8);
            break;
        case Field::User:
            result = row.user->folded == t.text;
            break;
        case Field::Node:
            result = row.node->folded == t.text;
            break;
        case Field::Gpus:
            if (!compare(row.gpus, t.op, t.number))
                return false;
            continue;
        case Field::Cpu:
            if (!compare(static_cast<double>(row.cpuMilli) / 1000.0, t.op, t.number))
                return false;
            continue;
        }
        if (result != (t.op == Op::Equal))
            return false;
    }
    for (std::size_t i = 0; i < m_utf8Words.size(); ++i) {
        if (pod.find(m_utf8Words[i]) != std::string_view::npos ||
            textContains(i, row.clusterName) || textContains(i, row.project) ||
            textContains(i, row.org) || textContains(i, row.ns) || textContains(i, row.user) ||
            textContains(i, row.node))
            continue;
        return false;
    }
    return true;
}

bool RunningPodFilter::textContains(std::size_t word, const RunningPodText *text) const {
    if (m_wordMemo.size() < m_utf8Words.size())
        m_wordMemo.resize(m_utf8Words.size());
    auto &memo = m_wordMemo[word];
    if (text->order >= memo.size())
        memo.resize(std::size_t(text->order) + 1, -1);
    signed char &known = memo[text->order];
    if (known < 0)
        known = text->folded.contains(m_words[static_cast<qsizetype>(word)]) ? 1 : 0;
    return known == 1;
}

} // namespace cubedesk::models
