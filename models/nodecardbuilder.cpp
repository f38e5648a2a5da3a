#include "models/nodecardbuilder.h"

#include "models/clusterstore.h"
#include "models/qtstring.h"
#include "models/resourceusage.h"

namespace cubedesk::models {

NodeCard NodeCardBuilder::build(const ClusterStore &store, const QString &name) {
    NodeCard card;
    card.name = name;
    const auto node = store.node(name.toStdString());
    if (!node)
        return card;
    const auto labels = node->labels();
    card.gpuType = toQString(labels.value("gpu-type").value_or(""));
    card.ready = node->isReady();
    card.schedulable = !node->unschedulable();
    card.shareable = labels.value("share") != std::optional<std::string_view>("false");
    if (const auto *e = store.accounting().node(node->name())) {
        card.gpus = ResourceUsage::gpus(e->requested, e->allocatable);
        card.cpu = ResourceUsage::cpu(e->requested, e->allocatable);
    }
    return card;
}

} // namespace cubedesk::models
