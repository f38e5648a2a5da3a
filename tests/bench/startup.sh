#!/usr/bin/env bash
# Start-up as a user meets it (issue 25, docs/performance.md): the real `cubedesk` window started
# with ten contexts configured — REACHABLE simulated clusters, two more contexts whose credential
# comes from an exec plugin that takes PLUGIN_S seconds, one unreachable server — timed from exec
# to the first painted frame and to each context's sync, against what a user would otherwise run
# for one context alone: `cubedesk --dump clusters --context C` and `kubectl get nodes`.
# Not part of `make test`. Usage:
#   tests/bench/startup.sh [RUNS] [REACHABLE] [PLUGIN_S]        (default 5 7 5)
# Needs a release build (make release), Xvfb, taskset, kubectl and python3. The simulators
# (demo scenario) run on the last CPU, the window and its peers on the others. Times come from
# CLOCK_BOOTTIME: the launcher reads it right before exec, the window's log lines carry it
# (QT_MESSAGE_PATTERN's %{time boot}).
set -euo pipefail
RUNS=${1:-5}
REACHABLE=${2:-7}
PLUGIN_S=${3:-5}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${BIN:-$ROOT/build/release/bin}
WORK=$(mktemp -d)
DISPLAY_NUMBER=${DISPLAY_NUMBER:-93}
CPUS=$(nproc)
SIM_CPU=$((CPUS - 1))
CLIENT_CPUS=0-$((CPUS > 1 ? CPUS - 2 : 0))
PIDS=()
trap 'kill "${PIDS[@]}" 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

for i in $(seq 1 "$REACHABLE"); do
    taskset -c "$SIM_CPU" "$BIN/cubedesk-sim" --scenario demo --seed "$i" --listen 127.0.0.1:0 \
        --context-name "sim$i" --write-kubeconfig "$WORK/kc$i" > "$WORK/sim$i.log" 2>&1 &
    PIDS+=($!)
done
for i in $(seq 1 "$REACHABLE"); do
    for _ in $(seq 300); do grep -q listening "$WORK/sim$i.log" && break; sleep 0.1; done
    grep -q listening "$WORK/sim$i.log" || { echo "startup.sh: simulator $i did not start" >&2; exit 1; }
done
Xvfb ":$DISPLAY_NUMBER" -screen 0 1600x1000x24 > /dev/null 2>&1 &
PIDS+=($!)

# One kubeconfig (JSON is YAML) with every context: the simulators', two through a slow exec
# plugin (to simulators 1 and 2), one to an address nothing answers.
cat > "$WORK/slow-plugin" <<EOF
#!/bin/sh
sleep $PLUGIN_S
printf '{"apiVersion":"client.authentication.k8s.io/v1","kind":"ExecCredential","status":{"token":"%s"}}' "\$SIM_TOKEN"
EOF
chmod +x "$WORK/slow-plugin"
python3 - "$WORK" "$REACHABLE" <<'EOF'
import json, re, sys
work, n = sys.argv[1], int(sys.argv[2])
clusters, users, contexts = [], [], []
for i in range(1, n + 1):
    text = open(f"{work}/kc{i}").read()
    server = re.search(r"server: (\S+)", text).group(1)
    ca = re.search(r"certificate-authority-data: (\S+)", text).group(1)
    token = re.search(r"token: (\S+)", text).group(1)
    clusters.append({"name": f"sim{i}", "cluster": {"server": server, "certificate-authority-data": ca}})
    users.append({"name": f"sim{i}", "user": {"token": token}})
    contexts.append({"name": f"sim{i}", "context": {"cluster": f"sim{i}", "user": f"sim{i}"}})
    if i <= 2:
        users.append({"name": f"plugin{i}", "user": {"exec": {
            "apiVersion": "client.authentication.k8s.io/v1", "command": f"{work}/slow-plugin",
            "env": [{"name": "SIM_TOKEN", "value": token}], "interactiveMode": "Never"}}})
        contexts.append({"name": f"plugin{i}", "context": {"cluster": f"sim{i}", "user": f"plugin{i}"}})
clusters.append({"name": "unreachable", "cluster": {"server": "https://10.255.255.1:6443",
                 "certificate-authority-data": clusters[0]["cluster"]["certificate-authority-data"]}})
users.append({"name": "unreachable", "user": {"token": "x"}})
contexts.append({"name": "unreachable", "context": {"cluster": "unreachable", "user": "unreachable"}})
json.dump({"apiVersion": "v1", "kind": "Config", "current-context": "sim1", "clusters": clusters,
           "users": users, "contexts": contexts}, open(f"{work}/kubeconfig", "w"), indent=1)
EOF
NAMES=$(python3 -c "import json,sys; print(' '.join(c['name'] for c in json.load(open(sys.argv[1]))['contexts']))" "$WORK/kubeconfig")
echo "{\"contexts\": \"$NAMES\", \"plugin_seconds\": $PLUGIN_S, \"simulator_cpu\": $SIM_CPU, \"client_cpus\": \"$CLIENT_CPUS\"}"

for run in $(seq 1 "$RUNS"); do
    rm -rf "$WORK/home"
    mkdir -p "$WORK/home"
    # The launcher reads the clock, then becomes taskset, which becomes the window.
    DISPLAY=":$DISPLAY_NUMBER" HOME="$WORK/home" QT_MESSAGE_PATTERN='%{time boot} %{category}: %{message}' \
        QT_LOGGING_RULES='cubedesk.ui.startup=true;cubedesk.models.connection=true' \
        python3 -c 'import os, sys, time
print(f"{time.clock_gettime(time.CLOCK_BOOTTIME):.4f} exec", file=sys.stderr, flush=True)
os.execvp(sys.argv[1], sys.argv[1:])' taskset -c "$CLIENT_CPUS" "$BIN/cubedesk" \
        --kubeconfig "$WORK/kubeconfig" > "$WORK/app.out" 2> "$WORK/app.log" &
    APP=$!
    want=$((REACHABLE + 2))
    for _ in $(seq 600); do
        [ "$(grep -c '" synced' "$WORK/app.log" || true)" -ge "$want" ] && break
        sleep 0.1
    done
    kill "$APP" 2>/dev/null || true
    wait "$APP" 2>/dev/null || true
    python3 - "$WORK/app.log" "$run" <<'EOF'
import json, re, sys
t0, frame, synced = None, None, {}
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"\s*([\d.]+) (\S+)", line)
    if not m:
        continue
    t = float(m.group(1))
    if line.rstrip().endswith(" exec") and t0 is None:
        t0 = t
    elif "first frame painted" in line and frame is None:
        frame = t
    elif line.rstrip().endswith(" synced"):
        name = re.search(r'"([^"]+)" synced$', line.rstrip())
        if name:
            synced[name.group(1)] = round((t - t0) * 1000)
print(json.dumps({"run": int(sys.argv[2]),
                  "first_frame_ms": round((frame - t0) * 1000) if frame and t0 else None,
                  "synced_ms_from_exec": synced}))
EOF
done

# The peers, one context at a time, on the window's CPUs.
for i in $(seq 1 "$REACHABLE"); do
    for tool in dump kubectl; do
        times=()
        for _ in $(seq 1 "$RUNS"); do
            a=$EPOCHREALTIME
            if [ "$tool" = dump ]; then
                HOME="$WORK/home" taskset -c "$CLIENT_CPUS" "$BIN/cubedesk" --kubeconfig "$WORK/kubeconfig" \
                    --context "sim$i" --dump clusters > /dev/null 2>&1
            else
                taskset -c "$CLIENT_CPUS" kubectl --kubeconfig "$WORK/kubeconfig" --context "sim$i" \
                    --cache-dir "$WORK/kcache" get nodes > /dev/null 2>&1
            fi
            b=$EPOCHREALTIME
            times+=("$(python3 -c "print(round(($b - $a) * 1000))")")
        done
        echo "{\"context\": \"sim$i\", \"peer\": \"$tool\", \"ms\": [$(IFS=,; echo "${times[*]}")]}"
    done
done
