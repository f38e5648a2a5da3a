#include "ui/movepreviewdialog.h"

#include "models/qtstring.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QTextBrowser>
#include <QTextDocument>
#include <QVBoxLayout>

namespace cubedesk::ui {

namespace {

QString escaped(const std::string &s) {
    return models::toQString(s).toHtmlEscaped();
}

QString cores(std::int64_t milli) {
    return escaped(k8s::OrgMovePreview::formatAmount("cpu", milli));
}

QString usageLine(const k8s::OrgMovePreview::Usage &u) {
    return QCoreApplication::translate("cubedesk::ui::MovePreviewDialog",
                                       "%1 nodes · CPU %2 / %3 · GPU %4 / %5")
        .arg(u.nodes)
        .arg(cores(u.milliCpuRequested), cores(u.milliCpuAllocatable))
        .arg(u.gpuRequested)
        .arg(u.gpuAllocatable);
}

} // namespace

MovePreviewDialog::MovePreviewDialog(const QString &cluster, const k8s::OrgMovePreview::Result &p,
                                     const QString &writeBlocked, QWidget *parent)
    : QDialog(parent) {
    setObjectName(QStringLiteral("movePreview"));
    setWindowTitle(tr("Move nodes to %1").arg(QString::fromStdString(p.targetOrg)));
    resize(760, 560);
    QString html;
    html += QStringLiteral("<h3>%1</h3>")
                .arg(tr("Move %n node(s) on %1 to resource group <i>%2</i>", "",
                        static_cast<int>(p.writes.size()))
                         .arg(cluster.toHtmlEscaped(), escaped(p.targetOrg)));
    html += QStringLiteral("<table cellspacing=6><tr><th align=left>%1</th><th align=left>%2</th>"
                           "<th align=left>%3</th><th align=left>%4</th></tr>")
                .arg(tr("Node"), tr("From → to"), tr("State"), tr("Pods that stay on it"));
    for (const auto &n : p.nodes) {
        QStringList state;
        state << (n.ready ? tr("Ready") : tr("NotReady"));
        if (!n.schedulable)
            state << tr("cordoned");
        if (!n.shareable)
            state << QStringLiteral("share=false");
        QString pods = n.stayingPods.empty() ? tr("none") : QString();
        for (std::size_t i = 0; i < n.stayingPods.size() && i < 6; ++i)
            pods += (i ? QStringLiteral(", ") : QString()) + escaped(n.stayingPods[i]);
        if (n.stayingPods.size() > 6)
            pods += tr(" and %n more", "", static_cast<int>(n.stayingPods.size() - 6));
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td><td>%3</td><td>%4</td></tr>")
                    .arg(escaped(n.node),
                         n.unchanged
                             ? tr("already in %1").arg(escaped(n.toOrg))
                             : QStringLiteral("%1 → %2").arg(escaped(n.fromOrg), escaped(n.toOrg)),
                         state.join(QStringLiteral(", ")), pods);
    }
    html += QStringLiteral("</table><p><i>%1</i></p>")
                .arg(tr("Running pods keep running where they are: Kubernetes does not evict pods "
                        "when a node's labels change."));
    html += QStringLiteral("<h4>%1</h4>")
                .arg(tr("Pending pods of %1 that would fit").arg(escaped(p.targetOrg)));
    if (p.wouldFit.empty())
        html += tr("none");
    for (const auto &f : p.wouldFit)
        html += QStringLiteral("✔ %1 → %2<br>").arg(escaped(f.pod), escaped(f.node));
    if (!p.stillPending.empty()) {
        html += QStringLiteral("<h4>%1</h4>").arg(tr("Still pending after the move"));
        for (const auto &s : p.stillPending)
            html += QStringLiteral("✘ %1: %2<br>").arg(escaped(s.pod), escaped(s.reason));
    }
    html += QStringLiteral("<h4>%1</h4><table cellspacing=6>").arg(tr("Resource groups"));
    for (const auto &o : p.orgs)
        html += QStringLiteral("<tr><td><b>%1</b></td><td>%2</td><td>→</td><td>%3</td></tr>")
                    .arg(escaped(o.org), usageLine(o.before), usageLine(o.after));
    html += QStringLiteral("</table>");
    if (!p.warnings.empty() || !p.errors.empty() || !writeBlocked.isEmpty()) {
        html += QStringLiteral("<h4 style='color:#d35400'>%1</h4>").arg(tr("Warnings"));
        for (const auto &w : p.warnings)
            html += QStringLiteral("⚠ %1<br>").arg(escaped(w));
        for (const auto &e : p.errors)
            html += QStringLiteral("<span style='color:#c0392b'>✘ %1</span><br>").arg(escaped(e));
        if (!writeBlocked.isEmpty())
            html += QStringLiteral("<span style='color:#c0392b'>✘ %1</span><br>")
                        .arg(writeBlocked.toHtmlEscaped());
    }
    auto *browser = new QTextBrowser(this);
    browser->setObjectName(QStringLiteral("movePreviewText"));
    browser->setHtml(html);
    m_text = browser->toPlainText();

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_apply = buttons->addButton(tr("Apply: patch org=%1").arg(QString::fromStdString(p.targetOrg)),
                                 QDialogButtonBox::AcceptRole);
    m_apply->setObjectName(QStringLiteral("applyMoveButton"));
    m_apply->setEnabled(!p.writes.empty() && p.errors.empty() && writeBlocked.isEmpty());
    if (!writeBlocked.isEmpty())
        m_apply->setToolTip(writeBlocked);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(browser, 1);
    layout->addWidget(buttons);
}

} // namespace cubedesk::ui
