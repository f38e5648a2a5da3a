#include "k8s/config/resolvedcontext.h"

namespace cubedesk::k8s {

bool ResolvedContext::usesTls() const {
    return server.scheme() == QStringLiteral("https");
}

} // namespace cubedesk::k8s
