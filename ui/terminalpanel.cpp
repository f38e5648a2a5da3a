#include "ui/terminalpanel.h"

#include "k8s/api/logcontainerchoice.h"
#include "models/clusterconnection.h"
#include "models/objectreader.h"
#include "models/terminalsession.h"
#include "ui/preferences.h"
#include "widgets/terminalview.h"

#include <QComboBox>
#include <QEvent>
#include <QFontDialog>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QToolButton>
#include <QVBoxLayout>

namespace cubedesk::ui {

TerminalPanel::TerminalPanel(models::ClusterConnection *connection, QString ns, QString pod,
                             QString container, QWidget *parent)
    : QWidget(parent)
    , m_connection(connection)
    , m_ns(std::move(ns))
    , m_pod(std::move(pod))
    , m_wantedContainer(std::move(container))
    , m_container(new QComboBox(this))
    , m_command(new QComboBox(this))
    , m_state(new QLabel(this))
    , m_reconnect(new QPushButton(tr("Reconnect"), this))
    , m_view(new widgets::TerminalView(nullptr, this)) {
    setObjectName(QStringLiteral("terminalPanel"));
    m_container->setObjectName(QStringLiteral("terminalContainer"));
    m_container->setToolTip(tr("The container to run the command in"));
    m_container->setEnabled(false);
    m_command->setObjectName(QStringLiteral("terminalCommand"));
    m_command->setEditable(true);
    m_command->setToolTip(tr("The command to run: sh, bash, or any command line"));
    m_command->addItems({QStringLiteral("sh"), QStringLiteral("bash")});
    const QString last =
        QSettings().value(Preferences::terminalCommandKey(), QStringLiteral("sh")).toString();
    if (m_command->findText(last) < 0)
        m_command->addItem(last);
    m_command->setCurrentText(last);
    m_command->setMinimumContentsLength(12);
    m_state->setObjectName(QStringLiteral("terminalState"));
    m_state->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_state->setWordWrap(true);
    m_reconnect->setObjectName(QStringLiteral("terminalReconnect"));
    m_reconnect->setToolTip(tr("Start the command again (Enter in an ended terminal)"));
    m_reconnect->setEnabled(false);
    auto *font = new QToolButton(this);
    font->setObjectName(QStringLiteral("terminalFont"));
    font->setText(tr("Font…"));
    font->setToolTip(tr("The terminal's font (monospace)"));
    m_view->setObjectName(QStringLiteral("terminalView"));
    if (const QString saved = QSettings().value(Preferences::terminalFontKey()).toString();
        !saved.isEmpty())
        if (QFont font; font.fromString(saved))
            m_view->setTerminalFont(font);
    m_view->installEventFilter(this);

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Container:"), this));
    bar->addWidget(m_container);
    bar->addWidget(new QLabel(tr("Command:"), this));
    bar->addWidget(m_command);
    bar->addWidget(m_reconnect);
    bar->addWidget(m_state, 1);
    bar->addWidget(font);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 2, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);

    connect(m_reconnect, &QPushButton::clicked, this, &TerminalPanel::connectSession);
    connect(m_command->lineEdit(), &QLineEdit::returnPressed, this, [this] {
        if (m_session == nullptr || m_session->state() == models::TerminalSession::State::Ended)
            connectSession();
    });
    connect(font, &QToolButton::clicked, this, &TerminalPanel::chooseFont);

    m_state->setText(tr("Reading the pod's containers…"));
    models::ObjectReader::readPodContainers(
        connection, m_ns, m_pod, this, [this](const models::ObjectReader::PodContainers &c) {
            if (!c.ok)
                return containersRead({}, {}, c.error);
            QStringList names;
            for (const auto &list :
                 {c.names.containers, c.names.initContainers, c.names.ephemeralContainers})
                for (const auto &n : list)
                    names << QString::fromStdString(n);
            const auto choice = k8s::LogContainerChoice::choose(
                m_pod.toStdString(), c.names.defaultAnnotation, c.names.containers,
                c.names.initContainers, c.names.ephemeralContainers);
            containersRead(names, QString::fromStdString(choice.container), {});
        });
}

TerminalPanel::~TerminalPanel() = default;

QString TerminalPanel::title() const {
    QString t = (m_connection ? m_connection->name() : QString()) + QLatin1Char('/') + m_ns +
                QLatin1Char('/') + m_pod;
    if (!m_container->currentText().isEmpty())
        t += QLatin1Char('/') + m_container->currentText();
    return t;
}

void TerminalPanel::containersRead(const QStringList &containers, const QString &chosen,
                                   const QString &error) {
    if (!error.isEmpty()) {
        m_state->setText(tr("Cannot read the pod: %1").arg(error));
        return;
    }
    m_container->addItems(containers);
    const QString want = m_wantedContainer.isEmpty() ? chosen : m_wantedContainer;
    m_container->setCurrentText(containers.contains(want) ? want : chosen);
    m_container->setEnabled(containers.size() > 1);
    connectSession();
}

void TerminalPanel::connectSession() {
    const QString container = m_container->currentText();
    const QStringList command = QProcess::splitCommand(m_command->currentText().trimmed());
    if (container.isEmpty() || command.isEmpty()) {
        m_state->setText(command.isEmpty() ? tr("Type a command to run.")
                                           : tr("The pod has no container."));
        return;
    }
    QSettings().setValue(Preferences::terminalCommandKey(), m_command->currentText().trimmed());
    const bool same = m_session != nullptr && m_session->target().container == container &&
                      m_session->target().command == command;
    if (same) {
        m_session->reconnect();
    } else {
        auto *next =
            new models::TerminalSession(m_connection, {m_ns, m_pod, container, command}, this);
        connect(next, &models::TerminalSession::stateChanged, this,
                &TerminalPanel::sessionStateChanged);
        m_view->setScreen(next->screen()); // before the old screen goes
        delete m_session;
        m_session = next;
        m_session->start();
    }
    m_view->setFocus();
    Q_EMIT titleChanged();
}

void TerminalPanel::sessionStateChanged() {
    using State = models::TerminalSession::State;
    const State state = m_session->state();
    m_reconnect->setEnabled(state == State::Ended);
    m_state->setText(state == State::Open ? tr("Connected") : m_session->message());
    m_state->setToolTip(m_session->message());
    Q_EMIT titleChanged();
}

void TerminalPanel::chooseFont() {
    bool ok = false;
    const QFont font = QFontDialog::getFont(&ok, m_view->terminalFont(), this, tr("Terminal font"),
                                            QFontDialog::MonospacedFonts);
    if (!ok)
        return;
    m_view->setTerminalFont(font);
    QSettings().setValue(Preferences::terminalFontKey(), font.toString());
}

bool TerminalPanel::eventFilter(QObject *watched, QEvent *event) {
    // Enter in an ended terminal starts it again, as many terminals offer.
    if (watched == m_view && event->type() == QEvent::KeyPress && m_session != nullptr &&
        m_session->state() == models::TerminalSession::State::Ended) {
        const auto key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Return || key == Qt::Key_Enter) {
            connectSession();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace cubedesk::ui
