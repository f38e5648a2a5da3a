#include "models/quotatablemodel.h"

#include "k8s/cube/amountformat.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"

#include <map>

namespace cubedesk::models {

using k8s::AmountFormat;
using k8s::QuotaRow;

namespace {

QString amount(const QuotaRow &q, const std::optional<std::int64_t> &v) {
    return v ? QString::fromStdString(AmountFormat::text(q.resource, *v)) : QString();
}

double unitValue(const QuotaRow &q, std::int64_t v) {
    return k8s::ResourceList::isMilliResource(q.resource) ? static_cast<double>(v) / 1000.0
                                                          : static_cast<double>(v);
}

QuotaTableRow makeRow(const ClusterConnection *cluster, k8s::QuotaRow q) {
    QuotaTableRow r;
    r.cluster = cluster;
    r.clusterName = cluster->name();
    r.key = QStringLiteral("%1/%2/%3/%4/%5")
                .arg(QString::fromLatin1(QuotaRow::kindName(q.kind)), QString::fromStdString(q.ns),
                     QString::fromStdString(q.name), QString::fromStdString(q.scope),
                     QString::fromStdString(q.resource));
    if (q.hard || q.used) {
        r.usage.total = q.hard ? unitValue(q, *q.hard) : 0;
        r.usage.used = q.used ? unitValue(q, *q.used) : 0;
        auto readable = [&q](const std::optional<std::int64_t> &v, const QString &none) {
            return v ? QString::fromStdString(AmountFormat::readable(q.resource, *v)) : none;
        };
        r.usage.text = QStringLiteral("%1 / %2").arg(readable(q.used, QStringLiteral("–")),
                                                     readable(q.hard, QStringLiteral("∞")));
    }
    QStringList detail;
    switch (q.kind) {
    case QuotaRow::Kind::ResourceQuota:
        if (!q.scope.empty())
            detail << QuotaTableModel::tr("scopes: %1").arg(QString::fromStdString(q.scope));
        break;
    case QuotaRow::Kind::LimitRange:
        detail << QString::fromStdString(q.scope);
        if (q.min)
            detail << QuotaTableModel::tr("min %1").arg(amount(q, q.min));
        if (q.max)
            detail << QuotaTableModel::tr("max %1").arg(amount(q, q.max));
        if (q.defaultRequest)
            detail << QuotaTableModel::tr("default request %1").arg(amount(q, q.defaultRequest));
        if (q.defaultLimit)
            detail << QuotaTableModel::tr("default limit %1").arg(amount(q, q.defaultLimit));
        break;
    case QuotaRow::Kind::Queue:
        detail << QuotaTableModel::tr("state %1").arg(QString::fromStdString(q.scope));
        if (q.deserved)
            detail << QuotaTableModel::tr("deserved %1").arg(amount(q, q.deserved));
        if (q.guaranteed)
            detail << QuotaTableModel::tr("guaranteed %1").arg(amount(q, q.guaranteed));
        break;
    case QuotaRow::Kind::Org:
        break;
    }
    r.detail = detail.join(QStringLiteral(" · "));
    r.quota = std::move(q);
    return r;
}

} // namespace

QuotaTableModel::QuotaTableModel(ClusterHub *hub, QObject *parent)
    : KeyedTableModel<QuotaTableRow>(parent) {
    connect(hub, &ClusterHub::clusterChanged, this, &QuotaTableModel::clusterChanged);
    connect(hub, &ClusterHub::clusterAboutToBeRemoved, this,
            [this](ClusterConnection *cluster) { removeClusterRows(cluster); });
    for (auto *c : hub->clusters())
        rebuild(c);
}

std::vector<QuotaTableRow> QuotaTableModel::rowsOf(const ClusterConnection *cluster) {
    const std::string name = cluster->name().toStdString();
    const ClusterStore &store = cluster->store();
    std::vector<QuotaTableRow> out;
    auto add = [&](std::vector<QuotaRow> rows) {
        for (auto &q : rows)
            out.push_back(makeRow(cluster, std::move(q)));
    };
    for (const auto &[key, q] : store.quotas())
        add(k8s::QuotaRows::quota(name, *q));
    for (const auto &[key, l] : store.limitRanges())
        add(k8s::QuotaRows::limitRange(name, *l));
    for (const auto &[key, q] : store.queues())
        add(k8s::QuotaRows::queue(name, *q));
    add(k8s::QuotaRows::orgs(name, store.accounting()));
    return out;
}

void QuotaTableModel::rebuild(const ClusterConnection *cluster) {
    std::vector<QuotaTableRow> fresh = rowsOf(cluster);
    std::map<QString, const QuotaTableRow *> byKey;
    for (const auto &r : fresh)
        byKey[r.key] = &r;
    std::vector<int> removed;
    std::vector<std::pair<int, QuotaTableRow>> changed;
    for (int i = 0; i < rowCount(); ++i) {
        if (row(i).cluster != cluster)
            continue;
        auto it = byKey.find(row(i).key);
        if (it == byKey.end())
            removed.push_back(i);
        else if (!(*it->second == row(i)))
            changed.emplace_back(i, *it->second);
    }
    std::vector<QuotaTableRow> added;
    for (auto &r : fresh)
        if (rowOf(cluster, r.key) < 0)
            added.push_back(std::move(r));
    removeRowsAt(std::move(removed));
    // Row numbers shift after removals: find the changed rows again by identity.
    for (auto &[i, r] : changed)
        i = rowOf(cluster, r.key);
    replaceRows(std::move(changed));
    appendRows(std::move(added));
}

void QuotaTableModel::clusterChanged(ClusterConnection *cluster, const ClusterChange &change) {
    if (change.quotasChanged || !change.orgsTouched.empty())
        rebuild(cluster);
}

QString QuotaTableModel::kindText(QuotaRow::Kind kind) {
    switch (kind) {
    case QuotaRow::Kind::ResourceQuota:
        return tr("Resource quota");
    case QuotaRow::Kind::LimitRange:
        return tr("Limit range");
    case QuotaRow::Kind::Queue:
        return tr("Volcano queue");
    case QuotaRow::Kind::Org:
        return tr("Resource group");
    }
    return {};
}

int QuotaTableModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant QuotaTableModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const QuotaTableRow &r = row(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        switch (index.column()) {
        case ClusterColumn:
            return r.clusterName;
        case KindColumn:
            return kindText(r.quota.kind);
        case NamespaceColumn:
            return QString::fromStdString(r.quota.ns);
        case NameColumn:
            return QString::fromStdString(r.quota.name);
        case ResourceColumn:
            return QString::fromStdString(r.quota.resource);
        case UsageColumn:
            if (role == Qt::ToolTipRole) {
                const auto p = r.quota.percent();
                return p ? tr("%1 (%2 %)").arg(r.usage.text).arg(*p, 0, 'f', 1) : r.usage.text;
            }
            return r.usage.text;
        case DetailColumn:
            return r.detail;
        default:
            return {};
        }
    case UsageRole:
        if (index.column() == UsageColumn && !r.usage.text.isEmpty())
            return QVariant::fromValue(r.usage);
        return {};
    case ClusterNameRole:
        return r.clusterName;
    case RawValueRole:
        return r.key;
    default:
        return {};
    }
}

QVariant QuotaTableModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ClusterColumn:
        return tr("Cluster");
    case KindColumn:
        return tr("Kind");
    case NamespaceColumn:
        return tr("Namespace");
    case NameColumn:
        return tr("Name");
    case ResourceColumn:
        return tr("Resource");
    case UsageColumn:
        return tr("Used / hard");
    case DetailColumn:
        return tr("Details");
    default:
        return {};
    }
}

SortKey QuotaTableModel::sortKey(int rowNumber, int column) const {
    const QuotaTableRow &r = row(rowNumber);
    switch (column) {
    case ClusterColumn:
        return SortKey::ofText(r.clusterName.toLower());
    case KindColumn:
        return SortKey::ofNumber(static_cast<std::int64_t>(r.quota.kind));
    case NamespaceColumn:
        return SortKey::ofText(QString::fromStdString(r.quota.ns));
    case NameColumn:
        return SortKey::ofText(QString::fromStdString(r.quota.name));
    case ResourceColumn:
        return SortKey::ofText(QString::fromStdString(r.quota.resource));
    case UsageColumn:
        return SortKey::ofNumber(static_cast<std::int64_t>(r.quota.percent().value_or(-1) * 1000));
    case DetailColumn:
        return SortKey::ofText(r.detail);
    default:
        return SortKey::ofNumber(0);
    }
}

} // namespace cubedesk::models
