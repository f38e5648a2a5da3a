#include "k8s/api/execchannel.h"

#include "k8s/api/jsonfields.h"
#include "k8s/api/jsonstring.h"

#include <charconv>

#include <simdjson.h>

namespace cubedesk::k8s {

std::string ExecChannel::offeredProtocols() {
    return std::string(kV5) + ", " + std::string(kV4);
}

std::string ExecChannel::message(Stream stream, std::string_view data) {
    std::string out;
    out.reserve(data.size() + 1);
    out += static_cast<char>(stream);
    out += data;
    return out;
}

std::string ExecChannel::resize(int columns, int rows) {
    return message(Resize, "{\"Width\":" + std::to_string(columns) +
                               ",\"Height\":" + std::to_string(rows) + "}");
}

std::string ExecChannel::closeStdin() {
    return std::string{static_cast<char>(CloseStream), static_cast<char>(Stdin)};
}

std::optional<std::pair<int, int>> ExecChannel::parseResize(std::string_view payload) {
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(payload.data(), payload.size()).get(doc) != simdjson::SUCCESS)
        return std::nullopt;
    std::int64_t width = 0;
    std::int64_t height = 0;
    if (doc["Width"].get(width) != simdjson::SUCCESS ||
        doc["Height"].get(height) != simdjson::SUCCESS)
        return std::nullopt;
    if (width <= 0 || height <= 0 || width > 65535 || height > 65535)
        return std::nullopt;
    return std::pair{static_cast<int>(width), static_cast<int>(height)};
}

ExecStatus ExecStatus::fromErrorStream(std::string_view json) {
    ExecStatus s;
    if (json.empty())
        return s;
    simdjson::dom::parser parser;
    simdjson::dom::element doc;
    if (parser.parse(json.data(), json.size()).get(doc) != simdjson::SUCCESS || !doc.is_object()) {
        s.kind = Kind::Failure;
        s.message = "error stream protocol error: the status is not JSON";
        return s;
    }
    const std::string status = JsonFields::text(doc, "status");
    if (status == "Success")
        return s;
    s.kind = Kind::Failure;
    if (status != "Failure") {
        s.message = "error stream protocol error: unknown error";
        return s;
    }
    if (JsonFields::text(doc, "reason") == "NonZeroExitCode") {
        simdjson::dom::array causes;
        if (doc.at_pointer("/details/causes").get(causes) != simdjson::SUCCESS) {
            s.message = "error stream protocol error: details must be set";
            return s;
        }
        for (simdjson::dom::element cause : causes) {
            if (JsonFields::text(cause, "reason") != "ExitCode")
                continue;
            const std::string value = JsonFields::text(cause, "message");
            unsigned code = 0;
            const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), code);
            if (ec != std::errc() || end != value.data() + value.size() || code > 255) {
                s.message = "error stream protocol error: invalid exit code value \"" + value + '"';
                return s;
            }
            s.kind = Kind::ExitCode;
            s.exitCode = static_cast<int>(code);
            s.message = "command terminated with exit code " + value;
            return s;
        }
        s.message = "error stream protocol error: no ExitCode cause given";
        return s;
    }
    s.message = JsonFields::text(doc, "message");
    if (s.message.empty())
        s.message = "the remote command failed";
    return s;
}

std::string ExecStatus::successJson() {
    return R"({"metadata":{},"status":"Success"})";
}

std::string ExecStatus::exitCodeJson(int code, std::string_view commandLine) {
    const std::string value = std::to_string(code);
    return R"({"metadata":{},"status":"Failure","message":"command terminated with non-zero exit code: error executing command [)" +
           JsonString::escaped(commandLine) + "], exit code " + value +
           R"(","reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":")" +
           value + R"("}]}})";
}

std::string ExecStatus::failureJson(std::string_view message) {
    return R"({"metadata":{},"status":"Failure","message":")" + JsonString::escaped(message) +
           R"(","reason":"InternalError","code":500})";
}

} // namespace cubedesk::k8s
