#include "k8s/config/pemvalidator.h"

#include <memory>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

namespace cubedesk::k8s {

namespace {

struct BioFree {
    void operator()(BIO *b) const { BIO_free(b); }
};
struct X509Free {
    void operator()(X509 *x) const { X509_free(x); }
};
struct KeyFree {
    void operator()(EVP_PKEY *k) const { EVP_PKEY_free(k); }
};
using BioPtr = std::unique_ptr<BIO, BioFree>;
using X509Ptr = std::unique_ptr<X509, X509Free>;
using KeyPtr = std::unique_ptr<EVP_PKEY, KeyFree>;

BioPtr memoryBio(const QByteArray &data) {
    return BioPtr(BIO_new_mem_buf(data.constData(), static_cast<int>(data.size())));
}

// Never prompt for a passphrase (OpenSSL's default callback would read the terminal): an
// encrypted key is simply not usable, as with kubectl.
int noPassphrase(char *, int, int, void *) {
    return -1;
}

KeyPtr readKey(const QByteArray &pem) {
    BioPtr bio = memoryBio(pem);
    if (!bio)
        return nullptr;
    return KeyPtr(PEM_read_bio_PrivateKey(bio.get(), nullptr, &noPassphrase, nullptr));
}

X509Ptr readFirstCertificate(const QByteArray &pem) {
    BioPtr bio = memoryBio(pem);
    if (!bio)
        return nullptr;
    return X509Ptr(PEM_read_bio_X509(bio.get(), nullptr, &noPassphrase, nullptr));
}

} // namespace

int PemValidator::countCertificates(const QByteArray &pem) {
    int count = 0;
    if (BioPtr bio = memoryBio(pem)) {
        while (X509Ptr cert{PEM_read_bio_X509(bio.get(), nullptr, &noPassphrase, nullptr)})
            ++count;
    }
    ERR_clear_error(); // the loop always ends with "no start line"
    return count;
}

bool PemValidator::isPrivateKey(const QByteArray &pem, QString *why) {
    const bool ok = readKey(pem) != nullptr;
    if (!ok && why) {
        *why = pem.contains("ENCRYPTED")
                   ? QStringLiteral("the private key is encrypted with a passphrase, which is "
                                    "not supported (kubectl does not support it either)")
                   : QStringLiteral("does not contain a PEM private key that can be read");
    }
    ERR_clear_error();
    return ok;
}

bool PemValidator::keyMatchesCertificate(const QByteArray &certificatePem,
                                         const QByteArray &keyPem) {
    const X509Ptr cert = readFirstCertificate(certificatePem);
    const KeyPtr key = readKey(keyPem);
    const bool ok = cert && key && X509_check_private_key(cert.get(), key.get()) == 1;
    ERR_clear_error();
    return ok;
}

} // namespace cubedesk::k8s
