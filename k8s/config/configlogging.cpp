#include "k8s/config/configlogging.h"

namespace cubedesk::k8s {

Q_LOGGING_CATEGORY(lcK8sConfig, "cubedesk.k8s.config")

} // namespace cubedesk::k8s
