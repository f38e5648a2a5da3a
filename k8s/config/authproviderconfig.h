#pragma once

// AuthProviderConfig: the legacy `users[].user.auth-provider` stanza (docs/kubernetes-api.md):
// a provider name (oidc, gcp, azure, ...) and its string map. Paths inside `config` are not
// rewritten (as kubectl).
//
// Thread-safety: a plain value type. `config` holds secrets (id-token, refresh-token,
// client-secret): never log values.

#include <QString>

#include <map>

namespace cubedesk::k8s {

struct AuthProviderConfig {
    QString name;
    std::map<QString, QString> config;
};

} // namespace cubedesk::k8s
