#!/usr/bin/env bash
# Build the one-folder application into build/dist/motu/ and smoke-test it (docs/installer.md).
# Usage: installer/build.sh [PYTHON]   (default: .venv/bin/python, which needs the `installer` extra)
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${1:-.venv/bin/python}"
"$PY" - <<'PYEOF'
# The icon as PNG, drawn from installer/motu.svg (PyInstaller turns it into .ico / .icns on Windows and macOS).
import os
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QRectF
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QColor
from PySide6.QtSvg import QSvgRenderer
app = QGuiApplication([])
image = QImage(256, 256, QImage.Format_ARGB32)
image.fill(QColor(0, 0, 0, 0))
p = QPainter(image)
QSvgRenderer("installer/motu.svg").render(p, QRectF(0, 0, 256, 256))
p.end()
assert image.save("installer/motu.png"), "cannot write installer/motu.png"
PYEOF
"$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --distpath build/dist --workpath build/pyinstaller installer/motu.spec
# The Python runtime is built with debug symbols (libpython, lib-dynload): strip them, about 25 MB.
# Not the wheels' own libraries (numpy.libs, scipy.libs, Qt): they are stripped already, and
# stripping OpenBLAS again breaks its loading.
find build/dist/motu/_internal -maxdepth 1 -name 'libpython*.so*' -exec strip --strip-unneeded {} +
find build/dist/motu/_internal/python3* -name '*.so' -exec strip --strip-unneeded {} + 2>/dev/null || true
bash installer/smoke.sh build/dist/motu
