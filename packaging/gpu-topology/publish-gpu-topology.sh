#!/bin/sh
# publish-gpu-topology.sh: publish this node's `nvidia-smi topo -m` as the node annotation
# cubedesk.io/gpu-topology, where CubeDesk's GPUs pane and `cubedesk --dump gpus` read it.
#
# Environment:
#   NODE_NAME         the node to annotate (the DaemonSet sets it from spec.nodeName); required
#   INTERVAL_SECONDS  how often to look again (default 600); the annotation is only rewritten
#                     when the output changed (a driver upgrade, a GPU that fell off the bus)
#   NVIDIA_SMI        the nvidia-smi to run (default: nvidia-smi on PATH)
# Arguments:
#   --once            publish once and exit: 0 when published, 1 when nvidia-smi or kubectl failed
#
# kubectl finds the API server as usual: in a pod through the ServiceAccount, elsewhere through
# $KUBECONFIG. It needs get and patch on nodes, nothing else.
set -u

once=""
[ "${1:-}" = "--once" ] && once=1
node="${NODE_NAME:-}"
if [ -z "$node" ]; then
    echo "publish-gpu-topology: NODE_NAME is not set" >&2
    exit 2
fi
interval="${INTERVAL_SECONDS:-600}"
smi="${NVIDIA_SMI:-nvidia-smi}"
key="cubedesk.io/gpu-topology"
last=""

while :; do
    status=0
    if topo="$("$smi" topo -m 2>&1)"; then
        if [ "$topo" != "$last" ]; then
            if kubectl annotate node "$node" "$key=$topo" --overwrite >/dev/null; then
                last="$topo"
                echo "publish-gpu-topology: published the topology of $node ($(printf '%s\n' "$topo" | grep -c '^GPU') GPUs)"
            else
                echo "publish-gpu-topology: kubectl annotate node $node failed" >&2
                status=1
            fi
        fi
    else
        echo "publish-gpu-topology: $smi topo -m failed: $topo" >&2
        status=1
    fi
    [ -n "$once" ] && exit "$status"
    sleep "$interval"
done
