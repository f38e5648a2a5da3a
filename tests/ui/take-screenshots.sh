#!/usr/bin/env bash
# Takes the README screenshots of CubeDesk in English and Simplified Chinese:
# docs/screenshots/{en,zh_CN}/{clusters,nodes,overview,pending,jobs,quotas,gpus,board,balance,labels,move,
# yaml-editor,coredns,helm-releases}.png,
# the dark theme's {board,overview,gpus,nodes}-dark.png and preferences.png
#
#   tests/ui/take-screenshots.sh [BUILD_DIR]
#
# BUILD_DIR defaults to build/release (configured with the release preset when missing). Builds
# cubedesk-screenshots there and runs it under xvfb-run against the in-process demo clusters.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="$(realpath -m "${1:-$root/build/release}")"

for tool in xvfb-run cmake; do
    command -v "$tool" >/dev/null || { echo "take-screenshots: $tool is not installed" >&2; exit 1; }
done
fc-list :lang=zh family | grep -qi "noto" ||
    { echo "take-screenshots: no Noto CJK font (fonts-noto-cjk): Chinese would not render" >&2; exit 1; }

if [[ ! -f "$build/CMakeCache.txt" ]]; then
    if [[ $# -eq 0 ]]; then
        cmake --preset release -S "$root"
    else
        echo "take-screenshots: $build is not a CMake build folder" >&2
        exit 1
    fi
fi
cmake --build "$build" --target cubedesk-screenshots -j "${JOBS:-2}"

# What cubedesk-screenshots writes (the welcome, logs and terminal pictures come from tests, the
# resources pictures from the demo window under Xvfb; they stay).
shots=(clusters nodes overview pending jobs quotas gpus board balance labels move
    board-dark overview-dark gpus-dark nodes-dark preferences yaml-editor coredns helm-releases)
for lang in en zh_CN; do
    out="$root/docs/screenshots/$lang"
    mkdir -p "$out"
    for f in "${shots[@]}"; do rm -f "$out/$f.png"; done
    echo "take-screenshots: $lang → $out"
    # No desktop theme and a fixed locale: the pictures depend only on --lang.
    env QT_QPA_PLATFORMTHEME= LC_ALL=C.UTF-8 QT_LOGGING_RULES="cubedesk.*=false" \
        xvfb-run -a -s "-screen 0 1600x1000x24" \
        "$build/bin/cubedesk-screenshots" --lang "$lang" --out "$out"
    for f in "${shots[@]}"; do
        [[ -s "$out/$f.png" ]] || { echo "take-screenshots: $out/$f.png missing" >&2; exit 1; }
    done
done
