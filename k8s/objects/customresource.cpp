#include "k8s/objects/customresource.h"

#include <array>
#include <cctype>

namespace cubedesk::k8s {

namespace {

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

} // namespace

std::string CustomResource::normalisePhase(std::string_view raw) {
    struct Rule {
        std::string_view raw;
        std::string_view normalised;
    };
    static constexpr std::array<Rule, 19> kRules = {{
        {"pending", "Pending"},          {"inqueue", "Pending"},     {"new", "Pending"},
        {"submitted", "Pending"},        {"created", "Pending"},     {"running", "Running"},
        {"restarting", "Running"},       {"completing", "Running"},  {"succeeding", "Running"},
        {"failing", "Running"},          {"succeeded", "Succeeded"}, {"completed", "Succeeded"},
        {"complete", "Succeeded"},       {"failed", "Failed"},       {"error", "Failed"},
        {"submission_failed", "Failed"}, {"aborted", "Failed"},      {"terminated", "Failed"},
        {"failure", "Failed"},
    }};
    for (const Rule &rule : kRules) {
        if (equalsIgnoreCase(raw, rule.raw))
            return std::string(rule.normalised);
    }
    return std::string(raw);
}

} // namespace cubedesk::k8s
