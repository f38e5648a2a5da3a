#!/usr/bin/env bash
# Installs what CubeDesk needs to build, run and test, when it is missing.
# Debian/Ubuntu: apt-get (through sudo when not root). Idempotent: packages already
# installed are not touched, and nothing runs apt when everything is present.
# Other systems: prints the matching package names and exits non-zero when something is missing.
set -euo pipefail

DEBIAN_PACKAGES=(
  build-essential cmake ninja-build lld pkg-config git
  qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
  qt6-l10n-tools qt6-translations-l10n libqt6opengl6-dev libgl-dev libvulkan-dev
  libyaml-cpp-dev libcurl4-openssl-dev libssl-dev libsimdjson-dev libcpp-httplib-dev
  nlohmann-json3-dev libgtest-dev qt6-websockets-dev libvterm-dev zlib1g-dev libdtl-dev
  xvfb xauth xdotool imagemagick fonts-noto-cjk dbus
  clang-format clang-tidy clang libclang-rt-14-dev curl time bc nghttp2-server tinyproxy
  dpkg-dev file rpm appstream desktop-file-utils prometheus
)

have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

if [ -r /etc/os-release ] && grep -qiE '^(ID|ID_LIKE)=.*(debian|ubuntu)' /etc/os-release; then
  missing=()
  for p in "${DEBIAN_PACKAGES[@]}"; do have_pkg "$p" || missing+=("$p"); done
  # kubectl is the independent client the simulator tests check against.
  if ! command -v kubectl >/dev/null 2>&1 && ! have_pkg kubernetes-client; then missing+=(kubernetes-client); fi
  if [ ${#missing[@]} -eq 0 ]; then
    echo "setup-deps: all dependencies present"
    exit 0
  fi
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "setup-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
  exit 0
fi

cat <<'MSG'
setup-deps: this is not a Debian/Ubuntu system; install these yourself:
  Fedora:   dnf install cmake gcc-c++ qt6-qtbase-devel qt6-qtcharts-devel qt6-qtsvg-devel \
              qt6-qtwebsockets-devel libvterm-devel \
              qt6-qttools-devel qt6-linguist yaml-cpp-devel libcurl-devel openssl-devel \
              simdjson-devel cpp-httplib-devel json-devel gtest-devel zlib-devel xorg-x11-server-Xvfb \
              xdotool ImageMagick google-noto-sans-cjk-fonts kubernetes-client rpm-build \
              appstream desktop-file-utils dbus-daemon golang-github-prometheus
  Homebrew: brew install cmake pkgconf qt libvterm yaml-cpp curl openssl@3 simdjson cpp-httplib \
              nlohmann-json googletest zlib kubernetes-cli prometheus
  vcpkg:    vcpkg install qtbase qtcharts qtsvg qttools qtwebsockets libvterm yaml-cpp curl[openssl] openssl simdjson \
              cpp-httplib[openssl] nlohmann-json gtest zlib dtl pkgconf
  dtl (header-only diff library; Debian libdtl-dev) elsewhere: github.com/cubicdaiya/dtl
MSG
exit 1
