"""A copy of Motu's resources with one number of a rule set changed, and a fresh Python reading it.

The rule sets read their numbers once (at import, or once per process), so a game with changed
data is played in a new interpreter whose MOTU_RESOURCES names the copy (motu/engine/resources.py).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def changed_copy(tmp_path: Path, ruleset: str, file: str, old: str, new: str) -> Path:
    """motu/resources/ copied under `tmp_path`, the one occurrence of `old` in rulesets/<ruleset>/<file>
    replaced by `new`; the copy's folder."""
    out = tmp_path / "resources"
    shutil.copytree(ROOT / "motu" / "resources", out)
    change(out, ruleset, file, old, new)
    return out


def change(resources: Path, ruleset: str, file: str, old: str, new: str) -> None:
    """Replace the one occurrence of `old` in rulesets/<ruleset>/<file> of a copy by `new`."""
    path = resources / "rulesets" / ruleset / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {ruleset}/{file}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def run(code: str, resources: Path | None = None) -> Any:
    """Run `code` in a new interpreter (from the source tree, `resources` as its data if given;
    the test helpers beside this file importable) and return the JSON it prints last."""
    env = {k: v for k, v in os.environ.items() if k != "MOTU_RESOURCES"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "tests")] + [p for p in [env.get("PYTHONPATH")] if p])
    if resources is not None:
        env["MOTU_RESOURCES"] = str(resources)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])
