"""The licences of the distributions Motu runs with: what Help → About → Licences lists, and what
the installer build collects (installer/licenses.py).

In the one-folder application they are the files the build wrote into its `licenses/` folder (one
`<distribution>.txt` each, a short header then the licence texts); in a source or wheel install they
come from importlib.metadata: Motu's own distribution and everything it requires (without extras),
each with the licence files its .dist-info carries. No Qt here: the build imports it too.
"""
from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from importlib import metadata

FOLDER = "licenses"
NOTICES_FILE = "THIRD-PARTY-NOTICES.txt"
# The files a .dist-info carries beside its licence texts, and the ones that are licence texts
# where a distribution predates License-File (metadata 2.4 puts them under licenses/).
_NOT_LICENCES = {"METADATA", "RECORD", "WHEEL", "INSTALLER", "REQUESTED", "entry_points.txt", "top_level.txt",
                 "direct_url.json", "direct_url", "namespace_packages.txt", "zip-safe"}
_LICENCE_NAME = re.compile(r"^(LICEN[CS]E|COPYING|NOTICE|COPYRIGHT)", re.IGNORECASE)


@dataclass(frozen=True)
class Notice:
    """One distribution: its name and version as its metadata says, the licence it declares, and the
    licence texts it ships as (file name, text) pairs."""
    name: str
    version: str
    licence: str
    texts: tuple[tuple[str, str], ...]

    def as_text(self) -> str:
        head = f"Name: {self.name}\nVersion: {self.version}\nLicense: {self.licence}\n"
        return head + "".join(f"\n----- {name} -----\n\n{text.rstrip()}\n" for name, text in self.texts)


def normalized(name: str) -> str:
    """A distribution's name as packaging normalises it (PEP 503): the file name it gets here."""
    return re.sub(r"[-_.]+", "-", name).lower()


def file_stem(name: str) -> str:
    """The file name (without .txt) a notice gets in the licences folder."""
    return re.sub(r"[^a-z0-9.+-]+", "-", normalized(name)).strip("-")


def declared_licence(dist: metadata.Distribution) -> str:
    """The SPDX expression the metadata declares, else its License field if short, else the
    trove classifiers' licences."""
    meta = dist.metadata
    expression = meta.get("License-Expression")
    if expression:
        return expression.strip()
    field = (meta.get("License") or "").strip()
    if field and "\n" not in field and len(field) <= 80 and field.upper() != "UNKNOWN":
        return field
    classifiers = [c.split("::")[-1].strip() for c in meta.get_all("Classifier") or () if c.startswith("License ::")]
    return ", ".join(classifiers) or "see the licence text"


def licence_files(dist: metadata.Distribution) -> list[tuple[str, str]]:
    """The licence texts in the distribution's .dist-info: everything under licenses/ (metadata
    2.4's License-File entries) and the LICENSE / COPYING / NOTICE files beside METADATA."""
    found = []
    for path in dist.files or ():
        parts = path.parts
        if len(parts) < 2 or not parts[0].endswith(".dist-info"):
            continue
        inside = parts[1:]
        if inside[0] == "licenses" and len(inside) > 1:
            name = "/".join(inside[1:])
        elif len(inside) == 1 and inside[0] not in _NOT_LICENCES and _LICENCE_NAME.match(inside[0]):
            name = inside[0]
        else:
            continue
        try:
            with open(dist.locate_file(path), encoding="utf-8", errors="replace") as fh:
                text = fh.read()
        except OSError:
            continue
        if text and text.strip():
            found.append((name, text))
    return sorted(found, key=lambda item: (item[0].count("/"), item[0]))


def notice(dist: metadata.Distribution) -> Notice:
    texts = licence_files(dist)
    if not texts and normalized(dist.metadata["Name"]) == "motu":
        # An editable install made before the checkout had its LICENSE: the checkout's own.
        own = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "LICENSE")
        if os.path.isfile(own):
            with open(own, encoding="utf-8") as fh:
                texts = [("LICENSE", fh.read())]
    return Notice(dist.metadata["Name"], dist.version, declared_licence(dist), tuple(texts))


def _requirements(dist: metadata.Distribution) -> list[str]:
    """The names of what the distribution requires for this interpreter, extras left out."""
    from packaging.requirements import Requirement  # matplotlib's dependency, so always there with Motu
    names = []
    for line in dist.requires or ():
        req = Requirement(line)
        if req.marker is None or req.marker.evaluate({"extra": ""}):
            names.append(req.name)
    return names


def runtime_distributions(root: str = "motu") -> list[metadata.Distribution]:
    """`root` and every distribution it requires, transitively, as installed here; in order of name."""
    seen: dict[str, metadata.Distribution] = {}
    todo = [root]
    while todo:
        name = normalized(todo.pop())
        if name in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        seen[name] = dist
        todo.extend(_requirements(dist))
    return [seen[k] for k in sorted(seen)]


def bundled_folder() -> str | None:
    """The one-folder application's licences folder (beside its data in sys._MEIPASS), else None."""
    base = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and base:
        folder = os.path.join(base, FOLDER)
        if os.path.isdir(folder):
            return folder
    return None


def read_folder(folder: str) -> list[Notice]:
    """The notices a build wrote (write_folder), read back."""
    notices = []
    for file in sorted(os.listdir(folder)):
        if not file.endswith(".txt") or file == NOTICES_FILE:
            continue
        with open(os.path.join(folder, file), encoding="utf-8") as fh:
            text = fh.read()
        head, _, body = text.partition("\n\n")
        fields = dict(line.split(": ", 1) for line in head.splitlines() if ": " in line)
        notices.append(Notice(fields.get("Name", file[:-4]), fields.get("Version", ""), fields.get("License", ""),
                              (("", body),) if body.strip() else ()))
    return notices


def write_folder(notices: list[Notice], folder: str) -> list[str]:
    """One `<name>.txt` per notice and THIRD-PARTY-NOTICES.txt holding them all; the paths written."""
    os.makedirs(folder, exist_ok=True)
    written = []
    for n in sorted(notices, key=lambda n: normalized(n.name)):
        path = os.path.join(folder, file_stem(n.name) + ".txt")
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(n.as_text())
        written.append(path)
    everything = os.path.join(folder, NOTICES_FILE)
    with open(everything, "w", encoding="utf-8") as fh:
        fh.write("Motu ships the following software. Each part keeps its own licence, whose text follows.\n")
        for n in sorted(notices, key=lambda n: normalized(n.name)):
            fh.write("\n" + "=" * 78 + "\n" + n.as_text())
    return written + [everything]


def notices() -> list[Notice]:
    """What Motu runs with and the licences: the build's folder in the app, else the metadata."""
    folder = bundled_folder()
    if folder:
        return read_folder(folder)
    return [notice(d) for d in runtime_distributions()]
