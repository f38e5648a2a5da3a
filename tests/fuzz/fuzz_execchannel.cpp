// Exec's channel protocol from a server (ExecStatus, ExecChannel::parseResize): any bytes give a
// status whose exit code a process can return (0..255; 1 for a failure, with a message) and a
// resize that is either absent or positive.
#include "k8s/api/execchannel.h"
#include "tests/fuzz/fuzzinput.h"

#include <cstdint>
#include <cstdlib>

using namespace cubedesk::k8s;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    cubedesk::fuzz::FuzzInput in(data, size);
    const std::string_view bytes = in.rest();
    const ExecStatus s = ExecStatus::fromErrorStream(bytes);
    const int code = s.processExitCode();
    if (code < 0 || code > 255)
        std::abort();
    if (s.kind == ExecStatus::Kind::Failure && (code != 1 || s.message.empty()))
        std::abort();
    if (s.kind == ExecStatus::Kind::Success && code != 0)
        std::abort();
    if (s.kind == ExecStatus::Kind::ExitCode && code == 0 && s.exitCode != 0)
        std::abort();
    if (const auto size = ExecChannel::parseResize(bytes))
        if (size->first <= 0 || size->second <= 0)
            std::abort();
    return 0;
}
