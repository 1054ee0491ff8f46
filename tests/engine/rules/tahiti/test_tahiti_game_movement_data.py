"""The Movement Phase's numbers are rule-set data a designer can change: the catalogue's
allowances (`mp`) and portage cost, rules.yaml's hexes per sea MP, 15.13's first step and what a
storm leaves open. Each test changes one number and checks that the game moves by it."""
from __future__ import annotations

import dataclasses
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

from motu.engine.io.native import load_path  # noqa: E402
from motu.engine.rules.tahiti.movement import stacks  # noqa: E402
from motu.engine.rules.tahiti.movement.reach import land_reach, sea_reach  # noqa: E402
from motu.engine.rules.tahiti.data.options import rule_data  # noqa: E402
from motu.engine.rules.tahiti.game import new_game  # noqa: E402
from motu.engine.rules.tahiti.game_state import PICK  # noqa: E402

from test_tahiti_game_support import GAME_SCALE, RED, ROOT, RULES, clear_board, feed  # noqa: E402

BASE = {"rule_3_1_random_homes": False, "rule_15_12_random_events": False, "rule_15_6_arioi": False,
        **GAME_SCALE}


def changed_rules(monkeypatch, **numbers):
    """rules.yaml as the rule set instance reads it (RuleSet.document), with these numbers changed."""
    changed = dict(RULES.document("rules"), **numbers)
    monkeypatch.setitem(RULES.__dict__.setdefault("_documents", {}), "rules", changed)


def red_to_move(cat=None, **opts):
    """A fresh game (its own board, so a changed catalogue is read), Red to move, board cleared."""
    scenario = load_path(os.path.join(ROOT, "scenarios", "tahiti.yaml"))
    st = new_game(scenario, cat or RULES.catalogue, {**BASE, **opts})
    feed(st, PICK + RED)
    return clear_board(st)


def with_piece(cat, kind, **changes):
    return dataclasses.replace(cat, pieces={**cat.pieces, kind: dataclasses.replace(cat.pieces[kind], **changes)})


def with_edge(cat, kind, **changes):
    return dataclasses.replace(cat, edges={**cat.edges, kind: dataclasses.replace(cat.edges[kind], **changes)})


def test_allowances_are_the_catalogues_mp():
    cat = RULES.catalogue
    st = red_to_move()
    assert st.b.allowance["clan_elder"] == cat.pieces["clan_elder"].mp == 3
    elder_at = st.b.village_sites[2]
    st.add_unit("clan_elder", RED, elder_at)
    three = set(land_reach(st, RED, elder_at, stacks.movers(st, RED, elder_at)[1]))
    slow = red_to_move(with_piece(cat, "clan_elder", mp=2))
    slow.add_unit("clan_elder", RED, elder_at)
    assert stacks.movers(slow, RED, elder_at)[1] == 2
    two = set(land_reach(slow, RED, elder_at, stacks.movers(slow, RED, elder_at)[1]))
    assert two == set(land_reach(st, RED, elder_at, 2)) and two < three


def _portage(st):
    a, b = sorted(st.b.portages)[0]
    return a, b


def test_rule_15_7_portage_cost_is_the_catalogues():
    # 2 MP (the catalogue): 1 hex into the portage's far hex + 2 x 3 = 7 hexes, beyond 2 MP (6 hexes).
    st = red_to_move()
    a, b = _portage(st)
    st.add_unit("war_canoe", RED, a)
    assert b not in sea_reach(st, RED, a, 2)
    assert sea_reach(st, RED, a, 3)[b][0] == 7
    # 1 MP: 1 + 3 = 4 hexes, within 2 MP.
    cheap = red_to_move(with_edge(RULES.catalogue, "portage", move={"canoe": 1}))
    cheap.add_unit("war_canoe", RED, a)
    assert sea_reach(cheap, RED, a, 2)[b][0] == 4


def test_hexes_per_sea_mp_and_storms_are_rules_yaml(monkeypatch):
    st = red_to_move()
    a, _ = _portage(st)
    st.add_unit("war_canoe", RED, a)
    st.cond["storm"] = "major"
    assert sea_reach(st, RED, a, 1) == {}  # 14-15 3-5: no sea movement
    normal = sea_reach(red_to_move(), RED, a, 1)
    assert normal and max(h for h, _ in normal.values()) == 3  # 1 MP = 3 hexes
    changed_rules(monkeypatch, sea_movement_hexes_per_mp=2,
                  storm_canoe_terrain={**rule_data()["storm_canoe_terrain"], "major": ["coast", "lagoon", "sea"]})
    changed = red_to_move()
    changed.add_unit("war_canoe", RED, a)
    reach = sea_reach(changed, RED, a, 1)
    assert reach and max(h for h, _ in reach.values()) == 2  # 1 MP = 2 hexes now
    changed.cond["storm"] = "major"
    assert sea_reach(changed, RED, a, 1) == reach  # this designer's major storm stops nobody


def test_rule_15_13_first_step_is_rules_yaml(monkeypatch):
    st = red_to_move(rule_15_13_variable_movement=True)
    elder = st.add_unit("clan_elder", RED, st.b.village_sites[2])
    assert stacks.first_step_mp(st, [elder], 3) == 2
    changed_rules(monkeypatch, variable_movement_first_step_mp=1)
    st = red_to_move(rule_15_13_variable_movement=True)
    elder = st.add_unit("clan_elder", RED, st.b.village_sites[2])
    assert stacks.first_step_mp(st, [elder], 3) == 1
