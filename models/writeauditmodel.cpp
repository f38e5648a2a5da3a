#include "models/writeauditmodel.h"

#include <algorithm>

namespace cubedesk::models {

WriteAuditModel::WriteAuditModel(QObject *parent, std::size_t maxRows)
    : QAbstractTableModel(parent)
    , m_maxRows(std::max<std::size_t>(1, maxRows)) {}

WriteAuditModel::Id WriteAuditModel::record(Entry entry) {
    if (m_entries.size() >= m_maxRows) {
        beginRemoveRows({}, 0, 0);
        m_entries.pop_front();
        ++m_firstId;
        endRemoveRows();
    }
    const int row = static_cast<int>(m_entries.size());
    beginInsertRows({}, row, row);
    m_entries.push_back(std::move(entry));
    endInsertRows();
    return m_firstId + static_cast<Id>(row);
}

const WriteAuditModel::Entry *WriteAuditModel::find(Id id) const {
    if (id < m_firstId || id - m_firstId >= m_entries.size())
        return nullptr;
    return &m_entries[static_cast<std::size_t>(id - m_firstId)];
}

void WriteAuditModel::setResult(Id id, const QString &result) {
    if (!find(id))
        return;
    const int row = static_cast<int>(id - m_firstId);
    m_entries[static_cast<std::size_t>(row)].result = result;
    const QModelIndex i = index(row, ResultColumn);
    Q_EMIT dataChanged(i, i, {Qt::DisplayRole});
}

QString WriteAuditModel::modeText(Mode mode) {
    switch (mode) {
    case Mode::Manual:
        return tr("drag and drop");
    case Mode::Suggestion:
        return tr("applied suggestion");
    case Mode::Auto:
        return tr("auto-balance");
    }
    return {};
}

int WriteAuditModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

int WriteAuditModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant WriteAuditModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Entry &e = m_entries[static_cast<std::size_t>(index.row())];
    if (role == Qt::ToolTipRole)
        return e.reason;
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case TimeColumn:
        return e.time.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
    case ClusterColumn:
        return e.cluster;
    case TargetColumn:
        return e.target;
    case FromColumn:
        return e.fromOrg;
    case ToColumn:
        return e.toOrg;
    case ModeColumn:
        return modeText(e.mode);
    case ResultColumn:
        return e.result.isEmpty() ? tr("sent…") : e.result;
    case ReasonColumn:
        return e.reason;
    case ActionColumn:
        return e.action.isEmpty() ? tr("Move") : e.action;
    default:
        return {};
    }
}

QVariant WriteAuditModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case TimeColumn:
        return tr("Time");
    case ClusterColumn:
        return tr("Cluster");
    case TargetColumn:
        return tr("Target");
    case FromColumn:
        return tr("From");
    case ToColumn:
        return tr("To");
    case ModeColumn:
        return tr("How");
    case ResultColumn:
        return tr("Result");
    case ReasonColumn:
        return tr("Reason");
    case ActionColumn:
        return tr("Action");
    default:
        return {};
    }
}

} // namespace cubedesk::models
