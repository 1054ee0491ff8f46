#!/usr/bin/env bash
# Build the one-folder application into build/dist/motu/ and smoke-test it (docs/installer.md).
# Usage: installer/build.sh [PYTHON]   (default: .venv/bin/python, which needs the `installer` extra)
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${1:-.venv/bin/python}"
"$PY" - <<'PYEOF'
# The icon as PNG, drawn from motu/resources/icons/org.motu.Motu.svg (PyInstaller turns it into .ico / .icns on Windows and macOS).
import os
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from PySide6.QtCore import QRectF
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QColor
from PySide6.QtSvg import QSvgRenderer
app = QGuiApplication([])
image = QImage(256, 256, QImage.Format_ARGB32)
image.fill(QColor(0, 0, 0, 0))
p = QPainter(image)
QSvgRenderer("motu/resources/icons/org.motu.Motu.svg").render(p, QRectF(0, 0, 256, 256))
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
# Qt's ICU data (31 MB of collation and locale tables Motu never asks for) gives way to an empty
# one of the same name (installer/icu_stub.c), where a C compiler is at hand.
for data in build/dist/motu/_internal/PySide6/Qt/lib/libicudata.so.*; do
  [ -f "$data" ] && [ ! -L "$data" ] || continue
  major=$(basename "$data" | sed -E 's/^libicudata\.so\.([0-9]+).*/\1/')
  if command -v cc >/dev/null; then
    cc -shared -fPIC -O2 -DICU_MAJOR="$major" -Wl,-soname,"libicudata.so.$major" -o "$data.stub" installer/icu_stub.c
    mv "$data.stub" "$data"
  else
    echo "build.sh: no C compiler: the app keeps Qt's full ICU data" >&2
  fi
done
# numpy's and scipy's wheels each carry the same gfortran and quadmath: one copy, linked from the other.
for lib in build/dist/motu/_internal/scipy.libs/*; do
  twin=build/dist/motu/_internal/numpy.libs/$(basename "$lib")
  if [ -f "$lib" ] && [ ! -L "$lib" ] && [ -f "$twin" ] && cmp -s "$lib" "$twin"; then
    ln -sf "../numpy.libs/$(basename "$lib")" "$lib"
  fi
done
# All the third-party notices in one file where users look, beside the program (the app reads
# the one file per distribution left in _internal/licenses/).
mv build/dist/motu/_internal/licenses/THIRD-PARTY-NOTICES.txt build/dist/motu/
bash installer/smoke.sh build/dist/motu
