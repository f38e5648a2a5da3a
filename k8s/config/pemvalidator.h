#pragma once

// PemValidator: OpenSSL checks that the PEM material of a kubeconfig parses: CA bundles (at least
// one certificate, as Go's AppendCertsFromPEM), client certificates, unencrypted private keys
// (RSA, EC, Ed25519; PKCS#1, SEC1 or PKCS#8) and that a key belongs to a certificate. Reasons are
// generic and never quote the input. Leaves the calling thread's OpenSSL error queue empty.
//
// Thread-safety: stateless; callable from any thread.

#include <QByteArray>
#include <QString>

namespace cubedesk::k8s {

class PemValidator final {
public:
    PemValidator() = delete;

    /// Number of PEM certificates in `pem` (0 when none parses).
    static int countCertificates(const QByteArray &pem);
    static bool isPrivateKey(const QByteArray &pem, QString *why = nullptr);
    /// True when the first certificate of `certificatePem` has the public key of `keyPem`.
    static bool keyMatchesCertificate(const QByteArray &certificatePem, const QByteArray &keyPem);
};

} // namespace cubedesk::k8s
