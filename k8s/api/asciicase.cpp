#include "k8s/api/asciicase.h"

#include <algorithm>

namespace cubedesk::k8s {

namespace {
char fold(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
} // namespace

std::string AsciiCase::lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), fold);
    return out;
}

bool AsciiCase::equal(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                      [](char x, char y) { return fold(x) == fold(y); });
}

} // namespace cubedesk::k8s
