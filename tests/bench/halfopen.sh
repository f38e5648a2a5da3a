#!/usr/bin/env bash
# How long a connection whose path vanished takes to fail (docs/cache.md, "Silence"): a log
# follow against the simulator, then every packet on loopback is dropped (no FIN, no RST — a VPN
# that went away) and the time until `cubedesk --logs` reports the failure is printed.
# Not part of `make test`: it needs a private network namespace (`unshare -rn`), `ip` and `tc`
# (the blackhole qdisc). Usage:
#   tests/bench/halfopen.sh            (builds nothing; BIN names the binaries' directory)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BIN=${BIN:-$ROOT/build/release/bin}
if [ "${1:-}" != "--inside" ]; then
    exec unshare -rn "$0" --inside
fi
WORK=$(mktemp -d)
trap 'kill $SIM_PID 2>/dev/null || true; wait 2>/dev/null || true; rm -rf "$WORK"' EXIT
ip link set lo up
"$BIN/cubedesk-sim" --write-kubeconfig "$WORK/kubeconfig" > "$WORK/sim.out" 2>&1 &
SIM_PID=$!
until grep -q listening "$WORK/sim.out"; do
    kill -0 $SIM_PID || { cat "$WORK/sim.out"; exit 1; }
    sleep 0.1
done
POD=$(KUBECONFIG="$WORK/kubeconfig" kubectl get pods -A --field-selector=status.phase=Running \
    -o jsonpath='{.items[0].metadata.namespace}/{.items[0].metadata.name}')
stamp() { while IFS= read -r line; do echo "$(date +%s.%N | cut -c1-14) $line"; done; }
"$BIN/cubedesk" --kubeconfig "$WORK/kubeconfig" --logs "$POD" --tail 1 --follow 600 2>&1 \
    | stamp > "$WORK/follow.out" &
FOLLOW=$!
until [ -s "$WORK/follow.out" ]; do sleep 0.1; done
tc qdisc add dev lo root blackhole
cut=$(date +%s.%N | cut -c1-14)
wait $FOLLOW || true
last=$(grep -v 'cubedesk:' "$WORK/follow.out" | tail -1 | cut -d' ' -f1)
failed=$(grep 'cubedesk:' "$WORK/follow.out" | tail -1)
echo "path cut at $cut; last line received at $last"
echo "failure: $failed"
echo "seconds from the last byte received to the failure: $(echo "${failed%% *} - $last" | bc)"
