#include "k8s/objects/node.h"

namespace cubedesk::k8s {

std::string_view Node::internalIp() const {
    for (const Address &a : m_addresses) {
        if (a.type == "InternalIP")
            return a.address;
    }
    return {};
}

std::string_view Node::hostnameAddress() const {
    for (const Address &a : m_addresses) {
        if (a.type == "Hostname")
            return a.address;
    }
    return {};
}

} // namespace cubedesk::k8s
