#include "ui/deleteobjectdialog.h"

#include <QButtonGroup>
#include <QDialogButtonBox>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace cubedesk::ui {

using Propagation = models::ObjectActionController::Propagation;

DeleteObjectDialog::DeleteObjectDialog(const QString &subject, const QString &cluster, bool owns,
                                       QWidget *parent)
    : QDialog(parent)
    , m_policy(new QButtonGroup(this)) {
    setObjectName(QStringLiteral("deleteObjectDialog"));
    setWindowTitle(tr("Delete %1").arg(subject));
    auto *layout = new QVBoxLayout(this);
    auto *what = new QLabel(tr("Delete <b>%1</b> on cluster <b>%2</b>?")
                                .arg(subject.toHtmlEscaped(), cluster.toHtmlEscaped()),
                            this);
    what->setTextFormat(Qt::RichText);
    layout->addWidget(what);
    auto *safe = new QLabel(tr("If it changed on the cluster since you looked, nothing is "
                               "deleted (its uid and resourceVersion are preconditions)."),
                            this);
    safe->setWordWrap(true);
    layout->addWidget(safe);

    const struct {
        Propagation policy;
        QString text;
    } choices[] = {
        {Propagation::Background,
         tr("Background: delete it now; the cluster then deletes what it owns (kubectl's "
            "default)")},
        {Propagation::Foreground,
         tr("Foreground: delete what it owns first, then it (it stays visible, being deleted, "
            "until then)")},
        {Propagation::Orphan, tr("Orphan: delete only it; what it owns stays, without an owner")},
    };
    auto *policyLabel = new QLabel(tr("What it owns:"), this);
    layout->addWidget(policyLabel);
    for (const auto &c : choices) {
        auto *button = new QRadioButton(c.text, this);
        button->setObjectName(QStringLiteral("propagation%1").arg(static_cast<int>(c.policy)));
        m_policy->addButton(button, static_cast<int>(c.policy));
        layout->addWidget(button);
    }
    setPropagation(Propagation::Background);
    if (!owns)
        policyLabel->setText(tr("What it owns (if anything):"));

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    auto *remove = buttons->addButton(tr("Delete"), QDialogButtonBox::DestructiveRole);
    remove->setObjectName(QStringLiteral("deleteButton"));
    buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    connect(remove, &QPushButton::clicked, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

Propagation DeleteObjectDialog::propagation() const {
    return static_cast<Propagation>(m_policy->checkedId());
}

void DeleteObjectDialog::setPropagation(Propagation propagation) {
    if (auto *button = m_policy->button(static_cast<int>(propagation)))
        button->setChecked(true);
}

} // namespace cubedesk::ui
