#include "k8s/sim/tlsmaterial.h"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509v3.h>
#include <stdexcept>
#include <utility>

namespace cubedesk::sim {

namespace {

template <auto Free>
struct FreeWith {
    template <typename T>
    void operator()(T *object) const noexcept {
        Free(object);
    }
};
template <typename T, auto Free>
using Owned = std::unique_ptr<T, FreeWith<Free>>;

using BioPtr = Owned<BIO, BIO_free_all>;
using BignumPtr = Owned<BIGNUM, BN_free>;
using KeyContextPtr = Owned<EVP_PKEY_CTX, EVP_PKEY_CTX_free>;
using ExtensionPtr = Owned<X509_EXTENSION, X509_EXTENSION_free>;
using GeneralNamesPtr = Owned<GENERAL_NAMES, GENERAL_NAMES_free>;
using GeneralNamePtr = Owned<GENERAL_NAME, GENERAL_NAME_free>;
using Ia5StringPtr = Owned<ASN1_IA5STRING, ASN1_IA5STRING_free>;
using OctetStringPtr = Owned<ASN1_OCTET_STRING, ASN1_OCTET_STRING_free>;
using StorePtr = Owned<X509_STORE, X509_STORE_free>;

constexpr long caValidityDays = 3652; // ten years including leap days
constexpr long leafValidityDays = 365;
constexpr long backdateSeconds = 3600; // tolerate clocks of peers that are slightly behind

// Drains the thread's OpenSSL error queue so that a failure here does not leak stale errors into
// the next unrelated OpenSSL call on this thread.
std::string takeOpenSslErrors() {
    std::string text;
    while (const unsigned long code = ERR_get_error()) {
        char buffer[256];
        ERR_error_string_n(code, buffer, sizeof buffer);
        if (!text.empty())
            text += "; ";
        text += buffer;
    }
    return text.empty() ? std::string("no OpenSSL error reported") : text;
}

[[noreturn]] void fail(const std::string &what) {
    throw std::runtime_error("TlsMaterial: " + what + ": " + takeOpenSslErrors());
}

void check(bool ok, const char *what) {
    if (!ok)
        fail(what);
}

using OwnedKey = Owned<EVP_PKEY, EVP_PKEY_free>;
using OwnedCertificate = Owned<X509, X509_free>;

OwnedKey generateP256Key() {
    // The explicit context avoids EVP_EC_gen(), a variadic macro that casts away const.
    const KeyContextPtr context(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
    check(context != nullptr, "EVP_PKEY_CTX_new_from_name(EC)");
    check(EVP_PKEY_keygen_init(context.get()) > 0, "EVP_PKEY_keygen_init");
    check(EVP_PKEY_CTX_set_group_name(context.get(), "P-256") > 0, "EVP_PKEY_CTX_set_group_name");
    EVP_PKEY *key = nullptr;
    check(EVP_PKEY_generate(context.get(), &key) > 0, "EVP_PKEY_generate");
    return OwnedKey(key);
}

void addNameEntry(X509_NAME *name, int nid, const std::string &value) {
    check(X509_NAME_add_entry_by_NID(name, nid, MBSTRING_UTF8,
                                     reinterpret_cast<const unsigned char *>(value.data()),
                                     static_cast<int>(value.size()), -1, 0) == 1,
          "X509_NAME_add_entry_by_NID");
}

// An extension given in openssl.cnf syntax; only used for fixed strings, never for caller input.
void addExtension(X509 *certificate, X509 *issuer, int nid, const char *value) {
    X509V3_CTX context;
    X509V3_set_ctx(&context, issuer, certificate, nullptr, nullptr, 0);
    const ExtensionPtr extension(X509V3_EXT_nconf_nid(nullptr, &context, nid, value));
    check(extension != nullptr, "X509V3_EXT_nconf_nid");
    check(X509_add_ext(certificate, extension.get(), -1) == 1, "X509_add_ext");
}

// Built as GENERAL_NAMEs rather than as an openssl.cnf string so that a caller-supplied name
// containing ',' or ':' cannot inject further entries.
void addSubjectAltNames(X509 *certificate, const std::vector<std::string> &ipSans,
                        const std::vector<std::string> &dnsSans) {
    if (ipSans.empty() && dnsSans.empty())
        return;
    const GeneralNamesPtr names(sk_GENERAL_NAME_new_null());
    check(names != nullptr, "sk_GENERAL_NAME_new_null");
    const auto push = [&](int type, void *value) {
        GeneralNamePtr name(GENERAL_NAME_new());
        check(name != nullptr, "GENERAL_NAME_new");
        GENERAL_NAME_set0_value(name.get(), type, value);
        check(sk_GENERAL_NAME_push(names.get(), name.get()) > 0, "sk_GENERAL_NAME_push");
        (void)name.release(); // the stack owns it now
    };
    for (const std::string &ip : ipSans) {
        OctetStringPtr address(a2i_IPADDRESS(ip.c_str()));
        if (!address) {
            ERR_clear_error();
            throw std::runtime_error("TlsMaterial: not an IP address: " + ip);
        }
        // GENERAL_NAME_set0_value cannot fail, so ownership passes even if the push then throws.
        push(GEN_IPADD, address.release());
    }
    for (const std::string &dns : dnsSans) {
        Ia5StringPtr text(ASN1_IA5STRING_new());
        check(text != nullptr, "ASN1_IA5STRING_new");
        check(ASN1_STRING_set(text.get(), dns.data(), static_cast<int>(dns.size())) == 1,
              "ASN1_STRING_set");
        push(GEN_DNS, text.release());
    }
    check(X509_add1_ext_i2d(certificate, NID_subject_alt_name, names.get(), 0,
                            X509V3_ADD_DEFAULT) == 1,
          "X509_add1_ext_i2d(subjectAltName)");
}

struct CertificateRequest {
    EVP_PKEY *subjectKey = nullptr;
    std::string commonName;
    std::vector<std::string> organizations;
    long validityDays = leafValidityDays;
    X509 *issuer = nullptr; ///< nullptr: self-signed
};

// Everything but the extensions, which differ per certificate kind and are added by the caller
// before signCertificate().
OwnedCertificate newCertificate(const CertificateRequest &request) {
    OwnedCertificate certificate(X509_new());
    check(certificate != nullptr, "X509_new");
    check(X509_set_version(certificate.get(), X509_VERSION_3) == 1, "X509_set_version");

    // 128 random bits with the top bit set: positive, never zero, 17 DER octets at most.
    const BignumPtr serial(BN_new());
    check(serial != nullptr, "BN_new");
    check(BN_rand(serial.get(), 128, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ANY) == 1, "BN_rand");
    check(BN_to_ASN1_INTEGER(serial.get(), X509_get_serialNumber(certificate.get())) != nullptr,
          "BN_to_ASN1_INTEGER");

    check(X509_gmtime_adj(X509_getm_notBefore(certificate.get()), -backdateSeconds) != nullptr,
          "X509_gmtime_adj");
    check(X509_time_adj_ex(X509_getm_notAfter(certificate.get()),
                           static_cast<int>(request.validityDays), 0, nullptr) != nullptr,
          "X509_time_adj_ex");

    X509_NAME *subject = X509_get_subject_name(certificate.get());
    for (const std::string &organization : request.organizations)
        addNameEntry(subject, NID_organizationName, organization);
    addNameEntry(subject, NID_commonName, request.commonName);
    const X509_NAME *issuerName = request.issuer ? X509_get_subject_name(request.issuer) : subject;
    check(X509_set_issuer_name(certificate.get(), issuerName) == 1, "X509_set_issuer_name");
    check(X509_set_pubkey(certificate.get(), request.subjectKey) == 1, "X509_set_pubkey");
    return certificate;
}

void signCertificate(X509 *certificate, EVP_PKEY *issuerKey) {
    check(X509_sign(certificate, issuerKey, EVP_sha256()) > 0, "X509_sign");
}

template <typename Write>
std::string toPem(Write write, const char *what) {
    const BioPtr bio(BIO_new(BIO_s_mem()));
    check(bio != nullptr, "BIO_new");
    check(write(bio.get()) == 1, what);
    char *data = nullptr;
    const long size = BIO_get_mem_data(bio.get(), &data);
    check(size > 0 && data != nullptr, "BIO_get_mem_data");
    return std::string(data, static_cast<std::size_t>(size));
}

std::string certificatePem(X509 *certificate) {
    return toPem([certificate](BIO *bio) { return PEM_write_bio_X509(bio, certificate); },
                 "PEM_write_bio_X509");
}

std::string privateKeyPem(EVP_PKEY *key) {
    // PKCS#8 ("BEGIN PRIVATE KEY"): accepted by OpenSSL, libcurl and Go's tls.X509KeyPair.
    return toPem(
        [key](BIO *bio) {
            return PEM_write_bio_PrivateKey(bio, key, nullptr, nullptr, 0, nullptr, nullptr);
        },
        "PEM_write_bio_PrivateKey");
}

std::string utf8(const ASN1_STRING *value) {
    unsigned char *buffer = nullptr;
    const int length = ASN1_STRING_to_UTF8(&buffer, value);
    if (length < 0) {
        ERR_clear_error();
        return {};
    }
    std::string text(reinterpret_cast<const char *>(buffer), static_cast<std::size_t>(length));
    OPENSSL_free(buffer);
    return text;
}

} // namespace

TlsMaterial TlsMaterial::generate(const std::vector<std::string> &ipSans,
                                  const std::vector<std::string> &dnsSans) {
    TlsMaterial material;

    material.m_caKey.reset(generateP256Key().release());
    CertificateRequest caRequest;
    caRequest.subjectKey = material.m_caKey.get();
    caRequest.commonName = "cubedesk-sim-ca";
    caRequest.validityDays = caValidityDays;
    material.m_caCertificate.reset(newCertificate(caRequest).release());
    X509 *ca = material.m_caCertificate.get();
    addExtension(ca, ca, NID_basic_constraints, "critical,CA:TRUE");
    addExtension(ca, ca, NID_key_usage, "critical,keyCertSign,cRLSign");
    addExtension(ca, ca, NID_subject_key_identifier, "hash");
    signCertificate(ca, material.m_caKey.get());

    material.m_serverKey.reset(generateP256Key().release());
    CertificateRequest serverRequest;
    serverRequest.subjectKey = material.m_serverKey.get();
    serverRequest.commonName = "cubedesk-sim";
    serverRequest.issuer = ca;
    material.m_serverCertificate.reset(newCertificate(serverRequest).release());
    X509 *server = material.m_serverCertificate.get();
    addExtension(server, ca, NID_basic_constraints, "critical,CA:FALSE");
    addExtension(server, ca, NID_key_usage, "critical,digitalSignature,keyEncipherment");
    addExtension(server, ca, NID_ext_key_usage, "serverAuth");
    addExtension(server, ca, NID_authority_key_identifier, "keyid:always");
    addSubjectAltNames(server, ipSans, dnsSans);
    signCertificate(server, material.m_caKey.get());

    material.m_caCertificatePem = certificatePem(ca);
    material.m_serverCertificatePem = certificatePem(server);
    material.m_serverKeyPem = privateKeyPem(material.m_serverKey.get());
    return material;
}

TlsMaterial::TlsMaterial(const TlsMaterial &other)
    : m_caCertificatePem(other.m_caCertificatePem)
    , m_serverCertificatePem(other.m_serverCertificatePem)
    , m_serverKeyPem(other.m_serverKeyPem) {
    // Only immutable objects are shared, so a reference is as good as a deep copy.
    const auto shareKey = [](const KeyPtr &key) {
        if (key)
            EVP_PKEY_up_ref(key.get());
        return KeyPtr(key.get());
    };
    const auto shareCertificate = [](const CertificatePtr &certificate) {
        if (certificate)
            X509_up_ref(certificate.get());
        return CertificatePtr(certificate.get());
    };
    m_caKey = shareKey(other.m_caKey);
    m_caCertificate = shareCertificate(other.m_caCertificate);
    m_serverKey = shareKey(other.m_serverKey);
    m_serverCertificate = shareCertificate(other.m_serverCertificate);
}

TlsMaterial &TlsMaterial::operator=(const TlsMaterial &other) {
    if (this != &other) {
        TlsMaterial copy(other);
        *this = std::move(copy);
    }
    return *this;
}

TlsMaterial::ClientCredential
TlsMaterial::issueClientCertificate(const std::string &commonName,
                                    const std::vector<std::string> &organizations) const {
    if (!m_caKey || !m_caCertificate)
        return {};
    try {
        const OwnedKey key = generateP256Key();
        CertificateRequest request;
        request.subjectKey = key.get();
        request.commonName = commonName;
        request.organizations = organizations;
        request.issuer = m_caCertificate.get();
        const OwnedCertificate certificate = newCertificate(request);
        addExtension(certificate.get(), m_caCertificate.get(), NID_basic_constraints,
                     "critical,CA:FALSE");
        addExtension(certificate.get(), m_caCertificate.get(), NID_key_usage,
                     "critical,digitalSignature,keyEncipherment");
        addExtension(certificate.get(), m_caCertificate.get(), NID_ext_key_usage, "clientAuth");
        addExtension(certificate.get(), m_caCertificate.get(), NID_authority_key_identifier,
                     "keyid:always");
        signCertificate(certificate.get(), m_caKey.get());
        return {certificatePem(certificate.get()), privateKeyPem(key.get())};
    } catch (const std::runtime_error &) {
        return {};
    }
}

bool TlsMaterial::configureServerContext(SSL_CTX *ctx, bool requestClientCertificates) const {
    if (!ctx || !m_serverKey || !m_serverCertificate || !m_caCertificate)
        return false;
    if (SSL_CTX_use_certificate(ctx, m_serverCertificate.get()) != 1 ||
        SSL_CTX_use_PrivateKey(ctx, m_serverKey.get()) != 1 ||
        SSL_CTX_check_private_key(ctx) != 1 ||
        SSL_CTX_set_min_proto_version(ctx, TLS1_2_VERSION) != 1)
        return false;

    if (!requestClientCertificates) {
        SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, nullptr);
        return true;
    }

    const StorePtr store(X509_STORE_new());
    if (!store || X509_STORE_add_cert(store.get(), m_caCertificate.get()) != 1 ||
        SSL_CTX_set1_verify_cert_store(ctx, store.get()) != 1)
        return false;
    // Replace rather than append, so that configuring a context twice does not list the CA twice.
    SSL_CTX_set_client_CA_list(ctx, sk_X509_NAME_new_null());
    if (SSL_CTX_add_client_CA(ctx, m_caCertificate.get()) != 1)
        return false;
    // Session resumption on a context that verifies peers needs a session id context.
    static constexpr unsigned char sessionContext[] = "cubedesk-sim";
    if (SSL_CTX_set_session_id_context(ctx, sessionContext, sizeof sessionContext - 1) != 1)
        return false;
    // No SSL_VERIFY_FAIL_IF_NO_PEER_CERT: the certificate is optional (docs/kubernetes-api.md).
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER, nullptr);
    return true;
}

std::optional<TlsMaterial::PeerIdentity> TlsMaterial::peerIdentity(const SSL *ssl) {
    if (!ssl)
        return std::nullopt;
    X509 *certificate = SSL_get0_peer_certificate(ssl);
    if (!certificate || SSL_get_verify_result(ssl) != X509_V_OK)
        return std::nullopt;

    PeerIdentity identity;
    const X509_NAME *subject = X509_get_subject_name(certificate);
    const int count = X509_NAME_entry_count(subject);
    for (int i = 0; i < count; ++i) {
        const X509_NAME_ENTRY *entry = X509_NAME_get_entry(subject, i);
        const int nid = OBJ_obj2nid(X509_NAME_ENTRY_get_object(entry));
        // Like Go's pkix.Name, which Kubernetes uses, the last CN wins.
        if (nid == NID_commonName)
            identity.user = utf8(X509_NAME_ENTRY_get_data(entry));
        else if (nid == NID_organizationName)
            identity.groups.push_back(utf8(X509_NAME_ENTRY_get_data(entry)));
    }
    if (identity.user.empty())
        return std::nullopt;
    return identity;
}

} // namespace cubedesk::sim
