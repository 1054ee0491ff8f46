"""The installed app's desktop entry, AppStream metainfo and file type, read by the desktop's own tools.

One application id, org.motu.Motu, names the desktop entry, the metainfo, the icon and the
window (QGuiApplication.desktopFileName). desktop-file-validate finds nothing to say about
installer/org.motu.Motu.desktop, appstreamcli validate no warning or error in its metainfo; the
MIME type it declares is Motu's own (installer/motu-mime.xml), and a MIME database built from it
by update-mime-database makes GIO and Qt call Motu's scenarios application/x-motu-scenario, with
its own icon, and every other YAML file plain YAML. Skips when the tools are missing and cannot
be installed (tools/install-test-tools.sh); CI (MOTU_REQUIRE_TILED=1) fails instead.
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
APP_ID = "org.motu.Motu"
MOTU_ICON = "application-x-motu-scenario"  # the name the MIME spec derives from the type
TOOLS = [t for t in ("desktop-file-validate", "update-mime-database", "gio") if shutil.which(t) is None]
if TOOLS and os.environ.get("MOTU_REQUIRE_TILED"):
    pytest.fail(f"{', '.join(TOOLS)} missing but CI needs them: run tools/install-test-tools.sh as root", pytrace=False)
needs_tools = pytest.mark.skipif(bool(TOOLS), reason=f"{', '.join(TOOLS)} not installed (tools/install-test-tools.sh)")
# appstreamcli is Debian's `appstream`: where it cannot be installed, only its test skips.
NO_APPSTREAM = shutil.which("appstreamcli") is None
if NO_APPSTREAM and os.environ.get("MOTU_REQUIRE_TILED"):
    pytest.fail("appstreamcli missing but CI needs it: run tools/install-test-tools.sh as root", pytrace=False)


def _entry():
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str
    entry.read(os.path.join(INSTALLER, f"{APP_ID}.desktop"))
    return entry["Desktop Entry"]


def test_one_application_id_names_the_entry_the_metainfo_the_icons_and_the_window():
    from xml.etree import ElementTree

    from motu.editor.app import APP_ID as app_id
    from motu.editor.autosave import APP_NAME
    meta = ElementTree.parse(os.path.join(INSTALLER, f"{APP_ID}.metainfo.xml")).getroot()
    assert app_id == APP_ID == meta.findtext("id")
    assert meta.findtext("launchable[@type='desktop-id']") == f"{APP_ID}.desktop"
    assert meta.findtext("provides/mediatype") == MOTU_TYPE
    entry = _entry()
    assert entry["Icon"] == APP_ID and entry["StartupWMClass"] == APP_NAME  # Qt's X11 window class
    mime = ElementTree.parse(os.path.join(INSTALLER, "motu-mime.xml")).getroot()
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    assert mime.find("m:mime-type/m:icon", ns).get("name") == MOTU_ICON
    from PySide6.QtSvg import QSvgRenderer
    from motu.engine.resources import resource_path
    assert QSvgRenderer(str(resource_path("icons", f"{APP_ID}.svg"))).isValid()  # package data: the window's icon too
    assert QSvgRenderer(os.path.join(INSTALLER, f"{MOTU_ICON}.svg")).isValid()


def test_the_editor_names_its_desktop_file(qapp):
    from motu.editor.app import name_application
    name_application(qapp)
    assert not qapp.windowIcon().isNull(), "a pip install has no desktop entry: the window carries the icon"
    assert qapp.desktopFileName() == APP_ID


@pytest.mark.skipif(NO_APPSTREAM, reason="appstreamcli not installed (Debian's appstream; tools/install-test-tools.sh)")
def test_appstreamcli_validates_the_metainfo():
    r = subprocess.run(["appstreamcli", "validate", "--no-net", os.path.join(INSTALLER, f"{APP_ID}.metainfo.xml")],
                       capture_output=True, text=True)
    findings = [line for line in r.stdout.splitlines() if line[:2] in ("E:", "W:")]
    assert r.returncode == 0 and not findings, r.stdout + r.stderr


@needs_tools
def test_desktop_file_validate_has_nothing_to_say():
    r = subprocess.run(["desktop-file-validate", os.path.join(INSTALLER, f"{APP_ID}.desktop")],
                       capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "" and r.stderr.strip() == ""
    assert _entry()["MimeType"] == MOTU_TYPE + ";"  # Motu's own, not every YAML file


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


@needs_tools
def test_gio_calls_scenarios_motus_and_other_yaml_yaml(mime_dirs):
    env = {**os.environ, "XDG_DATA_DIRS": mime_dirs}
    for name, want in FILES.items():
        r = subprocess.run(["gio", "info", "-a", "standard::content-type,standard::icon", os.path.join(ROOT, name)],
                           env=env, capture_output=True, text=True, check=True)
        assert f"standard::content-type: {want}" in r.stdout, (name, r.stdout)
        if want == MOTU_TYPE:  # its own icon first, the generic text icon where a theme lacks it
            assert f"standard::icon: {MOTU_ICON}, text-x-generic" in r.stdout, r.stdout


@needs_tools
def test_qt_agrees(mime_dirs):
    code = ("import sys\nfrom PySide6.QtCore import QMimeDatabase\n"
            "print('\\n'.join(QMimeDatabase().mimeTypeForFile(p).name() for p in sys.argv[1:]))\n"
            "t = QMimeDatabase().mimeTypeForName('application/x-motu-scenario')\n"
            "print(t.iconName(), t.genericIconName())")
    r = subprocess.run([sys.executable, "-c", code, *(os.path.join(ROOT, n) for n in FILES)],
                       env={**os.environ, "XDG_DATA_DIRS": mime_dirs}, capture_output=True, text=True, check=True)
    assert r.stdout.split() == list(FILES.values()) + [MOTU_ICON, "text-x-generic"]
