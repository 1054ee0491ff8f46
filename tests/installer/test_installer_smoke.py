"""The built one-folder application, run headless: --version, validate, the main window offscreen.

Building takes minutes, so these run only when build/dist/motu/ exists (`make installer`
made it) or when MOTU_BUILD_INSTALLER=1 asks for a build first. The spec and its files
are checked always. Against a build, the licences are checked from outside the build: every
distribution whose module or file is in the application (its archive read with PyInstaller's own
reader, its folder walked, both traced to this environment's RECORD files — `make installer`
builds from the same .venv the suite runs in) has its licence text in _internal/licenses/, and the
folder stays under 200 MB.
"""
import configparser
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
APP = os.path.join(ROOT, "build", "dist", "motu")
EXE = os.path.join(APP, "motu.exe" if sys.platform == "win32" else "motu")


def test_the_installer_folder_has_spec_desktop_file_icon_and_build_script():
    assert os.path.isfile(os.path.join(ROOT, "motu", "resources", "icons", "org.motu.Motu.svg"))  # package data
    for name in ("motu.spec", "org.motu.Motu.desktop", "org.motu.Motu.metainfo.xml",
                 "motu-mime.xml", "application-x-motu-scenario.svg", "motu_entry.py", "rthook_motu.py", "build.sh",
                 "smoke.sh", "licenses.py"):
        assert os.path.isfile(os.path.join(ROOT, "installer", name)), name
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(os.path.join(ROOT, "installer", "org.motu.Motu.desktop"))
    entry = desktop["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Exec"].split()[0] == "motu" and entry["Icon"] == "org.motu.Motu"
    spec = open(os.path.join(ROOT, "installer", "motu.spec"), encoding="utf-8").read()
    assert '"resources"' in spec and '"scenarios"' in spec and "COLLECT(" in spec  # one folder, with the data
    assert "collect_licenses(" in spec and "doc_files()" in spec  # the licences and the User Guide go in


def test_the_vendored_notices_name_texts_that_exist():
    import json
    folder = os.path.join(ROOT, "installer", "notices")
    with open(os.path.join(folder, "notices.json"), encoding="utf-8") as fh:
        table = {k: v for k, v in json.load(fh).items() if k != "_"}
    assert {"pyside6", "pyside6-essentials", "shiboken6", "qtawesome"} <= set(table)
    for entry in table.values():
        for name in entry["texts"]:
            with open(os.path.join(folder, name), encoding="utf-8") as fh:
                assert len(fh.read()) > 400, name
    with open(os.path.join(folder, "QT-LGPL.txt"), encoding="utf-8") as fh:
        qt = fh.read()
    assert "LGPL-3.0" in qt and "code.qt.io" in qt and "shared libraries" in qt


@pytest.fixture(scope="module")
def app():
    if os.environ.get("MOTU_BUILD_INSTALLER") == "1":
        subprocess.run(["bash", os.path.join(ROOT, "installer", "build.sh"), sys.executable], cwd=ROOT, check=True)
    if not os.path.isfile(EXE):
        pytest.skip("no built application: run `make installer` (or set MOTU_BUILD_INSTALLER=1) to smoke-test it")
    return EXE


def _run(exe, *args, env=None, tmp=None):
    e = dict(os.environ, QT_QPA_PLATFORM="offscreen", **(env or {}))
    if tmp:
        e["HOME"] = str(tmp)  # the window's settings and recovery files stay out of the real home
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=120, env=e, cwd=str(tmp or ROOT))


def test_built_app_says_its_version(app):
    from motu import __version__
    r = _run(app, "--version")
    assert r.returncode == 0 and r.stdout.strip() == f"motu {__version__}"


def test_built_app_validates_a_bundled_scenario(app, tmp_path):
    bundled = os.path.join(APP, "_internal", "motu", "scenarios", "tahiti.yaml")
    assert os.path.isfile(bundled)
    r = _run(app, "validate", bundled, tmp=tmp_path)
    assert r.returncode == 0, r.stderr


def test_built_app_opens_its_main_window_offscreen(app, tmp_path):
    r = _run(app, env={"MOTU_SMOKE_WINDOW": "1"}, tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "tahiti.yaml" in r.stdout and "visible=True" in r.stdout


def test_built_app_exports_vassal_tiled_and_pdf_without_pillow(app, tmp_path):
    """The exports that draw work in the app (Qt draws their images); Pillow is not in it."""
    src = os.path.join(APP, "_internal", "motu", "scenarios", "example-hex.yaml")
    for name in ("m.vmod", "m.tmx", "m.pdf"):
        r = _run(app, "export", src, str(tmp_path / name), tmp=tmp_path)
        assert r.returncode == 0 and (tmp_path / name).exists(), r.stdout + r.stderr
    assert (tmp_path / "m-counters.png").exists()
    import xml.etree.ElementTree as ET
    import zipfile
    with zipfile.ZipFile(tmp_path / "m.vmod") as vm:  # as VASSAL opens it: a zip with buildFile.xml
        assert ET.fromstring(vm.read("buildFile.xml")).get("name") == "Example island"
    assert not [f for f in os.listdir(os.path.join(APP, "_internal")) if f.lower().startswith(("pil", "pillow"))]


def test_the_spec_leaves_out_no_part_of_scipy_that_motu_imports():
    """SCIPY_UNUSED in the spec against every `scipy.X` the code imports (engine, editor, motu),
    and what those parts import in turn (scipy.spatial brings scipy.special and constants)."""
    import ast
    import re
    spec = open(os.path.join(ROOT, "installer", "motu.spec"), encoding="utf-8").read()
    unused = set(ast.literal_eval(re.search(r"SCIPY_UNUSED = (\[[^\]]*\])", spec).group(1)))
    used = set()
    for package in ("motu",):
        for folder, _dirs, files in os.walk(os.path.join(ROOT, package)):
            for f in files:
                if f.endswith(".py"):
                    text = open(os.path.join(folder, f), encoding="utf-8").read()
                    used |= set(re.findall(r"(?:from|import) scipy\.(\w+)", text))
    assert used and not used & unused, used & unused
    code = ("import sys\n" + "".join(f"import scipy.{m}\n" for m in sorted(used))
            + "print(' '.join(sorted({m.split('.')[1] for m in sys.modules if m.startswith('scipy.')})))")
    loaded = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split())
    assert not loaded & unused, f"imported by the parts Motu uses: {sorted(loaded & unused)}"


def _shipped_distributions() -> set[str]:
    """The distributions of this environment with a module in the app's archive or a file in its folder."""
    from importlib import metadata
    readers = pytest.importorskip("PyInstaller.archive.readers")
    internal = os.path.join(APP, "_internal")
    owners = {}
    for dist in metadata.distributions():
        for f in dist.files or ():
            owners.setdefault(str(f).replace(os.sep, "/"), dist.metadata["Name"])
    shipped = set()
    for folder, _dirs, files in os.walk(internal):
        for f in files:
            rel = os.path.relpath(os.path.join(folder, f), internal).replace(os.sep, "/")
            if rel in owners and not rel.startswith("licenses/"):
                shipped.add(owners[rel])
    for module in readers.CArchiveReader(EXE).open_embedded_archive("PYZ.pyz").toc:
        base = module.replace(".", "/")
        for rel in (base + ".py", base + "/__init__.py"):
            if rel in owners:
                shipped.add(owners[rel])
    # Motu's own modules: its editable install lists none of them in a RECORD.
    if any(m.startswith("motu.") for m in readers.CArchiveReader(EXE).open_embedded_archive("PYZ.pyz").toc):
        shipped.add("motu")
    return shipped


def test_every_distribution_in_the_app_has_its_licence_text(app):
    from motu.editor.licences import NOTICES_FILE, file_stem, read_folder
    folder = os.path.join(APP, "_internal", "licenses")
    notices = {file_stem(n.name): n for n in read_folder(folder)}
    shipped = _shipped_distributions()
    assert {"motu", "PySide6_Essentials", "shiboken6", "numpy", "shapely", "QtAwesome"} <= shipped
    for name in shipped:
        n = notices.get(file_stem(name))
        assert n is not None and n.texts and len(n.texts[0][1]) > 200, f"{name}: no licence text in {folder}"
    qt = notices["pyside6-essentials"].texts[0][1]
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in qt and "Version 3" in qt and "code.qt.io" in qt
    assert "SIL OPEN FONT LICENSE" in notices["qtawesome"].texts[0][1]  # the Font Awesome font
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in notices["shapely"].texts[0][1]  # GEOS, LGPL-2.1
    assert "PYTHON SOFTWARE FOUNDATION LICENSE" in notices["python"].texts[0][1]
    with open(os.path.join(APP, NOTICES_FILE), encoding="utf-8") as fh:  # all in one, beside the program
        everything = fh.read()
    assert all(f"Name: {n.name}\n" in everything for n in notices.values())


def test_the_app_stays_under_200_mb(app):
    size = 0
    for folder, _dirs, files in os.walk(APP):
        size += sum(os.lstat(os.path.join(folder, f)).st_size for f in files)
    assert size < 200 * 1024 * 1024, f"{size / 1024 / 1024:.0f} MB"


def test_the_app_shows_the_user_guide_and_the_licences(app, tmp_path):
    """The built program's Help → User Guide opens on the user's page, and About → Licences lists
    what the build collected (MOTU_SMOKE_HELP in installer/motu_entry.py prints both)."""
    # A build older than the licences folder knows no MOTU_SMOKE_HELP and would open the editor;
    # the licence test above says to rebuild it.
    assert os.path.isdir(os.path.join(APP, "_internal", "licenses")), "a build older than this test: make installer"
    r = _run(app, env={"MOTU_SMOKE_HELP": "1"}, tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    lines = dict(line.split(": ", 1) for line in r.stdout.splitlines() if ": " in line)
    assert lines["guide"].startswith("User guide") and "The first ten minutes" in lines["guide"]
    assert int(lines["licences"]) >= 15 and "PySide6" in lines["names"]
