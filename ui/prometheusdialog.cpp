#include "ui/prometheusdialog.h"

#include "k8s/cube/prometheusendpoint.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"
#include "models/gpumetricsmonitor.h"
#include "ui/preferences.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace cubedesk::ui {

PrometheusDialog::PrometheusDialog(models::ClusterHub *hub, Preferences *preferences,
                                   QWidget *parent)
    : QDialog(parent)
    , m_hub(hub)
    , m_preferences(preferences)
    , m_error(new QLabel(this)) {
    setWindowTitle(tr("Prometheus for GPU metrics"));
    setObjectName(QStringLiteral("prometheusDialog"));
    auto *intro = new QLabel(
        tr("CubeDesk reads DCGM GPU metrics from each cluster's Prometheus. Leave a field empty "
           "to look for the well-known installs (monitoring/prometheus-k8s:9090, "
           "prometheus-operated, the Helm charts' services), or name a service as "
           "namespace/name:port — asked through the API server with your kubeconfig's "
           "credentials, which needs get on services/proxy — or an http(s) URL, asked directly "
           "and without the cluster's credentials."),
        this);
    intro->setWordWrap(true);
    auto *form = new QFormLayout;
    const auto &saved = preferences->values().prometheus;
    for (models::ClusterConnection *c : hub->clusters()) {
        auto *field = new QLineEdit(saved.value(c->name()), this);
        field->setObjectName(QStringLiteral("prometheus_") + c->name());
        field->setPlaceholderText(tr("look for it"));
        field->setClearButtonEnabled(true);
        field->setMinimumWidth(360);
        auto *state = new QLabel(hub->gpuMetrics()->describe(c->name()), this);
        state->setWordWrap(true);
        state->setTextInteractionFlags(Qt::TextSelectableByMouse);
        auto *column = new QVBoxLayout;
        column->addWidget(field);
        column->addWidget(state);
        form->addRow(c->name(), column);
        m_fields.insert(c->name(), field);
    }
    m_error->setObjectName(QStringLiteral("prometheusError"));
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c62828"));
    m_error->hide();
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &PrometheusDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);
}

void PrometheusDialog::accept() {
    Preferences::Values values = m_preferences->values();
    QStringList problems;
    for (auto it = m_fields.cbegin(); it != m_fields.cend(); ++it) {
        const QString text = it.value()->text().trimmed();
        if (text.isEmpty()) {
            values.prometheus.remove(it.key());
            continue;
        }
        if (!k8s::PrometheusEndpoint::parse(text.toStdString())) {
            problems << tr("%1: \"%2\" is neither namespace/name:port nor an http(s) URL.")
                            .arg(it.key(), text);
            continue;
        }
        values.prometheus.insert(it.key(), text);
    }
    if (!problems.isEmpty()) {
        m_error->setText(problems.join(QLatin1Char('\n')));
        m_error->show();
        return;
    }
    m_preferences->apply(values);
    QDialog::accept();
}

} // namespace cubedesk::ui
