"""The third-party notices of the one-folder application, collected at build time (motu.spec).

Which distributions the application ships is read from what PyInstaller put in it: every module,
library and data file of the analysis is traced back to the installed distribution whose RECORD
lists it. Each of those gets its licence texts from its .dist-info (motu.editor.licences), plus
the notices in installer/notices/ that its wheel does not carry (Qt's LGPL statement and texts, the
Font Awesome font's OFL); the Python runtime gets its LICENSE.txt, and the PyInstaller bootloader
(inside the program) PyInstaller's. Shared libraries PyInstaller takes from the build system (Qt's
X11 and font libraries, OpenSSL, zlib…) get their Debian package's copyright file, where dpkg
knows them. The build stops when a shipped distribution or library has no licence text, so none
is ever missing. The result is `licenses/<distribution>.txt` and
THIRD-PARTY-NOTICES.txt, which the app shows under Help → About → Licences.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
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


def _dpkg(path: str) -> str | None:
    """The Debian package that installed `path` (merged /usr: /lib is /usr/lib), or None."""
    for candidate in (path, "/usr" + path if path.startswith("/lib") else path):
        r = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if r.returncode == 0 and ":" in r.stdout:
            return r.stdout.split(":", 1)[0].strip()
    return None


def system_notices(paths: list[str]) -> tuple[list[Notice], list[str]]:
    """The Debian copyright files of the system libraries among `paths`, and the paths no package
    (or no dpkg) accounts for."""
    if shutil.which("dpkg") is None:
        return [], list(paths)
    by_package, unknown = {}, []
    for path in paths:
        package = _dpkg(path)
        (by_package.setdefault(package, []) if package else unknown).append(path)
    notices = []
    for package, files in sorted(by_package.items()):
        copyright_file = os.path.join("/usr/share/doc", package, "copyright")
        version = subprocess.run(["dpkg-query", "-W", "-f", "${Version}", package],
                                 capture_output=True, text=True).stdout.strip()
        if not os.path.isfile(copyright_file):
            unknown += files
            continue
        with open(copyright_file, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        libs = ", ".join(sorted(os.path.basename(f) for f in files))
        notices.append(Notice(f"{package} (Debian)", version, f"see the text ({libs})", (("copyright", text),)))
    return notices, unknown


def collect(entries, workdir: str, always=("motu", "pyinstaller")) -> list[tuple[str, str, str]]:
    """Write the notices of what `entries` ship into workdir/licenses/ and return them as
    PyInstaller data entries (dest, src, "DATA"). `always`: distributions in the app that the
    analysis does not list as files (Motu installed editable; PyInstaller's bootloader)."""
    names, stray = shipped(entries)
    root = os.path.realpath(os.path.join(HERE, ".."))
    runtime = os.path.realpath(sys.base_prefix)
    # Motu's own files (an editable install lists none) and the Python runtime's are accounted for below.
    system = sorted({s for s in stray if not os.path.realpath(s).startswith((runtime, root))
                     and os.path.basename(s).split(".so")[0] != os.path.basename(s)})
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
    from_system, unknown = system_notices(system)
    notices += from_system
    if unknown:
        print("licenses.py: libraries from no distribution or package:", *unknown, sep="\n  ", file=sys.stderr)
    if missing:
        raise SystemExit(f"licenses.py: no licence text for {', '.join(missing)}: add one to installer/notices/")
    folder = os.path.join(workdir, FOLDER)
    if os.path.isdir(folder):
        for old in os.listdir(folder):
            os.remove(os.path.join(folder, old))
    written = write_folder(notices, folder)
    return [(f"{FOLDER}/{os.path.basename(p)}", p, "DATA") for p in written]
