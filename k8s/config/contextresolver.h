#pragma once

// ContextResolver: turns one context with its cluster and user entries into a ResolvedContext
// (docs/kubernetes-api.md): server URL with client-go's scheme default, CA from data or file,
// client certificate and key (both or neither; data wins over file), TLS options, proxy,
// impersonation, basic auth and the credential provider (token, tokenFile, exec, oidc). It reads
// the referenced files, decodes base64 strictly (as Go does), checks that certificates and keys
// parse with OpenSSL, and applies kubectl's validation rules. It collects every problem instead
// of stopping at the first one, so the UI can list them all.
//
// Thread-safety: a short-lived helper; use one instance per call, from any thread. The entries
// passed in must outlive it.

#include "k8s/api/result.h"
#include "k8s/config/clusterconfig.h"
#include "k8s/config/configerror.h"
#include "k8s/config/contextconfig.h"
#include "k8s/config/resolvedcontext.h"
#include "k8s/config/resolveoptions.h"
#include "k8s/config/userconfig.h"

#include <QByteArray>
#include <QString>
#include <QUrl>

#include <optional>
#include <vector>

namespace cubedesk::k8s {

class ContextResolver final {
public:
    /// `cluster` / `user` are null when the context names an entry that does not exist.
    ContextResolver(const ContextConfig &context, const ClusterConfig *cluster,
                    const UserConfig *user, const ResolveOptions &options);

    /// Fills `out` as far as possible and returns every problem found (empty: usable).
    std::vector<ConfigError> resolve(ResolvedContext &out) const;

    /// client-go's DefaultServerURL: a server without scheme gets https:// when `tls`, else
    /// http://. Invalid URLs give an error message (never quoting user info).
    static Result<QUrl, QString> serverUrl(const QString &server, bool tls);
    /// Whether the cluster/user pair has a TLS setting (CA, client certificate, insecure flag,
    /// tls-server-name); decides the default scheme.
    static bool hasTlsSettings(const ClusterConfig &cluster, const UserConfig *user);
    /// Strict standard base64 as Go decodes kubeconfig []byte fields: CR and LF are ignored,
    /// padding is required, any other stray character is an error.
    static std::optional<QByteArray> decodeBase64(const QByteArray &text);

private:
    void resolveCluster(ResolvedContext &out, std::vector<ConfigError> &problems) const;
    void resolveUser(ResolvedContext &out, std::vector<ConfigError> &problems) const;
    void resolveClientCertificate(ResolvedContext &out, std::vector<ConfigError> &problems) const;
    void resolveAuthProvider(ResolvedContext &out, std::vector<ConfigError> &problems) const;
    /// Data (base64) when non-empty, else the file; nullopt with a problem recorded on error.
    std::optional<QByteArray> dataOrFile(const QByteArray &data, const QString &dataField,
                                         const QString &path, const QString &pathField,
                                         const QString &file, const QString &entry,
                                         std::vector<ConfigError> &problems,
                                         QString *usedField) const;

    const ContextConfig &m_context;
    const ClusterConfig *m_cluster;
    const UserConfig *m_user;
    const ResolveOptions &m_options;
};

} // namespace cubedesk::k8s
