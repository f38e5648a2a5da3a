#pragma once

// TestPki: throw-away certificates and keys for the kubeconfig tests, generated in memory with
// OpenSSL (EC P-256, self-signed). Thread-safety: generate() may be called from any thread.

#include <QByteArray>

namespace cubedesk::k8s::test {

class TestPki final {
public:
    struct CertKey {
        QByteArray certificatePem;
        QByteArray keyPem;
    };

    TestPki() = delete;

    /// A self-signed certificate with subject CN=`commonName` and its PKCS#8 key.
    static CertKey generate(const char *commonName);
};

} // namespace cubedesk::k8s::test
