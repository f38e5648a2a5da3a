#pragma once

#include <string>
#include <vector>

namespace cubedesk::sim {

/// One additionalPrinterColumn of a CRD version (or a built-in column set).
struct PrinterColumn {
    std::string name;
    std::string type; ///< string, integer, number, boolean, date
    std::string format;
    std::string description;
    std::string jsonPath; ///< simple JSONPath such as ".status.phase" or ".spec.replicas"
    int priority = 0;
};

/// A subresource other than `status` that discovery lists (e.g. pods/eviction, whose kind is
/// policy/v1 Eviction).
struct SubresourceInfo {
    std::string name; ///< "eviction"
    std::string group;
    std::string version;
    std::string kind;
    std::vector<std::string> verbs;
};

/// A resource the simulator serves at one group/version: what discovery reports and what the
/// routes accept. Plain value type; the ResourceRegistry owns the instances.
struct ResourceType {
    std::string group; ///< "" for the core group
    std::string version;
    std::string kind;
    std::string listKind;
    std::string plural;
    std::string singular;
    bool namespaced = true;
    std::vector<std::string> shortNames;
    std::vector<std::string> categories;
    std::vector<std::string> verbs;
    bool statusSubresource = false;
    std::vector<SubresourceInfo> subresources; ///< besides status, for discovery
    bool custom = false; ///< served because a CustomResourceDefinition declares it
    std::vector<PrinterColumn> printerColumns;

    /// "v1" for core, "group/version" otherwise.
    std::string apiVersion() const { return group.empty() ? version : group + '/' + version; }
    /// Objects of every served version of a resource live in one collection, keyed by this.
    std::string collectionKey() const { return plural + '.' + group; }
};

} // namespace cubedesk::sim
