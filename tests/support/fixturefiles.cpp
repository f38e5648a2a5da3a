#include "tests/support/fixturefiles.h"

#include <fstream>
#include <iterator>

namespace cubedesk::test {

std::filesystem::path fixturePath(std::string_view relative) {
    const std::filesystem::path root(CUBEDESK_FIXTURES_DIR);
    return relative.empty() ? root : root / std::filesystem::path(relative);
}

std::optional<std::string> readFixtureFile(std::string_view relative) {
    std::ifstream in(fixturePath(relative), std::ios::binary);
    if (!in)
        return std::nullopt;
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace cubedesk::test
