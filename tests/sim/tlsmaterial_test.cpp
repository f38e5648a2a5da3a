#include "k8s/sim/tlsmaterial.h"

#include <csignal>
#include <cstdint>
#include <gtest/gtest.h>
#include <memory>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <optional>
#include <stdexcept>
#include <string>
#include <sys/socket.h>
#include <sys/time.h>
#include <thread>
#include <utility>
#include <vector>

#include <unistd.h>

using cubedesk::sim::TlsMaterial;

namespace {

template <auto Free>
struct FreeWith {
    template <typename T>
    void operator()(T *object) const noexcept {
        Free(object);
    }
};
using Certificate = std::unique_ptr<X509, FreeWith<X509_free>>;
using Key = std::unique_ptr<EVP_PKEY, FreeWith<EVP_PKEY_free>>;
using Store = std::unique_ptr<X509_STORE, FreeWith<X509_STORE_free>>;
using StoreContext = std::unique_ptr<X509_STORE_CTX, FreeWith<X509_STORE_CTX_free>>;
using Context = std::unique_ptr<SSL_CTX, FreeWith<SSL_CTX_free>>;
using Bignum = std::unique_ptr<BIGNUM, FreeWith<BN_free>>;

Certificate parseCertificate(const std::string &pem) {
    std::unique_ptr<BIO, FreeWith<BIO_free>> bio(
        BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    return Certificate(PEM_read_bio_X509(bio.get(), nullptr, nullptr, nullptr));
}

Key parseKey(const std::string &pem) {
    std::unique_ptr<BIO, FreeWith<BIO_free>> bio(
        BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())));
    return Key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr));
}

std::vector<std::string> subjectEntries(X509 *certificate, int nid) {
    std::vector<std::string> values;
    const X509_NAME *subject = X509_get_subject_name(certificate);
    for (int i = -1; (i = X509_NAME_get_index_by_NID(subject, nid, i)) >= 0;) {
        const ASN1_STRING *data = X509_NAME_ENTRY_get_data(X509_NAME_get_entry(subject, i));
        values.emplace_back(reinterpret_cast<const char *>(ASN1_STRING_get0_data(data)),
                            static_cast<std::size_t>(ASN1_STRING_length(data)));
    }
    return values;
}

bool verifies(X509 *certificate, X509 *ca, int purpose) {
    const Store store(X509_STORE_new());
    X509_STORE_add_cert(store.get(), ca);
    const StoreContext context(X509_STORE_CTX_new());
    X509_STORE_CTX_init(context.get(), store.get(), certificate, nullptr);
    X509_STORE_CTX_set_purpose(context.get(), purpose);
    const bool ok = X509_verify_cert(context.get()) == 1;
    ERR_clear_error();
    return ok;
}

bool extensionIsCritical(X509 *certificate, int nid) {
    const int index = X509_get_ext_by_NID(certificate, nid, -1);
    return index >= 0 && X509_EXTENSION_get_critical(X509_get_ext(certificate, index)) == 1;
}

Context serverContext(const TlsMaterial &material, bool requestClientCertificates) {
    Context context(SSL_CTX_new(TLS_server_method()));
    EXPECT_TRUE(material.configureServerContext(context.get(), requestClientCertificates));
    return context;
}

// trustedCaPem empty: the client trusts nothing and must fail to verify the server.
Context clientContext(const std::string &trustedCaPem,
                      const std::optional<TlsMaterial::ClientCredential> &credential = {}) {
    Context context(SSL_CTX_new(TLS_client_method()));
    if (!trustedCaPem.empty()) {
        const Certificate ca = parseCertificate(trustedCaPem);
        EXPECT_EQ(X509_STORE_add_cert(SSL_CTX_get_cert_store(context.get()), ca.get()), 1);
    }
    SSL_CTX_set_verify(context.get(), SSL_VERIFY_PEER, nullptr);
    if (credential) {
        const Certificate certificate = parseCertificate(credential->certificatePem);
        const Key key = parseKey(credential->keyPem);
        EXPECT_EQ(SSL_CTX_use_certificate(context.get(), certificate.get()), 1);
        EXPECT_EQ(SSL_CTX_use_PrivateKey(context.get(), key.get()), 1);
    }
    return context;
}

struct Handshake {
    bool serverAccepted = false;
    bool clientConnected = false;
    bool dataReceived = false;
    long clientVerifyResult = X509_V_OK;
    std::vector<std::string> advertisedClientCas; ///< CNs the server sent in CertificateRequest
    std::optional<TlsMaterial::PeerIdentity> identity;
};

// Runs both ends over a socketpair: the server in a thread, the client on this one. The client
// checks the server certificate against verifyIp (an IP SAN).
Handshake runHandshake(SSL_CTX *server, SSL_CTX *client, const char *verifyIp = "127.0.0.1") {
    // A peer that aborts leaves the other side writing into a closed socket.
    std::signal(SIGPIPE, SIG_IGN);
    int fds[2];
    EXPECT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    const timeval timeout{10, 0}; // a broken test fails instead of hanging
    for (const int fd : fds)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);

    Handshake result;
    std::thread serverThread([&result, server, fd = fds[0]] {
        SSL *ssl = SSL_new(server);
        SSL_set_fd(ssl, fd);
        if (SSL_accept(ssl) == 1) {
            result.serverAccepted = true;
            result.identity = TlsMaterial::peerIdentity(ssl);
            const char byte = 'k';
            SSL_write(ssl, &byte, 1);
            SSL_shutdown(ssl);
        }
        SSL_free(ssl);
        ERR_clear_error();
        close(fd);
    });

    SSL *ssl = SSL_new(client);
    SSL_set_fd(ssl, fds[1]);
    X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(ssl), verifyIp);
    if (SSL_connect(ssl) == 1) {
        result.clientConnected = true;
        char byte = 0;
        result.dataReceived = SSL_read(ssl, &byte, 1) == 1 && byte == 'k';
        if (const STACK_OF(X509_NAME) *names = SSL_get_client_CA_list(ssl)) {
            for (int i = 0; i < sk_X509_NAME_num(names); ++i) {
                char buffer[256];
                X509_NAME_get_text_by_NID(sk_X509_NAME_value(names, i), NID_commonName, buffer,
                                          sizeof buffer);
                result.advertisedClientCas.emplace_back(buffer);
            }
        }
    }
    result.clientVerifyResult = SSL_get_verify_result(ssl);
    SSL_free(ssl);
    ERR_clear_error();
    close(fds[1]);
    serverThread.join();
    return result;
}

class TlsMaterialTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() { s_material = new TlsMaterial(TlsMaterial::generate()); }
    static void TearDownTestSuite() {
        delete s_material;
        s_material = nullptr;
    }
    static const TlsMaterial &material() { return *s_material; }

private:
    static inline TlsMaterial *s_material = nullptr;
};

} // namespace

TEST_F(TlsMaterialTest, CaCertificateIsSelfSignedTenYearCa) {
    const Certificate ca = parseCertificate(material().caCertificatePem());
    ASSERT_TRUE(ca);
    EXPECT_EQ(subjectEntries(ca.get(), NID_commonName),
              std::vector<std::string>{"cubedesk-sim-ca"});
    EXPECT_EQ(X509_check_ca(ca.get()), 1);
    EXPECT_TRUE(extensionIsCritical(ca.get(), NID_basic_constraints));
    EXPECT_EQ(X509_get_key_usage(ca.get()), static_cast<uint32_t>(KU_KEY_CERT_SIGN | KU_CRL_SIGN));
    EXPECT_NE(X509_get0_subject_key_id(ca.get()), nullptr);
    EXPECT_TRUE(verifies(ca.get(), ca.get(), X509_PURPOSE_ANY));
    EXPECT_EQ(EVP_PKEY_get_base_id(X509_get0_pubkey(ca.get())), EVP_PKEY_EC);

    int days = 0;
    int seconds = 0;
    ASSERT_EQ(ASN1_TIME_diff(&days, &seconds, nullptr, X509_get0_notAfter(ca.get())), 1);
    EXPECT_GE(days, 3640);
    ASSERT_EQ(ASN1_TIME_diff(&days, &seconds, nullptr, X509_get0_notBefore(ca.get())), 1);
    EXPECT_EQ(days, 0);
    EXPECT_LE(seconds, -3500);
}

TEST_F(TlsMaterialTest, ServerCertificateChainsToCa) {
    const Certificate ca = parseCertificate(material().caCertificatePem());
    const Certificate server = parseCertificate(material().serverCertificatePem());
    ASSERT_TRUE(ca);
    ASSERT_TRUE(server);
    EXPECT_TRUE(verifies(server.get(), ca.get(), X509_PURPOSE_SSL_SERVER));
    EXPECT_FALSE(verifies(server.get(), ca.get(), X509_PURPOSE_SSL_CLIENT));
    EXPECT_EQ(subjectEntries(server.get(), NID_commonName),
              std::vector<std::string>{"cubedesk-sim"});
    EXPECT_EQ(X509_check_ca(server.get()), 0);
    EXPECT_TRUE(X509_get_extended_key_usage(server.get()) & XKU_SSL_SERVER);
    EXPECT_EQ(X509_get_key_usage(server.get()),
              static_cast<uint32_t>(KU_DIGITAL_SIGNATURE | KU_KEY_ENCIPHERMENT));
    ASSERT_NE(X509_get0_authority_key_id(server.get()), nullptr);
    EXPECT_EQ(ASN1_OCTET_STRING_cmp(X509_get0_authority_key_id(server.get()),
                                    X509_get0_subject_key_id(ca.get())),
              0);

    const Bignum serial(ASN1_INTEGER_to_BN(X509_get0_serialNumber(server.get()), nullptr));
    EXPECT_EQ(BN_num_bits(serial.get()), 128);
    EXPECT_FALSE(BN_is_negative(serial.get()));

    const Key key = parseKey(material().serverKeyPem());
    ASSERT_TRUE(key);
    EXPECT_EQ(X509_check_private_key(server.get(), key.get()), 1);
}

TEST_F(TlsMaterialTest, ServerCertificateNamesLoopback) {
    const Certificate server = parseCertificate(material().serverCertificatePem());
    EXPECT_EQ(X509_check_ip_asc(server.get(), "127.0.0.1", 0), 1);
    EXPECT_EQ(X509_check_host(server.get(), "localhost", 0, 0, nullptr), 1);
    EXPECT_EQ(X509_check_ip_asc(server.get(), "10.0.0.1", 0), 0);
    EXPECT_EQ(X509_check_host(server.get(), "example.com", 0, 0, nullptr), 0);
}

TEST(TlsMaterial, CustomSubjectAltNames) {
    const TlsMaterial material = TlsMaterial::generate({"127.0.0.1", "::1"}, {"fake.local"});
    const Certificate server = parseCertificate(material.serverCertificatePem());
    EXPECT_EQ(X509_check_ip_asc(server.get(), "::1", 0), 1);
    EXPECT_EQ(X509_check_host(server.get(), "fake.local", 0, 0, nullptr), 1);
    EXPECT_EQ(X509_check_host(server.get(), "localhost", 0, 0, nullptr), 0);

    EXPECT_THROW(TlsMaterial::generate({"not-an-ip"}), std::runtime_error);
}

TEST(TlsMaterial, EachGenerationIsFresh) {
    const TlsMaterial first = TlsMaterial::generate();
    const TlsMaterial second = TlsMaterial::generate();
    EXPECT_NE(first.caCertificatePem(), second.caCertificatePem());
    EXPECT_NE(first.serverKeyPem(), second.serverKeyPem());
}

TEST_F(TlsMaterialTest, ClientCertificateCarriesUserAndGroups) {
    const TlsMaterial::ClientCredential credential =
        material().issueClientCertificate("alice", {"system:masters", "devs"});
    const Certificate ca = parseCertificate(material().caCertificatePem());
    const Certificate client = parseCertificate(credential.certificatePem);
    const Key key = parseKey(credential.keyPem);
    ASSERT_TRUE(client);
    ASSERT_TRUE(key);
    EXPECT_EQ(X509_check_private_key(client.get(), key.get()), 1);
    EXPECT_EQ(subjectEntries(client.get(), NID_commonName), std::vector<std::string>{"alice"});
    EXPECT_EQ(subjectEntries(client.get(), NID_organizationName),
              (std::vector<std::string>{"system:masters", "devs"}));
    EXPECT_TRUE(X509_get_extended_key_usage(client.get()) & XKU_SSL_CLIENT);
    EXPECT_FALSE(X509_get_extended_key_usage(client.get()) & XKU_SSL_SERVER);
    EXPECT_TRUE(verifies(client.get(), ca.get(), X509_PURPOSE_SSL_CLIENT));
    EXPECT_FALSE(verifies(client.get(), ca.get(), X509_PURPOSE_SSL_SERVER));
}

TEST_F(TlsMaterialTest, HandshakeWithoutClientCertificate) {
    const Context server = serverContext(material(), true);
    const Context client = clientContext(material().caCertificatePem());
    const Handshake result = runHandshake(server.get(), client.get());
    EXPECT_TRUE(result.serverAccepted);
    EXPECT_TRUE(result.clientConnected);
    EXPECT_TRUE(result.dataReceived);
    EXPECT_EQ(result.clientVerifyResult, X509_V_OK);
    EXPECT_EQ(result.advertisedClientCas, std::vector<std::string>{"cubedesk-sim-ca"});
    EXPECT_FALSE(result.identity.has_value());
}

TEST_F(TlsMaterialTest, HandshakeWithClientCertificateYieldsIdentity) {
    const Context server = serverContext(material(), true);
    const Context client =
        clientContext(material().caCertificatePem(),
                      material().issueClientCertificate("alice", {"system:masters", "devs"}));
    const Handshake result = runHandshake(server.get(), client.get());
    EXPECT_TRUE(result.serverAccepted);
    EXPECT_TRUE(result.dataReceived);
    ASSERT_TRUE(result.identity.has_value());
    EXPECT_EQ(result.identity->user, "alice");
    EXPECT_EQ(result.identity->groups, (std::vector<std::string>{"system:masters", "devs"}));
}

TEST_F(TlsMaterialTest, ClientCertificateNotRequestedGivesNoIdentity) {
    const Context server = serverContext(material(), false);
    const Context client = clientContext(material().caCertificatePem(),
                                         material().issueClientCertificate("alice", {}));
    const Handshake result = runHandshake(server.get(), client.get());
    EXPECT_TRUE(result.serverAccepted);
    EXPECT_TRUE(result.dataReceived);
    EXPECT_TRUE(result.advertisedClientCas.empty());
    EXPECT_FALSE(result.identity.has_value());
}

TEST_F(TlsMaterialTest, ClientNotTrustingCaFailsVerification) {
    const Context server = serverContext(material(), true);
    const Context untrusting = clientContext({});
    const Handshake result = runHandshake(server.get(), untrusting.get());
    EXPECT_FALSE(result.clientConnected);
    EXPECT_FALSE(result.serverAccepted);
    EXPECT_NE(result.clientVerifyResult, X509_V_OK);

    const TlsMaterial other = TlsMaterial::generate();
    const Context trustsOtherCa = clientContext(other.caCertificatePem());
    EXPECT_FALSE(runHandshake(server.get(), trustsOtherCa.get()).clientConnected);
}

TEST_F(TlsMaterialTest, WrongServerAddressFailsVerification) {
    const Context server = serverContext(material(), false);
    const Context client = clientContext(material().caCertificatePem());
    const Handshake result = runHandshake(server.get(), client.get(), "10.1.2.3");
    EXPECT_FALSE(result.clientConnected);
    EXPECT_EQ(result.clientVerifyResult, X509_V_ERR_IP_ADDRESS_MISMATCH);
}

TEST_F(TlsMaterialTest, ClientCertificateFromForeignCaIsRejected) {
    const TlsMaterial other = TlsMaterial::generate();
    const Context server = serverContext(material(), true);
    const Context client = clientContext(
        material().caCertificatePem(), other.issueClientCertificate("mallory", {"system:masters"}));
    const Handshake result = runHandshake(server.get(), client.get());
    EXPECT_FALSE(result.serverAccepted);
    EXPECT_FALSE(result.dataReceived);
    EXPECT_FALSE(result.identity.has_value());
}

TEST(TlsMaterial, CopiesShareAndOutliveOriginal) {
    std::optional<TlsMaterial> original = TlsMaterial::generate();
    TlsMaterial copy = *original;
    EXPECT_EQ(copy.caCertificatePem(), original->caCertificatePem());
    const std::string caPem = original->caCertificatePem();
    const TlsMaterial::ClientCredential credential =
        original->issueClientCertificate("bob", {"readers"});
    original.reset();

    const Context server = serverContext(copy, true);
    const Context client = clientContext(caPem, credential);
    const Handshake result = runHandshake(server.get(), client.get());
    ASSERT_TRUE(result.identity.has_value());
    EXPECT_EQ(result.identity->user, "bob");

    // A moved-from instance must fail cleanly rather than crash.
    TlsMaterial moved = std::move(copy);
    Context context(SSL_CTX_new(TLS_server_method()));
    EXPECT_FALSE(copy.configureServerContext(context.get(), true));
    EXPECT_TRUE(copy.issueClientCertificate("x", {}).certificatePem.empty());
    EXPECT_TRUE(moved.configureServerContext(context.get(), true));
    EXPECT_FALSE(moved.configureServerContext(nullptr, true));
}

TEST(TlsMaterial, PeerIdentityOfNullIsEmpty) {
    EXPECT_FALSE(TlsMaterial::peerIdentity(nullptr).has_value());
}
