#pragma once

// ModelFixture: what every model and pane test starts from — a decoder with its string pool, a
// ClusterHub, clusters adopted by it, and objects decoded by the real ObjectDecoder into the
// deltas a ClusterSession delivers. A test's own fixture derives from it and adds the object
// builders it needs. A fixture object that does not decode ends the test program (qFatal): it is
// a broken test, never a pass.
// Thread-safety: GUI thread, like the models.

#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "k8s/session/clustersession.h"
#include "models/clusterconnection.h"
#include "models/clusterhub.h"

#include <QString>

#include <string>
#include <string_view>

namespace cubedesk::test {

class ModelFixture {
public:
    using Delta = k8s::ClusterSession::Delta;
    using Type = k8s::DeltaBuffer<k8s::ObjectPtr>::Type;

    k8s::ObjectDecoder decoder{k8s::StringPool::create()};
    models::ClusterHub hub;

    /// A new cluster connection named `name`, owned by the hub.
    models::ClusterConnection *cluster(const QString &name) {
        auto *c = new models::ClusterConnection(name, QStringLiteral("/tmp/test.kubeconfig"));
        hub.adopt(c);
        return c;
    }

    /// `json` decoded as `kind`, as the delta `type` of the object `key`.
    Delta decode(Type type, k8s::ObjectKind kind, const std::string &key, std::string_view json) {
        auto object = decoder.decode(kind, json);
        if (!object)
            qFatal("fixture %s: %s\n%.*s", key.c_str(), object.error().c_str(),
                   static_cast<int>(json.size()), json.data());
        return Delta{type, key, std::move(*object)};
    }
    /// The same for a JSON document object (nlohmann::json in the tests), written out first.
    template <class Document>
    requires requires(const Document &d) { d.dump(); }
    Delta decode(Type type, k8s::ObjectKind kind, const std::string &key, const Document &doc) {
        const std::string json = doc.dump();
        return decode(type, kind, key, std::string_view(json));
    }
};

} // namespace cubedesk::test
