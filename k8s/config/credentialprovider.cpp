#include "k8s/config/credentialprovider.h"

namespace cubedesk::k8s {

CredentialProvider::~CredentialProvider() = default;

void CredentialProvider::invalidateIfCurrent(const Credentials &) {
    invalidate();
}

QDateTime CredentialProvider::now(const Clock &clock) {
    return clock ? clock() : QDateTime::currentDateTimeUtc();
}

} // namespace cubedesk::k8s
