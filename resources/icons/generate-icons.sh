#!/usr/bin/env bash
# Renders the committed icon files from resources/icons/cubedesk.svg, the one source:
#   hicolor/<N>x<N>/apps/io.cubedesk.CubeDesk.png   16 … 512 px (Linux icon theme, window icon)
#   cubedesk.ico                                    16 … 256 px (Windows executable and installer)
#   cubedesk.icns                                   16 … 512 px (macOS app bundle)
# Run it after changing the SVG and commit the results; the build only copies files.
# Needs rsvg-convert (Debian: librsvg2-bin), convert (imagemagick) and png2icns (icnsutils).
# On macOS without icnsutils, `iconutil -c icns` over an .iconset gives the same .icns.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
svg="$here/cubedesk.svg"
id=io.cubedesk.CubeDesk

for tool in rsvg-convert:librsvg2-bin convert:imagemagick png2icns:icnsutils; do
  if ! command -v "${tool%%:*}" >/dev/null 2>&1; then
    echo "generate-icons: ${tool%%:*} is missing (Debian package ${tool#*:})" >&2
    exit 1
  fi
done

for n in 16 22 24 32 48 64 128 256 512; do
  dir="$here/hicolor/${n}x${n}/apps"
  mkdir -p "$dir"
  rsvg-convert --width "$n" --height "$n" --keep-aspect-ratio "$svg" -o "$dir/$id.png"
done

png() { echo "$here/hicolor/${1}x${1}/apps/$id.png"; }
convert "$(png 16)" "$(png 24)" "$(png 32)" "$(png 48)" "$(png 64)" "$(png 256)" "$here/cubedesk.ico"
png2icns "$here/cubedesk.icns" "$(png 16)" "$(png 32)" "$(png 48)" "$(png 128)" "$(png 256)" \
  "$(png 512)" >/dev/null
echo "generate-icons: wrote hicolor PNGs, cubedesk.ico and cubedesk.icns"
