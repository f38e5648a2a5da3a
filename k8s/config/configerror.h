#pragma once

// ConfigError: what is wrong with a kubeconfig or a credential, as a value. It names the file,
// the entry (`cluster "x"`, `user "y"`, `context "z"`, or empty for the whole file) and the
// field (the kubeconfig key such as `certificate-authority-data` or `exec.command`), so that
// the UI can point at the line to fix.
//
// Contract: `message` never contains secret material (tokens, passwords, key or certificate
// data, environment values of exec plugins, plugin standard output). Producers guarantee this;
// the tests check it for every producer.
//
// Thread-safety: a plain value type.

#include <QString>

namespace cubedesk::k8s {

struct ConfigError {
    QString file;
    QString entry;
    QString field;
    QString message;

    /// "<file>: <entry>: <field>: <message>", leaving out the empty parts.
    QString toString() const;

    static QString clusterEntry(const QString &name);
    static QString userEntry(const QString &name);
    static QString contextEntry(const QString &name);

    bool operator==(const ConfigError &) const = default;
};

} // namespace cubedesk::k8s
