#include "k8s/sim/containerlog.h"

#include "k8s/sim/rfc3339.h"
#include "k8s/sim/simhash.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <limits>

namespace cubedesk::sim {

using nlohmann::json;

namespace {

constexpr std::chrono::milliseconds kFirstLine{500}; ///< after the start, the first line
constexpr std::chrono::milliseconds kBannerGap{40};  ///< between start-up lines
constexpr std::chrono::milliseconds kEndingGap{10};  ///< between the lines of an ending
constexpr std::chrono::seconds kEndingLead{2};       ///< the ending starts this long before exit

/// A number in [0, 1) from the run's seed, a line and a purpose.
double unit(std::uint64_t seed, std::uint64_t k, std::uint64_t salt) {
    return static_cast<double>(splitmix64(seed ^ splitmix64(k * 0x100000001b3ULL + salt)) >> 11U) *
           0x1.0p-53;
}

std::string fmt(const char *format, auto... args) {
    char buf[512];
    const int n = std::snprintf(buf, sizeof buf, format, args...);
    return std::string(buf, static_cast<std::size_t>(std::clamp(n, 0, 511)));
}

/// "2026-12-05 09:00:01.123" (Jupyter) or "1205 09:00:01.123456" (glog, Triton) in UTC.
std::string clockText(std::chrono::system_clock::time_point t, bool glog) {
    const auto since = t.time_since_epoch();
    const auto secs = std::chrono::floor<std::chrono::seconds>(since);
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(since - secs);
    const std::time_t tt = static_cast<std::time_t>(secs.count());
    std::tm tm{};
    gmtime_r(&tt, &tm);
    if (glog)
        return fmt("%02d%02d %02d:%02d:%02d.%06lld", tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                   tm.tm_min, tm.tm_sec, static_cast<long long>(micros.count()));
    return fmt("%04d-%02d-%02d %02d:%02d:%02d.%03lld", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
               tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<long long>(micros.count() / 1000));
}

const json *findByName(const json &list, const std::string &name) {
    if (!list.is_array())
        return nullptr;
    for (const auto &c : list)
        if (c.is_object() && c.value("name", "") == name)
            return &c;
    return nullptr;
}

std::optional<ContainerLog::TimePoint> timeField(const json &o, const char *key) {
    if (!o.is_object() || !o.contains(key) || !o[key].is_string())
        return std::nullopt;
    return parseRfc3339(o[key].get<std::string>());
}

/// metadata.<field>[key] (labels or annotations) as a string; empty when absent.
std::string metadataString(const json &pod, const char *field, const char *key) {
    const json map = pod.value("metadata", json::object()).value(field, json::object());
    return map.is_object() && map.contains(key) && map[key].is_string()
               ? map[key].get<std::string>()
               : std::string();
}

std::string label(const json &pod, const char *key) {
    return metadataString(pod, "labels", key);
}

} // namespace

Result<ContainerLog> ContainerLog::forPod(const json &pod, const std::string &container,
                                          bool previous) {
    const json metadata = pod.value("metadata", json::object());
    const std::string podName = metadata.value("name", "");
    const json status = pod.value("status", json::object());
    const json *cs = nullptr;
    for (const char *list :
         {"containerStatuses", "initContainerStatuses", "ephemeralContainerStatuses"}) {
        if (status.contains(list) && (cs = findByName(status[list], container)) != nullptr)
            break;
    }
    const std::string who = "container \"" + container + "\" in pod \"" + podName + '"';
    if (cs == nullptr)
        return ApiError::badRequest(who + " is not available");
    const json state = cs->value("state", json::object());
    const json last = cs->value("lastState", json::object());
    const json lastTerminated = last.value("terminated", json());
    json run; // the terminated or running state the request reads
    bool running = false;
    if (previous) {
        if (!lastTerminated.is_object())
            return ApiError::badRequest("previous terminated container \"" + container +
                                        "\" in pod \"" + podName + "\" not found");
        run = lastTerminated;
    } else if (state.contains("running")) {
        run = state["running"];
        running = true;
    } else if (state.contains("terminated")) {
        run = state["terminated"];
    } else if (lastTerminated.is_object()) {
        run = lastTerminated; // CrashLoopBackOff: the last run's output
    } else if (state.contains("waiting")) {
        const std::string reason = state["waiting"].value("reason", "");
        if (reason == "ErrImagePull")
            return ApiError::badRequest(who + " is waiting to start: image can't be pulled");
        if (reason == "ImagePullBackOff")
            return ApiError::badRequest(who +
                                        " is waiting to start: trying and failing to pull image");
        return ApiError::badRequest(who + " is waiting to start: " + reason);
    } else {
        return ApiError::badRequest(who + " is waiting to start - no logs yet");
    }

    ContainerLog log;
    log.m_podName = podName;
    log.m_container = container;
    const auto started = timeField(run, "startedAt");
    const auto finished = timeField(run, "finishedAt");
    log.m_start = started ? *started
                          : (finished ? *finished - std::chrono::minutes(1)
                                      : std::chrono::system_clock::now());
    log.m_running = running;
    log.m_end = running ? TimePoint::max() : (finished ? *finished : log.m_start);
    log.m_exitCode = run.value("exitCode", 0);
    log.m_oomKilled = !running && run.value("reason", "") == "OOMKilled";
    log.m_failed = !running && log.m_exitCode != 0 && !log.m_oomKilled;
    // Deterministic per run: the pod, the container and which run (its restart number).
    const int restarts = cs->value("restartCount", 0);
    const int runNumber = run == lastTerminated && !running ? std::max(0, restarts - 1) : restarts;
    log.m_seed = fnv1a(metadata.value("namespace", "") + '/' + podName + '/' + container + '/' +
                       std::to_string(runNumber));
    // The kubelet's termination message names the failure when the pod says it.
    const std::string message = run.value("message", "");
    if (message.find("CUDA out of memory") != std::string::npos)
        log.m_failure = 0;
    else if (message.find("NCCL") != std::string::npos)
        log.m_failure = 1;
    else
        log.m_failure = static_cast<int>(log.m_seed % 3);

    log.m_profile = workloadProfileOf(pod, container);
    const std::string index = label(pod, "training.kubeflow.org/replica-index");
    log.m_replicaIndex = index.empty() ? 0 : std::atoi(index.c_str());

    switch (log.m_profile) {
    case Profile::TrainingMaster:
        log.m_banner = 14;
        log.m_period = std::chrono::milliseconds(5000);
        break;
    case Profile::TrainingWorker:
        log.m_banner = 8;
        log.m_period = std::chrono::milliseconds(5000);
        break;
    case Profile::Notebook:
        log.m_banner = 9;
        log.m_period = std::chrono::milliseconds(60000);
        break;
    case Profile::Inference:
        log.m_banner = 12;
        log.m_period = std::chrono::milliseconds(10000);
        break;
    case Profile::IstioInit:
        log.m_banner = 11;
        log.m_period = std::chrono::hours(24 * 365); // prints its rules and exits
        break;
    case Profile::IstioProxy:
        log.m_banner = 6;
        log.m_period = std::chrono::milliseconds(15000);
        break;
    case Profile::Service:
        log.m_banner = 5;
        log.m_period = std::chrono::milliseconds(30000);
        break;
    }
    // A pod may ask for a faster steady rate (benchmarks follow a chatty pod).
    const std::string rate =
        metadataString(pod, "annotations", "sim.cubedesk.io/log-lines-per-second");
    if (const long perSecond = std::atol(rate.c_str()); perSecond > 0 && perSecond <= 1'000'000)
        log.m_period = std::chrono::nanoseconds(1'000'000'000 / perSecond);
    if (log.m_running) {
        log.m_total = std::numeric_limits<std::uint64_t>::max();
        return log;
    }
    const bool training =
        log.m_profile == Profile::TrainingMaster || log.m_profile == Profile::TrainingWorker;
    if (log.m_oomKilled)
        log.m_ending = 1; // a progress bar the kernel cut short
    else if (log.m_failed)
        log.m_ending = training ? 12 : 3;
    else
        log.m_ending = training ? 3 : (log.m_profile == Profile::IstioInit ? 0 : 1);
    log.m_steady = log.steadyIndexAt(log.endingStart());
    log.m_total = log.m_steady + log.m_ending;
    return log;
}

std::uint64_t ContainerLog::steadyIndexAt(TimePoint t) const {
    const TimePoint first = m_start + kFirstLine;
    if (t <= first)
        return 0;
    const auto sinceFirst = t - first;
    if (sinceFirst <= kBannerGap * static_cast<std::int64_t>(m_banner - 1)) {
        const auto gaps = (sinceFirst + kBannerGap - std::chrono::nanoseconds(1)) / kBannerGap;
        return static_cast<std::uint64_t>(gaps);
    }
    const TimePoint steadyStart = first + kBannerGap * static_cast<std::int64_t>(m_banner);
    if (t <= steadyStart)
        return m_banner;
    const auto j = static_cast<std::uint64_t>((t - steadyStart) / m_period);
    return m_banner + (timeOf(m_banner + j) >= t ? j : j + 1);
}

ContainerLog::TimePoint ContainerLog::endingStart() const {
    // A run with an ending prints it in its last two seconds; one without prints until it exits.
    return m_ending > 0 ? std::max(m_start, m_end - kEndingLead) : m_end;
}

std::uint64_t ContainerLog::countAt(TimePoint now) const {
    if (!m_running && now >= m_end)
        return m_total;
    return std::min(m_total, firstAtOrAfter(now + std::chrono::nanoseconds(1)));
}

std::uint64_t ContainerLog::firstAtOrAfter(TimePoint t) const {
    if (m_running)
        return steadyIndexAt(t);
    const std::uint64_t k = std::min(steadyIndexAt(t), m_steady);
    if (k < m_steady)
        return k;
    for (std::uint64_t i = m_steady; i < m_total; ++i)
        if (timeOf(i) >= t)
            return i;
    return m_total;
}

ContainerLog::TimePoint ContainerLog::timeOf(std::uint64_t k) const {
    const TimePoint first = m_start + kFirstLine;
    if (!m_running && k >= m_steady) {
        TimePoint t = endingStart() + kEndingGap * static_cast<std::int64_t>(k - m_steady);
        // Never before the last steady line.
        if (m_steady > 0)
            t = std::max(t, timeOf(m_steady - 1) + std::chrono::microseconds(1));
        return t;
    }
    if (k < m_banner)
        return first + kBannerGap * static_cast<std::int64_t>(k);
    const std::uint64_t j = k - m_banner;
    const TimePoint steadyStart = first + kBannerGap * static_cast<std::int64_t>(m_banner);
    // A little jitter, less than a quarter period, keeps the instants increasing.
    const auto jitter = std::chrono::duration_cast<std::chrono::nanoseconds>(
        m_period * (unit(m_seed, j, 1) * 0.25));
    return steadyStart + m_period * static_cast<std::int64_t>(j) + jitter;
}

bool ContainerLog::terminated(std::uint64_t k) const {
    return !(m_oomKilled && k + 1 == m_total);
}

std::string ContainerLog::textOf(std::uint64_t k) const {
    if (!m_running && k >= m_steady)
        return endingText(k - m_steady);
    if (k >= m_banner)
        return steadyText(k - m_banner);
    const TimePoint t = timeOf(k);
    switch (m_profile) {
    case Profile::TrainingMaster: {
        static constexpr std::array<const char *, 14> lines = {
            "+ python3 /app/train.py --config /mnt/config/train.yaml --epochs 300 --batch-size 256",
            "INFO | torch 2.4.0+cu124, CUDA 12.4, cuDNN 90100, 8 x NVIDIA A100-SXM4-80GB",
            "INFO | world size 16, rank 0, local rank 0, master_addr %s:23456",
            "NCCL INFO Bootstrap : Using eth0:10.244.1.5<0>",
            "NCCL INFO NET/Plugin: No plugin found (libnccl-net.so), using internal implementation",
            "NCCL INFO cudaDriverVersion 12040",
            "NCCL version 2.21.5+cuda12.4",
            "NCCL INFO Channel 00/32 :    0   1   2   3   4   5   6   7   8   9  10  11  12  13  "
            "14  15",
            "NCCL INFO Connected all rings",
            "INFO | model resnet50: 25,557,032 parameters, channels_last, amp bf16",
            "CONFIG",
            "INFO | dataset /mnt/imagenet: 1,281,167 training images, 50,000 validation images",
            "INFO | 5,005 steps per epoch, checkpoints every epoch to /mnt/checkpoints",
            "INFO | starting training",
        };
        const std::string line = lines.at(k);
        if (line == "CONFIG") {
            // The resolved configuration on one line: very long for some runs.
            std::string cfg = R"(INFO | config {"model":"resnet50","optimizer":"sgd","lr":0.1,)"
                              R"("momentum":0.9,"weight_decay":0.0001,"augment":[)";
            const int entries = (m_seed % 4 == 0) ? 600 : 6;
            for (int i = 0; i < entries; ++i) {
                if (i > 0)
                    cfg += ',';
                cfg += fmt(R"({"op":"random_resized_crop","size":224,"scale":[0.08,1.0],)"
                           R"("seed":%d})",
                           i);
            }
            return cfg + "]}";
        }
        if (k == 2)
            return fmt(line.c_str(), m_podName.c_str());
        return line;
    }
    case Profile::TrainingWorker: {
        static constexpr std::array<const char *, 8> lines = {
            "+ python3 /app/train.py --config /mnt/config/train.yaml --epochs 300 --batch-size 256",
            "INFO | torch 2.4.0+cu124, CUDA 12.4, 8 x NVIDIA A100-SXM4-80GB",
            "INFO | rank %d waiting for master",
            "NCCL INFO Bootstrap : Using eth0:10.244.2.7<0>",
            "NCCL INFO cudaDriverVersion 12040",
            "NCCL INFO Connected all rings",
            "INFO | rank %d joined the process group",
            "INFO | rank %d loading shard of /mnt/imagenet",
        };
        const std::string line = lines.at(k);
        if (line.find("%d") != std::string::npos)
            return fmt(line.c_str(), 8 + m_replicaIndex * 8);
        return line;
    }
    case Profile::Notebook: {
        static constexpr std::array<const char *, 9> lines = {
            "Entered start.sh with args: jupyter lab",
            "jupyter_lsp | extension was successfully linked.",
            "jupyter_server_terminals | extension was successfully linked.",
            "jupyterlab | extension was successfully linked.",
            "Writing Jupyter server cookie secret to "
            "/home/jovyan/.local/share/jupyter/runtime/jupyter_cookie_secret",
            "Serving notebooks from local directory: /home/jovyan",
            "Jupyter Server 2.14.2 is running at:",
            "http://%s:8888/notebook/jupyter/%s/lab",
            "Use Control-C to stop this server and shut down all kernels (twice to skip "
            "confirmation).",
        };
        if (k == 0)
            return lines[0];
        std::string text = lines.at(k);
        if (k == 7)
            text = fmt(text.c_str(), m_podName.c_str(), m_podName.c_str());
        return "[I " + clockText(t, false) + " ServerApp] " + text;
    }
    case Profile::Inference: {
        if (m_seed % 2 == 1) {
            // A FastAPI front: uvicorn colours its levels.
            static constexpr std::array<const char *, 12> lines = {
                "\x1b[32mINFO\x1b[0m:     Started server process [1]",
                "\x1b[32mINFO\x1b[0m:     Waiting for application startup.",
                "\x1b[32mINFO\x1b[0m:     loading model from /mnt/models/model.onnx",
                "\x1b[32mINFO\x1b[0m:     onnxruntime 1.18.1, providers: CUDAExecutionProvider",
                "\x1b[33mWARNING\x1b[0m:  CUDA graph capture disabled: dynamic input shapes",
                "\x1b[32mINFO\x1b[0m:     warm-up: 16 requests in 2.41 s",
                "\x1b[32mINFO\x1b[0m:     model ready",
                "\x1b[32mINFO\x1b[0m:     Application startup complete.",
                "\x1b[32mINFO\x1b[0m:     Uvicorn running on \x1b[1mhttp://0.0.0.0:8080\x1b[0m "
                "(Press CTRL+C to quit)",
                "\x1b[32mINFO\x1b[0m:     10.244.0.1:41872 - \"GET /health HTTP/1.1\" "
                "\x1b[32m200 OK\x1b[0m",
                "\x1b[32mINFO\x1b[0m:     10.244.0.1:41874 - \"GET /ready HTTP/1.1\" "
                "\x1b[32m200 OK\x1b[0m",
                "\x1b[32mINFO\x1b[0m:     serving",
            };
            return lines.at(k);
        }
        static constexpr std::array<const char *, 12> lines = {
            "server.cc:674] Started GRPCInferenceService at 0.0.0.0:8001",
            "pinned_memory_manager.cc:241] Pinned memory pool is created at '0x7f2a4c000000' "
            "with size 268435456",
            "cuda_memory_manager.cc:107] CUDA memory pool is created on device 0 with size "
            "67108864",
            "model_lifecycle.cc:469] loading: model:1",
            "onnxruntime.cc:2608] TRITONBACKEND_Initialize: onnxruntime",
            "model_lifecycle.cc:835] successfully loaded 'model'",
            "server.cc:604] +-------+---------+--------+",
            "server.cc:604] | Model | Version | Status |",
            "server.cc:604] +-------+---------+--------+",
            "server.cc:604] | model | 1       | READY  |",
            "server.cc:604] +-------+---------+--------+",
            "http_server.cc:4497] Started HTTPService at 0.0.0.0:8000",
        };
        return "I" + clockText(t, true) + " 1 " + lines.at(k);
    }
    case Profile::IstioInit: {
        static constexpr std::array<const char *, 11> lines = {
            "", // the first line carries its time: below
            "ENVOY_PORT=15001 INBOUND_CAPTURE_PORT=15006 ISTIO_INBOUND_INTERCEPTION_MODE=REDIRECT",
            "Writing following contents to rules file: /tmp/iptables-rules.txt",
            "* nat",
            "-N ISTIO_INBOUND",
            "-N ISTIO_REDIRECT",
            "-N ISTIO_OUTPUT",
            "-A ISTIO_INBOUND -p tcp --dport 15008 -j RETURN",
            "-A ISTIO_REDIRECT -p tcp -j REDIRECT --to-ports 15001",
            "COMMIT",
            "iptables-restore --noflush /tmp/iptables-rules.txt",
        };
        if (k == 0)
            return formatRfc3339(t) + "\tinfo\tIstio iptables environment:";
        return lines.at(k);
    }
    case Profile::IstioProxy: {
        static constexpr std::array<const char *, 6> lines = {
            "info\tFIPS mode disabled",
            "info\tVersion 1.22.3-4d5b1a2c0e8d3f7a6b9c1e2d3f4a5b6c7d8e9f0a-Clean",
            "info\tProxy role\tips=[10.244.3.17] type=sidecar id=%s.service",
            "info\tEnvoy command: [-c etc/istio/proxy/envoy-rev.json --drain-time-s 45]",
            "info\txdsproxy\tconnected to upstream XDS server: istiod.istio-system.svc:15012",
            "info\tReadiness succeeded in 1.1s",
        };
        std::string text = lines.at(k);
        if (k == 2)
            text = fmt(text.c_str(), m_podName.c_str());
        return formatRfc3339(t) + '\t' + text;
    }
    case Profile::Service: {
        static constexpr std::array<const char *, 5> lines = {
            "level=info msg=\"starting\" version=v1.9.2",
            "level=info msg=\"loaded configuration\" file=/etc/app/config.yaml",
            "level=info msg=\"connected to the API server\" host=kubernetes.default.svc",
            "level=info msg=\"listening\" addr=:8080",
            "level=info msg=\"ready\"",
        };
        return "time=\"" + formatRfc3339(t) + "\" " + lines.at(k);
    }
    }
    return {};
}

std::string ContainerLog::steadyText(std::uint64_t j) const {
    const TimePoint t = timeOf(m_banner + j);
    switch (m_profile) {
    case Profile::TrainingMaster:
    case Profile::TrainingWorker: {
        // 300 epochs of 5,005 steps, a line every 10 steps: a run of days stays in range.
        const std::uint64_t stepsPerLine = 10;
        const std::uint64_t stepsPerEpoch = 5005;
        const std::uint64_t step = (j + 1) * stepsPerLine;
        const std::uint64_t epoch = std::min<std::uint64_t>(step / stepsPerEpoch, 299);
        const double progress = static_cast<double>(j) / 40000.0;
        const double loss = 0.9 + 6.0 * std::exp(-progress) + 0.08 * unit(m_seed, j, 2);
        if (m_profile == Profile::TrainingWorker) {
            if (m_seed % 2 == 0 && j % 97 == 41)
                // A filename that is not UTF-8 (a Latin-1 name from an old archive).
                return "WARNING | skipping unreadable sample /mnt/imagenet/train/n01440764/"
                       "caf\xe9_\xff\xfe" +
                       std::to_string(j) + ".JPEG";
            return fmt("[rank %d] step %llu loss %.4f grad_norm %.2f data %.3fs compute %.3fs",
                       8 + m_replicaIndex * 8, static_cast<unsigned long long>(step), loss,
                       0.8 + 0.5 * unit(m_seed, j, 3), 0.01 + 0.02 * unit(m_seed, j, 4),
                       0.25 + 0.05 * unit(m_seed, j, 5));
        }
        if (step % stepsPerEpoch < stepsPerLine && epoch > 0)
            return fmt("Epoch %llu/300 done | val top-1 %.2f%% top-5 %.2f%% | checkpoint "
                       "/mnt/checkpoints/epoch-%03llu.pt",
                       static_cast<unsigned long long>(epoch),
                       std::min(76.5, 30.0 + 46.0 * (1.0 - std::exp(-0.08 * epoch))),
                       std::min(93.0, 60.0 + 33.0 * (1.0 - std::exp(-0.1 * epoch))),
                       static_cast<unsigned long long>(epoch));
        return fmt("Epoch %llu/300 | step %llu/%llu | loss %.4f | lr %.6f | %.1f img/s",
                   static_cast<unsigned long long>(epoch + 1),
                   static_cast<unsigned long long>(step % stepsPerEpoch),
                   static_cast<unsigned long long>(stepsPerEpoch), loss,
                   0.05 * (1.0 + std::cos(3.14159265 * static_cast<double>(epoch) / 300.0)),
                   1800.0 + 150.0 * unit(m_seed, j, 6));
    }
    case Profile::Notebook: {
        const std::uint64_t kind = splitmix64(m_seed ^ j) % 10;
        std::string text;
        if (kind < 5)
            text = "[I " + clockText(t, false) + " ServerApp] Saving file at /work/analysis-" +
                   std::to_string(j % 7) + ".ipynb";
        else if (kind < 8)
            text = "[I " + clockText(t, false) + " ServerApp] Kernel started: " +
                   fmt("%08llx-4c1e-4f2a-9d3b-%012llx",
                       static_cast<unsigned long long>(splitmix64(j) & 0xffffffffULL),
                       static_cast<unsigned long long>(splitmix64(m_seed + j) & 0xffffffffffffULL));
        else
            text = "[W " + clockText(t, false) +
                   " ServerApp] 404 GET /api/kernels/0f3e/channels?session_id=1 (10.244.0.1): "
                   "Kernel does not exist: 0f3e";
        return text;
    }
    case Profile::Inference:
        if (m_seed % 2 == 1)
            return fmt("\x1b[32mINFO\x1b[0m:     10.244.%llu.%llu:%llu - \"POST "
                       "/v1/models/model:predict HTTP/1.1\" \x1b[32m200 OK\x1b[0m",
                       static_cast<unsigned long long>(splitmix64(j) % 8),
                       static_cast<unsigned long long>(2 + splitmix64(j + 1) % 250),
                       static_cast<unsigned long long>(30000 + splitmix64(j + 2) % 30000));
        return "I" + clockText(t, true) +
               fmt(" 1 infer_handler.cc:1002] inference request: model 'model' batch %llu "
                   "queue %.1f ms compute %.1f ms",
                   static_cast<unsigned long long>(1 + splitmix64(j) % 8), 0.2 + unit(m_seed, j, 7),
                   3.0 + 4.0 * unit(m_seed, j, 8));
    case Profile::IstioProxy:
        return fmt("[%s] \"GET /health HTTP/1.1\" 200 - via_upstream - \"-\" 0 2 1 1 \"-\" "
                   "\"kube-probe/1.32\" \"%08llx\" \"10.244.3.17:8080\" inbound|8080||",
                   formatRfc3339(t).c_str(),
                   static_cast<unsigned long long>(splitmix64(m_seed ^ j) & 0xffffffffULL));
    case Profile::IstioInit:
        return {};
    case Profile::Service:
        return "time=\"" + formatRfc3339(t) + "\" level=info msg=\"reconciled\" objects=" +
               std::to_string(10 + splitmix64(m_seed ^ j) % 90) +
               fmt(" duration=%.1fms", 1.0 + 20.0 * unit(m_seed, j, 9));
    }
    return {};
}

std::string ContainerLog::endingText(std::uint64_t i) const {
    const bool training =
        m_profile == Profile::TrainingMaster || m_profile == Profile::TrainingWorker;
    if (m_oomKilled)
        return "Epoch 12:  43%|\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x88\xe2\x96\x8e     "
               "| 2150/5005 [12:01<15:56, 2.98it/s]";
    if (!m_failed) {
        if (!training)
            return "level=info msg=\"shutting down\" signal=terminated";
        static constexpr std::array<const char *, 3> done = {
            "INFO | training complete: 300 epochs, best val top-1 81.07%",
            "INFO | saved final model to /mnt/models/resnet50/model.pt",
            "INFO | exiting",
        };
        return done.at(i);
    }
    if (!training) {
        static constexpr std::array<const char *, 3> failed = {
            "level=error msg=\"lost connection to the database\" err=\"dial tcp "
            "10.96.12.4:5432: connect: connection refused\"",
            "level=error msg=\"giving up after 5 attempts\"",
            "level=fatal msg=\"exiting\" code=1",
        };
        return failed.at(i);
    }
    // Which failure: a CUDA out-of-memory, an NCCL error, or a plain bug.
    const int kind = m_failure;
    static constexpr std::array<const char *, 9> stack = {
        "Traceback (most recent call last):",
        "  File \"/app/train.py\", line 412, in <module>",
        "    main()",
        "  File \"/app/train.py\", line 388, in main",
        "    loss = train_one_epoch(model, loader, optimizer, scaler, epoch)",
        "  File \"/app/train.py\", line 201, in train_one_epoch",
        "    output = model(images)",
        "  File \"/usr/local/lib/python3.10/site-packages/torch/nn/modules/module.py\", line "
        "1553, in _wrapped_call_impl",
        "    return self._call_impl(*args, **kwargs)",
    };
    if (i < stack.size())
        return stack.at(i);
    if (kind == 0) {
        static constexpr std::array<const char *, 3> oom = {
            "  File \"/usr/local/lib/python3.10/site-packages/torch/nn/functional.py\", line "
            "2509, in batch_norm",
            "    return torch.batch_norm(",
            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a "
            "total capacity of 79.15 GiB of which 1.19 GiB is free. Process 2817 has 77.95 GiB "
            "memory in use. Of the allocated memory 74.21 GiB is allocated by PyTorch, and 2.31 "
            "GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is "
            "large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
            "fragmentation.  See documentation for Memory Management  "
            "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
        };
        return oom.at(i - stack.size());
    }
    if (kind == 1) {
        static constexpr std::array<const char *, 3> nccl = {
            "torch.distributed.DistBackendError: NCCL error in: "
            "../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error "
            "(run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
            "ncclSystemError: System call (e.g. socket, malloc) or external library call failed "
            "or device error.",
            "Last error: socketProgress: Connection closed by remote peer",
        };
        return nccl.at(i - stack.size());
    }
    static constexpr std::array<const char *, 3> bug = {
        "  File \"/app/data.py\", line 77, in __getitem__",
        "    label = self.labels[path.parent.name]",
        "KeyError: 'n04591713'",
    };
    return bug.at(i - stack.size());
}

} // namespace cubedesk::sim
