#include "k8s/sim/simshell.h"

#include <gtest/gtest.h>
#include <string>
#include <vector>

using cubedesk::sim::SimGpu;
using cubedesk::sim::SimShell;
using cubedesk::sim::SimShellContext;

namespace {

const SimShell::SteadyTime kT0{std::chrono::seconds(1000)};

SimShellContext context() {
    SimShellContext c;
    c.podName = "web-0";
    c.namespaceName = "shop";
    c.workingDir = "/workspace";
    c.environment = {{"PATH", "/usr/bin:/bin"}, {"HOSTNAME", "web-0"}, {"HOME", "/root"}};
    c.files = {{"/data/a.txt", "x\ny\n"}, {"/data/sub/b.txt", "b\n"}};
    c.now = std::chrono::system_clock::time_point(std::chrono::seconds(1717236000));
    c.mainCommand = "python /workspace/train.py";
    return c;
}

struct Outcome {
    std::string out, err;
    bool finished = false;
    int code = -1;
};

Outcome oneShot(std::vector<std::string> command, bool tty = false, SimShellContext c = context()) {
    SimShell shell(std::move(c), std::move(command), tty, 80, 24);
    shell.advance(kT0);
    return {shell.takeStdout(), shell.takeStderr(), shell.finished(), shell.exitCode()};
}

/// Visible text: escape sequences removed.
std::string stripEscapes(const std::string &s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\x1b') {
            out += s[i];
            continue;
        }
        if (i + 1 < s.size() && s[i + 1] == '[') {
            i += 2;
            while (i < s.size() && !(s[i] >= 0x40 && s[i] <= 0x7e))
                ++i;
        } else {
            ++i;
        }
    }
    return out;
}

std::vector<std::string> split(const std::string &s, const std::string &sep) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (auto at = s.find(sep); at != std::string::npos; at = s.find(sep, start)) {
        parts.push_back(s.substr(start, at - start));
        start = at + sep.size();
    }
    parts.push_back(s.substr(start));
    return parts;
}

} // namespace

TEST(SimShell, TtyPromptEchoBackspaceCtrlCAndCtrlD) {
    SimShell sh(context(), {"/bin/bash"}, true, 80, 24);
    sh.advance(kT0);
    const std::string prompt = "root@web-0:/workspace# ";
    EXPECT_EQ(sh.takeStdout(), prompt);
    sh.input("ecx");
    EXPECT_EQ(sh.takeStdout(), "ecx");
    sh.input("\x7f");
    EXPECT_EQ(sh.takeStdout(), "\b \b");
    sh.input("ho hi\r");
    EXPECT_EQ(sh.takeStdout(), "ho hi\r\nhi\r\n" + prompt);
    sh.input("abc\x03");
    EXPECT_EQ(sh.takeStdout(), "abc^C\r\n" + prompt);
    sh.input("echo $?\r\n");
    EXPECT_EQ(sh.takeStdout(), "echo $?\r\n130\r\n" + prompt);
    EXPECT_EQ(sh.takeStderr(), "");
    sh.input("\x04");
    EXPECT_EQ(sh.takeStdout(), "exit\r\n");
    EXPECT_TRUE(sh.finished());
    EXPECT_EQ(sh.exitCode(), 0);
}

TEST(SimShell, LineEditingArrowsHistoryAndEscapes) {
    SimShell sh(context(), {"sh"}, true, 80, 24);
    EXPECT_EQ(sh.takeStdout(), "# ");
    sh.input("echo ac\x1b[D");
    EXPECT_EQ(sh.takeStdout(), "echo ac\b");
    sh.input("b");
    EXPECT_EQ(sh.takeStdout(), "bc\x1b[1D");
    sh.input("\x1b[C\x1b[1;5P\r"); // right, then an unknown sequence that must not be echoed
    EXPECT_EQ(sh.takeStdout(), "c\r\nabc\r\n# ");
    sh.input("x\x1b[A");
    EXPECT_EQ(sh.takeStdout(), "x\r# echo abc\x1b[K");
    sh.input("\x1b[B");
    EXPECT_EQ(sh.takeStdout(), "\r# x\x1b[K");
    sh.input("\x15");
    EXPECT_EQ(sh.takeStdout(), "\r# \x1b[K");
    sh.input("echo h\xc3\xa9\x7f\r");
    EXPECT_EQ(sh.takeStdout(), "echo h\xc3\xa9\b \b\r\nh\r\n# ");
}

TEST(SimShell, NonTtyReadsStdinAndEndsAtEof) {
    SimShell sh(context(), {"sh"}, false, 80, 24);
    sh.advance(kT0);
    EXPECT_EQ(sh.takeStdout(), "");
    sh.input("echo one\nfal");
    sh.input("se\n");
    EXPECT_EQ(sh.takeStdout(), "one\n");
    EXPECT_FALSE(sh.finished());
    sh.input("echo $?");
    sh.closeInput();
    EXPECT_EQ(sh.takeStdout(), "1\n");
    EXPECT_TRUE(sh.finished());
    EXPECT_EQ(sh.exitCode(), 0);

    SimShell sh2(context(), {"bash"}, false, 80, 24);
    sh2.input("echo two\nfalse\n");
    sh2.closeInput();
    EXPECT_EQ(sh2.takeStdout(), "two\n");
    EXPECT_TRUE(sh2.finished());
    EXPECT_EQ(sh2.exitCode(), 1);
}

TEST(SimShell, ScriptExitStatus) {
    const Outcome r = oneShot({"sh", "-c", "echo a; exit 3"});
    EXPECT_EQ(r.out, "a\n");
    EXPECT_TRUE(r.finished);
    EXPECT_EQ(r.code, 3);
    const Outcome tty = oneShot({"sh", "-c", "echo a; exit 3"}, true);
    EXPECT_EQ(tty.out, "a\r\n");
    EXPECT_EQ(tty.code, 3);
}

TEST(SimShell, AndOrLists) {
    Outcome r = oneShot({"sh", "-c", "false || echo ok && echo yes"});
    EXPECT_EQ(r.out, "ok\nyes\n");
    EXPECT_EQ(r.code, 0);
    r = oneShot({"sh", "-c", "true || echo no; false && echo no2\necho $?"});
    EXPECT_EQ(r.out, "1\n");
    r = oneShot({"sh", "-c", "false &&\n echo no || echo ok"});
    EXPECT_EQ(r.out, "ok\n");
    r = oneShot({"bash", "-c", "sh -c 'echo in; exit 3'; echo $?"});
    EXPECT_EQ(r.out, "in\n3\n");
    EXPECT_EQ(r.code, 0);
    r = oneShot({"sh", "-c", "if true; then echo x; fi; echo after"});
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "sh: if: compound commands are not supported in this simulated shell\n");
    EXPECT_EQ(r.code, 2);
}

TEST(SimShell, VariablesQuotesAndEscapes) {
    const Outcome r =
        oneShot({"sh", "-c",
                 "A=hello; B=\"$A world\"; echo \"$B\" '$A' \\$A ${A}x $NOPE \"\" end; "
                 "echo \"a\\\"b\" ${NOPE:-dflt} $HOME"});
    EXPECT_EQ(r.out, "hello world $A $A hellox  end\na\"b dflt /root\n");
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(r.code, 0);
    const Outcome u = oneShot({"sh", "-c", "echo 'oops"});
    EXPECT_EQ(u.err, "sh: 1: Syntax error: Unterminated quoted string\n");
    EXPECT_EQ(u.code, 2);
}

TEST(SimShell, RedirectionsRouteOutput) {
    Outcome r = oneShot({"sh", "-c",
                         "echo e >&2; echo o; cat /nope 2>&1; echo gone > /dev/null; "
                         "cat /nope 2> /dev/null; echo $?"});
    EXPECT_EQ(r.out, "o\ncat: /nope: No such file or directory\n1\n");
    EXPECT_EQ(r.err, "e\n");
    r = oneShot({"sh", "-c", "echo saved > /tmp/f; echo more >> /tmp/f; cat /tmp/f; wc -l /tmp/f"});
    EXPECT_EQ(r.out, "saved\nmore\n2 /tmp/f\n");
}

TEST(SimShell, PipesAreRefused) {
    const Outcome r = oneShot({"sh", "-c", "echo a | grep a"});
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "sh: pipes are not supported in this simulated shell\n");
    EXPECT_EQ(r.code, 2);
}

TEST(SimShell, UnknownCommands) {
    Outcome r = oneShot({"sh", "-c", "echo x; foo"});
    EXPECT_EQ(r.out, "x\n");
    EXPECT_EQ(r.err, "sh: 1: foo: not found\n");
    EXPECT_EQ(r.code, 127);
    r = oneShot({"bash", "-c", "foo"});
    EXPECT_EQ(r.err, "bash: line 1: foo: command not found\n");
    EXPECT_EQ(r.code, 127);

    SimShell sh(context(), {"bash"}, true, 80, 24);
    sh.takeStdout();
    sh.input("foo\r");
    EXPECT_EQ(sh.takeStdout(), "foo\r\nbash: foo: command not found\r\nroot@web-0:/workspace# ");

    const std::string oci = "OCI runtime exec failed: exec failed: unable to start container "
                            "process: exec: \"foo\": executable file not found in $PATH: unknown";
    r = oneShot({"foo", "--bar"});
    EXPECT_EQ(r.err, oci + "\n");
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.code, 126);
    r = oneShot({"foo"}, true);
    EXPECT_EQ(r.out, oci + "\r\n");
    EXPECT_EQ(r.code, 126);
    EXPECT_EQ(oneShot({"cd", "/"}).code, 126); // a shell builtin is no program
}

TEST(SimShell, LsAndCatOfSyntheticFiles) {
    Outcome r = oneShot({"ls", "/data"});
    EXPECT_EQ(r.out, "a.txt\nsub\n");
    EXPECT_EQ(r.code, 0);
    r = oneShot({"ls", "/"});
    EXPECT_NE(r.out.find("data\n"), std::string::npos);
    EXPECT_NE(r.out.find("etc\n"), std::string::npos);
    r = oneShot({"ls", "-l", "/data/a.txt"});
    EXPECT_EQ(r.out, "-rw-r--r-- 1 root root 4 Jun  1 09:00 /data/a.txt\n");
    r = oneShot({"ls", "/nope", "/data/sub"});
    EXPECT_EQ(r.out, "/data/sub:\nb.txt\n");
    EXPECT_EQ(r.err, "ls: cannot access '/nope': No such file or directory\n");
    EXPECT_EQ(r.code, 2);
    r = oneShot({"cat", "/data/a.txt", "/etc/hostname"});
    EXPECT_EQ(r.out, "x\ny\nweb-0\n");
    EXPECT_EQ(r.code, 0);
    r = oneShot({"cat", "/data/missing"});
    EXPECT_EQ(r.err, "cat: /data/missing: No such file or directory\n");
    EXPECT_EQ(r.code, 1);
    r = oneShot({"sh", "-c", "cd /data && pwd && ls && cd /nope"});
    EXPECT_EQ(r.out, "/data\na.txt\nsub\n");
    EXPECT_EQ(r.err, "sh: 1: cd: can't cd to /nope\n");
    EXPECT_EQ(r.code, 2);
    r = oneShot({"head", "-n", "1", "/data/a.txt"});
    EXPECT_EQ(r.out, "x\n");
}

TEST(SimShell, SleepWaitsForAdvance) {
    SimShell sh(context(), {"sh", "-c", "echo a; sleep 1.5; echo b"}, false, 80, 24);
    sh.advance(kT0);
    EXPECT_EQ(sh.takeStdout(), "a\n");
    EXPECT_FALSE(sh.finished());
    ASSERT_TRUE(sh.nextWake());
    EXPECT_EQ(*sh.nextWake(), kT0 + std::chrono::milliseconds(1500));
    sh.advance(kT0 + std::chrono::milliseconds(1499));
    EXPECT_EQ(sh.takeStdout(), "");
    EXPECT_FALSE(sh.finished());
    sh.advance(kT0 + std::chrono::milliseconds(1500));
    EXPECT_EQ(sh.takeStdout(), "b\n");
    EXPECT_TRUE(sh.finished());
    EXPECT_EQ(sh.exitCode(), 0);
    EXPECT_FALSE(sh.nextWake());
}

TEST(SimShell, InputDuringSleepIsQueued) {
    SimShell sh(context(), {"sh"}, false, 80, 24);
    sh.advance(kT0);
    sh.input("sleep 1\necho after\n");
    sh.closeInput();
    EXPECT_EQ(sh.takeStdout(), "");
    EXPECT_FALSE(sh.finished());
    sh.advance(kT0 + std::chrono::seconds(1));
    EXPECT_EQ(sh.takeStdout(), "after\n");
    EXPECT_TRUE(sh.finished());
}

TEST(SimShell, CtrlCInterruptsSleep) {
    SimShell sh(context(), {"bash"}, true, 80, 24);
    sh.advance(kT0);
    sh.takeStdout();
    sh.input("sleep 100; echo never\r");
    EXPECT_EQ(sh.takeStdout(), "sleep 100; echo never\r\n");
    sh.input("\x03");
    EXPECT_EQ(sh.takeStdout(), "^C\r\nroot@web-0:/workspace# ");
    EXPECT_FALSE(sh.nextWake());
    sh.input("echo $?\r");
    EXPECT_EQ(sh.takeStdout(), "echo $?\r\n130\r\nroot@web-0:/workspace# ");
}

TEST(SimShell, YesIsBoundedAndStoppedByCtrlC) {
    SimShell sh(context(), {"sh"}, true, 80, 24);
    sh.advance(kT0);
    sh.takeStdout();
    sh.input("yes\r");
    EXPECT_EQ(sh.takeStdout(), "yes\r\n");
    EXPECT_TRUE(sh.producing());
    sh.pump(100);
    const std::string some = sh.takeStdout();
    EXPECT_EQ(some.size(), 100u);
    EXPECT_EQ(some.substr(0, 6), "y\r\ny\r\n");
    for (int i = 0; i < 40; ++i)
        sh.pump(SimShell::kDefaultPumpBudget);
    EXPECT_EQ(sh.takeStdout().size(), SimShell::kMaxPendingOutput);
    sh.input("\x03");
    EXPECT_FALSE(sh.producing());
    EXPECT_EQ(sh.takeStdout(), "^C\r\n# ");
    sh.input("echo $?\r");
    EXPECT_EQ(sh.takeStdout(), "echo $?\r\n130\r\n# ");
}

TEST(SimShell, SeqStreamsLargeRanges) {
    Outcome r = oneShot({"seq", "3"});
    EXPECT_EQ(r.out, "1\n2\n3\n");
    SimShell sh(context(), {"seq", "1", "100000"}, false, 80, 24);
    EXPECT_TRUE(sh.producing());
    std::string all;
    for (int i = 0; i < 100 && sh.producing(); ++i) {
        sh.pump(SimShell::kDefaultPumpBudget);
        all += sh.takeStdout();
    }
    EXPECT_TRUE(sh.finished());
    EXPECT_EQ(all.substr(0, 4), "1\n2\n");
    EXPECT_EQ(all.substr(all.size() - 13), "99999\n100000\n");
}

TEST(SimShell, TopUsesTheAlternateScreenAndFitsTheTerminal) {
    SimShell sh(context(), {"bash"}, true, 80, 24);
    sh.advance(kT0);
    sh.takeStdout();
    sh.input("top\r");
    const std::string first = sh.takeStdout();
    EXPECT_NE(first.find("\x1b[?1049h"), std::string::npos);
    EXPECT_NE(first.find("top - "), std::string::npos);
    EXPECT_NE(first.find("python"), std::string::npos);
    ASSERT_TRUE(sh.nextWake());
    EXPECT_EQ(*sh.nextWake(), kT0 + std::chrono::seconds(1));

    sh.resize(40, 10);
    const std::string frame = sh.takeStdout();
    ASSERT_EQ(frame.substr(0, 3), "\x1b[H");
    const auto rows = split(stripEscapes(frame), "\r\n");
    EXPECT_EQ(rows.size(), 10u);
    for (const auto &row : rows)
        EXPECT_LE(row.size(), 40u) << row;
    EXPECT_EQ(rows[0].substr(0, 6), "top - ");

    sh.advance(kT0 + std::chrono::seconds(1));
    EXPECT_EQ(split(stripEscapes(sh.takeStdout()), "\r\n").size(), 10u);
    sh.input("q");
    EXPECT_EQ(sh.takeStdout(), "\x1b[?25h\x1b[?1049lroot@web-0:/workspace# ");

    Outcome r = oneShot({"top"});
    EXPECT_EQ(r.err, "top: failed tty get\n");
    EXPECT_EQ(r.code, 1);
    r = oneShot({"top", "-b", "-n", "1"});
    EXPECT_NE(r.out.find("    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ "
                         "COMMAND\n      1 root"),
              std::string::npos);
    EXPECT_TRUE(r.finished);
}

TEST(SimShell, WatchRedrawsItsCommand) {
    SimShell sh(context(), {"sh"}, true, 60, 8);
    sh.advance(kT0);
    sh.takeStdout();
    sh.input("watch -n 1 echo hi\r");
    const auto rows = split(stripEscapes(sh.takeStdout()), "\r\n");
    ASSERT_EQ(rows.size(), 9u); // the echoed command line, then 8 screen rows
    EXPECT_EQ(rows[1].size(), 60u);
    EXPECT_EQ(rows[1].substr(0, 19), "Every 1.0s: echo hi");
    EXPECT_EQ(rows[1].substr(60 - 31), "web-0: Sat Jun  1 10:00:00 2024");
    EXPECT_EQ(rows[3], "hi");
    sh.advance(kT0 + std::chrono::seconds(1));
    EXPECT_NE(sh.takeStdout().find("10:00:01"), std::string::npos);
    sh.input("\x03");
    EXPECT_EQ(sh.takeStdout(), "\x1b[?25h\x1b[?1049l# ");
}

TEST(SimShell, SttySizeFollowsResize) {
    SimShell sh(context(), {"sh"}, true, 80, 24);
    sh.takeStdout();
    sh.resize(100, 30);
    sh.input("stty size; tput cols\r");
    EXPECT_EQ(sh.takeStdout(), "stty size; tput cols\r\n30 100\r\n100\r\n# ");
    EXPECT_EQ(oneShot({"stty", "size"}).code, 1);
}

TEST(SimShell, NvidiaSmiNeedsGpus) {
    SimShellContext c = context();
    SimGpu a, b;
    a.index = 0;
    a.uuid = "GPU-aaaa";
    b.index = 1;
    b.uuid = "GPU-bbbb";
    b.busId = "00000000:0F:00.0";
    c.gpus = {a, b};
    Outcome r = oneShot({"nvidia-smi", "-L"}, false, c);
    EXPECT_EQ(r.out, "GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-aaaa)\n"
                     "GPU 1: NVIDIA A100-SXM4-80GB (UUID: GPU-bbbb)\n");
    EXPECT_EQ(r.code, 0);
    r = oneShot({"nvidia-smi"});
    EXPECT_EQ(r.code, 126);
    r = oneShot({"sh", "-c", "nvidia-smi -L"});
    EXPECT_EQ(r.err, "sh: 1: nvidia-smi: not found\n");
    EXPECT_EQ(r.code, 127);
}

TEST(SimShell, EnvPrintsTheContextEnvironmentInOrder) {
    Outcome r = oneShot({"env"});
    EXPECT_EQ(r.out, "PATH=/usr/bin:/bin\nHOSTNAME=web-0\nHOME=/root\n");
    r = oneShot({"printenv", "HOME"});
    EXPECT_EQ(r.out, "/root\n");
    r = oneShot({"printenv", "NOPE"});
    EXPECT_EQ(r.code, 1);
    r = oneShot({"sh", "-c", "export X=1; Y=2; env"});
    EXPECT_EQ(r.out, "PATH=/usr/bin:/bin\nHOSTNAME=web-0\nHOME=/root\nX=1\n");
}

TEST(SimShell, SmallCommands) {
    EXPECT_EQ(oneShot({"uname", "-a"}).out,
              "Linux web-0 5.15.0-105-generic #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 x86_64 "
              "x86_64 x86_64 GNU/Linux\n");
    EXPECT_EQ(oneShot({"id"}).out, "uid=0(root) gid=0(root) groups=0(root)\n");
    EXPECT_EQ(oneShot({"date"}).out, "Sat Jun  1 10:00:00 UTC 2024\n");
    EXPECT_EQ(oneShot({"nproc"}).out, "16\n");
    EXPECT_EQ(oneShot({"printf", "%s-%d%%\\n", "a", "5", "b", "6"}).out, "a-5%\nb-6%\n");
    EXPECT_EQ(oneShot({"echo", "-n", "x"}).out, "x");
    EXPECT_EQ(oneShot({"uptime"}).out,
              " 10:00:00 up  1:00,  1 user,  load average: 0.52, 0.58, 0.59\n");
    EXPECT_EQ(oneShot({"clear"}, true).out, "\x1b[H\x1b[2J");
}
