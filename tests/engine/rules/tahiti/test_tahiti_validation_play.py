"""Validates clean means plays (validation_play.py): each condition a Tahiti game needs is a finding
with its code, words and cells; and a property test: the shipped scenarios, mutated, either
validate with errors or start a game (both set-ups) that random bots play to its end."""
from __future__ import annotations

import copy
import os
import random
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from motu.engine.ai.bot import RandomBot, play_game  # noqa: E402
from motu.engine.rules.ruleset import RuleSetError  # noqa: E402
from motu.engine.scenario.model import CellFeature, Piece  # noqa: E402

from tahiti_testmaps import RULES, cell, codes, found  # noqa: E402
from test_tahiti_game_support import scenario  # noqa: E402
from test_tahiti_validation import island, only  # noqa: E402  (the clean island of the map checks)

HOMES = [("home_village", "0303", "red"), ("home_village", "0505", "blue")]


def test_a_clean_island_plays():
    s = island()
    assert [c for c in codes(s)] == []
    st = RULES.new_initial_state(s, {"turn_limit": 3})
    rng = random.Random(0)
    assert play_game(st, [RandomBot(rng)] * 2, rng).is_terminal()


def test_rule_3_1_no_home_village_is_an_error_and_the_game_says_why():
    s = island(features=[])
    f = only(s, "TAHITI_NO_HOME_VILLAGE")
    assert f.severity == "error" and "Home Village" in f.message
    with pytest.raises(RuleSetError):
        RULES.new_initial_state(s)


def test_rule_3_1_five_clans_are_too_many():
    from motu.engine.scenario.model import Side
    s = island(features=HOMES + [("home_village", "0403", "green"), ("home_village", "0404", "yellow"),
                                 ("home_village", "0304", "white")])
    for side in ("green", "yellow", "white"):
        s.sides[side] = Side(side, side.title())
    f = only(s, "TAHITI_TOO_MANY_CLANS")
    assert len(f.cells) == 5 and "5 sides" in f.message
    with pytest.raises(RuleSetError):
        RULES.new_initial_state(s)


def test_an_area_of_nothing_but_sea_is_an_error():
    s = island()
    from motu.engine.scenario.model import Area
    for label in ("0101", "0201"):  # open-sea hexes painted into an area of their own
        s.cell_area[cell(s, label)] = "w"
    s.areas["w"] = Area("w", "Area W", region="r")
    f = only(s, "TAHITI_SEA_IN_AREA")
    assert f.areas == ("w",) and set(f.cells) == {cell(s, "0101"), cell(s, "0201")}
    assert "Area W is nothing but sea" in f.message


def test_open_sea_painted_into_a_land_area_is_an_error():
    s = island()
    s.cell_area[cell(s, "0101")] = "a"  # open sea in area a
    f = only(s, "TAHITI_SEA_IN_AREA")
    assert f.cells == (cell(s, "0101"),) and f.areas == ("a",) and "Area A takes in open sea: 0101" in f.message


@pytest.mark.parametrize("key, value", [("players", 5), ("players", -1), ("turns_per_season", 0), ("turn_limit", 0),
                                        ("mountain_cost", 0), ("miles_per_hex", -1)])
def test_option_numbers_the_rules_cannot_play(key, value):
    f = only(island(options={key: value}), "TAHITI_OPTION_RANGE")
    assert repr(key) in f.message and str(value) in f.message


def test_setup_one_head_chieftain_and_one_shaman_a_clan():
    s = island(pieces=[("h1", "head_chieftain", "red", "0303"), ("h2", "head_chieftain", "red", "0403"),
                       ("s1", "shaman", "blue", "0505"), ("h3", "head_chieftain", "blue", "0505")])
    f = only(s, "TAHITI_CLAN_LEADERS")
    assert f.cells == (cell(s, "0303"), cell(s, "0403")) and "Red has 2 Head Chieftain pieces" in f.message
    s = island(pieces=[("h", "head_chieftain", "red", "0303"), ("s", "shaman", "red", "0303", {}),
                       ("s2", "shaman", "red", "0403")])
    assert "has 2 Shaman pieces" in only(s, "TAHITI_CLAN_LEADERS").message


def test_setup_units_without_their_head_chieftain_are_a_warning():
    s = island(pieces=[("m", "militia", "blue", "0505")])
    f = only(s, "TAHITI_CLAN_NO_CHIEFTAIN")
    assert f.severity == "warning" and "Blue" in f.message


def test_rule_15_8_units_in_a_compound_need_a_full_marae():
    base = [("h", "head_chieftain", "red", "0303", {"in_marae": True})]
    assert only(island(pieces=base), "TAHITI_COMPOUND_NO_MARAE").cells == (cell(island(), "0303"),)
    assert "TAHITI_COMPOUND_NO_MARAE" not in codes(island(pieces=base + [("m", "marae", None, "0303")]))


def test_setup_a_big_log_is_kept_in_a_village():
    s = island(pieces=[("l1", "big_log", None, "0303"), ("l2", "big_log", None, "0403")])  # 0303: Red's Home Village
    assert only(s, "TAHITI_LOG_NOT_IN_VILLAGE").cells == (cell(s, "0403"),)


def test_pieces_of_a_side_without_a_home_village_take_no_part():
    from motu.engine.scenario.model import Side
    s = island(pieces=[("g", "militia", "green", "0403")])
    s.sides["green"] = Side("green", "Green")
    f = only(s, "TAHITI_SIDE_NO_HOME")
    assert f.severity == "warning" and f.cells == (cell(s, "0403"),)


# --- the property: no errors => a game starts and plays to its end --------------------------------

KINDS = ["head_chieftain", "clan_elder", "shaman", "population", "militia", "fighters", "heavy_troops", "war_canoe",
         "village", "part_built_village", "marae", "part_built_marae", "big_log", "control", "arioi"]
TERRAINS = ["sea", "lagoon", "coast", "clear", "jungle", "mountain"]


@hs.composite
def mutated(draw):
    """A shipped Tahiti scenario with a few random changes a designer might make."""
    base = scenario(draw(hs.sampled_from(["tahiti.yaml", "tahiti-moorea.yaml"])))
    s = copy.deepcopy(base)
    s.cache = {}
    n = s.grid.size
    cells = hs.integers(0, n - 1)
    areas = list(s.areas)
    for _ in range(draw(hs.integers(1, 4))):
        what = draw(hs.sampled_from(["terrain", "area", "drop_feature", "move_feature", "piece", "drop_piece",
                                     "option", "drop_table", "sink_area", "region"]))
        if what == "terrain":
            s.terrain[draw(cells)] = draw(hs.sampled_from(TERRAINS))
        elif what == "area":
            s.cell_area[draw(cells)] = draw(hs.sampled_from(areas + [None]))
        elif what == "drop_feature" and s.features:
            del s.features[draw(hs.integers(0, len(s.features) - 1))]
        elif what == "move_feature" and s.features:
            i = draw(hs.integers(0, len(s.features) - 1))
            f = s.features[i]
            s.features[i] = CellFeature(f.kind, draw(cells), f.side, f.name)
        elif what == "piece":
            kind = draw(hs.sampled_from(KINDS))
            side = draw(hs.sampled_from(list(s.sides) + [None]))
            props = {"in_marae": True} if draw(hs.booleans()) and kind not in ("war_canoe", "arioi") else {}
            pid = f"x{len(s.pieces)}"
            s.pieces[pid] = Piece(pid, kind, side, draw(cells), count=draw(hs.integers(1, 3)), props=props)
        elif what == "drop_piece" and s.pieces:
            del s.pieces[draw(hs.sampled_from(sorted(s.pieces)))]
        elif what == "option":
            key = draw(hs.sampled_from(sorted(RULES.catalogue.options)))
            spec = RULES.catalogue.options[key]
            s.options[key] = (draw(hs.booleans()) if spec.type == "bool" else draw(hs.sampled_from(spec.choices))
                              if spec.type == "choice" else draw(hs.integers(-1, 8)))
        elif what == "drop_table":
            s.tables = {k: v for k, v in s.tables.items() if k != "random_area_selection"}
        elif what == "sink_area":  # every hex of an area becomes open sea
            a = draw(hs.sampled_from(areas))
            for c in range(n):
                if s.cell_area[c] == a:
                    s.terrain[c] = "sea"
        elif what == "region":
            a = draw(hs.sampled_from(areas))
            import dataclasses
            s.areas[a] = dataclasses.replace(s.areas[a], region=draw(hs.sampled_from(list(s.regions) + [None])))
    return s


@settings(max_examples=20, deadline=None)
@given(mutated(), hs.booleans(), hs.integers(0, 2 ** 16))
def test_validates_clean_means_plays(s, from_position, seed):
    if any(f.severity == "error" for f in RULES.validate(s)):
        return
    opts = {"start_from_position": from_position, "turn_limit": min(int(s.options.get("turn_limit", 4)), 4)}
    if s.options.get("turn_limit", 4) < 1:
        return  # an error above
    st = RULES.new_initial_state(s, opts)
    rng = random.Random(seed)
    st = play_game(st, [RandomBot(rng)] * st.num_players(), rng)
    assert st.is_terminal()
