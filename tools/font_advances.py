"""Writes motu/resources/fonts/dejavu-sans-advances.json: each character's advance width in DejaVu Sans.

Print layout (motu/engine/io/print_shapes.py) fits text without a font engine, so the widths of the
font every print renderer uses (Qt for PNG and PDF, any SVG viewer through fontconfig) are data.
Run with QT_QPA_PLATFORM=offscreen after a change of font; widths are ems, unhinted, to 1/1000.
"""
from __future__ import annotations

import json
import os
import sys

from PySide6.QtGui import QFont, QFontInfo, QFontMetricsF, QGuiApplication

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "motu", "resources", "fonts", "dejavu-sans-advances.json")
# Printable ASCII, Latin-1, and the punctuation and arrows Motu's print pages use.
CHARS = [chr(c) for c in range(32, 127)] + [chr(c) for c in range(160, 256)] + list("…‘’“”–—←→↑↓∕∖•·×")
EM = 1000


def advances(bold: bool) -> dict[str, float]:
    font = QFont("DejaVu Sans")
    font.setPixelSize(EM)
    font.setBold(bold)
    font.setHintingPreference(QFont.PreferNoHinting)
    if QFontInfo(font).family() != "DejaVu Sans":
        sys.exit(f"DejaVu Sans is not installed (got {QFontInfo(font).family()}): apt-get install fonts-dejavu-core")
    m = QFontMetricsF(font)
    return {ch: round(m.horizontalAdvance(ch) / EM, 3) for ch in CHARS}


def main() -> None:
    QGuiApplication([])
    data = {"font": "DejaVu Sans", "unit": "em", "regular": advances(False), "bold": advances(True)}
    with open(OUT, "w", encoding="utf-8") as fh:
        json.dump(data, fh, ensure_ascii=False, indent=0, sort_keys=True)
        fh.write("\n")
    print(OUT)


if __name__ == "__main__":
    main()
