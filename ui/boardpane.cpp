#include "ui/boardpane.h"

#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/modelroles.h"
#include "models/orgboardmodel.h"
#include "ui/balancebar.h"
#include "ui/orgcolumnwidget.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QListView>
#include <QMessageBox>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolButton>
#include <QVBoxLayout>

namespace cubedesk::ui {

BoardPane::BoardPane(models::ClusterHub *hub, models::OrgBoardModel *model, QWidget *parent)
    : QWidget(parent)
    , m_hub(hub)
    , m_model(model)
    , m_cluster(new QComboBox(this))
    , m_add(new QToolButton(this))
    , m_move(new QToolButton(this))
    , m_drain(new QToolButton(this))
    , m_undo(new QToolButton(this))
    , m_balance(new BalanceBar(this))
    , m_scroll(new QScrollArea(this))
    , m_strip(new QWidget)
    , m_stripLayout(new QHBoxLayout(m_strip)) {
    setObjectName(QStringLiteral("boardPane"));
    m_cluster->setObjectName(QStringLiteral("boardCluster"));
    m_add->setText(tr("Add column…"));
    m_move->setText(tr("Move to…"));
    m_move->setObjectName(QStringLiteral("moveToButton"));
    m_drain->setText(tr("Drain…"));
    m_drain->setObjectName(QStringLiteral("boardDrainButton"));
    m_drain->setToolTip(tr("Cordon the selected nodes and evict their pods, after a preview of "
                           "what it breaks."));
    m_undo->setText(tr("Undo move"));
    m_undo->setEnabled(false);
    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Cluster:"), this));
    bar->addWidget(m_cluster);
    // The hint wraps in a narrow window instead of setting the pane's minimum width.
    auto *hint = new QLabel(tr("Drag cards onto another resource group to move nodes."), this);
    hint->setWordWrap(true);
    hint->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    bar->addWidget(hint, 1);
    bar->addWidget(m_add);
    bar->addWidget(m_move);
    bar->addWidget(m_drain);
    bar->addWidget(m_undo);

    m_stripLayout->setContentsMargins(4, 4, 4, 4);
    m_stripLayout->setSpacing(8);
    m_stripLayout->addStretch(1);
    m_scroll->setWidget(m_strip);
    m_scroll->setWidgetResizable(true);
    m_scroll->setObjectName(QStringLiteral("boardScroll"));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_balance);
    layout->addWidget(m_scroll, 1);

    connect(m_cluster, &QComboBox::currentTextChanged, this,
            [this](const QString &name) { m_model->setCluster(m_hub->cluster(name)); });
    connect(m_add, &QToolButton::clicked, this, &BoardPane::addColumn);
    connect(m_move, &QToolButton::clicked, this, &BoardPane::moveSelected);
    connect(m_drain, &QToolButton::clicked, this, [this] {
        const QStringList nodes = selectedNodes();
        if (!nodes.isEmpty())
            Q_EMIT drainRequested(m_cluster->currentText(), nodes);
    });
    connect(m_undo, &QToolButton::clicked, this, &BoardPane::undoRequested);
    connect(model, &models::OrgBoardModel::moveRequested, this, &BoardPane::moveRequested);
    connect(model, &QAbstractItemModel::modelReset, this, &BoardPane::rebuildColumns);
    connect(model, &QAbstractItemModel::rowsInserted, this, [this](const QModelIndex &parent) {
        if (!parent.isValid())
            rebuildColumns();
    });
    connect(model, &QAbstractItemModel::rowsRemoved, this, [this](const QModelIndex &parent) {
        if (!parent.isValid())
            rebuildColumns();
    });
    connect(model, &QAbstractItemModel::dataChanged, this,
            [this](const QModelIndex &topLeft, const QModelIndex &bottomRight) {
                if (topLeft.parent().isValid())
                    return;
                for (int r = topLeft.row(); r <= bottomRight.row(); ++r)
                    if (auto *c = column(m_model->index(r, 0).data(models::OrgNameRole).toString()))
                        c->refreshHeader();
            });
    connect(hub, &models::ClusterHub::clusterAdded, this, &BoardPane::refreshClusters);
    connect(hub, &models::ClusterHub::clusterAboutToBeRemoved, this, [this](auto *c) {
        const int i = m_cluster->findText(c->name());
        if (i >= 0)
            m_cluster->removeItem(i);
    });
    refreshClusters();
}

void BoardPane::refreshClusters() {
    for (auto *c : m_hub->clusters())
        if (m_cluster->findText(c->name()) < 0)
            m_cluster->addItem(c->name());
    if (!m_model->cluster() && m_cluster->count() > 0)
        m_model->setCluster(m_hub->cluster(m_cluster->currentText()));
}

void BoardPane::showCluster(const QString &cluster) {
    const int i = m_cluster->findText(cluster);
    if (i >= 0)
        m_cluster->setCurrentIndex(i);
}

void BoardPane::showOrg(const QString &org) {
    if (auto *c = column(org)) {
        m_scroll->ensureWidgetVisible(c);
        c->list()->setFocus();
    }
}

OrgColumnWidget *BoardPane::column(const QString &org) const {
    for (auto *c : m_columns)
        if (c->org() == org)
            return c;
    return nullptr;
}

void BoardPane::rebuildColumns() {
    const int scroll = m_scroll->horizontalScrollBar()->value();
    for (auto *c : std::as_const(m_columns))
        delete c;
    m_columns.clear();
    for (int r = 0; r < m_model->rowCount(); ++r) {
        auto *c = new OrgColumnWidget(m_model, m_model->index(r, 0), m_strip);
        c->list()->setEnabled(true);
        c->list()->setDragEnabled(m_writes);
        m_stripLayout->insertWidget(m_stripLayout->count() - 1, c);
        m_columns << c;
    }
    m_scroll->horizontalScrollBar()->setValue(scroll);
}

QStringList BoardPane::selectedNodes() const {
    QStringList out;
    for (auto *c : m_columns)
        out << c->selectedNodes();
    return out;
}

void BoardPane::setWritesEnabled(bool enabled, const QString &why) {
    m_writes = enabled;
    for (auto *b : {m_move, m_add, m_drain}) {
        b->setEnabled(enabled);
        b->setToolTip(enabled ? QString() : why);
    }
    for (auto *c : std::as_const(m_columns)) {
        c->list()->setDragEnabled(enabled);
        c->list()->setToolTip(enabled ? QString() : why);
    }
    m_balance->setWritesEnabled(enabled, why);
    if (!enabled) {
        m_undo->setEnabled(false);
        m_undo->setToolTip(why);
    }
}

void BoardPane::setUndoAvailable(bool available, const QString &what) {
    m_undo->setEnabled(available && m_writes);
    m_undo->setToolTip(available ? tr("Undo: %1").arg(what) : QString());
}

void BoardPane::addColumn() {
    bool ok = false;
    const QString name = QInputDialog::getText(
        this, tr("Add a resource group column"),
        tr("Name of the resource group (the value of the org label):"), QLineEdit::Normal, {}, &ok);
    if (!ok || name.isEmpty())
        return;
    if (!m_model->addOrg(name.trimmed()))
        QMessageBox::warning(
            this, tr("Add column"),
            tr("\"%1\" is not a valid label value or the column exists.").arg(name));
    else
        showOrg(name.trimmed());
}

void BoardPane::moveSelected() {
    const QStringList nodes = selectedNodes();
    if (nodes.isEmpty() || !m_model->cluster()) {
        QMessageBox::information(this, tr("Move to…"),
                                 tr("Select one or more node cards first (Ctrl/Shift for many)."));
        return;
    }
    bool ok = false;
    const QString org = QInputDialog::getItem(
        this, tr("Move to…"), tr("Move %n node(s) to resource group:", "", nodes.size()),
        m_model->orgs(), 0, true, &ok);
    if (ok && !org.isEmpty())
        Q_EMIT moveRequested(m_model->cluster()->name(), nodes, org.trimmed());
}

} // namespace cubedesk::ui
