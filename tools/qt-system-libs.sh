#!/usr/bin/env bash
# Installs the shared libraries PySide6 needs even offscreen, when they are missing
# and we may install them (root on Debian). Prints what it does; silent when all is there.
set -u
py=.venv/bin/python
probe() { QT_QPA_PLATFORM=offscreen "$py" - <<'PY' 2>/dev/null
from PySide6.QtWidgets import QApplication
app = QApplication([])
PY
}
probe && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing the system libraries Qt needs (libgl1, libegl1, libxkbcommon0, libfontconfig1, libdbus-1-3)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq libgl1 libegl1 libxkbcommon0 libfontconfig1 libdbus-1-3 libglib2.0-0 >/dev/null
  probe && exit 0
fi
echo "Qt cannot start on this machine: install libgl1 libegl1 libxkbcommon0 libfontconfig1 libdbus-1-3 (the editor tests will fail without them)." >&2
exit 0
