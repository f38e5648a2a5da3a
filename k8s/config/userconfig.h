#pragma once

// UserConfig: one `users[].user` entry (kubeconfig "AuthInfo") as written, after loading:
// file paths are absolute against the folder of `originFile` (docs/kubernetes-api.md). Nothing
// is read or decoded yet; ContextResolver does that and builds the credential provider.
//
// Thread-safety: a plain value type. Holds secrets (token, password, key data, exec env,
// auth-provider config) in memory; they never go to logs or error text.

#include "k8s/config/authproviderconfig.h"
#include "k8s/config/configerror.h"
#include "k8s/config/execconfig.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>
#include <optional>
#include <vector>

namespace cubedesk::k8s {

struct UserConfig {
    QString name;
    QString originFile; ///< the kubeconfig file that defined this entry

    QString clientCertificate;        ///< absolute path, or empty
    QByteArray clientCertificateData; ///< base64 text as written
    QString clientKey;                ///< absolute path, or empty
    QByteArray clientKeyData;         ///< base64 text as written
    QByteArray token;
    QString tokenFile; ///< absolute path, or empty
    QString username;
    QByteArray password;

    QString impersonate;                                 ///< `as`
    QString impersonateUid;                              ///< `as-uid`
    QStringList impersonateGroups;                       ///< `as-groups`
    std::map<QString, QStringList> impersonateUserExtra; ///< `as-user-extra`

    std::optional<AuthProviderConfig> authProvider;
    std::optional<ExecConfig> exec;

    /// Fields that could not be read. A context using this user does not resolve while this is
    /// non-empty.
    std::vector<ConfigError> problems;
};

} // namespace cubedesk::k8s
