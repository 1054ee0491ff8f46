"""Ids that follow names (motu/engine/scenario/ids.py): an id made from a name, and renaming an id
with every reference to it in one Edit that undoes to the same file."""
from __future__ import annotations

import os

import pytest

from motu.engine.io.native import dumps, load_path
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.edits import EditError, PutRecord
from motu.engine.scenario.ids import id_from_name, ids_from_names, left_alone, rename, rename_id
from motu.engine.scenario.model import Area, is_ident

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
MOOREA = os.path.join(ROOT, "scenarios", "tahiti-moorea.yaml")
HEX = os.path.join(ROOT, "scenarios", "example-hex.yaml")
FERN = os.path.join(ROOT, "scenarios", "fern-ambush.yaml")


@pytest.mark.parametrize("name, taken, want", [
    ("Maeva", (), "maeva"), ("Mo'orea", (), "moorea"), ("Te Porionu'u", (), "te_porionuu"),
    ("'Umare'a", (), "umarea"), ("Ōpūnohu Bay", (), "opunohu_bay"), ("Area 2", (), "area_2"),
    ("Faaa", ("faaa",), "faaa_2"), ("Faaa", ("faaa", "faaa_2"), "faaa_3"), ("!!!", (), "id"),
    ("Mo\u2019orea", (), "moorea"),
])
def test_id_from_a_name(name, taken, want):
    assert id_from_name(name, taken) == want


def test_ids_from_long_names_stay_valid_and_unique():
    name = "A district with a very long name " * 4
    first = id_from_name(name)
    second = id_from_name(name, {first})
    assert is_ident(first) and is_ident(second) and first != second and len(second) <= 64


def test_renaming_an_area_updates_cells_the_random_area_selection_table_and_keeps_its_letter():
    s = load_path(TAHITI)
    text = dumps(s)
    cells = [c for c, a in enumerate(s.cell_area) if a == "faaa"]
    undo = rename_id(s, "areas", "faaa", "faa_a").apply(s)
    assert list(s.areas)[0] == "faa_a" and "faaa" not in s.areas and s.areas["faa_a"].name == "Faaa"
    assert [c for c, a in enumerate(s.cell_area) if a == "faa_a"] == cells
    assert s.tables["random_area_selection"]["groups"][0]["second"][0] == "faa_a"
    assert get_ruleset("tahiti").validate(s) == get_ruleset("tahiti").validate(load_path(TAHITI))
    renamed = dumps(s)
    # The area keeps its letter in the area layer: only its id changes in the file (the
    # layer's legend, the area's record, the table).
    changed = [(a, b) for a, b in zip(text.splitlines(), renamed.splitlines()) if a != b]
    assert len(changed) == 3 and all("faaa" in a and "faa_a" in b for a, b in changed)
    undo.apply(s)
    assert dumps(s) == text


def test_renaming_a_region_an_island_and_a_side_updates_what_points_at_them():
    s = load_path(HEX)
    text = dumps(s)
    undo_region = rename_id(s, "regions", "north", "northern").apply(s)
    assert s.areas["west"].region == s.areas["east"].region == "northern"
    undo_island = rename_id(s, "islands", "example", "motu_iti").apply(s)
    assert {a.island for a in s.areas.values()} == {"motu_iti"}
    undo_side = rename_id(s, "sides", "red", "ngati").apply(s)
    assert {p.side for p in s.pieces.values()} == {"ngati", "blue"}
    assert [f.side for f in s.features if f.kind == "home_village"] == ["ngati", "blue"]
    assert set(s.setup_zones) == {"ngati", "blue"} and list(s.sides) == ["ngati", "blue"]
    assert not [f for f in get_ruleset("tahiti").validate(s) if f.severity == "error"]
    for undo in (undo_side, undo_island, undo_region):
        undo.apply(s)
    assert dumps(s) == text


def test_renaming_a_piece_updates_the_props_that_name_it():
    s = load_path(FERN)
    text = dumps(s)
    leader = next(p for p in s.pieces.values() if p.props.get("leader"))
    undo = rename_id(s, "pieces", leader.props["leader"], "lieutenant").apply(s)
    assert s.pieces[leader.id].props["leader"] == "lieutenant" and "lieutenant" in s.pieces
    undo.apply(s)
    assert dumps(s) == text


def test_free_tables_and_victory_are_renamed_unless_the_id_is_ambiguous():
    s = load_path(HEX)  # `south` is an area and a region; `west` only an area
    s.victory["hold"] = ["west", "south"]
    rename_id(s, "areas", "west", "westbay").apply(s)
    assert s.tables["random_area"]["entries"]["1-2"] == "westbay" and s.victory["hold"][0] == "westbay"
    assert left_alone(s, "areas", "south") == ["tables.random_area", "victory"]
    rename_id(s, "areas", "south", "southcape").apply(s)
    assert s.tables["random_area"]["entries"]["5-6"] == "south"  # could be the region: left alone
    assert s.areas["southcape"].region == "south"


def test_renaming_refuses_a_taken_or_invalid_id_and_changes_nothing():
    s = load_path(TAHITI)
    text = dumps(s)
    with pytest.raises(EditError, match="there is already an area 'arue'"):
        rename_id(s, "areas", "faaa", "arue")
    with pytest.raises(EditError, match="not a valid id"):
        rename_id(s, "areas", "faaa", "two words")
    with pytest.raises(EditError, match="no area 'nowhere'"):
        rename_id(s, "areas", "nowhere", "x")
    assert dumps(s) == text


def test_renaming_an_area_names_it_and_gives_it_the_id_its_name_makes_in_one_edit():
    s = load_path(MOOREA)
    text = dumps(s)
    undo = rename(s, "areas", "haapiti", name="Ha'apiti").apply(s)
    assert s.areas["haapiti"].name == "Ha'apiti"  # the name's id is still haapiti: only the name changed
    undo.apply(s)
    undo = rename(s, "areas", "haapiti", name="Nu'urua").apply(s)
    assert "nuurua" in s.areas and s.areas["nuurua"].name == "Nu'urua" and "haapiti" not in s.areas
    assert "nuurua" in s.tables["random_area_selection"]["groups"][3]["second"]
    undo.apply(s)
    assert dumps(s) == text


def test_ids_from_names_gives_maeva_its_id():
    s = load_path(HEX)
    PutRecord("areas", "area1", Area("area1", "Maeva", "south", "example")).apply(s)
    s.cell_area[s.grid.parse_label("0608")] = "area1"
    text = dumps(s)
    undo = ids_from_names(s).apply(s)
    assert "maeva" in s.areas and "area1" not in s.areas and s.cell_area[s.grid.parse_label("0608")] == "maeva"
    assert {"westbay", "eastpoint", "southcape", "example_island"} <= set(s.areas) | set(s.islands)
    undo.apply(s)
    assert dumps(s) == text
