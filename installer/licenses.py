"""The third-party notices of the one-folder application, collected at build time (motu.spec).

Which distributions the application ships is read from what PyInstaller put in it: every module,
library and data file of the analysis is traced back to the installed distribution whose RECORD
lists it. Each of those gets its licence texts from its .dist-info (motu.editor.licences), plus
the notices in installer/notices/ that its wheel does not carry (Qt's LGPL statement and texts, the
Font Awesome font's OFL); the Python runtime gets its LICENSE.txt, and the PyInstaller bootloader
(inside the program) PyInstaller's. The build stops when a shipped distribution has no licence
text, so none is ever missing. The result is `licenses/<distribution>.txt` and
THIRD-PARTY-NOTICES.txt, which the app shows under Help → About → Licences.
"""
from __future__ import annotations

import json
import os
import sys
import sysconfig
from importlib import metadata

from motu.editor.licences import FOLDER, Notice, normalized, notice, write_folder

HERE = os.path.dirname(os.path.abspath(__file__))
NOTICES = os.path.join(HERE, "notices")


def _owners() -> dict[str, str]:
    """Every installed file (real path) → the distribution that installed it."""
    owners = {}
    for dist in metadata.distributions():
        name = dist.metadata["Name"]
        for f in dist.files or ():
            try:
                owners.setdefault(os.path.realpath(dist.locate_file(f)), name)
            except (OSError, ValueError):
                continue
    return owners


def shipped(entries) -> tuple[set[str], list[str]]:
    """The distributions whose files are among the analysis' entries ((dest, src, kind) triples),
    and the sources no distribution installed (the Python runtime, Motu's own editable files)."""
    owners = _owners()
    names, stray = set(), []
    for _dest, src, _kind in entries:
        if not src or not os.path.exists(src):
            continue
        owner = owners.get(os.path.realpath(src))
        if owner:
            names.add(normalized(owner))
        else:
            stray.append(src)
    return names, stray


def _extras() -> dict[str, list[tuple[str, str]]]:
    with open(os.path.join(NOTICES, "notices.json"), encoding="utf-8") as fh:
        table = json.load(fh)
    extras = {}
    for name, entry in table.items():
        if name == "_":
            continue
        texts = []
        for file in entry["texts"]:
            with open(os.path.join(NOTICES, file), encoding="utf-8") as fh:
                texts.append((file, fh.read()))
        extras[name] = texts
    return extras


def python_notice() -> Notice:
    """The Python runtime inside the application, with the LICENSE.txt of the Python that built it."""
    candidates = [os.path.join(sysconfig.get_paths()["stdlib"], "LICENSE.txt"),
                  os.path.join(sys.base_prefix, "LICENSE.txt")]
    texts = []
    for path in candidates:
        if os.path.isfile(path):
            with open(path, encoding="utf-8", errors="replace") as fh:
                texts.append(("LICENSE.txt", fh.read()))
            break
    return Notice("Python", sys.version.split()[0], "PSF-2.0", tuple(texts))


def collect(entries, workdir: str, always=("motu", "pyinstaller")) -> list[tuple[str, str, str]]:
    """Write the notices of what `entries` ship into workdir/licenses/ and return them as
    PyInstaller data entries (dest, src, "DATA"). `always`: distributions in the app that the
    analysis does not list as files (Motu installed editable; PyInstaller's bootloader)."""
    names, stray = shipped(entries)
    names |= {normalized(n) for n in always}
    extras = _extras()
    notices, missing = [], []
    for name in sorted(names):
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            missing.append(name)
            continue
        n = notice(dist)
        n = Notice(n.name, n.version, n.licence, tuple(extras.get(name, ())) + n.texts)
        if n.texts:
            notices.append(n)
        else:
            missing.append(name)
    py = python_notice()
    if py.texts:
        notices.append(py)
    else:
        missing.append("Python")
    if missing:
        raise SystemExit(f"licenses.py: no licence text for {', '.join(missing)}: add one to installer/notices/")
    folder = os.path.join(workdir, FOLDER)
    if os.path.isdir(folder):
        for old in os.listdir(folder):
            os.remove(os.path.join(folder, old))
    written = write_folder(notices, folder)
    runtime = os.path.realpath(sys.base_prefix)
    others = sorted({s for s in stray if not os.path.realpath(s).startswith((runtime, os.path.realpath(os.path.join(HERE, ".."))))})
    if others:
        print("licenses.py: shipped, from no distribution:", *others, sep="\n  ", file=sys.stderr)
    return [(f"{FOLDER}/{os.path.basename(p)}", p, "DATA") for p in written]
