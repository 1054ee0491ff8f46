"""Tahiti's rule numbers and unit roles are its data (motu/resources/rulesets/tahiti/): a copy of the data
with one of them changed plays by it, the shipped data as the rules say. Red's Home Village (hex
245) starts with the Head Chieftain, 2 Clan Elders, the Shaman, 3 Population, 2 Militia,
1 Fighters, a War Canoe and a Big Log (setup.yaml)."""
from __future__ import annotations

from changed_rules_data import change, changed_copy, run

START = """
import json, sys
sys.path.insert(0, "tests/engine/rules/tahiti")
from motu.engine.rules.tahiti.movement import stacks
from motu.engine.rules.tahiti.constants import BUILDS, CELL
from motu.engine.rules.tahiti.game_state import PICK
from tahiti_positions import RED_HOME
from test_tahiti_game_support import RED, count, feed, game, run_only
st = game()
feed(st, PICK + RED)
"""

# Red's construction: the Village's builds, and the units after training slingers.
TRAINING = START + """
run_only(st, ("construction", RED))
legal = [BUILDS[(a - CELL) // st.b.size] for a in st.legal_actions() if a >= CELL]
feed(st, CELL + BUILDS.index("train_slingers") * st.b.size + RED_HOME)
print(json.dumps({"builds": legal, "after": {k: count(st, RED, k, RED_HOME) for k in ("population", "militia", "slingers")}}))
"""

# Red's stack at home without its Head Chieftain: who moves with the Clan Elders, how far.
LEADERSHIP = START + """
pool = [u for u in st.units if u.kind != "head_chieftain"]
units, mp = stacks.movers(st, RED, RED_HOME, pool=pool)
print(json.dumps({"kinds": sorted({u.kind for u in units}), "mp": mp}))
"""

# Red's stack at home taking to its one War Canoe: who is aboard.
BOARDING = START + """
aboard = stacks.sea_movers(st, RED, RED_HOME)
print(json.dumps([u.kind for u in aboard]))
"""

# The die after Red's whole home stack has Forced Marched (15.14): the units that check Panic.
FORCED_MARCH = START + """
from motu.engine.rules.tahiti.movement.after_dice import on_forced_march_panic_check
out = {}
for face in range(1, 7):
    st.todo = []
    on_forced_march_panic_check(st, face, RED, tuple(u.uid for u in st.units if u.cell == RED_HOME))
    out[face] = sorted(st.unit(t[1]).kind for t in st.todo if t[0] == "panic_roll")
print(json.dumps(out))
"""


def test_shipped_training_turns_militia_into_slingers():
    got = run(TRAINING)
    assert "train_slingers" in got["builds"]
    assert got["after"] == {"population": 3, "militia": 1, "slingers": 1}


def test_a_training_changed_in_construction_yaml_trains_from_the_new_kind(tmp_path):
    data = changed_copy(tmp_path, "tahiti", "construction.yaml", "train_slingers: {from: militia, to: slingers}",
                        "train_slingers: {from: population, to: slingers}")
    assert run(TRAINING, data)["after"] == {"population": 2, "militia": 2, "slingers": 1}


def test_a_build_costing_more_logs_in_construction_yaml_is_not_offered_with_one_log(tmp_path):
    assert "part_canoe" in run(TRAINING)["builds"]  # the Home Village is coastal, with 1 Big Log
    data = changed_copy(tmp_path, "tahiti", "construction.yaml", "part_canoe:   {logs: 1,", "part_canoe:   {logs: 2,")
    assert "part_canoe" not in run(TRAINING, data)["builds"]


def test_shipped_clan_elders_lead_combat_units():
    got = run(LEADERSHIP)
    assert got == {"kinds": ["clan_elder", "fighters", "militia", "population", "shaman"], "mp": 3}


def test_a_clan_elder_without_the_catalogues_leader_prop_leads_no_combat_unit(tmp_path):
    data = changed_copy(tmp_path, "tahiti", "catalogue.yaml", "mp: 3, props: {leader: true, land_zoc",
                        "mp: 3, props: {land_zoc")
    got = run(LEADERSHIP, data)
    assert got == {"kinds": ["clan_elder", "population", "shaman"], "mp": 3}, "Combat Units move only with a Leader"


def test_the_boarding_order_of_construction_yaml_fills_the_canoes(tmp_path):
    small = changed_copy(tmp_path, "tahiti", "construction.yaml", "canoe_capacity: 6 ", "canoe_capacity: 3 ")
    assert run(BOARDING, small) == ["war_canoe", "head_chieftain", "clan_elder", "clan_elder"]
    change(small, "tahiti", "construction.yaml", "[head_chieftain, clan_elder, heavy_troops, fighters, slingers,",
           "[population, head_chieftain, clan_elder, heavy_troops, fighters, slingers,")
    change(small, "tahiti", "construction.yaml", "militia, shaman, population]", "militia, shaman]")
    assert run(BOARDING, small) == ["war_canoe", "population", "population", "population"]


def test_the_forced_march_panic_faces_of_rules_yaml(tmp_path):
    units = ["fighters", "militia", "militia", "population", "population", "population", "shaman"]
    assert run(FORCED_MARCH) == {"1": units, "2": [], "3": units, "4": [], "5": units, "6": []}, \
        "odd: each Unit but the Leaders (and the War Canoe) checks"
    data = changed_copy(tmp_path, "tahiti", "rules.yaml", "forced_march_panic_on: [1, 3, 5]", "forced_march_panic_on: [6]")
    assert run(FORCED_MARCH, data) == {"1": [], "2": [], "3": [], "4": [], "5": [], "6": units}


# A movement query's storm given as event 14-15's third die (`--condition storm=N`): the storm it means.
STORM = START + """
from motu.engine.rules.tahiti.data.options import parse_conditions
from test_tahiti_game_support import scenario
print(json.dumps([parse_conditions(scenario(), {"storm": die}).storm for die in range(1, 7)]))
"""


def test_a_query_reads_the_storm_die_of_events_yaml(tmp_path):
    assert run(STORM) == ["coastal", "coastal", "major", "major", "major", "hurricane"]
    data = changed_copy(tmp_path, "tahiti", "events.yaml", "{dice: [1, 2], storm: coastal,", "{dice: [1, 2, 3], storm: coastal,")
    change(data, "tahiti", "events.yaml", "{dice: [3, 4, 5], storm: major,", "{dice: [4, 5], storm: major,")
    assert run(STORM, data) == ["coastal", "coastal", "coastal", "major", "major", "hurricane"]


def test_the_clan_elders_allowance_of_the_catalogue_is_his_stacks(tmp_path):
    data = changed_copy(tmp_path, "tahiti", "catalogue.yaml", "symbol: CE, movement_class: foot, mp: 3,",
                        "symbol: CE, movement_class: foot, mp: 2,")
    assert run(LEADERSHIP, data) == {"kinds": ["clan_elder", "fighters", "militia", "population", "shaman"], "mp": 2}


# Red's Fighters (combat value 3) flipped by a panic: the value it fights at.
FLIPPED = START + """
from motu.engine.rules.tahiti.constants import FLIPPED
from motu.engine.rules.tahiti.queries import unit_value
fighters = next(u for u in st.units if u.player == RED and u.kind == "fighters")
fighters.flags |= FLIPPED
print(json.dumps(unit_value(st, fighters)))
"""


def test_a_flipped_unit_fights_at_its_value_divided_by_combat_yamls_divisor(tmp_path):
    assert run(FLIPPED) == 1  # 3 halved, rounded down
    data = changed_copy(tmp_path, "tahiti", "combat.yaml", "flipped_value_divisor: 2", "flipped_value_divisor: 1")
    assert run(FLIPPED, data) == 3
