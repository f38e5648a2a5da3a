#include "ui/nodedetailpanel.h"

#include "k8s/cube/orgmovepreview.h"
#include "models/clusterconnection.h"
#include "models/nodetablemodel.h"
#include "models/objectreader.h"
#include "models/qtstring.h"
#include "ui/podactionmenu.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTableWidget>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace cubedesk::ui {

namespace {

QString esc(const QString &s) {
    return s.toHtmlEscaped();
}

QString amountText(std::string_view resource, std::int64_t v) {
    return models::toQString(k8s::OrgMovePreview::formatAmount(std::string(resource), v));
}

QString when(std::int64_t t) {
    return t > 0 ? QDateTime::fromSecsSinceEpoch(t).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                 : QString();
}

QTableWidget *makeTable(const QStringList &headers, QWidget *parent) {
    auto *t = new QTableWidget(parent);
    t->setColumnCount(static_cast<int>(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->verticalHeader()->hide();
    t->verticalHeader()->setDefaultSectionSize(24);
    t->horizontalHeader()->setStretchLastSection(true);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    return t;
}

} // namespace

NodeDetailPanel::NodeDetailPanel(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_overview(new QTextBrowser(this))
    , m_pods(makeTable({tr("Namespace"), tr("Pod"), tr("Phase"), tr("CPU"), tr("Memory"),
                        tr("GPUs"), tr("Org"), tr("User")},
                       this))
    , m_events(
          makeTable({tr("Last seen"), tr("Type"), tr("Reason"), tr("Count"), tr("Message")}, this))
    , m_yaml(new QPlainTextEdit(this)) {
    setObjectName(QStringLiteral("nodeDetail"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_title);
    layout->addWidget(m_tabs);
    m_tabs->addTab(m_overview, tr("Overview"));
    m_tabs->addTab(m_pods, tr("Pods"));
    m_pods->setToolTip(tr("Right-click a pod or press Ctrl+L for its logs."));
    PodActionMenu::attach(
        m_pods,
        [this](const QModelIndex &index) {
            const auto *ns = m_pods->item(index.row(), 0);
            const auto *pod = m_pods->item(index.row(), 1);
            if (ns == nullptr || pod == nullptr)
                return PodActionMenu::Target{};
            return PodActionMenu::Target{m_cluster.data(), ns->text(), pod->text()};
        },
        [this](const PodActionMenu::Target &t) { Q_EMIT logsRequested(t.cluster, t.ns, t.pod); });
    m_tabs->addTab(m_events, tr("Events"));
    m_tabs->addTab(m_yaml, tr("YAML"));
    // Each page is announced by its tab's name.
    for (int i = 0; i < m_tabs->count(); ++i)
        m_tabs->widget(i)->setAccessibleName(m_tabs->tabText(i));
    m_yaml->setReadOnly(true);
    m_yaml->setObjectName(QStringLiteral("yamlView"));
    m_yaml->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_overview->setOpenLinks(false);
    showNode(nullptr, {});
}

models::ClusterConnection *NodeDetailPanel::cluster() const {
    return m_cluster;
}

QString NodeDetailPanel::yamlText() const {
    return m_yaml->toPlainText();
}

void NodeDetailPanel::showNode(models::ClusterConnection *cluster, const QString &node) {
    const bool same = cluster == m_cluster && node == m_node;
    m_cluster = cluster;
    m_node = node;
    if (!same) {
        m_annotations.clear();
        m_yaml->setPlainText(cluster ? tr("Loading…") : QString());
        if (cluster && !node.isEmpty())
            fetchFull();
    }
    refresh();
}

void NodeDetailPanel::fetchFull() {
    const int generation = ++m_fetchGeneration;
    models::ObjectReader::readNode(
        m_cluster, m_node, this,
        [this, generation](const models::ObjectReader::FullObject &object) {
            if (generation != m_fetchGeneration)
                return; // the selection moved on
            using Status = models::ObjectReader::FullObject::Status;
            if (object.status == Status::Failed) {
                m_yaml->setPlainText(tr("Could not read the node: %1").arg(object.error));
                return;
            }
            m_yaml->setPlainText(object.status == Status::Read
                                     ? object.yaml
                                     : tr("Not valid JSON: %1").arg(object.error));
            QStringList lines;
            for (const auto &[key, value] : object.annotations) {
                QString v = value;
                if (v.size() > 200)
                    v = v.left(200) + QStringLiteral("…");
                lines << QStringLiteral("<tr><td><code>%1</code></td><td><code>%2</code></td></tr>")
                             .arg(esc(key), esc(v));
            }
            m_annotations = lines.isEmpty()
                                ? tr("none")
                                : QStringLiteral("<table>%1</table>").arg(lines.join(QString()));
            refresh();
        });
}

void NodeDetailPanel::refresh() {
    const auto node = m_cluster ? m_cluster->store().node(m_node.toStdString()) : nullptr;
    if (!node) {
        m_title->setText(m_node.isEmpty() ? tr("Select a node to see its details")
                                          : tr("%1 is gone from the cluster").arg(m_node));
        m_overview->clear();
        m_pods->setRowCount(0);
        m_events->setRowCount(0);
        return;
    }
    const auto row = models::NodeTableModel::makeRow(m_cluster, node);
    m_title->setText(QStringLiteral("%1 — %2").arg(row.name, m_cluster->name()));

    QString html;
    html += QStringLiteral(
                "<p><b>%1</b> %2 &nbsp; <b>%3</b> %4 &nbsp; <b>%5</b> %6 &nbsp; <b>%7</b> %8</p>")
                .arg(tr("Status:"), esc(row.status), tr("Resource group:"), esc(row.org),
                     tr("Roles:"), esc(row.roles.isEmpty() ? tr("none") : row.roles),
                     tr("Internal IP:"), esc(row.internalIp));
    html += QStringLiteral("<h4>%1</h4><table cellspacing=4><tr><th align=left>%2</th><th "
                           "align=left>%3</th><th align=left>%4</th><th align=left>%5</th></tr>")
                .arg(tr("Conditions"), tr("Type"), tr("Status"), tr("Reason"), tr("Message"));
    auto condition = [&](const k8s::Condition &c) {
        if (c.type.empty())
            return;
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td></tr>")
                    .arg(esc(models::toQString(c.type)), esc(models::toQString(c.status)),
                         esc(models::toQString(c.reason)), esc(models::toQString(c.message)));
    };
    condition(node->readyCondition());
    for (const auto &c : node->otherConditions())
        condition(c);
    html += QStringLiteral("</table>");

    html += QStringLiteral("<h4>%1</h4><table cellspacing=4><tr><th align=left>%2</th><th "
                           "align=right>%3</th><th align=right>%4</th><th align=right>%5</th></tr>")
                .arg(tr("Resources"), tr("Resource"), tr("Capacity"), tr("Allocatable"),
                     tr("Requested"));
    const auto *entry = m_cluster->store().accounting().node(node->name());
    for (const auto e : node->capacity()) {
        std::int64_t requested = 0;
        if (entry)
            if (auto it = entry->requested.find(e.name); it != entry->requested.end())
                requested = it->second;
        html += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td><td "
                               "align=right>%4</td></tr>")
                    .arg(esc(models::toQString(e.name)), amountText(e.name, e.value),
                         amountText(e.name, node->allocatable().get(e.name)),
                         amountText(e.name, requested));
    }
    html += QStringLiteral("</table>");

    html += QStringLiteral("<h4>%1</h4>").arg(tr("Labels"));
    const auto labels = node->labels();
    QStringList labelLines;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const auto l = labels.at(i);
        labelLines << QStringLiteral("<code>%1=%2</code>")
                          .arg(esc(models::toQString(l.key)), esc(models::toQString(l.value)));
    }
    labelLines.sort();
    html += labelLines.join(QStringLiteral("<br>"));
    html += QStringLiteral("<h4>%1</h4>").arg(tr("Taints"));
    html += row.taints.isEmpty() ? tr("none") : esc(row.taints);
    html += QStringLiteral("<h4>%1</h4>").arg(tr("Annotations"));
    html += m_annotations.isEmpty() ? tr("loading…") : m_annotations;
    const auto &info = node->info();
    html += QStringLiteral("<h4>%1</h4><p>%2 · %3 · %4 · %5</p>")
                .arg(tr("System"), esc(models::toQString(info.kubeletVersion)),
                     esc(models::toQString(info.osImage)),
                     esc(models::toQString(info.containerRuntimeVersion)),
                     esc(models::toQString(info.kernelVersion)));
    m_overview->setHtml(html);

    const auto pods = m_cluster->store().podsOnNode(node->name());
    m_pods->setRowCount(static_cast<int>(pods.size()));
    for (int i = 0; i < static_cast<int>(pods.size()); ++i) {
        const auto &p = pods[static_cast<std::size_t>(i)];
        const auto req = p->effectiveRequests();
        const QStringList cells{models::toQString(p->namespaceName()),
                                models::toQString(p->name()),
                                models::toQString(k8s::Pod::phaseName(p->phase())),
                                amountText("cpu", req.get("cpu")),
                                amountText("memory", req.get("memory")),
                                amountText("nvidia.com/gpu", req.get("nvidia.com/gpu")),
                                models::toQString(p->org()),
                                models::toQString(p->user())};
        for (int c = 0; c < cells.size(); ++c)
            m_pods->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
    const auto events = m_cluster->store().eventsFor("Node", "", node->name());
    m_events->setRowCount(static_cast<int>(events.size()));
    for (int i = 0; i < static_cast<int>(events.size()); ++i) {
        const auto &e = events[static_cast<std::size_t>(i)];
        const QStringList cells{when(e->lastTimestamp()), models::toQString(e->type()),
                                models::toQString(e->reason()), QString::number(e->count()),
                                QString::fromStdString(e->message())};
        for (int c = 0; c < cells.size(); ++c)
            m_events->setItem(i, c, new QTableWidgetItem(cells[c]));
    }
}

} // namespace cubedesk::ui
