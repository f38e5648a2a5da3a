#include "k8s/session/urlget.h"

#include "k8s/net/httptransport.h"
#include "k8s/session/writeexchange.h"

#include <chrono>
#include <optional>

namespace cubedesk::k8s {

WriteResult UrlGet::get(const std::string &baseUrl, const std::string &path,
                        std::chrono::seconds timeout) {
    TransportSettings settings;
    settings.server = baseUrl;
    if (const std::optional<std::string> invalid = HttpTransport::validate(settings)) {
        WriteResult r;
        r.error = ApiStatus::transportError(*invalid);
        return r;
    }
    HttpTransport transport(std::move(settings));
    WriteRequest request;
    request.method = "GET";
    request.path = path;
    request.subject = "prometheus";
    request.timeout = timeout;
    std::optional<WriteResult> result;
    WriteExchange::start(transport, request, [&result](WriteResult r) { result = std::move(r); });
    while (!result)
        transport.perform(std::chrono::milliseconds(100));
    return std::move(*result);
}

} // namespace cubedesk::k8s
