// The YAML editor's pure parts: the line diff and diff3 merge (dtl), the manifest reader (the
// first error with its line; several documents), the round trip an unchanged edit must survive
// (YamlView's YAML read back by ManifestDocuments is the same JSON: strings that look like
// numbers, booleans or null stay strings), and the requests of a replace and a create, with a
// Secret's masked values put back from the live object.

#include "k8s/api/linediff.h"
#include "k8s/api/yamlview.h"
#include "k8s/config/manifestdocuments.h"
#include "k8s/write/objectedits.h"
#include "tests/support/fixturefiles.h"

#include <filesystem>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace cubedesk::k8s;
using nlohmann::json;

TEST(LineDiff, MarksRemovedAndAddedLinesWithTheirNumbers) {
    const auto lines = LineDiff::diff("a\nb\nc\n", "a\nB\nc\nd\n");
    ASSERT_EQ(lines.size(), 5u);
    EXPECT_EQ(lines[0].op, LineDiff::Op::Same);
    EXPECT_EQ(lines[1].op, LineDiff::Op::Removed);
    EXPECT_EQ(lines[1].text, "b");
    EXPECT_EQ(lines[1].oldLine, 2);
    EXPECT_EQ(lines[2].op, LineDiff::Op::Added);
    EXPECT_EQ(lines[2].text, "B");
    EXPECT_EQ(lines[2].newLine, 2);
    EXPECT_EQ(lines[4].op, LineDiff::Op::Added);
    EXPECT_EQ(lines[4].newLine, 4);
    EXPECT_EQ(LineDiff::count(lines).added, 2u);
    EXPECT_EQ(LineDiff::count(lines).removed, 1u);
    EXPECT_TRUE(LineDiff::hunks("x\ny\n", "x\ny\n").empty());
}

TEST(LineDiff, HunksKeepContextAndMarkGaps) {
    std::string before;
    for (int i = 1; i <= 30; ++i)
        before += "line " + std::to_string(i) + "\n";
    std::string after = before;
    after.replace(after.find("line 5\n"), 7, "five\n");
    after.replace(after.find("line 25\n"), 8, "twenty-five\n");
    const auto hunks = LineDiff::hunks(before, after, 2);
    // 2 context + removed + added + 2 context, a gap, the same again.
    ASSERT_EQ(hunks.size(), 13u);
    EXPECT_EQ(hunks[0].text, "line 3");
    EXPECT_EQ(hunks[6].oldLine, 0);
    EXPECT_EQ(hunks[6].newLine, 0);
    EXPECT_EQ(hunks[7].text, "line 23");
}

TEST(LineDiff, Merge3AppliesBothSidesOrRefusesOverlaps) {
    const std::string base = "a: 1\nb: 2\nc: 3\nd: 4\ne: 5\n";
    const std::string mine = "a: 1\nb: 20\nc: 3\nd: 4\ne: 5\n";
    const std::string theirs = "a: 1\nb: 2\nc: 3\nd: 4\ne: 50\n";
    const auto merged = LineDiff::merge3(base, mine, theirs);
    ASSERT_TRUE(merged.ok);
    EXPECT_EQ(merged.text, "a: 1\nb: 20\nc: 3\nd: 4\ne: 50\n");
    const auto clash = LineDiff::merge3(base, mine, "a: 1\nb: 21\nc: 3\nd: 4\ne: 5\n");
    EXPECT_FALSE(clash.ok);
    // Only one side changed: that side.
    EXPECT_EQ(LineDiff::merge3(base, base, theirs).text, theirs);
    EXPECT_EQ(LineDiff::merge3(base, mine, base).text, mine);
}

TEST(ManifestDocuments, SeveralDocumentsWithTheirLines) {
    const auto parsed = ManifestDocuments::parse("apiVersion: v1\nkind: ConfigMap\nmetadata:\n"
                                                 "  name: a\n  namespace: x\n---\n"
                                                 "# a comment\napiVersion: apps/v1\n"
                                                 "kind: Deployment\nmetadata:\n  name: b\n---\n");
    ASSERT_FALSE(parsed.error) << parsed.error->message.toStdString();
    ASSERT_EQ(parsed.documents.size(), 2u);
    EXPECT_EQ(parsed.documents[0].name, "a");
    EXPECT_EQ(parsed.documents[0].ns, "x");
    EXPECT_EQ(parsed.documents[1].apiVersion, "apps/v1");
    EXPECT_EQ(parsed.documents[1].kind, "Deployment");
    EXPECT_EQ(parsed.documents[1].line, 8);
}

TEST(ManifestDocuments, ErrorsSayWhere) {
    const auto broken =
        ManifestDocuments::parse("apiVersion: v1\nkind: X\nmetadata:\n  name: [a\n");
    ASSERT_TRUE(broken.error);
    EXPECT_GE(broken.error->line, 4);
    EXPECT_TRUE(broken.documents.empty());
    const auto tabs = ManifestDocuments::parse("apiVersion: v1\nkind: X\nmetadata:\n\tname: a\n");
    ASSERT_TRUE(tabs.error);
    EXPECT_EQ(tabs.error->line, 4);
    const auto noKind = ManifestDocuments::parse("apiVersion: v1\nmetadata:\n  name: a\n");
    ASSERT_TRUE(noKind.error);
    EXPECT_NE(noKind.error->message.toStdString().find("kind"), std::string::npos);
    const auto list = ManifestDocuments::parse("- a\n- b\n");
    ASSERT_TRUE(list.error);
    EXPECT_TRUE(ManifestDocuments::parse("").error);
    EXPECT_TRUE(ManifestDocuments::parse("---\n").error);
    // generateName stands in for a name.
    EXPECT_FALSE(ManifestDocuments::parse("apiVersion: batch/v1\nkind: Job\nmetadata:\n"
                                          "  generateName: run-\n")
                     .error);
}

// What the editor shows, read back unchanged, is the object it was made from.
TEST(ManifestDocuments, AnUnchangedEditIsTheSameObject) {
    json tricky = {{"apiVersion", "v1"},
                   {"kind", "ConfigMap"},
                   {"metadata",
                    {{"name", "tricky"},
                     {"namespace", "x"},
                     {"labels", {{"version", "1.10"}, {"on", "yes"}, {"empty", ""}}},
                     {"annotations", {{"a:b", "c: d # e"}, {"octal", "0755"}}}}},
                   {"data",
                    {{"bool", "true"},
                     {"int", "1"},
                     {"float", "1e3"},
                     {"null", "null"},
                     {"tilde", "~"},
                     {"multi", "line one\nline two\n"},
                     {"lead", " leading space"},
                     {"unicode", "模型 ✓"},
                     {"hash", "#not a comment"}}},
                   {"spec", {{"replicas", 3}, {"ratio", 0.5}, {"on", true}, {"none", nullptr}}}};
    std::vector<json> objects = {tricky};
    for (const auto &entry :
         std::filesystem::directory_iterator(cubedesk::test::fixturePath("k8s"))) {
        if (entry.path().extension() == ".json") {
            const auto text =
                cubedesk::test::readFixtureFile("k8s/" + entry.path().filename().string());
            ASSERT_TRUE(text) << entry.path();
            json object = json::parse(*text, nullptr, false);
            // Single objects (a List has no name of its own).
            if (object.is_object() && object.contains("metadata") &&
                object["metadata"].contains("name"))
                objects.push_back(object);
        }
    }
    ASSERT_GT(objects.size(), 3u);
    for (const auto &object : objects) {
        const auto yaml = YamlView::fromJson(object.dump());
        ASSERT_TRUE(yaml) << yaml.error();
        const auto parsed = ManifestDocuments::parse(*yaml);
        ASSERT_FALSE(parsed.error) << parsed.error->message.toStdString() << "\n" << *yaml;
        ASSERT_EQ(parsed.documents.size(), 1u);
        json expected = object;
        if (expected["metadata"].contains("managedFields"))
            expected["metadata"].erase("managedFields");
        EXPECT_EQ(json::parse(parsed.documents.front().json), expected) << *yaml;
    }
}

namespace {

WorkloadWrites::Target secretTarget() {
    return {ResourceDescriptor(ObjectKind::CustomResource, "", "v1", "secrets", true),
            "infra",
            "db",
            "41",
            "uid-1",
            "Secret"};
}

const char *const kLiveSecret =
    R"({"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","namespace":"infra",)"
    R"("resourceVersion":"41","annotations":{"kubectl.kubernetes.io/last-applied-configuration":)"
    R"("{\"data\":{\"password\":\"c2VjcmV0\"}}"}},"data":{"password":"c2VjcmV0","user":"cm9vdA=="}})";

} // namespace

TEST(ObjectEdits, ReplaceCarriesTheVersionAndNamesTheSameObject) {
    const auto target = secretTarget();
    const auto put = ObjectEdits::replace(target, kLiveSecret, false);
    ASSERT_TRUE(put) << put.error();
    EXPECT_EQ(put->method, "PUT");
    EXPECT_EQ(put->path, "/api/v1/namespaces/infra/secrets/db");
    const auto dry = ObjectEdits::replace(target, kLiveSecret, true);
    ASSERT_TRUE(dry);
    EXPECT_EQ(dry->path, "/api/v1/namespaces/infra/secrets/db?dryRun=All");
    json noVersion = json::parse(kLiveSecret);
    noVersion["metadata"].erase("resourceVersion");
    EXPECT_FALSE(ObjectEdits::replace(target, noVersion.dump(), false));
    json renamed = json::parse(kLiveSecret);
    renamed["metadata"]["name"] = "other";
    EXPECT_FALSE(ObjectEdits::replace(target, renamed.dump(), false));
    json moved = json::parse(kLiveSecret);
    moved["metadata"]["namespace"] = "elsewhere";
    EXPECT_FALSE(ObjectEdits::replace(target, moved.dump(), false));
    EXPECT_FALSE(ObjectEdits::replace(target, "[1]", false));
}

TEST(ObjectEdits, CreatePostsToTheCollection) {
    const ResourceDescriptor deployments(ObjectKind::CustomResource, "apps", "v1", "deployments",
                                         true);
    const auto post = ObjectEdits::create(deployments, "infra", "{}", true);
    EXPECT_EQ(post.method, "POST");
    EXPECT_EQ(post.path, "/apis/apps/v1/namespaces/infra/deployments?dryRun=All");
    const ResourceDescriptor classes(ObjectKind::CustomResource, "storage.k8s.io", "v1",
                                     "storageclasses", false);
    EXPECT_EQ(ObjectEdits::create(classes, "ignored", "{}", false).path,
              "/apis/storage.k8s.io/v1/storageclasses");
}

TEST(ObjectEdits, MaskedSecretValuesComeBackFromTheLiveObject) {
    // The editor's text: values masked as YamlView masks them, one key revealed and changed.
    json edited = json::parse(kLiveSecret);
    edited["data"]["password"] = YamlView::maskedValue(6);
    edited["data"]["user"] = "YWRtaW4=";
    edited["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"] =
        YamlView::maskedValue(std::string(R"({"data":{"password":"c2VjcmV0"}})").size());
    edited["metadata"]["labels"] = {{"rotated", "yes"}};
    const auto restored = ObjectEdits::restoreMaskedSecret(edited.dump(), kLiveSecret);
    ASSERT_TRUE(restored) << restored.error();
    const json out = json::parse(*restored);
    EXPECT_EQ(out["data"]["password"], "c2VjcmV0");
    EXPECT_EQ(out["data"]["user"], "YWRtaW4=");
    EXPECT_EQ(out["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"],
              R"({"data":{"password":"c2VjcmV0"}})");
    EXPECT_EQ(out["metadata"]["labels"]["rotated"], "yes");
    // A masked value under a new key has nothing to come back from.
    json renamed = edited;
    renamed["data"]["pass"] = YamlView::maskedValue(6);
    EXPECT_FALSE(ObjectEdits::restoreMaskedSecret(renamed.dump(), kLiveSecret));
    // A mask of another size is not the live value's.
    json wrong = edited;
    wrong["data"]["password"] = YamlView::maskedValue(7);
    EXPECT_FALSE(ObjectEdits::restoreMaskedSecret(wrong.dump(), kLiveSecret));
    // Other kinds pass through.
    const std::string configMap = R"({"kind":"ConfigMap","data":{"a":"<hidden: 1 bytes>"}})";
    EXPECT_EQ(*ObjectEdits::restoreMaskedSecret(configMap, "{}"), configMap);
}
