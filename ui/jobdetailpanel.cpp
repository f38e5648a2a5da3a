#include "ui/jobdetailpanel.h"

#include "k8s/cube/amountformat.h"
#include "models/clusterconnection.h"
#include "models/jobtablemodel.h"
#include "models/objectreader.h"
#include "models/qtstring.h"
#include "ui/podactionmenu.h"

#include <QDateTime>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QTabWidget>
#include <QVBoxLayout>

namespace cubedesk::ui {

namespace {

QString when(std::int64_t t) {
    return t > 0 ? QDateTime::fromSecsSinceEpoch(t).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"))
                 : QString();
}

QTableWidget *makeTable(QWidget *parent, const QString &name, const QStringList &headers) {
    auto *t = new QTableWidget(parent);
    t->setObjectName(name);
    t->setColumnCount(static_cast<int>(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->verticalHeader()->hide();
    t->horizontalHeader()->setStretchLastSection(true);
    t->setWordWrap(false);
    return t;
}

void setRow(QTableWidget *t, int row, const QStringList &cells) {
    for (int c = 0; c < cells.size(); ++c)
        t->setItem(row, c, new QTableWidgetItem(cells[c]));
}

} // namespace

JobDetailPanel::JobDetailPanel(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_jobLogs(new QPushButton(tr("Logs of all pods"), this))
    , m_columns(new QLabel(this))
    , m_tabs(new QTabWidget(this)) {
    setObjectName(QStringLiteral("jobDetail"));
    m_replicas = makeTable(this, QStringLiteral("jobReplicas"),
                           {tr("Role"), tr("Replicas"), tr("Active"), tr("Succeeded"), tr("Failed"),
                            tr("Requests per replica")});
    m_conditions =
        makeTable(this, QStringLiteral("jobConditions"),
                  {tr("Since"), tr("Condition"), tr("Status"), tr("Reason"), tr("Message")});
    m_pods = makeTable(this, QStringLiteral("jobPods"),
                       {tr("Pod"), tr("Phase"), tr("Node"), tr("Requests"), tr("Why pending")});
    m_events = makeTable(this, QStringLiteral("jobEvents"),
                         {tr("Last seen"), tr("Type"), tr("Reason"), tr("Object"), tr("Message")});
    m_yaml = new QPlainTextEdit(this);
    m_yaml->setObjectName(QStringLiteral("jobYaml"));
    m_yaml->setReadOnly(true);
    m_yaml->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_tabs->addTab(m_replicas, tr("Replicas"));
    m_tabs->addTab(m_conditions, tr("Conditions"));
    m_tabs->addTab(m_pods, tr("Pods"));
    m_tabs->addTab(m_events, tr("Events"));
    m_tabs->addTab(m_yaml, tr("YAML"));
    // Each page is announced by its tab's name.
    for (int i = 0; i < m_tabs->count(); ++i)
        m_tabs->widget(i)->setAccessibleName(m_tabs->tabText(i));
    m_pods->setToolTip(tr("Double-click a pod to show its node; right-click or Ctrl+L for its "
                          "logs."));
    PodActionMenu::attach(
        m_pods,
        [this](const QModelIndex &index) {
            const auto *item = m_pods->item(index.row(), 0);
            if (item == nullptr)
                return PodActionMenu::Target{};
            return PodActionMenu::Target{m_cluster, item->data(Qt::UserRole).toString(),
                                         item->text()};
        },
        [this](const PodActionMenu::Target &t) { Q_EMIT logsRequested(t.cluster, t.ns, t.pod); });
    connect(m_pods, &QTableWidget::cellDoubleClicked, this, [this](int row, int) {
        const auto *node = m_pods->item(row, 2);
        if (m_cluster && node && !node->text().isEmpty())
            Q_EMIT nodeRequested(m_cluster->name(), node->text());
    });
    m_jobLogs->setObjectName(QStringLiteral("jobLogs"));
    m_jobLogs->setToolTip(tr("Every replica's log in one view, interleaved by time, the leader "
                             "first (Ctrl+Shift+L)"));
    m_jobLogs->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L));
    m_jobLogs->setEnabled(false);
    connect(m_jobLogs, &QPushButton::clicked, this, [this] {
        const auto job = m_cluster ? m_cluster->store().job(m_key.toStdString()) : nullptr;
        if (job)
            Q_EMIT jobLogsRequested(m_cluster, models::toQString(job->namespaceName()),
                                    QString::fromStdString(job->kindName()),
                                    models::toQString(job->name()));
    });
    m_title->setTextFormat(Qt::RichText);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    header->addWidget(m_jobLogs);
    layout->addLayout(header);
    layout->addWidget(m_columns);
    m_columns->setObjectName(QStringLiteral("jobColumns"));
    m_columns->setWordWrap(true);
    m_columns->hide();
    layout->addWidget(m_tabs, 1);
}

QString JobDetailPanel::yamlText() const {
    return m_yaml->toPlainText();
}

void JobDetailPanel::showJob(models::ClusterConnection *cluster, const QString &key) {
    const bool same = cluster == m_cluster && key == m_key;
    m_cluster = cluster;
    m_key = key;
    if (!same) {
        m_yaml->setPlainText(cluster ? tr("Loading…") : QString());
        m_columns->clear();
        m_columns->hide();
        if (cluster && !key.isEmpty()) {
            fetchFull();
            fetchColumns();
        }
    }
    refresh();
}

void JobDetailPanel::fetchFull() {
    const int generation = ++m_fetchGeneration;
    const bool sent = models::ObjectReader::readJob(
        m_cluster, m_key.toStdString(), this,
        [this, generation](const models::ObjectReader::FullObject &object) {
            if (generation != m_fetchGeneration)
                return; // the selection moved on
            using Status = models::ObjectReader::FullObject::Status;
            m_yaml->setPlainText(object.status == Status::Read ? object.yaml
                                 : object.status == Status::NotJson
                                     ? tr("Not valid JSON: %1").arg(object.error)
                                     : tr("Could not read the job: %1").arg(object.error));
        });
    if (!sent)
        m_yaml->setPlainText(tr("This kind cannot be read by CubeDesk."));
}

QString JobDetailPanel::columnsText() const {
    return m_columns->text();
}

void JobDetailPanel::fetchColumns() {
    const std::string key = m_key.toStdString();
    const std::string resource = key.substr(0, key.find('/'));
    if (!m_cluster->statusKind(resource))
        return; // a catalogue kind: the table's columns say it all
    // The server evaluates the CRD's additionalPrinterColumns (a Table, as kubectl get shows).
    const int generation = m_fetchGeneration;
    models::ObjectReader::readPrinterColumns(
        m_cluster, key, this,
        [this, generation](const std::vector<models::ObjectReader::PrinterColumn> &columns) {
            if (generation != m_fetchGeneration)
                return;
            QStringList parts;
            for (const auto &c : columns)
                parts << QStringLiteral("%1: %2").arg(c.name.toHtmlEscaped(),
                                                      c.value.toHtmlEscaped());
            m_columns->setText(tr("Printer columns — %1").arg(parts.join(QStringLiteral(" · "))));
            m_columns->show();
        });
}

void JobDetailPanel::refresh() {
    const auto job = m_cluster ? m_cluster->store().job(m_key.toStdString()) : nullptr;
    for (auto *t : {m_replicas, m_conditions, m_pods, m_events})
        t->setRowCount(0);
    m_jobLogs->setEnabled(job != nullptr);
    if (!job) {
        m_title->setText(m_cluster
                             ? tr("<i>This job is gone.</i>")
                             : tr("<i>Select a job to see its replicas, pods and events.</i>"));
        return;
    }
    const auto row = models::JobTableModel::makeRow(m_cluster, m_key.toStdString(), job);
    m_title->setText(tr("<b>%1</b> %2/%3 on %4 — <span style=\"color:%5\">%6</span>")
                         .arg(row.kind.toHtmlEscaped(), row.ns.toHtmlEscaped(),
                              row.name.toHtmlEscaped(), row.clusterName.toHtmlEscaped(),
                              models::JobTableModel::phaseColor(row.job.phase).name(),
                              models::JobTableModel::phaseText(row.job.phase)));

    const auto &specs = job->replicaSpecs();
    m_replicas->setRowCount(static_cast<int>(row.job.roles.size()));
    for (int i = 0; i < static_cast<int>(row.job.roles.size()); ++i) {
        const auto &role = row.job.roles[static_cast<std::size_t>(i)];
        QStringList requests;
        for (const auto &spec : specs) {
            if (spec.role != role.role)
                continue;
            const auto list = job->view(spec.requests);
            for (std::size_t e = 0; e < list.size(); ++e) {
                const auto entry = list.at(e);
                requests << QStringLiteral("%1 %2").arg(
                    QString::fromStdString(k8s::AmountFormat::text(entry.name, entry.value)),
                    models::toQString(entry.name));
            }
        }
        setRow(m_replicas, i,
               {QString::fromStdString(role.role), QString::number(role.replicas),
                QString::number(role.active), QString::number(role.succeeded),
                QString::number(role.failed), requests.join(QStringLiteral(", "))});
    }

    const auto &conditions = job->conditions();
    m_conditions->setRowCount(static_cast<int>(conditions.size()));
    for (int i = 0; i < static_cast<int>(conditions.size()); ++i) {
        const auto &c = conditions[static_cast<std::size_t>(i)];
        setRow(m_conditions, i,
               {when(c.lastTransitionTime), QString::fromStdString(c.type),
                QString::fromStdString(c.status), QString::fromStdString(c.reason),
                QString::fromStdString(c.message)});
    }

    const auto pods = m_cluster->store().podsOfJob(*job);
    m_pods->setRowCount(static_cast<int>(pods.size()));
    std::vector<std::pair<std::string, std::string>> objects = {
        {job->kindName(), std::string(job->name())}};
    for (int i = 0; i < static_cast<int>(pods.size()); ++i) {
        const auto &p = pods[static_cast<std::size_t>(i)];
        objects.emplace_back("Pod", std::string(p->name()));
        QStringList requests;
        const auto list = p->effectiveRequests();
        for (std::size_t e = 0; e < list.size(); ++e) {
            const auto entry = list.at(e);
            requests << QStringLiteral("%1 %2").arg(
                QString::fromStdString(k8s::AmountFormat::text(entry.name, entry.value)),
                models::toQString(entry.name));
        }
        const bool pending = p->nodeName().empty();
        setRow(m_pods, i,
               {models::toQString(p->name()), models::toQString(k8s::Pod::phaseName(p->phase())),
                models::toQString(p->nodeName()), requests.join(QStringLiteral(", ")),
                pending ? models::toQString(p->podScheduledMessage()) : QString()});
        m_pods->item(i, 0)->setData(Qt::UserRole, models::toQString(p->namespaceName()));
    }

    std::vector<models::EventPtr> events;
    for (const auto &[kind, name] : objects) {
        auto more = m_cluster->store().eventsFor(kind, job->namespaceName(), name);
        events.insert(events.end(), more.begin(), more.end());
    }
    std::sort(events.begin(), events.end(),
              [](const auto &a, const auto &b) { return a->lastTimestamp() > b->lastTimestamp(); });
    m_events->setRowCount(static_cast<int>(events.size()));
    for (int i = 0; i < static_cast<int>(events.size()); ++i) {
        const auto &e = events[static_cast<std::size_t>(i)];
        setRow(m_events, i,
               {when(e->lastTimestamp()), models::toQString(e->type()),
                models::toQString(e->reason()),
                models::toQString(e->involvedKind()) + QLatin1Char('/') +
                    QString::fromStdString(e->involvedName()),
                QString::fromStdString(e->message())});
    }
    for (auto *t : {m_replicas, m_conditions, m_pods, m_events})
        t->resizeColumnsToContents();
}

} // namespace cubedesk::ui
