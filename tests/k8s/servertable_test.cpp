// ServerTable and ObjectMetadata: the two readers the detail panels use (through
// models::ObjectReader) on what the API server answers.

#include "k8s/api/objectmetadata.h"
#include "k8s/api/servertable.h"

#include <gtest/gtest.h>

namespace cubedesk::k8s {
namespace {

TEST(ServerTableTest, ReadsColumnsAndCellsAsKubectlShowsThem) {
    const auto table = ServerTable::parse(R"({
      "kind": "Table", "apiVersion": "meta.k8s.io/v1", "metadata": {"resourceVersion": "7"},
      "columnDefinitions": [
        {"name": "Name", "type": "string", "format": "name", "priority": 0},
        {"name": "Trials", "type": "integer", "format": "", "priority": 0},
        {"name": "Score", "type": "number", "format": "", "priority": 1},
        {"name": "Ready", "type": "boolean", "format": "", "priority": 0},
        {"name": "Node", "type": "string", "format": "", "priority": 0},
        {"name": "Spec", "type": "string", "format": "", "priority": 0}],
      "rows": [{"cells": ["exp-1", 12, 0.875, true, null, {"a": [1, 2]}], "object": {}},
               {"cells": ["exp-2", 3]}]})");
    ASSERT_TRUE(table) << table.error();
    ASSERT_EQ(table->columns.size(), 6u);
    EXPECT_EQ(table->columns[0].format, "name");
    EXPECT_EQ(table->columns[2].priority, 1);
    EXPECT_EQ(table->columns[1].type, "integer");
    ASSERT_EQ(table->rows.size(), 2u);
    EXPECT_EQ(table->rows[0], (std::vector<std::string>{"exp-1", "12", "0.875", "true", "<none>",
                                                        R"({"a":[1,2]})"}));
    EXPECT_EQ(table->rows[1], (std::vector<std::string>{"exp-2", "3"}));
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
