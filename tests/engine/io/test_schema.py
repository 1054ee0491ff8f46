"""The file format's JSON Schema and Motu's loader agree, and real validators read the schema.

A grid of `map.grid` mappings built from the schema's own enumerations (shapes, hex
orientations, offsets) plus sizes at its bounds: the loader accepts exactly the ones the schema
accepts (checked with the `jsonschema` library, not the fastjsonschema the loader compiles it
with). Then check-jsonschema, the command-line validator editors and CI use, passes every
shipped scenario and refuses a broken one.
"""
from __future__ import annotations

import copy
import glob
import itertools
import json
import shutil
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

from motu.engine.io.errors import LoadError
from motu.engine.io.modeline import schema_path
from motu.engine.io.native import loads, scenario_to_document
from motu.engine.rules.registry import get_ruleset

ROOT = Path(__file__).resolve().parents[3]
SCHEMA = json.loads(schema_path().read_text(encoding="utf-8"))


def _beside() -> Registry:
    """The schemas beside the main one (each rule set's pieces), which its relative $refs name."""
    return Registry().with_resources(
        (p.name, Resource.from_contents(json.loads(p.read_text(encoding="utf-8"))))
        for p in schema_path().parent.glob("*.schema.json") if p != schema_path())


VALIDATOR = jsonschema.Draft7Validator(SCHEMA, registry=_beside())
SHIPPED = sorted(glob.glob(str(ROOT / "scenarios" / "*.yaml")))
ABSENT = object()


def _grid_branches() -> dict[str, dict]:
    grid = SCHEMA["properties"]["map"]["properties"]["grid"]
    return {b["properties"]["shape"]["const"]: b for b in grid["oneOf"]}


def _enum_values(branch: dict, key: str) -> list:
    """Every value the schema names for `key` in a grid branch, in any of its sub-schemas."""
    found: list = []
    for part in (branch, branch.get("then", {}), branch.get("else", {})):
        for v in part.get("properties", {}).get(key, {}).get("enum", []):
            if v not in found:
                found.append(v)
    return found


def _cases():
    branches = _grid_branches()
    orientations = _enum_values(branches["hex"], "orientation")
    offsets = _enum_values(branches["hex"], "offset")
    size = branches["hex"]["properties"]["columns"]
    assert orientations == ["flat", "pointy"] and len(offsets) == 4
    for shape in list(branches) + ["triangle"]:
        for o, off, (c, r) in itertools.product([ABSENT] + orientations + ["round"], [ABSENT] + offsets,
                                                [(3, 2), (size["minimum"] - 1, 2), (3, size["minimum"])]):
            if shape == "spaces":
                continue  # spaces boards have no size or offsets: the shipped Tiki and pearls boards cover them
            g = {"shape": shape, "columns": c, "rows": r}
            if o is not ABSENT:
                g["orientation"] = o
            if off is not ABSENT:
                g["offset"] = off
            yield g


def _document(grid: dict) -> dict:
    rules = "tahiti" if grid["shape"] != "square" else "fern"
    s = get_ruleset(rules).new_scenario("hex" if rules == "tahiti" else "square", 3, 2)
    doc = json.loads(json.dumps(scenario_to_document(s)))
    doc["map"]["grid"] = copy.deepcopy(grid)
    rows = max(grid["rows"], 0)
    doc["map"]["terrain"]["rows"] = doc["map"]["terrain"]["rows"][:1] * rows
    return doc


CASES = list(_cases())


@pytest.mark.parametrize("grid", CASES, ids=[json.dumps(g, separators=(",", ":")) for g in CASES])
def test_the_loader_accepts_exactly_the_grids_the_schema_accepts(grid):
    doc = _document(grid)
    schema_ok = VALIDATOR.is_valid(doc)
    try:
        loads(json.dumps(doc), "grid.yaml")  # JSON is YAML
        loader_ok = True
    except LoadError:
        loader_ok = False
    assert schema_ok == loader_ok


def test_flat_hexes_with_row_offsets_are_refused_by_both():
    doc = _document({"shape": "hex", "orientation": "flat", "offset": "odd-r", "columns": 3, "rows": 2})
    assert not VALIDATOR.is_valid(doc)
    with pytest.raises(LoadError):
        loads(json.dumps(doc), "flat-odd-r.yaml")


def test_the_schema_is_a_valid_draft_07_schema_without_a_made_up_host():
    jsonschema.Draft7Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "http://json-schema.org/draft-07/schema#" and "$id" not in SCHEMA


CHECK = shutil.which("check-jsonschema") or str(Path(sys.executable).with_name("check-jsonschema"))


def test_check_jsonschema_passes_every_shipped_scenario_and_refuses_a_broken_one(tmp_path):
    r = subprocess.run([CHECK, "--schemafile", str(schema_path()), *SHIPPED], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    broken = tmp_path / "broken.yaml"
    text = Path(SHIPPED[0]).read_text(encoding="utf-8").replace("offset: odd-q", "offset: odd-r", 1)
    assert "odd-r" in text
    broken.write_text(text, encoding="utf-8")
    r = subprocess.run([CHECK, "--schemafile", str(schema_path()), str(broken)], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "broken.yaml" in r.stdout
