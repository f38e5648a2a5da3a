#pragma once

// ExecCredentialProvider: credentials from a client-go exec plugin (docs/kubernetes-api.md),
// for client.authentication.k8s.io/v1 and /v1beta1.
//
// Running: the program (ExecPluginLocator) is started directly with its argument list — never
// through a shell — with stdin from the null device (CubeDesk has no terminal, so interactive
// mode behaves as Never and spec.interactive is false), environment = this process's environment
// + exec.env + KUBERNETES_EXEC_INFO (+ the login-shell PATH when the plugin was only found
// there). It must exit 0 within the timeout (default 60 s) and print an ExecCredential of the
// same apiVersion with status.token and/or status.clientCertificateData + clientKeyData (PEM).
// Errors name the kubeconfig file, user and field; a failing plugin's stderr is included
// (trimmed, shortened, with PEM blocks and any credential it printed removed), its stdout never.
//
// Caching: the credential is reused until status.expirationTimestamp (for the process lifetime
// when absent). invalidateIfCurrent(rejected) (the transport calls it on a 401 and before the
// expiry) drops it if it is still the rejected one: the next credentials() runs the plugin again,
// once for all the callers that the same credential failed.
//
// Thread-safety: all members may be called concurrently from any thread. One plugin run at a
// time per provider: concurrent callers wait for the running one and share its result.
// invalidate() never waits for a running plugin.

#include "k8s/config/credentialprovider.h"
#include "k8s/config/execclusterinfo.h"
#include "k8s/config/execconfig.h"
#include "k8s/config/execpluginlocator.h"

#include <QString>

#include <chrono>
#include <cstdint>
#include <mutex>
#include <optional>

namespace cubedesk::k8s {

class ExecCredentialProvider final : public CredentialProvider {
public:
    struct Options {
        ExecPluginLocator locator;
        std::chrono::milliseconds timeout{std::chrono::seconds(60)};
        Clock clock;
    };

    /// `cluster` is passed to the plugin only when config.provideClusterInfo is set.
    ExecCredentialProvider(ExecConfig config, QString userName, QString originFile,
                           std::optional<ExecClusterInfo> cluster, Options options);

    Result<Credentials, ConfigError> credentials() override;
    void invalidate() override;
    void invalidateIfCurrent(const Credentials &rejected) override;
    QString description() const override;

    /// How many times the plugin was started; for tests and diagnostics.
    int runCount() const;

    /// Checks the stanza as kubectl validates it (apiVersion, command, env names,
    /// interactiveMode — required for v1, defaulting to IfAvailable for v1beta1 — and that
    /// Always cannot be honoured without a terminal). nullopt when usable.
    static std::optional<ConfigError> validate(const ExecConfig &config, const QString &userName,
                                               const QString &originFile);

private:
    Result<Credentials, ConfigError> run();
    ConfigError error(const QString &field, const QString &message) const;
    bool isFresh(const Credentials &c) const;

    const ExecConfig m_config;
    const QString m_userName;
    const QString m_originFile;
    const std::optional<ExecClusterInfo> m_cluster;
    const Options m_options;
    const std::optional<ConfigError> m_invalid;

    std::mutex m_runMutex;           ///< serialises plugin runs
    mutable std::mutex m_stateMutex; ///< guards the members below
    std::optional<Credentials> m_cached;
    std::uint64_t m_generation = 0; ///< bumped by invalidate()
    int m_runCount = 0;
};

} // namespace cubedesk::k8s
