#pragma once

#include <memory>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <optional>
#include <string>
#include <vector>

namespace cubedesk::sim {

/// Throw-away PKI for the API-server simulator: a self-signed EC P-256 CA, a server certificate
/// for 127.0.0.1/localhost signed by it, and client certificates issued on demand so that tests
/// can authenticate the way kubectl does with X.509 (user = subject CN, groups = subject O values;
/// docs/kubernetes-api.md). Everything lives in memory; nothing is written to disk.
///
/// Threads: generate() may be called from any thread (it is meant for start-up and throws
/// std::runtime_error carrying the OpenSSL error text on failure). A generated TlsMaterial is
/// immutable, so all const members may be called concurrently from any thread;
/// issueClientCertificate() returns an empty credential instead of throwing if OpenSSL fails.
///
/// Ownership: the instance owns its CA and server keys and certificates (reference-counted
/// OpenSSL objects). Copying is cheap and shares those immutable objects (the OpenSSL reference
/// count is raised); moving leaves the source empty, and an empty instance only supports
/// destruction and assignment. configureServerContext() makes the SSL_CTX take its own
/// references, so the SSL_CTX may outlive this object.
class TlsMaterial final {
public:
    /// A PEM client certificate and its PEM (PKCS#8) private key, as used by kubeconfig's
    /// client-certificate-data / client-key-data.
    struct ClientCredential {
        std::string certificatePem;
        std::string keyPem;
    };

    /// Who a verified TLS client certificate says the peer is (Kubernetes convention).
    struct PeerIdentity {
        std::string user;                ///< subject CN
        std::vector<std::string> groups; ///< subject O values, in certificate order
    };

    /// Creates a fresh CA (CN "cubedesk-sim-ca", valid 10 years from now-1h) and a server
    /// certificate (CN "cubedesk-sim", SAN = the given IP addresses and DNS names, serverAuth)
    /// signed by it. Throws std::runtime_error on any OpenSSL failure or on an unparsable IP.
    static TlsMaterial generate(const std::vector<std::string> &ipSans = {"127.0.0.1"},
                                const std::vector<std::string> &dnsSans = {"localhost"});

    TlsMaterial(const TlsMaterial &other);
    TlsMaterial &operator=(const TlsMaterial &other);
    TlsMaterial(TlsMaterial &&other) noexcept = default;
    TlsMaterial &operator=(TlsMaterial &&other) noexcept = default;
    ~TlsMaterial() = default;

    /// Issues a client certificate (clientAuth) signed by the CA with subject CN=commonName and
    /// one O per organization. Returns an empty credential if OpenSSL fails.
    ClientCredential issueClientCertificate(const std::string &commonName,
                                            const std::vector<std::string> &organizations) const;

    const std::string &caCertificatePem() const { return m_caCertificatePem; }
    const std::string &serverCertificatePem() const { return m_serverCertificatePem; }
    const std::string &serverKeyPem() const { return m_serverKeyPem; }

    /// Installs the server certificate and key into ctx and sets TLS 1.2 as the minimum version.
    /// With requestClientCertificates, the server asks for a client certificate (advertising this
    /// CA) and verifies one if presented, but does not require it, so bearer-token and anonymous
    /// clients still connect; a presented certificate that does not verify fails the handshake.
    /// Without it, client certificates are not requested (SSL_VERIFY_NONE). Returns false if
    /// OpenSSL rejects any step (the OpenSSL error queue then says why).
    bool configureServerContext(SSL_CTX *ctx, bool requestClientCertificates) const;

    /// The identity of the peer of a server-side connection: set only if the client presented a
    /// certificate, it verified (SSL_get_verify_result() == X509_V_OK) and its CN is not empty.
    static std::optional<PeerIdentity> peerIdentity(const SSL *ssl);

private:
    struct KeyDeleter {
        void operator()(EVP_PKEY *key) const noexcept { EVP_PKEY_free(key); }
    };
    struct CertificateDeleter {
        void operator()(X509 *certificate) const noexcept { X509_free(certificate); }
    };
    using KeyPtr = std::unique_ptr<EVP_PKEY, KeyDeleter>;
    using CertificatePtr = std::unique_ptr<X509, CertificateDeleter>;

    TlsMaterial() = default;

    KeyPtr m_caKey;
    CertificatePtr m_caCertificate;
    KeyPtr m_serverKey;
    CertificatePtr m_serverCertificate;
    std::string m_caCertificatePem;
    std::string m_serverCertificatePem;
    std::string m_serverKeyPem;
};

} // namespace cubedesk::sim
