#include "ui/logpanel.h"

#include "k8s/api/logcontainerchoice.h"
#include "models/clusterconnection.h"
#include "models/joblogfeed.h"
#include "models/logfeed.h"
#include "models/logviewmodel.h"
#include "models/objectreader.h"
#include "ui/loglinedelegate.h"
#include "ui/preferences.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QShortcut>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cubedesk::ui {

using State = k8s::LogStream::State;

LogPanel *LogPanel::forJob(models::ClusterConnection *connection, const QString &ns,
                           const QString &kind, const QString &name, QWidget *parent) {
    return new LogPanel(connection, ns, name, kind, JobTag{}, parent);
}

LogPanel::LogPanel(models::ClusterConnection *connection, const QString &ns, const QString &name,
                   const QString &kind, JobTag, QWidget *parent)
    : LogPanel(nullptr, ns, name, parent) {
    // The pod constructor ran without a connection: nothing was read or started.
    m_connection = connection;
    m_cluster = connection != nullptr ? connection->name() : QString();
    m_kind = kind;
    delete m_podFeed;
    m_podFeed = nullptr;
    m_jobFeed = new models::JobLogFeed(connection, m_model, ns, kind, name, this);
    m_feed = m_jobFeed;
    connect(m_feed, &models::AbstractLogFeed::stateChanged, this, &LogPanel::updateStatus);
    m_container->hide();
    m_previous->hide();
    m_containerLabel->hide();
    restartFeed();
}

LogPanel::LogPanel(models::ClusterConnection *connection, const QString &ns, const QString &pod,
                   QWidget *parent)
    : QWidget(parent)
    , m_connection(connection)
    , m_cluster(connection != nullptr ? connection->name() : QString())
    , m_ns(ns)
    , m_pod(pod)
    , m_model(new models::LogViewModel(this))
    , m_podFeed(new models::LogFeed(connection, m_model, this))
    , m_feed(m_podFeed)
    , m_container(new QComboBox(this))
    , m_previous(new QCheckBox(tr("Previous run"), this))
    , m_follow(new QCheckBox(tr("Follow"), this))
    , m_timestamps(new QCheckBox(tr("Timestamps"), this))
    , m_wrap(new QCheckBox(tr("Wrap"), this))
    , m_keep(new QSpinBox(this))
    , m_search(new QLineEdit(this))
    , m_regex(new QCheckBox(tr("Regex"), this))
    , m_jumpToEnd(new QPushButton(tr("Jump to end"), this))
    , m_view(new QListView(this))
    , m_highlight(new LogLineDelegate(m_view))
    , m_status(new QLabel(this)) {
    setObjectName(QStringLiteral("logPanel"));
    m_container->setObjectName(QStringLiteral("logContainer"));
    m_container->setToolTip(tr("The container whose log is shown"));
    m_previous->setObjectName(QStringLiteral("logPrevious"));
    m_previous->setToolTip(tr("The log of the container's previous run (after a restart)"));
    m_previous->setEnabled(false);
    m_follow->setObjectName(QStringLiteral("logFollow"));
    m_follow->setChecked(true);
    m_timestamps->setObjectName(QStringLiteral("logTimestamps"));
    m_wrap->setObjectName(QStringLiteral("logWrap"));
    m_keep->setObjectName(QStringLiteral("logKeep"));
    m_keep->setRange(10, 5000);
    m_keep->setSingleStep(50);
    m_keep->setPrefix(tr("Keep "));
    m_keep->setSuffix(tr(" k lines"));
    m_keep->setToolTip(tr("How many lines this view keeps; older lines are dropped and counted"));
    m_search->setObjectName(QStringLiteral("logSearch"));
    m_search->setPlaceholderText(tr("Search (Enter: next, Shift+Enter: previous)"));
    m_search->setClearButtonEnabled(true);
    m_regex->setObjectName(QStringLiteral("logRegex"));
    m_regex->setToolTip(tr("Search with a regular expression"));
    m_jumpToEnd->setObjectName(QStringLiteral("logJumpToEnd"));
    m_jumpToEnd->setEnabled(false);
    auto *copy = new QPushButton(tr("Copy"), this);
    copy->setToolTip(tr("Copy the selected lines (all lines when none is selected)"));
    auto *save = new QPushButton(tr("Save…"), this);
    save->setToolTip(tr("Save the lines shown to a file"));

    m_view->setObjectName(QStringLiteral("logView"));
    m_view->setModel(m_model);
    m_view->setItemDelegate(m_highlight);
    m_view->setUniformItemSizes(true);
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_status->setObjectName(QStringLiteral("logStatus"));
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *bar = new QHBoxLayout;
    m_containerLabel = new QLabel(tr("Container:"), this);
    bar->addWidget(m_containerLabel);
    bar->addWidget(m_container);
    for (QWidget *w :
         std::initializer_list<QWidget *>{m_previous, m_follow, m_timestamps, m_wrap, m_keep})
        bar->addWidget(w);
    bar->addSpacing(12);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_regex);
    bar->addWidget(m_jumpToEnd);
    bar->addWidget(copy);
    bar->addWidget(save);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_status);

    connect(m_feed, &models::AbstractLogFeed::stateChanged, this, &LogPanel::updateStatus);
    connect(m_model, &models::LogViewModel::droppedChanged, this, &LogPanel::updateStatus);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &LogPanel::rowsArrived);
    connect(m_container, &QComboBox::currentIndexChanged, this, [this] {
        const QString c = m_container->currentData().toString();
        m_previous->setEnabled(m_container->currentData(Qt::UserRole + 1).toInt() > 0);
        if (!m_previous->isEnabled())
            m_previous->setChecked(false);
        if (!c.isEmpty())
            restartFeed();
    });
    connect(m_previous, &QCheckBox::toggled, this, &LogPanel::restartFeed);
    connect(m_follow, &QCheckBox::toggled, this, [this](bool on) {
        m_following = on;
        restartFeed();
    });
    connect(m_timestamps, &QCheckBox::toggled, m_model, &models::LogViewModel::setShowTimestamps);
    connect(m_wrap, &QCheckBox::toggled, this, [this](bool on) {
        m_view->setWordWrap(on);
        m_view->setUniformItemSizes(!on);
        m_view->setHorizontalScrollBarPolicy(on ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    });
    connect(m_keep, &QSpinBox::valueChanged, this, [this](int thousands) {
        const auto lines = static_cast<std::size_t>(thousands) * 1000;
        // ~320 bytes a line, and never less than the default byte cap.
        m_model->setCaps(lines, std::max(models::LogBuffer::kDefaultMaxBytes, lines * 320));
        QSettings().setValue(Preferences::logKeepThousandsKey(), thousands);
        updateStatus();
    });
    // Remembered options for the next panel.
    {
        const QSettings settings;
        m_timestamps->setChecked(settings.value(Preferences::logTimestampsKey(), false).toBool());
        m_wrap->setChecked(settings.value(Preferences::logWrapKey(), false).toBool());
        m_keep->setValue(settings
                             .value(Preferences::logKeepThousandsKey(),
                                    static_cast<int>(models::LogBuffer::kDefaultMaxLines / 1000))
                             .toInt());
    }
    connect(m_timestamps, &QCheckBox::toggled, this,
            [](bool on) { QSettings().setValue(Preferences::logTimestampsKey(), on); });
    connect(m_wrap, &QCheckBox::toggled, this,
            [](bool on) { QSettings().setValue(Preferences::logWrapKey(), on); });
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        if (!text.isEmpty())
            return;
        m_matches = 0;
        m_highlight->setPattern({}, false);
        m_view->viewport()->update();
        updateStatus();
    });
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        search(m_search->text(), QApplication::keyboardModifiers() & Qt::ShiftModifier);
    });
    connect(m_jumpToEnd, &QPushButton::clicked, this, [this] {
        m_following = true;
        m_jumpToEnd->setEnabled(false);
        m_view->scrollToBottom();
    });
    connect(m_view->verticalScrollBar(), &QScrollBar::valueChanged, this, [this](int value) {
        // Scrolling up pauses following; reaching the end again resumes it.
        const bool atEnd = value >= m_view->verticalScrollBar()->maximum();
        if (m_follow->isChecked() && m_following != atEnd) {
            m_following = atEnd;
            m_jumpToEnd->setEnabled(!atEnd);
        }
    });
    connect(copy, &QPushButton::clicked, this, &LogPanel::copySelection);
    connect(save, &QPushButton::clicked, this, &LogPanel::saveToFile);
    auto *copyKey = new QShortcut(QKeySequence::Copy, m_view);
    copyKey->setContext(Qt::WidgetShortcut);
    copyKey->setWhatsThis(tr("Copy the selected log lines"));
    connect(copyKey, &QShortcut::activated, this, &LogPanel::copySelection);

    updateStatus();
    if (connection == nullptr)
        return;
    models::ObjectReader::readPodContainers(
        connection, ns, pod, this, [this](models::ObjectReader::PodContainers c) {
            if (!c.ok)
                return containersRead(false, c.error);
            const auto choice = k8s::LogContainerChoice::choose(
                m_pod.toStdString(), c.names.defaultAnnotation, c.names.containers,
                c.names.initContainers, c.names.ephemeralContainers);
            const QSignalBlocker block(m_container);
            const auto add = [&](const std::string &name, const QString &suffix) {
                const QString n = QString::fromStdString(name);
                m_container->addItem(n + suffix, n);
                const auto it = c.names.restarts.find(name);
                m_container->setItemData(m_container->count() - 1,
                                         it == c.names.restarts.end() ? 0 : it->second,
                                         Qt::UserRole + 1);
            };
            for (const auto &n : c.names.containers)
                add(n, {});
            for (const auto &n : c.names.initContainers)
                add(n, tr(" (init)"));
            for (const auto &n : c.names.ephemeralContainers)
                add(n, tr(" (ephemeral)"));
            m_container->setCurrentIndex(
                std::max(0, m_container->findData(QString::fromStdString(choice.container))));
            m_previous->setEnabled(m_container->currentData(Qt::UserRole + 1).toInt() > 0);
            containersRead(true, {});
        });
}

QString LogPanel::title() const {
    return m_cluster + QLatin1Char('/') + m_ns + QLatin1Char('/') +
           (m_kind.isEmpty() ? QString() : m_kind + QLatin1Char('/')) + m_pod;
}

void LogPanel::containersRead(bool ok, const QString &error) {
    if (!ok) {
        m_status->setText(tr("Cannot read pod %1: %2").arg(m_pod, error));
        return;
    }
    restartFeed();
}

void LogPanel::restartFeed() {
    if (m_jobFeed != nullptr) {
        m_following = m_follow->isChecked();
        m_jumpToEnd->setEnabled(false);
        m_jobFeed->restart(m_follow->isChecked(),
                           static_cast<std::int64_t>(m_model->buffer().maxLines()));
        return;
    }
    if (m_container->count() == 0)
        return;
    k8s::LogStream::Options o;
    o.ns = m_ns.toStdString();
    o.pod = m_pod.toStdString();
    o.log.container = m_container->currentData().toString().toStdString();
    o.log.previous = m_previous->isChecked();
    o.log.follow = m_follow->isChecked() && !o.log.previous;
    o.log.tailLines = static_cast<std::int64_t>(m_model->buffer().maxLines());
    m_following = m_follow->isChecked();
    m_jumpToEnd->setEnabled(false);
    m_podFeed->restart(o);
}

void LogPanel::rowsArrived() {
    if (m_following)
        m_view->scrollToBottom();
    updateStatus();
}

QString LogPanel::statusText() const {
    const QLocale locale;
    QString state;
    switch (m_feed->state()) {
    case State::Connecting:
        state = tr("connecting");
        break;
    case State::Streaming:
        state = m_feed->follows() ? tr("following") : tr("reading");
        break;
    case State::Reconnecting:
        state = tr("reconnecting (%1): %2").arg(m_feed->reconnects()).arg(m_feed->message());
        break;
    case State::Ended:
        state =
            m_feed->message().isEmpty() ? tr("complete") : tr("ended: %1").arg(m_feed->message());
        break;
    case State::Failed:
        state = tr("failed: %1").arg(m_feed->message());
        break;
    }
    QString text = tr("%1 lines").arg(locale.toString(qulonglong(m_model->rowCount())));
    if (m_jobFeed != nullptr)
        text += tr(" from %n pod(s)", nullptr, static_cast<int>(m_jobFeed->pods().size()));
    if (m_model->buffer().dropped() > 0)
        text += tr(" · %1 older lines dropped (limit %2 lines)")
                    .arg(locale.toString(qulonglong(m_model->buffer().dropped())),
                         locale.toString(qulonglong(m_model->buffer().maxLines())));
    if (!m_search->text().isEmpty())
        text += tr(" · %n match(es)", nullptr, m_matches);
    return text + QStringLiteral(" · ") + state;
}

void LogPanel::updateStatus() {
    m_status->setText(statusText());
}

int LogPanel::search(const QString &pattern, bool backwards) {
    const auto rows = m_model->find(pattern, m_regex->isChecked(), false);
    m_matches = static_cast<int>(rows.size());
    m_highlight->setPattern(pattern, m_regex->isChecked());
    m_view->viewport()->update();
    updateStatus();
    if (rows.empty())
        return 0;
    const int current = m_view->currentIndex().isValid() ? m_view->currentIndex().row() : -1;
    int target = rows.front();
    if (backwards) {
        target = rows.back();
        for (auto it = rows.rbegin(); it != rows.rend(); ++it)
            if (*it < current) {
                target = *it;
                break;
            }
    } else {
        for (int r : rows)
            if (r > current) {
                target = r;
                break;
            }
    }
    // A match found pauses following, so the line stays in view.
    m_following = false;
    m_jumpToEnd->setEnabled(m_follow->isChecked());
    const QModelIndex index = m_model->index(target);
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index, QAbstractItemView::PositionAtCenter);
    return m_matches;
}

void LogPanel::copySelection() {
    QModelIndexList selected = m_view->selectionModel()->selectedRows();
    std::sort(selected.begin(), selected.end());
    QStringList lines;
    if (selected.isEmpty()) {
        for (int r = 0; r < m_model->rowCount(); ++r)
            lines << m_model->lineText(r);
    } else {
        for (const auto &i : selected)
            lines << m_model->lineText(i.row());
    }
    QApplication::clipboard()->setText(lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
}

void LogPanel::saveToFile() {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save log"), m_pod + QStringLiteral(".log"), tr("Log files (*.log *.txt)"));
    if (path.isEmpty())
        return;
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        m_status->setText(tr("Cannot write %1: %2").arg(path, file.errorString()));
        return;
    }
    for (int r = 0; r < m_model->rowCount(); ++r) {
        file.write(m_model->lineText(r).toUtf8());
        file.write("\n");
    }
    m_status->setText(tr("Saved %n line(s) to %1", nullptr, m_model->rowCount()).arg(path));
}

} // namespace cubedesk::ui
