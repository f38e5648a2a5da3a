#!/usr/bin/env bash
# The window at rest (docs/performance.md, issue 25's "idle" goal): CPU and wake-ups of the real
# `cubedesk` window over a `cubedesk-sim --scenario scale` cluster that does not change, measured
# from outside the process (/proc) once the window has synced. Not part of `make test`. Usage:
#   tests/bench/idle.sh [NODES] [PODS] [PANE] [MEASURE_S]     (default 5000 150000 0 30)
# PANE is the tab index shown (0 Clusters … 7 Pending and events). Needs a release build
# (make release), Xvfb and taskset: the simulator runs on CPU 1, the window on CPU 0. WAIT (s,
# default 50) is how long the window gets to sync first; PERF=1 also records 20 s of perf.
set -euo pipefail
NODES=${1:-5000}
PODS=${2:-150000}
PANE=${3:-0}
MEASURE=${4:-30}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${BIN:-$ROOT/build/release/bin}
WORK=$(mktemp -d)
DISPLAY_NUMBER=${DISPLAY_NUMBER:-91}
trap 'kill $APP $SIM $XVFB 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT

mkdir -p "$WORK/home/.config/CubeDesk"
printf '[window]\npane=%s\n' "$PANE" > "$WORK/home/.config/CubeDesk/cubedesk.conf"
taskset -c 1 "$BIN/cubedesk-sim" --scenario scale --nodes "$NODES" --pods "$PODS" \
    --listen 127.0.0.1:0 --write-kubeconfig "$WORK/kubeconfig" > "$WORK/sim.log" 2>&1 &
SIM=$!
for _ in $(seq 180); do grep -q listening "$WORK/sim.log" && break; sleep 1; done
grep -q listening "$WORK/sim.log" || { echo "idle.sh: the simulator did not start" >&2; exit 1; }
Xvfb ":$DISPLAY_NUMBER" -screen 0 1600x1000x24 > /dev/null 2>&1 &
XVFB=$!
sleep 1
DISPLAY=":$DISPLAY_NUMBER" HOME="$WORK/home" taskset -c 0 "$BIN/cubedesk" \
    --kubeconfig "$WORK/kubeconfig" > "$WORK/app.log" 2>&1 &
APP=$!
sleep "${WAIT:-50}"

ticks() { awk '{print $14 + $15}' "/proc/$APP/stat"; }
# Per thread "tid switches": threads that end or start during the measurement (Qt's pool lets an
# idle thread go after 30 s) must not count, so only threads alive at both ends are summed.
switches() { for t in /proc/"$APP"/task/*; do
    echo "${t##*/} $(awk '/^voluntary_ctxt_switches/ {print $2}' "$t/status" 2>/dev/null)"; done; }
woken() { awk 'NR == FNR {a[$1] = $2; next} ($1 in a) && $2 != "" {s += $2 - a[$1]} END {print s + 0}' \
    "$WORK/c0" "$WORK/c1"; }
gui() { awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$APP/status"; }
t0=$(ticks); switches > "$WORK/c0"; g0=$(gui); s0=$(date +%s.%N)
sleep "$MEASURE"
t1=$(ticks); switches > "$WORK/c1"; g1=$(gui); s1=$(date +%s.%N)
w=$(woken)
hz=$(getconf CLK_TCK)
echo "pane $PANE, $NODES nodes, $PODS pods, no churn, $MEASURE s:" \
    "$(echo "scale=2; 100 * ($t1 - $t0) / $hz / ($s1 - $s0)" | bc) % of one core;" \
    "$(echo "scale=2; $w / $MEASURE" | bc) wake-ups/s (all threads: $w)," \
    "$(echo "scale=2; ($g1 - $g0) / $MEASURE" | bc)/s on the GUI thread ($((g1 - g0)));" \
    "$(awk '/^VmRSS/ {print $2 / 1024 " MB"}' "/proc/$APP/status") resident"
if [[ -n "${PERF:-}" ]]; then
    perf record -F 499 -g -p "$APP" -o "$ROOT/build/idle-perf.data" -- sleep 20 2> /dev/null
    echo "perf data: $ROOT/build/idle-perf.data"
fi
