// Helm 3 release records (HelmReleaseCodec, HelmRelease, HelmReleaseHistory): any bytes as a
// gzip stream, a release JSON, Helm's record text or a SecretList give a value or an error —
// never a crash, never more output than the limit — and the two decoding entry points agree.
#include "k8s/api/base64.h"
#include "k8s/api/helmrelease.h"
#include "k8s/api/helmreleasecodec.h"
#include "k8s/api/helmreleasehistory.h"
#include "tests/fuzz/fuzzinput.h"

#include <cstdint>
#include <cstdlib>

using namespace cubedesk::k8s;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
    cubedesk::fuzz::FuzzInput in(data, size);
    const std::uint8_t which = in.byte() % 4;
    const std::string_view text = in.rest();
    switch (which) {
    case 0: {
        constexpr std::size_t kLimit = 1 << 20;
        const auto plain = HelmReleaseCodec::gunzip(text, kLimit);
        if (plain.ok() && plain.value().size() > kLimit)
            std::abort();
        break;
    }
    case 1:
        if (const auto r = HelmRelease::parse(text);
            r.ok() && (r.value().revision < 1 || r.value().name.empty()))
            std::abort();
        break;
    case 2: {
        // data.release is Helm's text in base64 once more: both ways read the same.
        const auto once = HelmReleaseCodec::decodeRecord(text);
        const auto twice = HelmReleaseCodec::decodeRelease(Base64::encode(text));
        if (once.ok() != twice.ok() || (once.ok() && once.value() != twice.value()))
            std::abort();
        const auto back = Base64::decode(Base64::encode(text));
        if (!back.ok() || back.value() != text)
            std::abort();
        break;
    }
    case 3:
        if (const auto h = HelmReleaseHistory::fromSecretList(text); h.ok()) {
            if (h.value().listRows(true).size() != h.value().releases().size())
                std::abort();
            for (const auto &[ns, name] : h.value().releases())
                (void)h.value().historyRows(ns, name);
        }
        break;
    }
    return 0;
}
