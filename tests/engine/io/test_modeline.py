"""The schema modeline: new and saved scenarios name the schema so VS Code checks them as they
are typed; a modeline the user wrote is kept; Motu's own follows the file when it moves."""
from __future__ import annotations

import glob
import os
from pathlib import Path

import pytest

from motu.engine.io.modeline import SCHEMA_FILE, find_modeline, motu_modeline, schema_path
from motu.engine.io.native import dumps, load_path
from motu.engine.io.registry import save_scenario
from motu.engine.rules.registry import get_ruleset
from motu.cli import main

ROOT = Path(__file__).resolve().parents[3]
SHIPPED = sorted(glob.glob(str(ROOT / "scenarios" / "*.yaml")) + glob.glob(str(ROOT / "motu" / "resources" / "rulesets" / "*" / "board.yaml")))
USERS = "# yaml-language-server: $schema=https://example.org/my-motu-schema.json"


def _target(path: str | Path, text: str) -> Path:
    ref = find_modeline(text).split("$schema=", 1)[1]
    return Path(ref[len("file://"):]) if ref.startswith("file://") else (Path(path).parent / ref)


@pytest.mark.parametrize("path", SHIPPED, ids=os.path.basename)
def test_every_shipped_scenario_names_the_schema_from_where_it_is(path):
    text = open(path, encoding="utf-8").read()
    assert text.startswith("# yaml-language-server: $schema=")
    assert _target(path, text).resolve() == schema_path().resolve() and schema_path().name == SCHEMA_FILE


def test_motu_new_writes_a_modeline_that_reaches_the_schema(tmp_path, capsys):
    out = tmp_path / "island.yaml"
    assert main(["new", "--rules", "tahiti", "--grid", "hex", "--size", "5x4", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert _target(out, text).resolve() == schema_path().resolve()
    assert load_path(out).grid.size == 20  # the comment changes nothing for the loader


def test_a_users_modeline_is_kept_on_save_and_motus_own_is_refreshed(tmp_path):
    s = get_ruleset("tahiti").new_scenario("hex", 3, 3)
    out = tmp_path / "mine.yaml"
    out.write_text(USERS + "\n" + dumps(s), encoding="utf-8")
    save_scenario(load_path(out), str(out))
    assert out.read_text(encoding="utf-8").splitlines()[0] == USERS
    # Motu's own, left pointing where the file used to be, is written afresh.
    out.write_text("# yaml-language-server: $schema=../../old/place/resources/schema/scenario-v1.schema.json\n" + dumps(s),
                   encoding="utf-8")
    save_scenario(load_path(out), str(out))
    assert out.read_text(encoding="utf-8").splitlines()[0] == motu_modeline(out)
    # Saved back where it was read from: the same bytes.
    assert dumps(load_path(out), out) == out.read_text(encoding="utf-8")


def test_without_a_path_there_is_no_modeline_and_far_folders_get_a_file_uri(tmp_path):
    s = get_ruleset("fern").new_scenario("square", 3, 3)
    assert find_modeline(dumps(s)) is None
    line = motu_modeline("/" + SCHEMA_FILE)  # the root folder shares nothing but the root with the schema
    assert line.endswith(schema_path().resolve().as_uri())
