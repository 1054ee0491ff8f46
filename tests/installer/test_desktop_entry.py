"""The installed app's desktop entry and file type, read by the desktop's own tools.

desktop-file-validate finds nothing to say about installer/motu.desktop; the MIME type it
declares is Motu's own (installer/motu-mime.xml), and a MIME database built from it by
update-mime-database makes GIO and Qt call Motu's scenarios application/x-motu-scenario and
every other YAML file plain YAML. Skips when the tools are missing and cannot be installed
(tools/install-test-tools.sh); CI (MOTU_REQUIRE_TILED=1) fails instead.
"""
import configparser
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INSTALLER = os.path.join(ROOT, "installer")
MOTU_TYPE = "application/x-motu-scenario"
TOOLS = [t for t in ("desktop-file-validate", "update-mime-database", "gio") if shutil.which(t) is None]
if TOOLS and os.environ.get("MOTU_REQUIRE_TILED"):
    pytest.fail(f"{', '.join(TOOLS)} missing but CI needs them: run tools/install-test-tools.sh as root", pytrace=False)
pytestmark = pytest.mark.skipif(bool(TOOLS), reason=f"{', '.join(TOOLS)} not installed (tools/install-test-tools.sh)")


def test_desktop_file_validate_has_nothing_to_say():
    r = subprocess.run(["desktop-file-validate", os.path.join(INSTALLER, "motu.desktop")], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "" and r.stderr.strip() == ""
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(os.path.join(INSTALLER, "motu.desktop"))
    assert entry["Desktop Entry"]["MimeType"] == MOTU_TYPE + ";"  # Motu's own, not every YAML file


@pytest.fixture(scope="module")
def mime_dirs(tmp_path_factory):
    data = tmp_path_factory.mktemp("share")
    (data / "mime" / "packages").mkdir(parents=True)
    shutil.copy(os.path.join(INSTALLER, "motu-mime.xml"), data / "mime" / "packages")
    subprocess.run(["update-mime-database", str(data / "mime")], check=True, capture_output=True)
    assert (data / "mime" / "application" / "x-motu-scenario.xml").exists()
    return f"{data}:/usr/local/share:/usr/share"


FILES = {"scenarios/tahiti.yaml": MOTU_TYPE, "scenarios/fern-ambush.yaml": MOTU_TYPE,
         "motu/resources/rulesets/tiki/board.yaml": MOTU_TYPE, "motu/resources/rulesets/tahiti/catalogue.yaml": "application/x-yaml"}


def test_gio_calls_scenarios_motus_and_other_yaml_yaml(mime_dirs):
    env = {**os.environ, "XDG_DATA_DIRS": mime_dirs}
    for name, want in FILES.items():
        r = subprocess.run(["gio", "info", "-a", "standard::content-type", os.path.join(ROOT, name)], env=env,
                           capture_output=True, text=True, check=True)
        assert f"standard::content-type: {want}" in r.stdout, (name, r.stdout)


def test_qt_agrees(mime_dirs):
    code = ("import sys\nfrom PySide6.QtCore import QMimeDatabase\n"
            "print('\\n'.join(QMimeDatabase().mimeTypeForFile(p).name() for p in sys.argv[1:]))")
    r = subprocess.run([sys.executable, "-c", code, *(os.path.join(ROOT, n) for n in FILES)],
                       env={**os.environ, "XDG_DATA_DIRS": mime_dirs}, capture_output=True, text=True, check=True)
    assert r.stdout.split() == list(FILES.values())
