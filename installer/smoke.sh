#!/usr/bin/env bash
# Run the built application headless: --version, validate of a shipped scenario, the exports that
# draw (VASSAL, Tiled with its tile images, PDF), the main window offscreen, and its size.
set -euo pipefail
APP="${1:-build/dist/motu}"
EXE="$APP/motu"
[ -x "$EXE" ] || EXE="$APP/motu.exe"
DATA="$APP/_internal"
[ -d "$DATA/scenarios" ] || DATA="$APP"
export QT_QPA_PLATFORM=offscreen
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
"$EXE" --version
"$EXE" validate "$DATA/scenarios/tahiti.yaml"
"$EXE" export "$DATA/scenarios/example-hex.yaml" "$OUT/example.vmod"
"$EXE" export "$DATA/scenarios/example-hex.yaml" "$OUT/example.tmx"
"$EXE" export "$DATA/scenarios/example-hex.yaml" "$OUT/example.pdf"
MOTU_SMOKE_WINDOW=1 "$EXE"
echo "size: $(du -sm "$APP" | cut -f1) MB in $(find "$APP" -type f | wc -l) files"
echo "smoke: ok"
