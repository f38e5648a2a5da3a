#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cubedesk::k8s {

/// Resource amounts as a person reads them, in Kubernetes quantity style: CPU-like names
/// ("cpu", "requests.cpu", "limits.cpu"; held in millicores) as cores ("1.5", "250m" below one
/// core), byte-like names ("memory", "requests.memory", "limits.ephemeral-storage",
/// "requests.storage", ...) with the largest exact binary suffix ("16Gi", "1536Mi"), everything
/// else (GPUs, count/pods) as a whole number. Pure; any thread.
class AmountFormat final {
public:
    static std::string text(std::string_view resource, std::int64_t amount);
    /// Cores with up to three decimals ("1.5", "0.25"); for CPU columns shown in cores.
    static std::string cores(std::int64_t milli);
    static bool isByteResource(std::string_view resource);
    /// For bars and tables, where exactness matters less than reading at a glance: bytes in
    /// the largest binary unit that keeps the number at least 1, with at most one decimal
    /// ("1488.4Gi"); everything else as text().
    static std::string readable(std::string_view resource, std::int64_t amount);
};

} // namespace cubedesk::k8s
