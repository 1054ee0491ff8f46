#!/usr/bin/env bash
# Run the built application headless: --version, validate of a shipped scenario, the exports that
# draw (VASSAL, Tiled with its tile images, PDF), an island from a coastline, the main window
# offscreen, and its size.
set -euo pipefail
APP="${1:-build/dist/motu}"
EXE="$APP/motu"
[ -x "$EXE" ] || EXE="$APP/motu.exe"
DATA="$APP/_internal"
[ -d "$DATA/motu/scenarios" ] && DATA="$DATA/motu" || DATA="$APP/motu"
export QT_QPA_PLATFORM=offscreen
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
"$EXE" --version
"$EXE" validate "$DATA/scenarios/tahiti.yaml"
"$EXE" export "$DATA/scenarios/example-hex.yaml" "$OUT/example.vmod"
"$EXE" export "$DATA/scenarios/example-hex.yaml" "$OUT/example.tmx"
"$EXE" export "$DATA/scenarios/example-hex.yaml" "$OUT/example.pdf"
# A coastline drafted into an island (shapely and scipy.spatial's cKDTree, from the repository's test data).
if [ -f tests/data/huahine.geojson ]; then
  "$EXE" map add-island "$DATA/scenarios/tahiti.yaml" tests/data/huahine.geojson --out "$OUT/huahine.yaml"
fi
MOTU_SMOKE_WINDOW=1 "$EXE"
echo "size: $(du -sm "$APP" | cut -f1) MB in $(find "$APP" -type f | wc -l) files"
echo "smoke: ok"
