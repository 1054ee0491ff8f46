"""Motu as a wheel, installed as a user's `pip install motu-*.whl` would: built once per session
from a copy of the repository (`pip wheel --no-deps`), installed with `--no-deps` into a fresh
virtual environment that sees this environment's dependencies through a plain path in a .pth file
(so the editable install of the checkout, whose finder only a site folder's own .pth runs, stays
out of it), then run from an empty working directory: `motu validate`, `motu export --to pdf`,
`motu rules`, the User Guide's pages and the licences, all from the installed package alone.
"""
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# What a build of the wheel reads from the repository (pyproject.toml's project, setup.py's docs step).
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "motu", "docs")


@pytest.fixture(scope="session")
def wheel(tmp_path_factory):
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        path = os.path.join(ROOT, name)
        if os.path.isdir(path):
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(path, src / name)
    out = tmp_path_factory.mktemp("wheel")
    # No build isolation: setuptools is in the test extra, and the build needs no index.
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                        "--disable-pip-version-check", "-w", str(out), str(src)],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    (path,) = out.glob("motu-*.whl")
    return path


@pytest.fixture(scope="session")
def venv(wheel, tmp_path_factory):
    """A fresh virtual environment with the wheel in it and this environment's dependencies visible."""
    env_dir = tmp_path_factory.mktemp("venv")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env_dir)], check=True, timeout=120)
    py = env_dir / "bin" / "python"
    site = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    r = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "-q",
                        "--disable-pip-version-check", "--no-index", str(wheel)],
                       capture_output=True, text=True, timeout=600, env=_clean_env(), cwd=str(env_dir))
    assert r.returncode == 0, r.stdout + r.stderr
    # Only then the dependencies: seen before, this environment's motu would count as installed already.
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    with open(os.path.join(site, "test-env-dependencies.pth"), "w", encoding="utf-8") as fh:
        fh.write("".join(p + "\n" for p in sorted(ours)))
    return env_dir, site


def _clean_env() -> dict:
    """This environment less what would put the checkout on the new one's path."""
    return {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}


def _run(venv, cwd, *args):
    env_dir, _site = venv
    env = _clean_env()
    env.update(QT_QPA_PLATFORM="offscreen", HOME=str(cwd))
    return subprocess.run([str(env_dir / "bin" / args[0]), *args[1:]], capture_output=True, text=True,
                          cwd=str(cwd), env=env, timeout=300)


def test_the_wheels_only_top_level_package_is_motu(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = next(n for n in names if n.endswith(".dist-info/RECORD")).rsplit("/", 1)[0]
        record = z.read(f"{info}/RECORD").decode().splitlines()
        top_level = z.read(f"{info}/top_level.txt").decode().split() if f"{info}/top_level.txt" in names else ["motu"]
        licence = [n for n in names if n.startswith(f"{info}/licenses/")]
    tops = {line.split(",")[0].split("/")[0] for line in record if line}
    assert tops - {info} == {"motu"}, tops
    assert top_level == ["motu"]
    assert licence == [f"{info}/licenses/LICENSE"]
    for data in ("motu/resources/schema/scenario-v1.schema.json", "motu/scenarios/tahiti.yaml",
                 "motu/docs/user-guide.md", "motu/docs/rules/tahiti.md"):
        assert any(line.startswith(data + ",") for line in record), data


def test_the_installed_motu_is_the_wheels_not_the_checkouts(venv, tmp_path):
    r = _run(venv, tmp_path, "python", "-c", "import motu, importlib.metadata as m; "
             "print(motu.__file__); print(m.distribution('motu').locate_file(''))")
    assert r.returncode == 0, r.stderr
    module, dist = r.stdout.split()
    assert module.startswith(venv[1]) and not module.startswith(ROOT), module
    assert os.path.realpath(dist) == os.path.realpath(venv[1])


def test_motu_validates_exports_a_pdf_and_lists_rules_from_any_folder(venv, tmp_path):
    scenario = os.path.join(venv[1], "motu", "scenarios", "tahiti.yaml")
    r = _run(venv, tmp_path, "motu", "validate", scenario)
    assert r.returncode == 0, r.stdout + r.stderr
    r = _run(venv, tmp_path, "motu", "export", scenario, "--to", "pdf", "tahiti.pdf")
    assert r.returncode == 0, r.stdout + r.stderr
    with open(tmp_path / "tahiti.pdf", "rb") as fh:
        assert fh.read(5) == b"%PDF-"
    r = _run(venv, tmp_path, "motu", "rules", "--json")
    assert r.returncode == 0, r.stderr
    assert {"tahiti", "fern", "tiki", "pearls"} <= {rs["id"] for rs in json.loads(r.stdout)["rulesets"]}


def test_the_user_guide_and_the_licences_come_with_the_wheel(venv, tmp_path):
    code = ("import json\nfrom motu.editor.help import guide_pages\nfrom motu.editor.licences import notices\n"
            "print(json.dumps({'pages': guide_pages(), 'licences': {n.name: len(n.texts) for n in notices()}}))")
    r = _run(venv, tmp_path, "python", "-c", code)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    first_title, first_path = out["pages"][0]
    assert first_title == "User guide" and first_path.startswith(venv[1])
    with open(first_path, encoding="utf-8") as fh:
        assert "The first ten minutes" in fh.read()
    assert out["licences"]["motu"] == 1 and out["licences"]["PyYAML"] >= 1
