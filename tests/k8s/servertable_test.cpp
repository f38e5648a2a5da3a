// ServerTable and ObjectMetadata: the two readers the detail panels use (through
// models::ObjectReader) on what the API server answers.

#include "k8s/api/objectmetadata.h"
#include "k8s/api/servertable.h"
#include "k8s/api/tablecelltext.h"
#include "k8s/api/yamlview.h"

#include <gtest/gtest.h>

namespace cubedesk::k8s {
namespace {

TEST(ServerTableTest, ReadsColumnsAndCellsAsKubectlShowsThem) {
    const auto table = ServerTable::parse(R"({
      "kind": "Table", "apiVersion": "meta.k8s.io/v1",
      "metadata": {"resourceVersion": "7", "continue": "next-page"},
      "columnDefinitions": [
        {"name": "Name", "type": "string", "format": "name", "priority": 0,
         "description": "Name must be unique"},
        {"name": "Trials", "type": "integer", "format": "", "priority": 0},
        {"name": "Score", "type": "number", "format": "", "priority": 1},
        {"name": "Ready", "type": "boolean", "format": "", "priority": 0},
        {"name": "Node", "type": "string", "format": "", "priority": 0},
        {"name": "Spec", "type": "string", "format": "", "priority": 0},
        {"name": "Big", "type": "number", "format": "", "priority": 0}],
      "rows": [{"cells": ["exp-1", 12, 0.875, true, null, {"b": [1, 2.5], "a": "x"}, 1e6],
                "object": {"kind": "PartialObjectMetadata",
                           "metadata": {"name": "exp-1", "namespace": "team-a"}}},
               {"cells": ["exp-2", 3]}]})");
    ASSERT_TRUE(table) << table.error();
    ASSERT_EQ(table->columns.size(), 7u);
    EXPECT_EQ(table->columns[0].format, "name");
    EXPECT_EQ(table->columns[0].description, "Name must be unique");
    EXPECT_EQ(table->columns[2].priority, 1);
    EXPECT_EQ(table->columns[1].type, "integer");
    EXPECT_EQ(table->resourceVersion, "7");
    EXPECT_EQ(table->continueToken, "next-page");
    ASSERT_EQ(table->rows.size(), 2u);
    // As kubectl's fmt.Sprint prints the decoded Go values: nil prints nothing, a map with its
    // keys sorted, a float64 of 1e6 in exponent form.
    EXPECT_EQ(table->rows[0].cells, (std::vector<std::string>{"exp-1", "12", "0.875", "true", "",
                                                              "map[a:x b:[1 2.5]]", "1e+06"}));
    EXPECT_EQ(table->rows[0].ns, "team-a");
    EXPECT_EQ(table->rows[0].name, "exp-1");
    EXPECT_EQ(table->rows[1].cells, (std::vector<std::string>{"exp-2", "3"}));
    EXPECT_EQ(table->rows[1].name, "");
}

TEST(ServerTableTest, ColumnsAlone) {
    const auto columns = ServerTable::parseColumns(
        R"([{"name":"Name","type":"string","format":"name"},{"name":"Age","type":"date"}])");
    ASSERT_TRUE(columns) << columns.error();
    ASSERT_EQ(columns->size(), 2u);
    EXPECT_EQ((*columns)[1].name, "Age");
    EXPECT_EQ((*columns)[1].type, "date");
    EXPECT_FALSE(ServerTable::parseColumns("null"));
    EXPECT_FALSE(ServerTable::parseColumns("{"));
}

TEST(ServerTableTest, PlainObjectsAsKubectlPrintsThem) {
    const auto now = std::chrono::system_clock::time_point(std::chrono::seconds(1767323045 + 300));
    const auto list = ServerTable::fromObjects(
        R"({"kind":"NodeMetricsList","metadata":{"resourceVersion":"9"},"items":[
             {"metadata":{"name":"n1","creationTimestamp":"2026-01-02T03:04:05Z"}},
             {"metadata":{"name":"p1","namespace":"ns"}}]})",
        now);
    ASSERT_TRUE(list) << list.error();
    ASSERT_EQ(list->columns.size(), 2u);
    EXPECT_EQ(list->columns[1].name, "Age");
    ASSERT_EQ(list->rows.size(), 2u);
    EXPECT_EQ(list->rows[0].cells, (std::vector<std::string>{"n1", "5m"}));
    EXPECT_EQ(list->rows[1].cells, (std::vector<std::string>{"p1", "<unknown>"}));
    EXPECT_EQ(list->rows[1].ns, "ns");
    EXPECT_EQ(list->resourceVersion, "9");
    const auto one = ServerTable::fromObjects(R"({"metadata":{"name":"solo"}})", now);
    ASSERT_TRUE(one);
    ASSERT_EQ(one->rows.size(), 1u);
    EXPECT_EQ(one->rows[0].name, "solo");
    EXPECT_FALSE(ServerTable::fromObjects("[]", now));
}

TEST(TableCellTextTest, PrintsAsKubectlDoes) {
    EXPECT_EQ(TableCellText::printable("plain"), "plain");
    EXPECT_EQ(TableCellText::printable("first line\nsecond"), "first line...");
    EXPECT_EQ(TableCellText::printable("a\rb"), "a...");
    EXPECT_EQ(TableCellText::printable("page\fbreak"), "page...");
    EXPECT_EQ(TableCellText::printable("\x1b[31mred\x1b[0m"), "^[[31mred^[[0m");
    EXPECT_EQ(TableCellText::ofNumber(0.1), "0.1");
    EXPECT_EQ(TableCellText::ofNumber(123456789.0), "1.23456789e+08");
    EXPECT_EQ(TableCellText::ofNumber(1e-5), "1e-05");
    EXPECT_EQ(TableCellText::ofCompound(R"([null,true,"s",{"k":{}}])"),
              "[<nil> true s map[k:map[]]]");
    EXPECT_EQ(TableCellText::ofCompound("[broken"), "[broken");
}

TEST(ServerTableTest, RefusesWhatIsNotATable) {
    EXPECT_EQ(ServerTable::parse("not json").error(), "the answer is not a JSON object");
    EXPECT_NE(ServerTable::parse(R"({"kind":"PodList","items":[]})").error().find("not a Table"),
              std::string::npos);
    EXPECT_NE(ServerTable::parse(R"({"kind":"Table","rows":[]})").error().find("columnDefinitions"),
              std::string::npos);
}

TEST(ObjectMetadataTest, AnnotationsSortedAndOnlyStrings) {
    const auto a = ObjectMetadata::annotations(
        R"({"metadata":{"annotations":{"z":"last","a":"first","n":5,"m":"mid"}}})");
    ASSERT_TRUE(a.has_value());
    EXPECT_EQ(*a,
              (std::map<std::string, std::string>{{"a", "first"}, {"m", "mid"}, {"z", "last"}}));
    EXPECT_TRUE(ObjectMetadata::annotations(R"({"metadata":{"name":"x"}})")->empty());
    EXPECT_TRUE(ObjectMetadata::annotations(R"({"kind":"Node"})")->empty());
    EXPECT_FALSE(ObjectMetadata::annotations("[1,2]").has_value());
    EXPECT_FALSE(ObjectMetadata::annotations("{broken").has_value());
}

} // namespace
} // namespace cubedesk::k8s

namespace cubedesk::k8s {
namespace {

TEST(YamlViewTest, SecretValuesAreMaskedUnlessRevealed) {
    const std::string secret = R"({"apiVersion":"v1","kind":"Secret","type":"Opaque",
      "metadata":{"name":"db","namespace":"infra",
        "annotations":{"kubectl.kubernetes.io/last-applied-configuration":
          "{\"data\":{\"password\":\"czNjcjN0\"}}","team":"infra"},
        "managedFields":[{"manager":"kubectl"}]},
      "data":{"password":"czNjcjN0","user":"cm9vdA=="},
      "stringData":{"note":"plain words"}})";
    const auto masked = YamlView::fromJson(secret);
    ASSERT_TRUE(masked) << masked.error();
    EXPECT_EQ(masked->find("czNjcjN0"), std::string::npos) << *masked;
    EXPECT_EQ(masked->find("cm9vdA=="), std::string::npos) << *masked;
    EXPECT_EQ(masked->find("plain words"), std::string::npos) << *masked;
    EXPECT_NE(masked->find(R"(password: "<hidden: 6 bytes>")"), std::string::npos) << *masked;
    EXPECT_NE(masked->find(R"(user: "<hidden: 4 bytes>")"), std::string::npos) << *masked;
    EXPECT_NE(masked->find(R"(note: "<hidden: 11 bytes>")"), std::string::npos) << *masked;
    EXPECT_NE(masked->find("team: infra"), std::string::npos) << *masked;
    EXPECT_EQ(masked->find("managedFields"), std::string::npos) << *masked;

    const auto revealed = YamlView::fromJson(secret, {"user"});
    ASSERT_TRUE(revealed);
    EXPECT_NE(revealed->find("user: cm9vdA=="), std::string::npos) << *revealed;
    EXPECT_EQ(revealed->find("czNjcjN0"), std::string::npos) << *revealed;

    // Other kinds keep their data.
    const auto map = YamlView::fromJson(
        R"({"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"c"},"data":{"k":"v"}})");
    ASSERT_TRUE(map);
    EXPECT_NE(map->find("k: v"), std::string::npos) << *map;
}

TEST(YamlViewTest, StringsThatReadAsOtherTypesAreQuoted) {
    const auto yaml = YamlView::fromJson(
        R"({"kind":"ConfigMap","data":{"enabled":"true","version":"1.10","y":"n","n":1,)"
        R"("ok":"plain","flag":false,"none":null}})");
    ASSERT_TRUE(yaml) << yaml.error();
    EXPECT_EQ(*yaml, "kind: ConfigMap\n"
                     "data:\n"
                     "  enabled: \"true\"\n"
                     "  version: \"1.10\"\n"
                     "  \"y\": \"n\"\n"
                     "  \"n\": 1\n"
                     "  ok: plain\n"
                     "  flag: false\n"
                     "  none: ~\n");
    EXPECT_EQ(YamlView::documentFromJson(R"([{"kind":"Secret","data":{"k":"v"}}, "on"])").value(),
              "- kind: Secret\n  data:\n    k: v\n- \"on\"\n");
}

} // namespace
} // namespace cubedesk::k8s
