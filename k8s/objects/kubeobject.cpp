#include "k8s/objects/kubeobject.h"

#include <cstring>

namespace cubedesk::k8s {

KubeObject::~KubeObject() {
    if (m_labels && !(m_baseFlags & LabelsInline))
        m_labels->release();
    if (m_poolIndex != 0)
        StringPoolRef::adopt(StringPool::fromIndex(m_poolIndex)); // drops our reference
}

std::string KubeObject::uid() const {
    if (m_baseFlags & UidIsText) {
        TailText t;
        std::memcpy(static_cast<void *>(&t), m_uid, sizeof t);
        return std::string(tailText(t));
    }
    const std::optional<Uid> binary = binaryUid();
    return binary ? binary->toString() : std::string();
}

std::optional<Uid> KubeObject::binaryUid() const {
    if (m_baseFlags & UidIsText)
        return std::nullopt;
    Uid uid;
    static_assert(sizeof(Uid) == sizeof m_uid);
    std::memcpy(static_cast<void *>(&uid), m_uid, sizeof m_uid);
    if (uid.isNull())
        return std::nullopt; // no metadata.uid at all
    return uid;
}

std::string KubeObject::resourceVersion() const {
    if (m_baseFlags & ResourceVersionIsText) {
        TailText t;
        std::memcpy(static_cast<void *>(&t), &m_resourceVersion, sizeof t);
        return std::string(tailText(t));
    }
    return m_resourceVersion == 0 ? std::string() : std::to_string(m_resourceVersion);
}

std::optional<std::uint64_t> KubeObject::resourceVersionNumber() const {
    if ((m_baseFlags & ResourceVersionIsText) || m_resourceVersion == 0)
        return std::nullopt;
    return m_resourceVersion;
}

KubeObject::OwnerReference KubeObject::owner(std::size_t i) const {
    const auto *ids = tailAt<StringId>(m_nameOffset - m_ownerCount * 2 * sizeof(StringId));
    return {string(ids[2 * i]), string(ids[2 * i + 1])};
}

} // namespace cubedesk::k8s
