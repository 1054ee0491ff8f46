"""The built one-folder application, run headless: --version, validate, the main window offscreen.

Building takes minutes, so these run only when build/dist/motu/ exists (`make installer`
made it) or when MOTU_BUILD_INSTALLER=1 asks for a build first. The spec and its files
are checked always.
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
    for name in ("motu.spec", "motu.desktop", "motu.svg", "motu_entry.py", "rthook_motu.py", "build.sh", "smoke.sh"):
        assert os.path.isfile(os.path.join(ROOT, "installer", name)), name
    desktop = configparser.ConfigParser(interpolation=None)
    desktop.optionxform = str
    desktop.read(os.path.join(ROOT, "installer", "motu.desktop"))
    entry = desktop["Desktop Entry"]
    assert entry["Type"] == "Application" and entry["Exec"].split()[0] == "motu" and entry["Icon"] == "motu"
    spec = open(os.path.join(ROOT, "installer", "motu.spec"), encoding="utf-8").read()
    assert '"resources"' in spec and '"scenarios"' in spec and "COLLECT(" in spec  # one folder, with the data


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
