// Table rows (ObjectKind::TableRow): a Table LIST split into its rows with its column definitions
// captured, at every byte boundary; rows and one-row Table watch events decoded into TableRows
// whose cells are the text kubectl reads; what is not a Table row refused with a message.

#include "k8s/api/servertable.h"
#include "k8s/objects/objectdecoder.h"
#include "k8s/objects/stringpool.h"
#include "k8s/objects/tablerow.h"
#include "k8s/objects/watchevent.h"
#include "k8s/watch/listitemsplitter.h"

#include <gtest/gtest.h>
#include <memory>
#include <string>
#include <vector>

using namespace cubedesk::k8s;

namespace {

// What a kube-apiserver 1.32 answers for `GET /apis/apps/v1/deployments?limit=2` as=Table
// (Go's field order: kind, apiVersion, metadata, columnDefinitions, rows).
const std::string kTablePage = R"({"kind":"Table","apiVersion":"meta.k8s.io/v1",)"
                               R"("metadata":{"resourceVersion":"4711","continue":"eyJ2IjoxfQ"},)"
                               R"("columnDefinitions":[)"
                               R"({"name":"Name","type":"string","format":"name","description":)"
                               R"("Name must be unique [x]","priority":0},)"
                               R"({"name":"Ready","type":"string","format":"","description":)"
                               R"("Number of the pod with ready state","priority":0},)"
                               R"({"name":"Containers","type":"string","format":"","description":)"
                               R"("Names of each container","priority":1}],)"
                               R"("rows":[{"cells":["coredns","2/2","coredns"],"object":{)"
                               R"("kind":"PartialObjectMetadata","apiVersion":"meta.k8s.io/v1",)"
                               R"("metadata":{"name":"coredns","namespace":"kube-system",)"
                               R"("uid":"0b6f4c3e-5d42-4d3a-9c55-3f0e0d1e2a7b",)"
                               R"("resourceVersion":"812","creationTimestamp":)"
                               R"("2026-01-02T03:04:05Z","labels":{"k8s-app":"kube-dns"}}}},)"
                               R"({"cells":["web \"{[x]}\"",7,null],"object":{"metadata":{)"
                               R"("name":"web","namespace":"default","resourceVersion":"900",)"
                               R"("deletionTimestamp":"2026-01-03T00:00:00Z"}}}]})";

} // namespace

TEST(TableRowSplitting, RowsAndColumnsAtEveryByteBoundary) {
    std::vector<std::string> whole;
    ListItemSplitter reference("rows");
    ASSERT_TRUE(reference.feed(kTablePage, [&](std::string_view row) { whole.emplace_back(row); }));
    ASSERT_TRUE(reference.finish()) << reference.error();
    ASSERT_EQ(whole.size(), 2u);
    EXPECT_EQ(reference.kind(), "Table");
    EXPECT_EQ(reference.continueToken(), "eyJ2IjoxfQ");
    const auto columns = ServerTable::parseColumns(reference.columnDefinitions());
    ASSERT_TRUE(columns) << columns.error() << ": " << reference.columnDefinitions();
    ASSERT_EQ(columns->size(), 3u);
    EXPECT_EQ((*columns)[2].priority, 1);
    EXPECT_EQ((*columns)[0].description, "Name must be unique [x]");

    ListItemSplitter splitter("rows");
    for (std::size_t k = 0; k <= kTablePage.size(); ++k) {
        splitter.reset();
        std::vector<std::string> rows;
        const auto onRow = [&](std::string_view row) { rows.emplace_back(row); };
        ASSERT_TRUE(splitter.feed(std::string_view(kTablePage).substr(0, k), onRow) &&
                    splitter.feed(std::string_view(kTablePage).substr(k), onRow) &&
                    splitter.finish())
            << "split at " << k << ": " << splitter.error();
        ASSERT_EQ(rows, whole) << "split at " << k;
        ASSERT_EQ(splitter.columnDefinitions(), reference.columnDefinitions()) << "split at " << k;
    }
    // A plain list read for rows has none, and no columns: the watch refuses it by its kind.
    ListItemSplitter plain("rows");
    std::size_t items = 0;
    ASSERT_TRUE(plain.feed(R"({"kind":"PodList","items":[{"metadata":{}}],"metadata":{}})",
                           [&](std::string_view) { ++items; }));
    ASSERT_TRUE(plain.finish());
    EXPECT_EQ(items, 0u);
    EXPECT_EQ(plain.kind(), "PodList");
    EXPECT_EQ(plain.columnDefinitions(), "");
}

TEST(TableRowDecoding, RowsKeepIdentityAndCellsAsKubectlReadsThem) {
    ObjectDecoder decoder(StringPool::create());
    std::vector<std::shared_ptr<const TableRow>> rows;
    ListItemSplitter splitter("rows");
    ASSERT_TRUE(splitter.feed(kTablePage, [&](std::string_view text) {
        auto decoded = decoder.decode(ObjectKind::TableRow, text);
        ASSERT_TRUE(decoded) << decoded.error();
        ASSERT_EQ((*decoded)->kind(), ObjectKind::TableRow);
        rows.push_back(std::static_pointer_cast<const TableRow>(*decoded));
    }));
    ASSERT_EQ(rows.size(), 2u);
    const TableRow &dns = *rows[0];
    EXPECT_EQ(dns.name(), "coredns");
    EXPECT_EQ(dns.namespaceName(), "kube-system");
    EXPECT_EQ(dns.uid(), "0b6f4c3e-5d42-4d3a-9c55-3f0e0d1e2a7b");
    EXPECT_EQ(dns.resourceVersion(), "812");
    EXPECT_EQ(dns.creationTimestamp(), 1767323045);
    EXPECT_EQ(dns.labels().value("k8s-app"), "kube-dns");
    ASSERT_EQ(dns.cellCount(), 3u);
    EXPECT_EQ(dns.cell(0), "coredns");
    EXPECT_EQ(dns.cell(1), "2/2");
    EXPECT_EQ(dns.cell(2), "coredns");
    EXPECT_EQ(dns.cell(3), "");
    EXPECT_FALSE(dns.deleting());
    const TableRow &web = *rows[1];
    EXPECT_EQ(web.cell(0), R"(web "{[x]}")");
    EXPECT_EQ(web.cell(1), "7");
    EXPECT_EQ(web.cell(2), ""); // null: kubectl prints nothing
    EXPECT_TRUE(web.deleting());

    EXPECT_FALSE(decoder.decode(ObjectKind::TableRow, R"({"cells":"not an array"})"));
    EXPECT_FALSE(decoder.decode(ObjectKind::TableRow, R"({"cells":[1,2)"));
}

TEST(TableRowDecoding, WatchEventsCarryOneRowAndTheirColumns) {
    ObjectDecoder decoder(StringPool::create());
    WatchEvent event;
    const std::string first =
        R"({"type":"ADDED","object":{"kind":"Table","apiVersion":"meta.k8s.io/v1",)"
        R"("metadata":{"resourceVersion":"12"},"columnDefinitions":[{"name":"Name",)"
        R"("type":"string","format":"name"},{"name":"Data","type":"integer"}],)"
        R"("rows":[{"cells":["coredns",1],"object":{"metadata":{"name":"coredns",)"
        R"("namespace":"kube-system","resourceVersion":"12"}}}]}})";
    ASSERT_TRUE(decoder.decodeWatchEvent(ObjectKind::TableRow, first, event));
    EXPECT_EQ(event.type, WatchEvent::Type::Added);
    ASSERT_TRUE(event.object);
    const auto &row = static_cast<const TableRow &>(*event.object);
    EXPECT_EQ(row.name(), "coredns");
    EXPECT_EQ(row.cell(1), "1");
    EXPECT_EQ(event.resourceVersion, "12");
    const auto columns = ServerTable::parseColumns(event.tableColumns);
    ASSERT_TRUE(columns) << columns.error() << event.tableColumns;
    EXPECT_EQ(columns->size(), 2u);

    // Later events: no columns (null), the row first.
    const std::string later =
        R"({"object":{"rows":[{"object":{"metadata":{"name":"coredns","resourceVersion":"13",)"
        R"("namespace":"kube-system"}},"cells":["coredns",2]}],"columnDefinitions":null,)"
        R"("kind":"Table"},"type":"MODIFIED"})";
    ASSERT_TRUE(decoder.decodeWatchEvent(ObjectKind::TableRow, later, event));
    EXPECT_EQ(event.type, WatchEvent::Type::Modified);
    EXPECT_EQ(event.tableColumns, "");
    EXPECT_EQ(static_cast<const TableRow &>(*event.object).cell(1), "2");

    // A bookmark is a Table without rows (or a bare object): its version is what counts.
    ASSERT_TRUE(decoder.decodeWatchEvent(
        ObjectKind::TableRow,
        R"({"type":"BOOKMARK","object":{"kind":"Table","metadata":{"resourceVersion":"20"}}})",
        event));
    EXPECT_EQ(event.type, WatchEvent::Type::Bookmark);
    EXPECT_EQ(event.resourceVersion, "20");

    // An object event without a row is an error, not an empty row.
    EXPECT_FALSE(decoder.decodeWatchEvent(
        ObjectKind::TableRow, R"({"type":"ADDED","object":{"kind":"Table","rows":[]}})", event));
    EXPECT_FALSE(decoder.decodeWatchEvent(
        ObjectKind::TableRow, R"({"type":"ADDED","object":{"kind":"Table","rows":{}}})", event));
}
