#include "models/freedmemory.h"

#include "k8s/session/processresources.h"

#include <QThreadPool>

namespace cubedesk::models {

void FreedMemory::returnInBackground() {
    QThreadPool::globalInstance()->start([] { k8s::ProcessResources::returnFreedMemory(); });
}

} // namespace cubedesk::models
