#pragma once

// Test helpers for tests/k8s/objects: locating and reading the real fixtures
// (tests/fixtures/real), converting YAML manifests to JSON, and decoding
// typed objects. A missing fixture directory fails the test loudly; nothing is skipped.

#include "k8s/objects/kubeobject.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/sim/manifestloader.h"
#include "tests/support/decodeas.h"
#include "tests/support/fixturefiles.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <memory>
#include <optional>
#include <string>

namespace cubedesk::k8s::testing {

inline std::filesystem::path fixtureDir() {
    const std::filesystem::path dir = cubedesk::test::fixturePath();
    if (!std::filesystem::is_directory(dir))
        ADD_FAILURE() << "fixture directory missing: " << dir;
    return dir;
}

/// The bytes of tests/fixtures/real/<relative>; fails the test when unreadable.
inline std::string readFixture(const std::string &relative) {
    std::optional<std::string> bytes = cubedesk::test::readFixtureFile(relative);
    if (!bytes) {
        ADD_FAILURE() << "cannot read fixture " << cubedesk::test::fixturePath(relative);
        return {};
    }
    return std::move(*bytes);
}

/// The first object of a YAML (or JSON) manifest fixture, as compact JSON text.
inline std::string manifestJson(const std::string &relative) {
    const sim::LoadResult result = sim::ManifestLoader::loadPath(fixtureDir() / relative);
    if (result.objects.empty()) {
        ADD_FAILURE() << "no object in " << relative
                      << (result.errors.empty() ? std::string() : ": " + result.errors.front());
        return "{}";
    }
    return result.objects.front().object.dump();
}

} // namespace cubedesk::k8s::testing
