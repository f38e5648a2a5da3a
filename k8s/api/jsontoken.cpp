#include "k8s/api/jsontoken.h"

namespace cubedesk::k8s {

namespace {

/// The text after an opening quote up to its closing quote; nullopt at an escape first. Stage 1
/// of the parser has checked that every string is closed, so the scan ends inside the document.
std::optional<std::string_view> quoted(const char *start) {
    const char *end = start;
    while (*end != '"' && *end != '\\')
        ++end;
    if (*end == '\\')
        return std::nullopt;
    return std::string_view(start, static_cast<std::size_t>(end - start));
}

} // namespace

std::optional<std::string_view> JsonToken::rawKey(const simdjson::ondemand::field &field) {
    return quoted(field.key().raw());
}

simdjson::error_code JsonToken::key(simdjson::ondemand::field &field, std::string_view &out) {
    if (const std::optional<std::string_view> raw = rawKey(field)) {
        out = *raw;
        return simdjson::SUCCESS;
    }
    return field.unescaped_key().get(out);
}

simdjson::error_code JsonToken::string(simdjson::ondemand::value &value, std::string_view &out) {
    const std::string_view token = value.raw_json_token();
    if (token.empty() || token.front() != '"')
        return simdjson::INCORRECT_TYPE;
    if (const std::optional<std::string_view> raw = quoted(token.data() + 1)) {
        out = *raw;
        return simdjson::SUCCESS;
    }
    return value.get_string().get(out);
}

} // namespace cubedesk::k8s
