// Corefile and CoreDnsConfig over arbitrary bytes, as a coredns ConfigMap could hold them. Beyond
// not crashing: a text that parses extracts, renders back byte for byte from its own tables, and
// a host entry and a forwarder added to those tables render to a Corefile that reads back as the
// edited tables.
#include "k8s/cube/corednsconfig.h"
#include "k8s/cube/corefile.h"

#include <cstdint>
#include <string_view>

using namespace cubedesk::k8s;

namespace {

void check(bool condition) {
    if (!condition)
        __builtin_trap();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    const auto parsed = Corefile::parse(text);
    auto config = CoreDnsConfig::extract(text);
    check(parsed.ok() == config.ok());
    if (!config.ok())
        return 0;
    const auto same = CoreDnsConfig::render(text, config->hosts(), config->forwarders());
    check(same.ok() && same.value() == text);

    if (text.find("fuzz-added") != std::string_view::npos || !config->hasRootBlock())
        return 0;
    auto hosts = config->hosts();
    auto forwarders = config->forwarders();
    hosts.emplace_back("10.0.0.1", "fuzz-added.example");
    forwarders.emplace_back("fuzz-added.example", std::vector<std::string>{"10.0.0.2"});
    const auto edited = CoreDnsConfig::render(text, hosts, forwarders);
    if (!edited.ok()) // only a lone block without braces refuses a new server block
        return 0;
    const auto back = CoreDnsConfig::extract(edited.value());
    check(back.ok());
    check(back->hosts() == hosts);
    check(back->forwarders() == forwarders);
    return 0;
}
