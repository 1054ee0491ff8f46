"""Construction and Training (6.1, Motu's reconstruction) and 15.8's Marae building, on the
shipped map (15.11's Marae on Mo'orea: tahiti-moorea.yaml, at the end). Red's Home Village is
the coastal hex 245 of Pare (area 3, region north): it starts with 1 Big Log, 3 Population,
2 Militia, 1 Fighters. Pare's jungle hexes are 248, 293, 294, 295, 296, 341, 342, 343; 201 is a
clear hex of Pare; Faaa (0), Arue (4), Mahina (5) border it."""
from __future__ import annotations

import dataclasses
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.constants import BUILDS  # noqa: E402
from motu.engine.rules.tahiti.game_state import DONE, PICK, CELL  # noqa: E402
from motu.engine.rules.tahiti.queries import areas_held  # noqa: E402

from tahiti_positions import PAEA_AREA, RED_HOME  # noqa: E402
from test_tahiti_game_support import BLUE, RED, count, feed, game, node_name, run_only  # noqa: E402


def act(st, name, cell=RED_HOME):
    return CELL + BUILDS.index(name) * st.b.size + cell


def red_builds(**opts):
    st = game(**opts)
    feed(st, PICK + RED)
    assert st.home[RED] == RED_HOME
    return run_only(st, ("construction", RED))


# --- 6.1: each build --------------------------------------------------------------------------

def test_rule_6_1_cut_big_log_from_jungle_leaves_a_stump():
    st = red_builds()
    feed(st, act(st, "cut_log"))
    assert st.villages[RED_HOME][2] == 2 and st.stumps == {248}  # 1 + 1 log; the first jungle hex stumped


def test_rule_6_1_no_big_log_when_every_jungle_hex_is_a_stump():
    st = game()
    feed(st, PICK + RED)
    st.stumps = {248, 293, 294, 295, 296, 341, 342, 343}
    run_only(st, ("construction", RED))
    assert act(st, "cut_log") not in st.legal_actions() and act(st, "grow") in st.legal_actions()


def test_rule_6_1_raise_one_population():
    st = red_builds()
    feed(st, act(st, "grow"))
    assert count(st, RED, "population", RED_HOME) == 4


# Red's Home Village starts with 3 Population, 2 Militia and 1 Fighters (setup.yaml): one
# training step turns one unit of the first kind into one of the second.
@pytest.mark.parametrize("build,before,after,counts", [
    ("train_militia", "population", "militia", (2, 3)),
    ("train_slingers", "militia", "slingers", (1, 1)),
    ("train_fighters", "militia", "fighters", (1, 2)),
    ("train_heavy", "fighters", "heavy_troops", (0, 1)),
])
def test_rule_6_1_training_steps(build, before, after, counts):
    st = red_builds()
    feed(st, act(st, build))
    assert (count(st, RED, before, RED_HOME), count(st, RED, after, RED_HOME)) == counts


def test_rule_6_1_training_needs_the_unit_in_the_village():
    st = game()
    feed(st, PICK + RED)
    st.units = [u for u in st.units if u.kind != "fighters"]
    run_only(st, ("construction", RED))
    assert act(st, "train_heavy") not in st.legal_actions() and act(st, "train_fighters") in st.legal_actions()


def test_rule_6_1_one_build_a_village_a_turn():
    st = red_builds()
    feed(st, act(st, "grow"))
    assert node_name(st) == "on_initiative"  # the phase is over: nothing more for Pare


def test_rule_6_1_part_built_village_with_a_big_log_then_completed_by_population():
    st = game()
    feed(st, PICK + RED)
    pop = next(u for u in st.units if u.player == RED and u.kind == "population")
    pop.cell = 201
    run_only(st, ("construction", RED))
    feed(st, act(st, "part_village", 201))
    assert st.villages[201] == [RED, 0, 0, 0, -1] and st.villages[RED_HOME][2] == 0  # the Big Log spent
    run_only(st, ("construction", RED))
    # next phase: the Population unit on it becomes its inherent Population; it builds at once
    assert st.villages[201][1] == 1 and st.unit(pop.uid) is None
    assert node_name(st) == "on_build" and st.node[4][1] == 201


def test_rule_6_1_part_built_village_in_an_adjacent_area_not_further():
    st = game()
    feed(st, PICK + RED)
    faaa = 290   # clear, Faaa borders Pare
    paea = next(c for c in st.b.area_cells[PAEA_AREA] if st.b.terrain[c] == "clear")  # Paea does not
    st.add_unit("population", RED, faaa)
    st.add_unit("population", RED, paea)
    run_only(st, ("construction", RED))
    assert act(st, "part_village", faaa) in st.legal_actions()
    assert act(st, "part_village", paea) not in st.legal_actions()


def test_rule_6_1_part_built_village_needs_a_big_log():
    st = game()
    feed(st, PICK + RED)
    st.villages[RED_HOME][2] = 0
    st.add_unit("population", RED, 201)
    run_only(st, ("construction", RED))
    assert act(st, "part_village", 201) not in st.legal_actions()
    assert act(st, "part_canoe") not in st.legal_actions()


def test_rule_6_1_part_built_canoe_then_war_canoe():
    st = red_builds()
    feed(st, act(st, "part_canoe"))
    assert st.villages[RED_HOME][2:4] == [0, 1]  # the Big Log is now a Part-built Canoe
    run_only(st, ("construction", RED))
    feed(st, act(st, "finish_canoe"))
    assert st.villages[RED_HOME][3] == 0 and count(st, RED, "war_canoe", RED_HOME) == 2


def test_rule_6_1_inland_village_builds_no_canoe():
    st = game()
    feed(st, PICK + RED)
    st.villages[RED_HOME][2] = 0
    st.villages[201] = [RED, 1, 1, 0, -1]  # an inland Village of Pare with a Big Log
    run_only(st, ("build", RED, 201, 1, True))
    assert act(st, "part_canoe", 201) not in st.legal_actions()


def test_rule_15_12_event_32_free_build_gives_the_home_village_two_builds():
    st = game(rule_15_12_random_events=True)
    feed(st, PICK + RED, 3, 2, 1)  # event 32, third die 1: Red's Home Village gets one free build
    assert st.cond["free"] == {RED_HOME: 1}
    run_only(st, ("construction", RED))
    feed(st, act(st, "grow"))
    assert node_name(st) == "on_build"  # the free second build
    feed(st, act(st, "grow"))
    assert count(st, RED, "population", RED_HOME) == 5


def test_rule_15_12_event_36_blight_no_builds_in_the_area():
    st = game()
    feed(st, PICK + RED)
    st.cond["blight"] = {3}  # Pare blighted
    st.villages[RED_HOME][1] = 1
    run_only(st, ("construction", RED), ("construction", BLUE))
    assert node_name(st) == "on_build" and st.current_player() == BLUE  # Red skipped, Blue builds


def test_rule_15_12_event_36_blight_no_part_built_village_into_the_area():
    st = game()
    feed(st, PICK + RED)
    st.cond["blight"] = {0}  # Faaa
    st.add_unit("population", RED, 290)
    run_only(st, ("construction", RED))
    assert act(st, "part_village", 290) not in st.legal_actions()


# --- 15.8 Marae building ------------------------------------------------------------------------

def marae_game(pop_at=RED_HOME, n=3, **opts):
    st = game(rule_15_8_maraes=True, **opts)
    feed(st, PICK + RED)
    st.units = [u for u in st.units if not (u.player == RED and u.kind == "population")]
    for _ in range(n):
        st.add_unit("population", RED, pop_at)
    return st


def test_rule_15_8_part_built_marae_when_three_population_at_the_site():
    st = marae_game(pop_at=201)
    run_only(st, ("construction", RED))
    feed(st, act(st, "marae", 201))
    assert st.maraes == {201: 0} and count(st, RED, "population", 201) == 3  # not consumed


def test_rule_15_8_two_population_are_not_enough():
    st = marae_game(pop_at=201, n=2)
    run_only(st, ("construction", RED))
    assert act(st, "marae", 201) not in st.legal_actions()


def test_rule_15_8_full_marae_when_the_conditions_hold_another_turn():
    st = marae_game()
    run_only(st, ("construction", RED))
    feed(st, act(st, "marae", RED_HOME))
    st.cond = {}  # a new turn
    run_only(st, ("construction", RED))
    feed(st, act(st, "marae", RED_HOME))
    assert st.maraes == {RED_HOME: 1} and count(st, RED, "population", RED_HOME) == 3


def test_rule_15_8_village_does_no_other_construction_even_with_a_free_build():
    st = marae_game()
    st.cond["free"] = {RED_HOME: 1}
    run_only(st, ("construction", RED))
    feed(st, act(st, "marae", RED_HOME))
    assert node_name(st) == "on_initiative"  # no second build


def test_rule_15_8_not_full_in_the_same_turn_by_a_second_village():
    st = marae_game(pop_at=201)
    st.villages[247] = [RED, 1, 0, 0, -1]  # a second Red Village in Pare
    run_only(st, ("construction", RED))
    feed(st, act(st, "marae", 201))  # Pare's home Village places the part-built Marae
    assert node_name(st) == "on_build" and st.node[4][1] == 247
    assert act(st, "marae", 201) not in st.legal_actions()  # "for another turn"


def test_rule_15_8_population_counted_at_the_start_of_the_phase():
    st = marae_game(pop_at=201, n=2)
    st.villages[201] = [RED, 1, 0, 0, -1]  # a Village on the site, built before the home (201 < 245)
    run_only(st, ("construction", RED))
    feed(st, act(st, "grow", 201))  # a third Population on 201, but after the phase began
    assert count(st, RED, "population", 201) == 3 and act(st, "marae", 201) not in st.legal_actions()


def test_rule_15_8_only_in_an_area_he_controls():
    st = marae_game(pop_at=201)
    st.villages[247] = [BLUE, 1, 0, 0, -1]  # a Blue Village in Pare too: Pare is nobody's
    run_only(st, ("construction", RED))
    assert act(st, "marae", 201) not in st.legal_actions()


def test_rule_15_8_one_full_marae_a_region_part_built_unlimited():
    st = marae_game()
    st.maraes = {203: 1, 201: 0}  # a full Marae in Arue (north) and a part-built one in Pare
    st.add_unit("population", RED, 201)
    st.add_unit("population", RED, 201)
    st.add_unit("population", RED, 201)
    run_only(st, ("construction", RED))
    assert act(st, "marae", RED_HOME) in st.legal_actions()  # another part-built Marae: no limit
    assert act(st, "marae", 201) not in st.legal_actions()  # no second full Marae in the north


def test_rule_15_8_full_marae_in_another_region_allowed():
    st = marae_game()
    paea = next(c for c in st.b.area_cells[PAEA_AREA] if st.b.terrain[c] == "clear")
    st.maraes = {paea: 1, RED_HOME: 0}  # a full Marae in Paea (west)
    run_only(st, ("construction", RED))
    feed(st, act(st, "marae", RED_HOME))
    assert st.maraes[RED_HOME] == 1


def test_rule_15_8_full_marae_counts_as_an_area():
    st = marae_game()
    st.maraes = {RED_HOME: 1}
    assert areas_held(st)[RED] == 2  # Pare and its Marae


def test_rule_15_8_full_marae_cannot_be_destroyed_by_an_earthquake():
    st = marae_game(rule_15_12_random_events=True)
    st.maraes = {RED_HOME: 1}
    run_only(st, ("random_events", 1))
    feed(st, 5, 1, 1, 1, 4)  # event 51, third die 1: one area; Random Area Table 1, 4: Pare
    assert st.villages[RED_HOME][1] == 0 and st.maraes == {RED_HOME: 1}  # the Village falls, the Marae stands


def test_rule_15_8_off_no_marae_build():
    st = game()
    feed(st, PICK + RED)
    run_only(st, ("construction", RED))
    assert all((a - CELL) // st.b.size != BUILDS.index("marae") for a in st.legal_actions() if a != DONE)


# --- 15.8 / 15.11: "plus one on Mo'orea if the expansion kit is in play" ------------------------
# On tahiti-moorea.yaml: a Red Village on 496 (clear, Afareaitu, Mo'orea) with 3 Population and a
# part-built Marae; Tahiti's three regions each already have their full Marae (449 in Pare,
# north; 1137 in Paea, west; 1076 in Papara, south). 496 is Red's first Village to build (496 < 515).

MOOREA_SITE = 496
TAHITI_FULL = {449: 1, 1137: 1, 1076: 1}


def moorea_marae(extra=None, region_of=None, **opts):
    """The position above, Red's Construction and Training Phase; `region_of` re-draws regions
    first (area index -> region id, see `regions`)."""
    st = game("tahiti-moorea.yaml", rule_15_8_maraes=True, **opts)
    feed(st, PICK + RED)
    if region_of:
        regions(st, region_of)
    st.villages[MOOREA_SITE] = [RED, 1, 0, 0, -1]
    for _ in range(3):
        st.add_unit("population", RED, MOOREA_SITE)
    st.maraes = {**TAHITI_FULL, MOOREA_SITE: 0, **(extra or {})}
    run_only(st, ("construction", RED))
    assert node_name(st) == "on_build" and st.node[4][1] == MOOREA_SITE
    return st


def test_rule_15_11_marae_on_moorea_when_tahiti_regions_each_have_one():
    st = moorea_marae()
    assert act(st, "marae", MOOREA_SITE) in st.legal_actions()
    feed(st, act(st, "marae", MOOREA_SITE))
    assert st.maraes == {**TAHITI_FULL, MOOREA_SITE: 1}  # the fourth full Marae: Mo'orea's one


def test_rule_15_11_no_marae_on_moorea_with_the_option_off():
    st = moorea_marae(rule_15_11_moorea_marae=False)
    assert act(st, "marae", MOOREA_SITE) not in st.legal_actions()
    assert act(st, "grow", MOOREA_SITE) in st.legal_actions()  # the Village may still build


def test_rule_15_11_only_one_full_marae_on_moorea():
    st = game("tahiti-moorea.yaml")
    teavaro = next(c for c in st.b.area_cells[18] if st.b.terrain[c] == "clear")  # Teavaro, Mo'orea
    st = moorea_marae(extra={teavaro: 1})
    assert act(st, "marae", MOOREA_SITE) not in st.legal_actions()


# --- which full Maraes share a limit: the island for Mo'orea, not its region id --------------------

def regions(st, region_of: dict[int, str | None]):
    """Re-draw the map's regions (area index -> region id or None), as another designer might."""
    region = list(st.b.area_region)
    for a, r in region_of.items():
        region[a] = r
    st.b = dataclasses.replace(st.b, area_region=region)
    return st


MOOREA_AREAS = range(17, 22)   # Afareaitu (17, the site 496), Teavaro (18), Paopao, Papetoai, Haapiti


def test_rule_15_11_no_marae_on_moorea_with_the_option_off_whatever_its_region_is_called():
    # Mo'orea's region named "eimeo" (its old name): still Mo'orea, the option still rules it.
    st = moorea_marae(rule_15_11_moorea_marae=False, region_of={a: "eimeo" for a in MOOREA_AREAS})
    assert act(st, "marae", MOOREA_SITE) not in st.legal_actions()


def test_rule_15_11_moorea_renamed_region_still_has_its_one_full_marae():
    st = moorea_marae(region_of={a: "eimeo" for a in MOOREA_AREAS})
    feed(st, act(st, "marae", MOOREA_SITE))
    assert st.maraes[MOOREA_SITE] == 1


def test_rule_15_8_one_full_marae_on_moorea_even_when_it_is_split_into_regions():
    # "plus one on Mo'orea": Teavaro (region "moorea_east") has it, so Afareaitu
    # (region "moorea_south") may not have another.
    b = game("tahiti-moorea.yaml").b
    teavaro = next(c for c in b.area_cells[18] if b.terrain[c] == "clear")
    st = moorea_marae(extra={teavaro: 1}, region_of={17: "moorea_south", 18: "moorea_east"})
    assert act(st, "marae", MOOREA_SITE) not in st.legal_actions()


def test_rule_15_8_area_without_a_region_is_its_own_region():
    # Pare (3) and Arue (4) belong to no region: Arue's full Marae does not stop one in Pare.
    st = regions(marae_game(), {3: None, 4: None})
    st.maraes = {203: 1, RED_HOME: 0}  # 203: Arue
    run_only(st, ("construction", RED))
    feed(st, act(st, "marae", RED_HOME))
    assert st.maraes == {203: 1, RED_HOME: 1}


def test_rule_15_8_area_without_a_region_still_one_full_marae():
    st = regions(marae_game(), {3: None})
    st.maraes = {201: 1, RED_HOME: 0}  # a full Marae on 201, in Pare already
    run_only(st, ("construction", RED))
    assert act(st, "marae", RED_HOME) not in st.legal_actions()


def test_rule_15_8_one_full_marae_a_region_counts_in_a_game():
    # A game whose map already had two full Maraes in the north (a designer's, carried over by
    # start_from_position): only the first counts as an area (maraes.py), as validation says.
    st = marae_game()
    st.maraes = {201: 1, RED_HOME: 1}  # both in Pare (north)
    assert areas_held(st)[RED] == 2  # Pare and one Marae
