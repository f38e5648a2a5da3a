#!/usr/bin/env bash
# Peers on the same simulator in the same run (docs/performance.md): how long kubectl and
# curl take to list every pod of a `scale` cluster, with wall time and peak RSS (GNU time).
# Not part of `make test`. Usage:
#   tests/bench/peers.sh [NODES] [PODS] [REPEAT]      (default 500 15000 3)
# Needs a release build (make release) and /usr/bin/time. KUBECTL=0 leaves kubectl out (at 150,000
# pods `kubectl get pods -A -o name` needs ~12 GB); SIM and BENCH name other binaries; SIM_ARGS
# adds simulator options (e.g. "--faults delay:ms=20" for a remote server's first-byte time,
# "--no-watch-list" for a server without streaming lists). With two CPUs or more the simulator
# runs on the last one and every client on the others (PIN=0: no pinning), as on a machine
# whose API server is elsewhere.
set -euo pipefail
NODES=${1:-500}
PODS=${2:-15000}
REPEAT=${3:-3}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
SIM=${SIM:-$ROOT/build/release/bin/cubedesk-sim}
WORK=$(mktemp -d)
trap 'kill $SIM_PID 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

SIM_PIN=() CLIENT_PIN=()
CPUS=$(nproc)
if [ "${PIN:-1}" != 0 ] && [ "$CPUS" -ge 2 ]; then
    SIM_PIN=(taskset -c $((CPUS - 1)))
    CLIENT_PIN=(taskset -c 0-$((CPUS - 2)))
fi
start=$(date +%s.%N)
# shellcheck disable=SC2086 # SIM_ARGS is a list of options
"${SIM_PIN[@]}" "$SIM" ${SIM_ARGS:-} --scenario scale --nodes "$NODES" --pods "$PODS" --listen 127.0.0.1:0 \
    --write-kubeconfig "$WORK/kubeconfig" > "$WORK/sim.out" 2> "$WORK/sim.err" &
SIM_PID=$!
for _ in $(seq 1 600); do grep -q listening "$WORK/sim.out" 2>/dev/null && break; sleep 0.1; done
ready=$(date +%s.%N)
URL=$(sed -n 's/^listening on //p' "$WORK/sim.out")
TOKEN=$(sed -n 's/^ *token: //p' "$WORK/kubeconfig")
sed -n 's/^ *certificate-authority-data: //p' "$WORK/kubeconfig" | base64 -d > "$WORK/ca.crt"
echo "{\"nodes\": $NODES, \"pods\": $PODS, \"simulator_ready_seconds\": $(echo "$ready - $start" | bc)}"

measure() { # name, command...
    local name=$1; shift
    for i in $(seq 1 "$REPEAT"); do
        /usr/bin/time -f "%e %M" -o "$WORK/time" "${CLIENT_PIN[@]}" "$@" > "$WORK/out" 2> "$WORK/err" || {
            echo "{\"peer\": \"$name\", \"error\": \"$(head -c 200 "$WORK/err" | tr '\n"' '  ')\"}"; continue; }
        read -r secs kb < "$WORK/time"
        echo "{\"peer\": \"$name\", \"run\": $i, \"seconds\": $secs, \"peak_rss_mb\": $((kb / 1024)), \"output_bytes\": $(stat -c %s "$WORK/out")}"
    done
}
measure "curl /api/v1/pods (raw transfer)" curl -sS --cacert "$WORK/ca.crt" -H "Authorization: Bearer $TOKEN" "$URL/api/v1/pods"
if [ "${KUBECTL:-1}" != 0 ]; then
    KC=(kubectl --kubeconfig "$WORK/kubeconfig" --cache-dir "$WORK/cache")
    "${KC[@]}" api-resources > /dev/null  # warm kubectl's discovery cache, as a user's would be
    measure "kubectl get pods -A -o name" "${KC[@]}" get pods -A -o name
    measure "kubectl get pods -A (server-side table)" "${KC[@]}" get pods -A
    measure "kubectl get nodes -o name" "${KC[@]}" get nodes -o name
fi
BENCH=${BENCH:-$ROOT/build/release/bin/cubedesk-bench}
for i in $(seq 1 "$REPEAT"); do
    /usr/bin/time -f "%e %M" -o "$WORK/time" "${CLIENT_PIN[@]}" "$BENCH" --kubeconfig "$WORK/kubeconfig" --resource pods --repeat 1 > "$WORK/out" 2> "$WORK/err" || {
        echo "{\"peer\": \"cubedesk-bench\", \"error\": \"$(head -c 200 "$WORK/err" | tr '\n"' '  ')\"}"; continue; }
    read -r secs kb < "$WORK/time"
    echo "{\"peer\": \"cubedesk-bench --resource pods\", \"run\": $i, \"process_seconds\": $secs, \"peak_rss_mb\": $((kb / 1024)), \"report\": $(cat "$WORK/out")}"
done
