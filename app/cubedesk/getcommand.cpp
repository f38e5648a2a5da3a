#include "app/cubedesk/getcommand.h"

#include "app/cubedesk/commandexchange.h"
#include "app/cubedesk/commandtarget.h"
#include "app/cubedesk/tabwriterlayout.h"
#include "k8s/api/apistatus.h"
#include "k8s/api/discovery.h"
#include "k8s/api/servertable.h"
#include "k8s/api/tablecelltext.h"
#include "k8s/api/urlescape.h"
#include "k8s/net/httptransport.h"
#include "k8s/objects/resourcedescriptor.h"

#include <chrono>
#include <iostream>
#include <memory>

using namespace cubedesk::k8s;

namespace {

// kubectl 1.32's Accept for `get` in its human output modes.
constexpr const char *kTableAccept = "Accept: application/json;as=Table;v=v1;g=meta.k8s.io,"
                                     "application/json;as=Table;v=v1beta1;g=meta.k8s.io,"
                                     "application/json";

using Clock = std::chrono::steady_clock;

/// kubectl's wording for an answer that is not 2xx. `listing`: the answer to a LIST, whose
/// BadRequest, NotFound and Expired messages kubectl prefixes with what it listed.
std::string serverError(const CommandExchange &e, const ResourceDescriptor *listing = nullptr) {
    if (e.response.status == 0)
        return e.problem();
    const ApiStatus s =
        ApiStatus::fromResponse(e.response.status, e.body, e.response.retryAfterSeconds);
    std::string message = s.message;
    if (listing && (s.code == 400 || s.code == 404 || s.code == 410)) {
        // kubectl's resource.Selector names the GroupVersionResource as Go prints it.
        const std::string gvr =
            listing->group + '/' + listing->version + ", Resource=" + listing->plural;
        message = listing->labelSelector.empty() && listing->fieldSelector.empty()
                      ? "Unable to list \"" + gvr + "\": " + message
                      : "Unable to find \"" + gvr + "\" that match label selector \"" +
                            listing->labelSelector + "\", field selector \"" +
                            listing->fieldSelector + "\": " + message;
    }
    return "Error from server" + (s.reason.empty() ? std::string() : " (" + s.reason + ")") + ": " +
           message;
}

/// What the cluster serves, read as the session reads it: aggregated discovery, or the legacy
/// documents one group-version at a time.
Result<Discovery, std::string> discover(HttpTransport &transport, Clock::time_point deadline) {
    Discovery discovery;
    std::vector<std::string> legacy;
    for (const char *root : {"/api", "/apis"}) {
        HttpRequest request;
        request.path = root;
        request.headers = {Discovery::acceptHeader()};
        const CommandExchange e = CommandExchange::run(transport, request, deadline);
        if (e.response.status != 200)
            return Failure{std::string(root) + ": " + serverError(e)};
        if (Discovery::isAggregated(e.response.contentType)) {
            if (auto added = discovery.addAggregated(e.body); !added)
                return Failure{added.error()};
        } else if (auto gvs = discovery.legacyGroupVersions(e.body); !gvs) {
            return Failure{gvs.error()};
        } else {
            legacy.insert(legacy.end(), gvs->begin(), gvs->end());
        }
    }
    for (const auto &gv : legacy) {
        HttpRequest request;
        request.path = gv.find('/') == std::string::npos ? "/api/" + gv : "/apis/" + gv;
        request.headers = {"Accept: application/json"};
        const CommandExchange e = CommandExchange::run(transport, request, deadline);
        if (e.response.status != 200)
            return Failure{request.path + ": " + serverError(e)};
        if (auto added = discovery.addResourceList(e.body); !added)
            return Failure{added.error()};
    }
    return discovery;
}

struct ClusterTable {
    std::string cluster;
    ApiResource resource;
    std::string scope; ///< the namespace listed; "" for all namespaces or a cluster-scoped kind
    ServerTable table;
};

/// The Table of one cluster: every page of the list, or the one object.
Result<ClusterTable, std::string> fetch(const GetCommand::Options &o, const QString &context,
                                        Clock::time_point deadline) {
    auto settings = CommandTarget::settings(o.kubeconfigs, context);
    if (!settings)
        return Failure{settings.error()};
    HttpTransport transport(std::move(*settings));
    auto discovery = discover(transport, deadline);
    if (!discovery)
        return Failure{discovery.error()};
    const auto resource = discovery->resolve(o.resource.toStdString());
    if (!resource)
        return Failure{"error: the server doesn't have a resource type \"" +
                       o.resource.toStdString() + "\""};
    ClusterTable out;
    out.cluster = CommandTarget::contextName(o.kubeconfigs, context).toStdString();
    out.resource = *resource;
    ResourceDescriptor collection{ObjectKind::TableRow, resource->group, resource->version,
                                  resource->plural, resource->namespaced};
    if (resource->namespaced && !o.allNamespaces)
        collection.namespaceScope = o.ns.isEmpty()
                                        ? CommandTarget::namespaceOf(o.kubeconfigs, context)
                                        : o.ns.toStdString();
    collection.labelSelector = o.selector.toStdString();
    std::string continueToken;
    do {
        HttpRequest request;
        request.headers = {kTableAccept};
        if (!o.name.isEmpty()) {
            request.path =
                collection.collectionPath() + '/' + UrlEscape::segment(o.name.toStdString());
        } else {
            request.path = collection.collectionPath() + "?limit=500" + collection.selectorQuery();
            if (!continueToken.empty())
                request.path += "&continue=" + UrlEscape::queryValue(continueToken);
        }
        const CommandExchange e = CommandExchange::run(transport, request, deadline);
        if (!e.finished)
            return Failure{"error: no complete answer within the time limit"};
        if (e.response.status != 200)
            return Failure{serverError(e, o.name.isEmpty() ? &collection : nullptr)};
        // A server without a printer for this resource answers plain objects: kubectl then
        // prints their names and ages, and so does this.
        auto page = e.response.contentType.find("as=Table") != std::string::npos
                        ? ServerTable::parse(e.body)
                        : ServerTable::fromObjects(e.body, std::chrono::system_clock::now());
        if (!page)
            return Failure{"error: " + request.path + ": " + page.error()};
        if (out.table.columns.empty())
            out.table.columns = page->columns;
        for (auto &row : page->rows)
            out.table.rows.push_back(std::move(row));
        continueToken = o.name.isEmpty() ? page->continueToken : std::string();
    } while (!continueToken.empty());
    out.scope = collection.namespaceScope;
    return out;
}

} // namespace

int GetCommand::run(const Options &o) {
    const auto deadline =
        Clock::now() + std::chrono::milliseconds(static_cast<long long>(o.timeoutSeconds * 1000));
    QStringList contexts = o.contexts;
    if (contexts.isEmpty())
        contexts.push_back(QString());
    std::vector<ClusterTable> tables;
    for (const QString &context : contexts) {
        auto table = fetch(o, context, deadline);
        if (!table) {
            std::cerr << (contexts.size() > 1
                              ? CommandTarget::contextName(o.kubeconfigs, context).toStdString() +
                                    ": "
                              : std::string())
                      << table.error() << std::endl;
            return 1;
        }
        tables.push_back(std::move(*table));
    }
    const bool withCluster = tables.size() > 1;
    std::size_t rows = 0;
    std::vector<std::vector<std::string>> lines;
    const std::vector<ServerTable::Column> *header = nullptr;
    auto flush = [&] {
        if (!lines.empty())
            std::cout << TabwriterLayout::format(lines);
        lines.clear();
    };
    for (const ClusterTable &t : tables) {
        rows += t.table.rows.size();
        if (t.table.rows.empty())
            continue;
        const bool withNamespace = o.allNamespaces && t.resource.namespaced;
        auto visible = [&](const ServerTable::Column &c) { return o.wide || c.priority == 0; };
        if (!header || *header != t.table.columns) {
            // Another set of columns (a cluster at another version): a table of its own.
            flush();
            if (header)
                std::cout << '\n';
            header = &t.table.columns;
            std::vector<std::string> names;
            if (withCluster)
                names.emplace_back("CLUSTER");
            if (withNamespace)
                names.emplace_back("NAMESPACE");
            for (const auto &c : t.table.columns)
                if (visible(c))
                    names.push_back(QString::fromStdString(c.name).toUpper().toStdString());
            lines.push_back(std::move(names));
        }
        for (const auto &row : t.table.rows) {
            std::vector<std::string> cells;
            if (withCluster)
                cells.push_back(t.cluster);
            if (withNamespace)
                cells.push_back(row.ns);
            for (std::size_t i = 0; i < row.cells.size() && i < t.table.columns.size(); ++i)
                if (visible(t.table.columns[i]))
                    cells.push_back(TableCellText::printable(row.cells[i]));
            lines.push_back(std::move(cells));
        }
    }
    flush();
    if (rows == 0) {
        // kubectl's words: the namespace it looked in, unless it looked everywhere.
        const std::string &ns = tables.front().scope;
        if (ns.empty())
            std::cerr << "No resources found" << std::endl;
        else
            std::cerr << "No resources found in " << ns << " namespace." << std::endl;
    }
    return 0;
}
