// An exec plugin's standard output, for both API versions.
#include "k8s/config/execcredentialjson.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const QByteArray out(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    (void)cubedesk::k8s::ExecCredentialJson::parseOutput(
        QStringLiteral("client.authentication.k8s.io/v1"), out);
    (void)cubedesk::k8s::ExecCredentialJson::parseOutput(
        QStringLiteral("client.authentication.k8s.io/v1beta1"), out);
    return 0;
}
