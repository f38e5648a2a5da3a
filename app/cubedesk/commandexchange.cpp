#include "app/cubedesk/commandexchange.h"

#include "k8s/api/apistatus.h"

#include <memory>

using namespace cubedesk::k8s;

CommandExchange CommandExchange::run(HttpTransport &transport, HttpRequest request,
                                     std::chrono::steady_clock::time_point deadline) {
    auto out = std::make_shared<CommandExchange>();
    if (!request.onData)
        request.onData = [out](std::string_view chunk, int) {
            out->body.append(chunk);
            return true;
        };
    const auto id =
        transport.start(std::move(request), [out](HttpTransport::RequestId, const HttpResponse &r) {
            out->response = r;
            out->finished = true;
        });
    while (!out->finished && std::chrono::steady_clock::now() < deadline)
        transport.perform(std::chrono::milliseconds(100));
    if (!out->finished) {
        transport.cancel(id);
        while (!out->finished)
            transport.perform(std::chrono::milliseconds(10));
    }
    return *out;
}

std::string CommandExchange::problem() const {
    if (response.status == 0)
        return response.error.empty() ? std::string("no answer from the server") : response.error;
    return ApiStatus::fromResponse(response.status, body, response.retryAfterSeconds).message;
}
