#include "k8s/session/writeexchange.h"

#include <memory>

namespace cubedesk::k8s {

HttpTransport::RequestId WriteExchange::start(HttpTransport &transport, const WriteRequest &w,
                                              std::function<void(WriteResult)> done) {
    auto body = std::make_shared<std::string>();
    HttpRequest req;
    req.method = w.method;
    req.path = w.path;
    req.body = w.body;
    req.timeout = w.timeout;
    req.headers = {"Accept: " + (w.accept.empty() ? std::string("application/json") : w.accept)};
    if (!w.contentType.empty())
        req.headers.push_back("Content-Type: " + w.contentType);
    req.onData = [body](std::string_view chunk, int) {
        body->append(chunk);
        return body->size() <= kMaxAnswerBytes;
    };
    return transport.start(std::move(req), [body, done = std::move(done)](HttpTransport::RequestId,
                                                                          const HttpResponse &r) {
        WriteResult out;
        out.status = r.status;
        if (r.cancelled && body->size() > kMaxAnswerBytes)
            out.error = ApiStatus::transportError("the answer was larger than " +
                                                  std::to_string(kMaxAnswerBytes >> 20) + " MiB");
        else if (r.cancelled)
            out.error = ApiStatus::transportError("cancelled: the session stopped");
        else if (r.status >= 200 && r.status < 300 && r.curlCode == CURLE_OK)
            out.body = std::move(*body);
        else if (r.authFailed || r.status == 0)
            out.error = ApiStatus::transportError(r.error);
        else
            out.error = ApiStatus::fromResponse(r.status, *body, r.retryAfterSeconds);
        done(std::move(out));
    });
}

} // namespace cubedesk::k8s
