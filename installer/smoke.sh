#!/usr/bin/env bash
# Run the built application headless: --version, validate of a shipped scenario, the main window offscreen.
set -euo pipefail
APP="${1:-build/dist/motu}"
EXE="$APP/motu"
[ -x "$EXE" ] || EXE="$APP/motu.exe"
DATA="$APP/_internal"
[ -d "$DATA/scenarios" ] || DATA="$APP"
export QT_QPA_PLATFORM=offscreen
"$EXE" --version
"$EXE" validate "$DATA/scenarios/tahiti.yaml"
MOTU_SMOKE_WINDOW=1 "$EXE"
echo "smoke: ok"
