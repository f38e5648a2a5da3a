// JobPods: which pods are a job's (owner or the operators' labels), who leads, and the replica
// names a job's log prefixes its lines with — as tables.

#include "k8s/cube/jobpods.h"

#include <gtest/gtest.h>
#include <map>

using namespace cubedesk::k8s;

namespace {

JobPods::LabelLookup labels(std::map<std::string, std::string, std::less<>> map) {
    return [map = std::move(map)](std::string_view key) -> std::optional<std::string_view> {
        const auto it = map.find(key);
        if (it == map.end())
            return std::nullopt;
        return std::string_view(it->second);
    };
}

} // namespace

TEST(JobPodsTest, OwnedOrLabelledPodsBelongToTheJob) {
    const auto none = labels({});
    EXPECT_TRUE(JobPods::belongsTo("PyTorchJob", "resnet", {{"PyTorchJob", "resnet"}}, none));
    EXPECT_TRUE(JobPods::belongsTo("pytorchjob", "resnet", {{"PyTorchJob", "resnet"}}, none))
        << "kinds compare without case";
    EXPECT_FALSE(JobPods::belongsTo("PyTorchJob", "resnet", {{"TFJob", "resnet"}}, none));
    EXPECT_FALSE(JobPods::belongsTo("PyTorchJob", "resnet", {{"PyTorchJob", "bert"}}, none));
    EXPECT_TRUE(JobPods::belongsTo("PyTorchJob", "resnet", {},
                                   labels({{"training.kubeflow.org/job-name", "resnet"}})));
    EXPECT_TRUE(JobPods::belongsTo("Job", "ocr", {}, labels({{"volcano.sh/job-name", "ocr"}})));
    EXPECT_FALSE(JobPods::belongsTo("PyTorchJob", "resnet", {},
                                    labels({{"training.kubeflow.org/job-name", "resnet-2"}})));
    EXPECT_FALSE(JobPods::belongsTo("PyTorchJob", "resnet", {}, labels({{"app", "resnet"}})));
}

TEST(JobPodsTest, LeadersComeFirstAndReplicasAreNamedAsTheOperatorsDo) {
    struct Case {
        std::map<std::string, std::string, std::less<>> labels;
        int rank;
        std::string replica;
    };
    const std::vector<Case> cases = {
        {{{"training.kubeflow.org/replica-type", "master"},
          {"training.kubeflow.org/replica-index", "0"}},
         0,
         "master-0"},
        {{{"training.kubeflow.org/replica-type", "Worker"},
          {"training.kubeflow.org/replica-index", "3"}},
         1,
         "worker-3"},
        {{{"training.kubeflow.org/replica-type", "launcher"}}, 0, "launcher"},
        {{{"training.kubeflow.org/replica-type", "chief"}}, 0, "chief"},
        {{{"spark-role", "driver"}}, 0, "driver"},
        {{{"spark-role", "executor"}}, 1, "pod-a"},
        {{{"volcano.sh/task-spec", "master"}, {"volcano.sh/task-index", "0"}}, 0, "master-0"},
        {{{"volcano.sh/task-spec", "worker"}, {"volcano.sh/task-index", "2"}}, 1, "worker-2"},
        {{}, 1, "pod-a"},
    };
    for (const Case &c : cases) {
        const auto lookup = labels(c.labels);
        EXPECT_EQ(JobPods::rank(lookup), c.rank) << c.replica;
        EXPECT_EQ(JobPods::replica("pod-a", lookup), c.replica);
    }
}
