#pragma once

// Where the tests' fixtures are: tests/fixtures/ of this source tree (real objects and outputs
// from public projects, each with a `.source` file naming where it came from; see
// tests/fixtures/README.md). Every test that reads a fixture goes through these two functions,
// whatever its framework (GoogleTest or Qt Test) — the framework's wrapper reports a failure.
// Thread-safety: pure functions of their arguments, any thread.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace cubedesk::test {

/// The absolute path of `relative` inside tests/fixtures/real (`k8s/pod-real.json`,
/// `cubestudio/install/...`); `fixturePath("")` is the folder itself. The folder is fixed when
/// the tests are built, so it is known without any environment (test discovery runs without it).
std::filesystem::path fixturePath(std::string_view relative = {});

/// The bytes of fixturePath(relative), or nothing when the file cannot be read.
std::optional<std::string> readFixtureFile(std::string_view relative);

} // namespace cubedesk::test
