#include "ui/resourcedetailpanel.h"

#include "k8s/api/humanduration.h"
#include "k8s/objects/pod.h"
#include "k8s/objects/tablerow.h"
#include "models/clusterconnection.h"
#include "models/objectreader.h"
#include "models/qtstring.h"
#include "widgets/yamlhighlighter.h"

#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <chrono>

namespace cubedesk::ui {

namespace {

enum RelatedColumn { RelationColumn, KindColumn, NameColumn, StatusColumn };
enum RelatedRole { NamespaceRole = Qt::UserRole + 1, NodeRole };

QString ago(std::int64_t seconds) {
    if (seconds <= 0)
        return QStringLiteral("<unknown>");
    const auto now = std::chrono::duration_cast<std::chrono::seconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
    return models::toQString(k8s::humanDuration(std::chrono::seconds(now - seconds)));
}

} // namespace

ResourceDetailPanel::ResourceDetailPanel(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_yaml(new QPlainTextEdit(this))
    , m_reveal(new QToolButton(this))
    , m_events(new QTreeWidget(this))
    , m_related(new QTreeWidget(this))
    , m_policy(new QTreeWidget(this)) {
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_yaml->setReadOnly(true);
    m_yaml->setObjectName(QStringLiteral("resourceYaml"));
    m_yaml->setAccessibleName(tr("YAML"));
    m_yaml->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_yaml->setLineWrapMode(QPlainTextEdit::NoWrap);
    new widgets::YamlHighlighter(m_yaml->document(),
                                 palette().color(QPalette::Base).lightness() < 128);
    m_reveal->setText(tr("Reveal a value"));
    m_reveal->setObjectName(QStringLiteral("revealButton"));
    m_reveal->setToolTip(tr("Show one of the Secret's values in clear (it is never logged or "
                            "saved)"));
    m_reveal->setPopupMode(QToolButton::InstantPopup);
    m_reveal->setMenu(new QMenu(m_reveal));
    m_reveal->hide();
    connect(m_reveal->menu(), &QMenu::aboutToShow, this, [this] {
        QMenu *menu = m_reveal->menu();
        menu->clear();
        for (const QString &key : m_secretKeys) {
            QAction *a = menu->addAction(key);
            a->setCheckable(true);
            a->setChecked(m_revealed.count(key.toStdString()) != 0);
            connect(a, &QAction::toggled, this,
                    [this, key](bool shown) { setRevealed(key, shown); });
        }
        if (!m_revealed.empty()) {
            menu->addSeparator();
            menu->addAction(tr("Hide all values"), this, [this] {
                m_revealed.clear();
                readYaml();
            });
        }
    });
    m_events->setObjectName(QStringLiteral("resourceEvents"));
    m_events->setAccessibleName(tr("Events"));
    m_events->setRootIsDecorated(false);
    m_events->setHeaderLabels(
        {tr("Last seen"), tr("Type"), tr("Reason"), tr("Count"), tr("Message")});
    m_related->setObjectName(QStringLiteral("resourceRelated"));
    m_related->setAccessibleName(tr("Related"));
    m_related->setRootIsDecorated(false);
    m_related->setHeaderLabels({tr("Relation"), tr("Kind"), tr("Name"), tr("Status")});
    m_related->setContextMenuPolicy(Qt::CustomContextMenu);
    m_tabs->addTab(m_yaml, tr("YAML"));
    m_tabs->addTab(m_events, tr("Events"));
    m_tabs->addTab(m_related, tr("Related"));
    m_policy->setObjectName(QStringLiteral("schedulerPolicy"));
    m_policy->setAccessibleName(tr("Scheduler policy"));
    m_policy->setRootIsDecorated(false);
    m_policy->setHeaderLabels({tr("Section"), tr("Name"), tr("Weight"), tr("Details")});
    m_tabs->addTab(m_policy, tr("Scheduler policy"));
    m_tabs->setTabVisible(3, false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_title, 1);
    top->addWidget(m_reveal);
    layout->addLayout(top);
    layout->addWidget(m_tabs, 1);
    connect(m_related, &QTreeWidget::itemDoubleClicked, this,
            [this](QTreeWidgetItem *item) { activateRelated(item); });
    connect(m_related, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        QTreeWidgetItem *item = m_related->itemAt(at);
        if (!item || !m_cluster)
            return;
        QMenu menu(this);
        menu.addAction(tr("Show"), this, [this, item] { activateRelated(item); });
        if (item->text(KindColumn) == QLatin1String("Pod")) {
            const QString ns = item->data(NameColumn, NamespaceRole).toString();
            const QString pod = item->text(NameColumn);
            menu.addAction(tr("Show logs"), this,
                           [this, ns, pod] { Q_EMIT logsRequested(m_cluster, ns, pod); });
            const QString node = item->data(NameColumn, NodeRole).toString();
            if (!node.isEmpty())
                menu.addAction(tr("Go to node %1").arg(node), this,
                               [this, node] { Q_EMIT nodeRequested(m_cluster->name(), node); });
        }
        menu.exec(m_related->viewport()->mapToGlobal(at));
    });
    clear();
}

void ResourceDetailPanel::clear() {
    ++m_reading;
    m_row.reset();
    m_cluster = nullptr;
    m_revealed.clear();
    m_secretKeys.clear();
    m_reveal->hide();
    m_policy->clear();
    m_tabs->setTabVisible(3, false);
    m_title->setText(tr("Select an object to see its YAML, events and related objects."));
    m_yaml->clear();
    m_events->clear();
    m_related->clear();
    m_tabs->setTabText(1, tr("Events"));
    m_tabs->setTabText(2, tr("Related"));
}

QString ResourceDetailPanel::yamlText() const {
    return m_yaml->toPlainText();
}

void ResourceDetailPanel::showObject(models::ClusterConnection *cluster,
                                     const k8s::ResourceDescriptor &resource, const QString &kind,
                                     std::shared_ptr<const k8s::TableRow> row) {
    ++m_reading;
    m_cluster = cluster;
    m_resource = resource;
    m_kind = kind;
    m_row = std::move(row);
    const QString ns = models::toQString(std::string(m_row->namespaceName()));
    const QString name = models::toQString(std::string(m_row->name()));
    m_title->setText(ns.isEmpty() ? tr("%1 %2 on %3").arg(kind, name, cluster->name())
                                  : tr("%1 %2/%3 on %4").arg(kind, ns, name, cluster->name()));
    m_revealed.clear();
    m_secretKeys.clear();
    m_reveal->hide();
    readYaml();
    fillEvents();
    fillRelated();
}

void ResourceDetailPanel::setRevealed(const QString &key, bool shown) {
    if (shown)
        m_revealed.insert(key.toStdString());
    else
        m_revealed.erase(key.toStdString());
    readYaml();
}

void ResourceDetailPanel::readYaml() {
    if (!m_row || !m_cluster)
        return;
    const int reading = ++m_reading;
    const QString ns = models::toQString(std::string(m_row->namespaceName()));
    const QString name = models::toQString(std::string(m_row->name()));
    m_yaml->setPlainText(tr("Reading…"));
    models::ObjectReader::readObject(
        m_cluster, m_resource, ns, name, m_revealed, this,
        [this, reading](const models::ObjectReader::FullObject &object) {
            if (reading != m_reading)
                return;
            if (object.status == models::ObjectReader::FullObject::Status::Read) {
                m_yaml->setPlainText(object.yaml);
                m_secretKeys = object.secretKeys;
                m_reveal->setVisible(!m_secretKeys.isEmpty());
                m_policy->clear();
                for (const auto &row : object.schedulerPolicy) {
                    auto *item = new QTreeWidgetItem(
                        m_policy, {row.section, row.name, row.weight, row.detail});
                    item->setToolTip(3, row.detail);
                }
                m_tabs->setTabVisible(3, !object.schedulerPolicy.empty());
                if (!object.schedulerPolicy.empty()) {
                    m_tabs->setTabText(3,
                                       tr("Scheduler policy (%1)").arg(object.schedulerPolicyKey));
                    for (int c = 0; c < 3; ++c)
                        m_policy->resizeColumnToContents(c);
                }
            } else {
                m_yaml->setPlainText(tr("Could not read the object: %1").arg(object.error));
            }
        });
}

void ResourceDetailPanel::fillEvents() {
    m_events->clear();
    if (!m_cluster || !m_row)
        return;
    for (const auto &event : m_cluster->store().eventsFor(m_kind.toStdString(),
                                                          m_row->namespaceName(), m_row->name())) {
        auto *item = new QTreeWidgetItem(m_events);
        item->setText(0, ago(event->lastTimestamp()));
        item->setText(1, models::toQString(std::string(event->type())));
        item->setText(2, models::toQString(std::string(event->reason())));
        item->setText(3, QString::number(event->count()));
        item->setText(4, models::toQString(event->message()));
        item->setToolTip(4, item->text(4));
    }
    m_tabs->setTabText(1, m_events->topLevelItemCount() > 0
                              ? tr("Events (%1)").arg(m_events->topLevelItemCount())
                              : tr("Events"));
}

void ResourceDetailPanel::fillRelated() {
    m_related->clear();
    if (!m_cluster || !m_row)
        return;
    const QString ns = models::toQString(std::string(m_row->namespaceName()));
    for (std::size_t i = 0; i < m_row->ownerCount(); ++i) {
        const auto owner = m_row->owner(i);
        auto *item = new QTreeWidgetItem(m_related);
        item->setText(RelationColumn, tr("Owner"));
        item->setText(KindColumn, models::toQString(std::string(owner.kind)));
        item->setText(NameColumn, models::toQString(std::string(owner.name)));
        item->setData(NameColumn, NamespaceRole, ns);
    }
    for (const auto &pod : m_cluster->store().podsOwnedBy(m_row->namespaceName(),
                                                          m_kind.toStdString(), m_row->name())) {
        auto *item = new QTreeWidgetItem(m_related);
        item->setText(RelationColumn, tr("Owns"));
        item->setText(KindColumn, QStringLiteral("Pod"));
        item->setText(NameColumn, models::toQString(std::string(pod->name())));
        item->setData(NameColumn, NamespaceRole, ns);
        item->setData(NameColumn, NodeRole, models::toQString(std::string(pod->nodeName())));
        item->setText(StatusColumn,
                      tr("%1, %2/%3 ready, on %4")
                          .arg(models::toQString(std::string(k8s::Pod::phaseName(pod->phase()))))
                          .arg(pod->readyContainers())
                          .arg(pod->totalContainers())
                          .arg(pod->nodeName().empty()
                                   ? tr("no node")
                                   : models::toQString(std::string(pod->nodeName()))));
    }
    m_related->header()->resizeSections(QHeaderView::ResizeToContents);
    m_tabs->setTabText(2, m_related->topLevelItemCount() > 0
                              ? tr("Related (%1)").arg(m_related->topLevelItemCount())
                              : tr("Related"));
}

void ResourceDetailPanel::activateRelated(QTreeWidgetItem *item) {
    if (!item || !m_cluster)
        return;
    Q_EMIT objectRequested(m_cluster, item->text(KindColumn),
                           item->data(NameColumn, NamespaceRole).toString(),
                           item->text(NameColumn));
}

} // namespace cubedesk::ui
