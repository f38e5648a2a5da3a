#pragma once

// CredentialProvider: the source of per-request credentials of one kubeconfig user (static
// token, token file, exec plugin, OIDC id-token). The transport calls credentials() before each
// request (cheap when cached) and invalidate() when the server answered 401, so that the next
// credentials() refreshes (re-reads the token file, re-runs the plugin).
//
// Thread-safety: implementations are thread-safe; both functions may be called from any thread
// (session threads), concurrently. credentials() may block (an exec plugin runs for up to its
// timeout); never call it on the GUI thread.
//
// Ownership: shared (std::shared_ptr) between the ResolvedContext and the sessions using it.
// Errors are ConfigError values naming the kubeconfig file, user entry and field; they never
// contain secrets.

#include "k8s/api/result.h"
#include "k8s/config/configerror.h"
#include "k8s/config/credentials.h"

#include <QDateTime>
#include <QString>

#include <functional>

namespace cubedesk::k8s {

/// Wall-clock source (UTC); injectable so that tests can move time.
using Clock = std::function<QDateTime()>;

class CredentialProvider {
public:
    virtual ~CredentialProvider();

    virtual Result<Credentials, ConfigError> credentials() = 0;
    virtual void invalidate() = 0;
    /// Drops the cached credential only if it is still `rejected` (what a server refused, or
    /// what is about to expire): when several requests fail with one credential, the first
    /// refresh serves them all. The default drops it whatever it is.
    virtual void invalidateIfCurrent(const Credentials &rejected);
    /// What kind of source this is, for the UI and logs ("exec plugin aws", "token file ...");
    /// never a secret.
    virtual QString description() const = 0;

    /// clock() when set, else the current UTC time.
    static QDateTime now(const Clock &clock);

protected:
    CredentialProvider() = default;
    CredentialProvider(const CredentialProvider &) = delete;
    CredentialProvider &operator=(const CredentialProvider &) = delete;
};

} // namespace cubedesk::k8s
