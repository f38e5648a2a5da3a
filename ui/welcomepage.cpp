#include "ui/welcomepage.h"

#include <QApplication>
#include <QDir>
#include <QEvent>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

namespace cubedesk::ui {

WelcomePage::WelcomePage(QWidget *parent)
    : QWidget(parent)
    , m_reason(new QLabel(this))
    , m_useHome(new QPushButton(this))
    , m_demo(new QPushButton(tr("Try the demo clusters"), this)) {
    setObjectName(QStringLiteral("welcomePage"));
    auto *title = new QLabel(tr("Welcome to CubeDesk"), this);
    QFont big = title->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    title->setFont(big);
    m_about = new QLabel(
        tr("CubeDesk is one fast window over all your GPU and machine-learning Kubernetes "
           "clusters: nodes and resource groups, training jobs, quotas, GPUs, logs and "
           "terminals. It reads the clusters of your kubeconfig files and keeps them live."),
        this);
    m_about->setWordWrap(true);
    m_reason->setObjectName(QStringLiteral("welcomeReason"));
    m_reason->setWordWrap(true);
    QFont bold = m_reason->font();
    bold.setBold(true);
    m_reason->setFont(bold);

    auto *add = m_add = new QPushButton(tr("Add kubeconfig…"), this);
    add->setObjectName(QStringLiteral("welcomeAddKubeconfig"));
    add->setDefault(true);
    m_useHome->setObjectName(QStringLiteral("welcomeUseHome"));
    m_demo->setObjectName(QStringLiteral("welcomeDemo"));
    m_demo->setToolTip(tr("Two simulated clusters inside CubeDesk, with GPU nodes, training "
                          "jobs and live changes. Nothing leaves this computer."));
    auto *drop = new QLabel(tr("Or drop a kubeconfig file on this window."), this);
    drop->setEnabled(false);

    // Tab follows the page's reading order.
    setTabOrder(add, m_useHome);
    setTabOrder(m_useHome, m_demo);
    connect(add, &QPushButton::clicked, this, &WelcomePage::addKubeconfigRequested);
    connect(m_useHome, &QPushButton::clicked, this,
            [this] { Q_EMIT useFileRequested(m_homeKubeconfig); });
    connect(m_demo, &QPushButton::clicked, this, &WelcomePage::demoRequested);

    // A column about 70 characters wide, centred (fitWrappedText()).
    m_column = new QWidget(this);
    auto *column = m_column;
    auto *layout = new QVBoxLayout(column);
    layout->addWidget(title);
    layout->addSpacing(8);
    layout->addWidget(m_about);
    layout->addSpacing(12);
    layout->addWidget(m_reason);
    layout->addSpacing(12);
    for (QPushButton *b : {add, m_useHome, m_demo}) {
        b->setMinimumHeight(b->sizeHint().height() * 5 / 4);
        layout->addWidget(b);
    }
    layout->addSpacing(8);
    layout->addWidget(drop);

    auto *outer = new QVBoxLayout(this);
    outer->addStretch(1);
    outer->addWidget(column, 0, Qt::AlignHCenter);
    outer->addStretch(2);
    fitWrappedText();
    setState(QString(), QString(), false);
}

void WelcomePage::setState(const QString &reason, const QString &homeKubeconfig,
                           bool demoAvailable) {
    m_reason->setText(reason);
    m_reason->setVisible(!reason.isEmpty());
    m_homeKubeconfig = homeKubeconfig;
    m_useHome->setText(tr("Use %1").arg(QDir::toNativeSeparators(homeKubeconfig)));
    m_useHome->setVisible(!homeKubeconfig.isEmpty());
    m_demo->setVisible(demoAvailable);
    fitWrappedText();
}

void WelcomePage::fitWrappedText() {
    // Layouts size a word-wrapped label by its width-less hint: each one is given the height
    // its text needs at the column's width, measured with the font the page has now.
    m_column->setFixedWidth(fontMetrics().averageCharWidth() * 72);
    const QMargins margins = m_column->layout()->contentsMargins();
    const int width = m_column->width() - margins.left() - margins.right();
    for (QLabel *label : {m_about, m_reason})
        label->setMinimumHeight(label->text().isEmpty() ? 0 : label->heightForWidth(width));
}

void WelcomePage::showEvent(QShowEvent *event) {
    fitWrappedText();
    QWidget::showEvent(event);
    // The keyboard starts on the first way in (Enter adds a kubeconfig).
    if (!isAncestorOf(QApplication::focusWidget()))
        m_add->setFocus(Qt::OtherFocusReason);
}

void WelcomePage::changeEvent(QEvent *event) {
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        fitWrappedText();
    QWidget::changeEvent(event);
}

} // namespace cubedesk::ui
