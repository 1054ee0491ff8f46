"""Two Tahiti findings a newcomer met: a clan with two Home Villages (3.1: one a clan), and a Random
Area Selection Table (15.12) that is wrong, told by area names and by where in the table, with the
slot the finding points at."""
from __future__ import annotations

import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from motu.engine.io.native import load_path  # noqa: E402
from motu.engine.scenario.model import CellFeature  # noqa: E402

from tahiti_testmaps import RULES, cell, found  # noqa: E402
from test_tahiti_validation import island, only  # noqa: E402  (the clean island of the map checks)

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
TAHITI = os.path.join(ROOT, "scenarios", "tahiti.yaml")
MOOREA = os.path.join(ROOT, "scenarios", "tahiti-moorea.yaml")


def test_rule_3_1_a_clan_has_one_home_village(tmp_path):
    """The newcomer's case: Red's second Home Village site at 2322 on a copy of tahiti.yaml."""
    path = tmp_path / "two-homes.yaml"
    shutil.copyfile(TAHITI, path)
    text = path.read_text(encoding="utf-8")
    anchor = "  - {kind: home_village, cell: '4222', side: green, name: Tautira}\n"
    path.write_text(text.replace(anchor, anchor + "  - {kind: home_village, cell: '2322', side: red}\n"),
                    encoding="utf-8")
    s = load_path(str(path))
    f = only(s, "TAHITI_CLAN_HOME_VILLAGES")
    assert f.severity == "error"
    assert f.cells == (cell(s, "1106"), cell(s, "2322"))
    assert "Red clan has 2 Home Village sites (1106, 2322)" in f.message and "(3.1)" in f.message
    assert found(load_path(TAHITI), "TAHITI_CLAN_HOME_VILLAGES") == []


def test_rule_3_1_one_site_each_for_two_clans_is_clean_and_a_doubled_site_is_another_finding():
    s = island()
    assert found(s, "TAHITI_CLAN_HOME_VILLAGES") == []
    s.features.append(CellFeature("home_village", cell(s, "0303"), "red"))  # the same site twice on one hex
    assert found(s, "TAHITI_CLAN_HOME_VILLAGES") == [] and found(s, "DUPLICATE_FEATURE")


def test_rule_15_12_a_slot_naming_no_area_says_its_group_and_die_and_points_at_it():
    s = load_path(MOOREA)
    s.tables["random_area_selection"]["groups"][3]["second"][3] = "papetoai_old"
    f = only(s, "RAST_BAD")
    assert "group 4, second die 4 names \u201cpapetoai_old\u201d, which is not an area" in f.message
    assert "'" not in f.message  # no Python repr
    assert "Papetoai not named" in f.message and f.areas == ("papetoai",)
    assert f.table == ("random_area_selection", "groups", 3, "second", 3)
    assert f.to_json(s)["table"] == ["random_area_selection", "groups", 3, "second", 3]


def test_rule_15_12_an_area_named_twice_says_both_slots_by_name():
    s = load_path(MOOREA)
    s.tables["random_area_selection"]["groups"][0]["second"][1] = "paopao"  # Punaauia's slot
    f = only(s, "RAST_BAD")
    assert "Paopao named more than once (group 1, second die 2 and group 4, second die 3)" in f.message
    assert "Punaauia not named" in f.message and " paopao" not in f.message
    assert set(f.areas) == {"paopao", "punaauia"}  # the row selects their cells
    assert f.table == ("random_area_selection", "groups", 0, "second", 1)


def test_rule_15_12_a_fault_only_in_the_table_is_placed_in_the_table():
    s = load_path(MOOREA)
    s.tables["random_area_selection"]["groups"][2]["second"][5] = 7  # Roll again's slot, now a number
    f = only(s, "RAST_BAD")
    assert "group 3, second die 6 holds the number 7, not an area" in f.message
    assert f.areas == () and f.cells == ()
    assert f.where(s) == "Random area selection table"  # not "-"
    assert [x.code for x in RULES.validate(load_path(MOOREA))] == []
