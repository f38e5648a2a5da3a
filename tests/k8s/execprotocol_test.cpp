// The exec vocabulary: the request path kubectl 1.32 builds, the channel messages, and the error
// stream read as client-go reads it and written as the kubelet writes it.
#include "k8s/api/execchannel.h"
#include "k8s/api/podexecoptions.h"

#include <gtest/gtest.h>

using namespace cubedesk::k8s;

TEST(PodExecOptions, PathAsKubectlBuildsItForATerminal) {
    // kubectl exec -it -c main pod -- sh -c 'echo a b' (kubectl escapes the space as +; both
    // decode the same)
    const auto o = PodExecOptions::forCommand("main", {"sh", "-c", "echo a b"}, true, true);
    EXPECT_EQ(o.path("team a", "p-0"),
              "/api/v1/namespaces/team%20a/pods/p-0/exec?command=sh&command=-c&command=echo%20a%20b"
              "&container=main&stdin=true&stdout=true&tty=true");
}

TEST(PodExecOptions, WithoutATerminalStderrIsAskedForAndStdinOnlyWithI) {
    const auto o = PodExecOptions::forCommand("", {"ls", "/"}, false, false);
    EXPECT_EQ(o.path("ns", "p"), "/api/v1/namespaces/ns/pods/p/exec?command=ls&command=%2F"
                                 "&stderr=true&stdout=true");
}

TEST(ExecChannel, MessagesStartWithTheirStream) {
    EXPECT_EQ(ExecChannel::message(ExecChannel::Stdin, "ls\r"), std::string("\0ls\r", 4));
    EXPECT_EQ(ExecChannel::resize(120, 40), std::string("\x04{\"Width\":120,\"Height\":40}"));
    EXPECT_EQ(ExecChannel::closeStdin(), std::string("\xff\x00", 2));
    EXPECT_EQ(ExecChannel::offeredProtocols(), "v5.channel.k8s.io, v4.channel.k8s.io");
}

TEST(ExecChannel, ParsesResizesAndRefusesNonsense) {
    EXPECT_EQ(ExecChannel::parseResize(R"({"Width":80,"Height":24})"), std::pair(80, 24));
    EXPECT_FALSE(ExecChannel::parseResize(R"({"Width":0,"Height":24})"));
    EXPECT_FALSE(ExecChannel::parseResize(R"({"Width":"80","Height":24})"));
    EXPECT_FALSE(ExecChannel::parseResize("not json"));
}

TEST(ExecStatus, RoundTripsTheKubeletsDocuments) {
    EXPECT_EQ(ExecStatus::fromErrorStream(ExecStatus::successJson()).kind,
              ExecStatus::Kind::Success);
    const auto exit3 = ExecStatus::fromErrorStream(ExecStatus::exitCodeJson(3, "sh -c exit 3"));
    EXPECT_EQ(exit3.kind, ExecStatus::Kind::ExitCode);
    EXPECT_EQ(exit3.exitCode, 3);
    EXPECT_EQ(exit3.processExitCode(), 3);
    EXPECT_EQ(exit3.message, "command terminated with exit code 3");
    const auto failed = ExecStatus::fromErrorStream(ExecStatus::failureJson("no \"sh\" here"));
    EXPECT_EQ(failed.kind, ExecStatus::Kind::Failure);
    EXPECT_EQ(failed.message, "no \"sh\" here");
    EXPECT_EQ(failed.processExitCode(), 1);
}

TEST(ExecStatus, ReadsLikeClientGo) {
    // A real kubelet's document (k8s.io/kubelet/pkg/cri/streaming/remotecommand).
    const auto real = ExecStatus::fromErrorStream(
        R"({"metadata":{},"status":"Failure","message":"command terminated with non-zero exit code: error executing command [false], exit code 1","reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":"1"}]}})");
    EXPECT_EQ(real.kind, ExecStatus::Kind::ExitCode);
    EXPECT_EQ(real.exitCode, 1);
    EXPECT_EQ(ExecStatus::fromErrorStream("").kind, ExecStatus::Kind::Success);
    const auto noCause = ExecStatus::fromErrorStream(
        R"({"status":"Failure","reason":"NonZeroExitCode","details":{"causes":[]}})");
    EXPECT_EQ(noCause.kind, ExecStatus::Kind::Failure);
    EXPECT_EQ(noCause.message, "error stream protocol error: no ExitCode cause given");
    const auto badCode = ExecStatus::fromErrorStream(
        R"({"status":"Failure","reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":"300"}]}})");
    EXPECT_EQ(badCode.kind, ExecStatus::Kind::Failure);
    EXPECT_EQ(ExecStatus::fromErrorStream("{\"status\":\"Weird\"}").message,
              "error stream protocol error: unknown error");
    EXPECT_EQ(ExecStatus::fromErrorStream("][").kind, ExecStatus::Kind::Failure);
}
