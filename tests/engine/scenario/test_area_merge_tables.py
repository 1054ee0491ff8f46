"""Merging and deleting areas keeps the tables right in the same Edit (motu/engine/scenario/record_edits.py,
table_refs.py): the Random Area Selection Table never names an area that is gone, and undo puts
back every byte."""
from __future__ import annotations

import os

import pytest

from motu.engine.io.native import dumps, load_path, loads
from motu.engine.rules.registry import get_ruleset
from motu.engine.scenario.edits import EditError, merge_areas, remove_area, remove_areas
from motu.engine.scenario.table_refs import tables_without_area

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
MOOREA = os.path.join(ROOT, "scenarios", "tahiti-moorea.yaml")
RULES = get_ruleset("tahiti")


def table(s):
    return s.tables["random_area_selection"]["groups"]


def errors(s):
    return [(f.code, f.message) for f in RULES.validate(s) if f.severity == "error"]


def test_merging_papetoai_into_paopao_leaves_roll_again_in_its_slot_and_undoes():
    s = load_path(MOOREA)
    text = dumps(s)
    assert table(s)[3]["second"] == ["afareaitu", "teavaro", "paopao", "papetoai", "haapiti", "roll_again"]
    cells = {c for c, a in enumerate(s.cell_area) if a in ("paopao", "papetoai")}
    undo = merge_areas(s, "paopao", ["papetoai"]).apply(s)
    assert "papetoai" not in s.areas and {c for c, a in enumerate(s.cell_area) if a == "paopao"} == cells
    # Paopao keeps its own slot (the table names each area once); Papetoai's reads Roll again.
    assert table(s)[3]["second"] == ["afareaitu", "teavaro", "paopao", "roll_again", "haapiti", "roll_again"]
    assert errors(s) == []
    assert errors(loads(dumps(s))) == []  # the file it saves validates too
    undo.apply(s)
    assert dumps(s) == text


def test_the_slot_goes_to_the_kept_area_when_the_table_did_not_name_it():
    s = load_path(MOOREA)
    second = table(s)[3]["second"]
    second[second.index("paopao")] = "roll_again"  # Paopao left out of the table (RAST_BAD)
    assert any(code == "RAST_BAD" for code, _ in errors(s))
    undo = merge_areas(s, "paopao", ["papetoai", "haapiti"]).apply(s)
    # Papetoai's slot (the first met) becomes Paopao's, Haapiti's Roll again: each area once.
    assert table(s)[3]["second"] == ["afareaitu", "teavaro", "roll_again", "paopao", "roll_again", "roll_again"]
    assert errors(s) == []
    undo.apply(s)
    assert table(s)[3]["second"] == ["afareaitu", "teavaro", "roll_again", "papetoai", "haapiti", "roll_again"]


def test_deleting_areas_leaves_roll_again_for_each_and_undoes():
    s = load_path(MOOREA)
    text = dumps(s)
    undo = remove_areas(s, ["paopao", "papetoai"]).apply(s)
    assert table(s)[3]["second"] == ["afareaitu", "teavaro", "roll_again", "roll_again", "haapiti", "roll_again"]
    assert not any(code == "RAST_BAD" for code, _ in errors(s))
    undo.apply(s)
    assert dumps(s) == text
    undo = remove_area(s, "faaa").apply(s)
    assert table(s)[0]["second"][0] == "roll_again"
    undo.apply(s)
    assert dumps(s) == text


def test_the_mapping_form_of_the_table_follows_too():
    s = load_path(MOOREA)
    g = table(s)[3]
    g["second"] = {i + 1: a for i, a in enumerate(g["second"])}
    merge_areas(s, "paopao", ["papetoai"]).apply(s)
    assert table(s)[3]["second"] == {1: "afareaitu", 2: "teavaro", 3: "paopao", 4: "roll_again", 5: "haapiti",
                                     6: "roll_again"}


def test_merging_renames_the_merged_area_in_free_form_tables_and_victory():
    s = load_path(MOOREA)
    s.tables["objectives"] = {"hold": ["papetoai", "faaa"]}
    s.victory = {"areas": ["papetoai"]}
    undo = merge_areas(s, "paopao", ["papetoai"]).apply(s)
    assert s.tables["objectives"] == {"hold": ["paopao", "faaa"]} and s.victory == {"areas": ["paopao"]}
    undo.apply(s)
    assert s.tables["objectives"] == {"hold": ["papetoai", "faaa"]} and s.victory == {"areas": ["papetoai"]}


def test_merging_an_area_that_is_not_there_is_refused_and_changes_nothing():
    s = load_path(MOOREA)
    with pytest.raises(EditError):
        merge_areas(s, "paopao", ["nowhere"])
    text = dumps(s)
    edit = merge_areas(s, "paopao", ["paopao"])  # merging an area into itself is nothing
    edit.apply(s)
    assert dumps(s) == text


def test_untouched_tables_stay_the_same_objects():
    tables = {"random_area_selection": {"groups": [{"first": [1], "second": ["a"] * 6}]}, "georeference": {"x": 1}}
    out = tables_without_area(tables, "b", "c")
    assert all(out[k] is v for k, v in tables.items())
