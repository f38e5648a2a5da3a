#!/usr/bin/env bash
# The .deb, built from this build tree and run from where it unpacks (tests/packaging).
#
#   package_test.sh BUILD_DIR CPACK SIM_BINARY VERSION
#
# 1. cpack -G DEB over BUILD_DIR (into a scratch directory, never the build tree's packages/);
# 2. the control fields: name, version, and Depends from dpkg-shlibdeps naming Debian's Qt 6 and
#    library packages;
# 3. the contents: cubedesk, the desktop entry, the metainfo, the icons, the documents and the
#    licence (Apache-2.0 in the copyright file, LICENSE, the metainfo and the RPM tag), the
#    third-party notices naming every library with its licence and the licence texts — and no
#    simulator, benchmark or test;
# 4. dpkg-deb -x into a scratch root; desktop-file-validate, appstreamcli validate and
#    validate-tree on what landed there;
# 5. <root>/usr/bin/cubedesk --version and --help print the project's version;
# 6. cubedesk-sim (from the build tree) serves the demo scenario and the unpacked
#    `cubedesk --dump nodes` lists its nodes.
# Any missing tool or failed check ends the test with "package_test: FAIL: …".
set -uo pipefail

fail() {
  echo "package_test: FAIL: $*" >&2
  exit 1
}
step() { echo "package_test: $*"; }

[ $# -eq 4 ] || fail "usage: package_test.sh BUILD_DIR CPACK SIM_BINARY VERSION"
build_dir=$1
cpack=$2
sim=$3
version=$4

# Tool → the Debian package that brings it (cmake/setup-deps.sh installs them all).
for tool in dpkg-deb:dpkg dpkg-shlibdeps:dpkg-dev file:file appstreamcli:appstream \
  desktop-file-validate:desktop-file-utils; do
  command -v "${tool%%:*}" >/dev/null 2>&1 ||
    fail "${tool%%:*} is missing: install the Debian package ${tool#*:} (bash cmake/setup-deps.sh)"
done
[ -x "$cpack" ] || fail "cpack not found at $cpack"
[ -f "$build_dir/CPackConfig.cmake" ] || fail "no CPackConfig.cmake in $build_dir (packaging/ not configured?)"
[ -x "$build_dir/bin/cubedesk" ] || fail "$build_dir/bin/cubedesk is not built"
[ -x "$sim" ] || fail "cubedesk-sim is not built ($sim)"

scratch=$(mktemp -d "${TMPDIR:-/tmp}/cubedesk-package-test.XXXXXX")
sim_pid=""
cleanup() {
  if [ -n "$sim_pid" ]; then
    kill "$sim_pid" 2>/dev/null
    wait "$sim_pid" 2>/dev/null
  fi
  rm -rf "$scratch"
}
trap cleanup EXIT

# --- 1. build the .deb ---------------------------------------------------------------------------
step "cpack -G DEB (version $version)"
# gzip instead of the packages' xz: the same package, a test that takes seconds less.
if ! "$cpack" -G DEB --config "$build_dir/CPackConfig.cmake" -B "$scratch/out" \
  -D CPACK_DEBIAN_COMPRESSION_TYPE=gzip >"$scratch/cpack.log" 2>&1; then
  cat "$scratch/cpack.log" >&2
  fail "cpack -G DEB failed (log above)"
fi
debs=("$scratch"/out/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one .deb in $scratch/out, found: ${debs[*]}"
deb=${debs[0]}
step "built $(basename "$deb") ($(du -h "$deb" | cut -f1))"

# --- 2. control fields ---------------------------------------------------------------------------
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = cubedesk ] || fail "Package is '$(field Package)', not cubedesk"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', not $version"
depends=$(field Depends)
step "Depends: $depends"
for pkg in libqt6core6 libqt6gui6 libqt6widgets6 libcurl4 libyaml-cpp libssl3 libsimdjson \
  libstdc++6 libc6; do
  grep -q "\b$pkg" <<<"$depends" ||
    fail "Depends does not name $pkg: dpkg-shlibdeps did not run or missed a library ($depends)"
done

# --- 3. contents ---------------------------------------------------------------------------------
listing=$(dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's#^\./#/#')
id=io.cubedesk.CubeDesk
expected=(
  /usr/bin/cubedesk
  /usr/share/applications/$id.desktop
  /usr/share/metainfo/$id.metainfo.xml
  /usr/share/icons/hicolor/scalable/apps/$id.svg
  /usr/share/doc/cubedesk/README.md
  /usr/share/doc/cubedesk/copyright
  /usr/share/doc/cubedesk/LICENSE
  /usr/share/doc/cubedesk/THIRD-PARTY-NOTICES.txt
)
licenses=(Apache-2.0 LGPL-3.0 GPL-3.0 curl simdjson yaml-cpp libvterm nlohmann-json cpp-httplib)
for name in "${licenses[@]}"; do
  expected+=("/usr/share/doc/cubedesk/licenses/$name.txt")
done
for n in 16 22 24 32 48 64 128 256 512; do
  expected+=("/usr/share/icons/hicolor/${n}x${n}/apps/$id.png")
done
for path in "${expected[@]}"; do
  grep -qx "$path" <<<"$listing" || fail "the package lacks $path"
done
if grep -E 'cubedesk-(sim|bench)|/test_|gtest|\.a$|/include/' <<<"$listing"; then
  fail "the package carries files that are not the application (above)"
fi

# --- 4. unpack, validate the desktop files -------------------------------------------------------
root="$scratch/root"
dpkg-deb -x "$deb" "$root" || fail "dpkg-deb -x failed"
desktop-file-validate "$root/usr/share/applications/$id.desktop" ||
  fail "desktop-file-validate rejects $id.desktop"
appstreamcli validate --no-net --strict "$root/usr/share/metainfo/$id.metainfo.xml" ||
  fail "appstreamcli validate rejects $id.metainfo.xml"
appstreamcli validate-tree --no-net --strict "$root" ||
  fail "appstreamcli validate-tree rejects the unpacked tree (desktop entry, icon, metainfo together)"
grep -q "<release version=\"$version\"" "$root/usr/share/metainfo/$id.metainfo.xml" ||
  fail "the metainfo has no <release> for $version"

# CubeDesk's own licence, said the same way everywhere: Apache-2.0.
grep -q "<project_license>Apache-2.0</project_license>" "$root/usr/share/metainfo/$id.metainfo.xml" ||
  fail "the metainfo's project_license is not Apache-2.0"
grep -qx "License: Apache-2.0" "$root/usr/share/doc/cubedesk/copyright" ||
  fail "the Debian copyright file does not say License: Apache-2.0"
grep -q "Apache License" "$root/usr/share/doc/cubedesk/LICENSE" &&
  grep -q "Version 2.0, January 2004" "$root/usr/share/doc/cubedesk/LICENSE" ||
  fail "/usr/share/doc/cubedesk/LICENSE is not the Apache License 2.0"
# The RPM's License tag is the package's: CubeDesk's Apache-2.0 and Qt Charts' GPL-3.0-only.
grep -q 'CPACK_RPM_PACKAGE_LICENSE "Apache-2.0 AND GPL-3.0-only"' "$build_dir/CPackConfig.cmake" ||
  fail "the RPM License tag is not \"Apache-2.0 AND GPL-3.0-only\" (CPackConfig.cmake)"

# The third-party notices: every library the program links, with its licence; Qt Charts' GPL-3.0
# said outright; each licence text is the licence it is named after.
notices="$root/usr/share/doc/cubedesk/THIRD-PARTY-NOTICES.txt"
for library in "Qt 6:LGPL-3.0" "Qt Charts:GPL-3.0" "libcurl:curl" "OpenSSL 3:Apache-2.0" \
  "simdjson:Apache-2.0" "yaml-cpp:MIT" "libvterm:MIT" "nlohmann/json:MIT" "cpp-httplib:MIT"; do
  name=${library%%:*}
  licence=${library#*:}
  # The library's paragraph in the Libraries section: from its name to the next blank line.
  paragraph=$(awk -v name="$name" '/^Libraries$/ { libs = 1 }
    libs && index($0, name) == 1 { on = 1 } on && /^$/ { exit } on' "$notices")
  [ -n "$paragraph" ] || fail "THIRD-PARTY-NOTICES.txt has no paragraph for $name"
  grep -q "Licence: .*$licence" <<<"$paragraph" ||
    fail "THIRD-PARTY-NOTICES.txt does not give $name the licence $licence"
  grep -q "Source: .*https\?://" <<<"$paragraph" ||
    fail "THIRD-PARTY-NOTICES.txt does not say where the source of $name is"
done
tr -s '\n ' '  ' <"$notices" | grep -q "distributed, as a whole, under the terms of GPL-3.0" ||
  fail "THIRD-PARTY-NOTICES.txt does not say that, with Qt Charts, the program is under GPL-3.0"
doc="$root/usr/share/doc/cubedesk/licenses"
grep -q "GNU LESSER GENERAL PUBLIC LICENSE" "$doc/LGPL-3.0.txt" ||
  fail "licenses/LGPL-3.0.txt is not the GNU LGPL"
grep -q "GNU GENERAL PUBLIC LICENSE" "$doc/GPL-3.0.txt" &&
  grep -q "Version 3, 29 June 2007" "$doc/GPL-3.0.txt" ||
  fail "licenses/GPL-3.0.txt is not the GNU GPL version 3"
cmp -s "$doc/Apache-2.0.txt" "$root/usr/share/doc/cubedesk/LICENSE" ||
  fail "licenses/Apache-2.0.txt differs from LICENSE"
for name in curl simdjson yaml-cpp libvterm nlohmann-json cpp-httplib; do
  grep -qi "copyright" "$doc/$name.txt" || fail "licenses/$name.txt carries no copyright line"
done
step "THIRD-PARTY-NOTICES.txt and licenses/ name every library and its licence"

# --- 5. --version and --help ---------------------------------------------------------------------
app="$root/usr/bin/cubedesk"
out=$("$app" --version 2>&1) || fail "cubedesk --version exited $?: $out"
[ "$out" = "cubedesk $version" ] || fail "cubedesk --version printed '$out', not 'cubedesk $version'"
step "--version: $out"
out=$("$app" --help 2>&1) || fail "cubedesk --help exited $?"
grep -q "CubeDesk $version" <<<"$out" || fail "cubedesk --help does not name version $version: $out"
grep -q -- "--dump" <<<"$out" || fail "cubedesk --help does not list --dump"

# --- 6. the unpacked program against the simulator -----------------------------------------------
kubeconfig="$scratch/kubeconfig"
"$sim" --scenario demo --listen 127.0.0.1:0 --write-kubeconfig "$kubeconfig" \
  >"$scratch/sim.out" 2>"$scratch/sim.err" &
sim_pid=$!
for _ in $(seq 1 600); do
  grep -q "listening on " "$scratch/sim.out" && break
  kill -0 "$sim_pid" 2>/dev/null || break
  sleep 0.1
done
if ! grep -q "listening on " "$scratch/sim.out"; then
  cat "$scratch/sim.err" >&2
  fail "cubedesk-sim did not say 'listening on' within 60 s"
fi
step "$(head -1 "$scratch/sim.out")"
if ! "$app" --dump nodes --format tsv --kubeconfig "$kubeconfig" --timeout 60 \
  >"$scratch/nodes.tsv" 2>"$scratch/dump.err"; then
  cat "$scratch/dump.err" >&2
  fail "the unpacked cubedesk --dump nodes failed (stderr above)"
fi
rows=$(($(wc -l <"$scratch/nodes.tsv") - 1))
[ "$rows" -ge 1 ] || fail "cubedesk --dump nodes printed no rows"
grep -q "gpu-a100-public-1" "$scratch/nodes.tsv" ||
  fail "cubedesk --dump nodes lacks the demo scenario's node gpu-a100-public-1"
head -1 "$scratch/nodes.tsv" | grep -qw name || fail "the TSV header has no 'name' column"
step "--dump nodes from the unpacked package: $rows rows"
step "PASS"
