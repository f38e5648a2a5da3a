#pragma once

// decodeAs<T>: the one way a gtest turns JSON text into a typed slim object (and decodesEvent
// a watch line into a WatchEvent). A decode error or a
// projection of another kind fails the current test (with the decoder's message) and gives
// nullptr, so a broken fixture shows as a failure, never as a silently empty object.

#include "k8s/objects/kubeobject.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/watchevent.h"

#include <gtest/gtest.h>
#include <memory>
#include <string_view>

namespace cubedesk::k8s::testing {

template <class T = KubeObject>
std::shared_ptr<const T> decodeAs(ObjectDecoder &decoder, ObjectKind kind, std::string_view json) {
    auto object = decoder.decode(kind, json);
    if (!object) {
        ADD_FAILURE() << "decode failed: " << object.error() << "\n" << json;
        return nullptr;
    }
    EXPECT_EQ((*object)->kind(), kind);
    return std::static_pointer_cast<const T>(std::move(*object));
}

/// Decodes one watch line into `event`; the assertion's message is the decoder's.
inline ::testing::AssertionResult decodesEvent(ObjectDecoder &decoder, ObjectKind kind,
                                               std::string_view line, WatchEvent &event) {
    const auto decoded = decoder.decodeWatchEvent(kind, line, event);
    if (decoded)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << decoded.error();
}

} // namespace cubedesk::k8s::testing
