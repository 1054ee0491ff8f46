"""Area control, Marae control (15.8) and zones of influence (7.5, 8.4) are read twice: on a
scenario (control.py, zones.py: `motu query`, the editor, validation) and on a game state
(queries.py, read by movement.reach and every rule). These tests place random pieces on a map,
start a game from that position (option start_from_position) and ask both.

Positions are the ones a game can hold: at most one Village (or Part-built Village) a hex and
none on a Home Village site, one Marae a hex and no more full Maraes than 15.8 lets count, one
Control marker an area. On other positions the two differ by construction (two Control markers
in an area: the scenario calls it neutral, the game keeps one).

A sea zone stops at a portage hexside (15.7: canoes are carried across it, not paddled) in a game
as on the scenario; `test_a_sea_zone_stops_at_a_portage` checks both on the small map's portage,
and the random positions are drawn on the maps without their portages.
"""
import os
import sys

import pytest
from hypothesis import given, strategies as st

sys.path.insert(0, os.path.dirname(__file__))  # --import-mode=importlib: helpers beside the tests
from tahiti_testmaps import build  # noqa: E402
from test_tahiti_game_support import RULES, scenario  # noqa: E402

from motu.engine.rules.tahiti import control, zones  # noqa: E402
from motu.engine.rules.tahiti.constants import CLAN_UNITS  # noqa: E402
from motu.engine.rules.tahiti.maraes import marae_rule  # noqa: E402
from motu.engine.rules.tahiti.data.options import option  # noqa: E402
from motu.engine.rules.tahiti.game import player_sides  # noqa: E402
from motu.engine.rules.tahiti.geography import land_flags, water_flags  # noqa: E402
from motu.engine.rules.tahiti.queries import area_control, enemy_land_zone, enemy_sea_zone, marae_control  # noqa: E402
from motu.engine.scenario.model import Piece  # noqa: E402

CAT = RULES.catalogue
VILLAGES = ("village", "part_built_village")
MARAES = ("marae", "part_built_marae")
KINDS = CLAN_UNITS + VILLAGES + MARAES + ("control",)
# Red and blue clans on one island of two regions (a-b, c-e): a lagoon behind a reef with a pass,
# open sea, a bay, and a portage (0502/0503) across the neck beside it. It validates clean.
SMALL = build(["~ ~ ~ ~ ~ ~ ~ ~",
               "~ c c c c c c ~",
               "~ c j c c c c ~",
               "~ c m c ~ c c ~",
               "~ c c c ~ c c ~",
               "~ l l ~ ~ ~ ~ ~",
               "~ ~ ~ ~ ~ ~ ~ ~"],
              [". . . . . . . .",
               ". a a b b d d .",
               ". a a b c d d .",
               ". a a b . e e .",
               ". a a b . e e .",
               ". . . . . . . .",
               ". . . . . . . ."],
              regions={"r": ["a", "b"], "s": ["c", "d", "e"]},
              edges={"reef": ["0206/0307", "0206/0106", "0206/0207", "0306/0406", "0306/0307"],
                     "portage": ["0502/0503"]},
              features=[("home_village", "0202", "red"), ("home_village", "0602", "blue")])


def without_portages(s):
    s = s.copy()
    s.edges = {k: tuple(f for f in v if f != "portage") for k, v in s.edges.items()}
    return s


MAPS = {"tahiti.yaml": without_portages(scenario("tahiti.yaml")), "small": without_portages(SMALL)}


@st.composite
def positions(draw, base):
    """A copy of `base` with random pieces of its clans (and of nobody) where a game may hold them."""
    s = base.copy()
    sides = player_sides(s, 0)
    land, water = land_flags(s, CAT), water_flags(s, CAT)
    on_land = [c for c in range(s.grid.size) if land[c]]
    afloat = [c for c in range(s.grid.size) if water[c] or s.terrain[c] == "coast"]
    homes = {f.cell for f in s.features if f.kind == "home_village"}
    taken: set = set()   # hexes with a Village or a Marae (by kind), areas with a Control marker
    s.pieces = {}
    rng = draw(st.randoms(use_true_random=False))  # Hypothesis's choices: shrinkable, replayable
    for i in range(rng.randint(0, 40)):
        kind = rng.choice(KINDS)
        side = rng.choice(sides + ([None] if kind in VILLAGES + MARAES else []))
        cell = rng.choice(afloat if kind == "war_canoe" else on_land)
        in_marae = rng.random() < 0.2 and kind in CLAN_UNITS
        key = (("village", cell) if kind in VILLAGES else ("marae", cell) if kind in MARAES
               else ("control", s.cell_area[cell]) if kind == "control" else None)
        if key is not None:
            if key in taken or (kind in VILLAGES and cell in homes):
                continue
            taken.add(key)
        s.pieces[f"p{i}"] = Piece(f"p{i}", kind, side, cell, props={"in_marae": True} if in_marae else {})
    full = [(p.id, s.cell_area[p.cell]) for p in s.pieces.values() if p.kind == "marae"]
    if len(marae_rule(s).counted(full, option(s, CAT, "rule_15_11_moorea_marae"))) < len(full):
        for pid, _ in full:  # more than 15.8 lets count: a map validation refuses
            del s.pieces[pid]
    s.options.update(start_from_position=True, rule_15_12_random_events=False, rule_15_6_arioi=False,
                     rule_3_1_random_homes=False, rule_15_8_maraes=rng.random() < 0.7,
                     miles_per_hex=rng.choice([1, 2, 4]))
    return s


def disagreements(s) -> list[tuple]:
    """What the scenario's reading and the game's reading of `s` say differently."""
    game = RULES.new_initial_state(s)
    sides = game.players
    out = []
    on_map = control.area_control(s, CAT)
    held = area_control(game)
    for i, a in enumerate(game.b.areas):
        if on_map[a] != (sides[held[i]] if held[i] >= 0 else None):
            out.append(("area", a, on_map[a], held[i]))
    if game.opts["rule_15_8_maraes"]:
        by_cell = {s.pieces[key[len(control.MARAE_PREFIX):]].cell: side
                   for key, side in control.marae_control(s, CAT, on_map).items()}
        in_game = {c: (sides[p] if p >= 0 else None) for c, p in marae_control(game, held).items()}
        if by_cell != in_game:
            out.append(("marae", by_cell, in_game))
    for p, side in enumerate(sides):
        if set(zones.land_zone(s, CAT, side)) != enemy_land_zone(game, p):
            out.append(("land zone", side))
        if set(zones.sea_zone(s, CAT, side)) != enemy_sea_zone(game, p):
            out.append(("sea zone", side))
    return out


@pytest.mark.parametrize("name", sorted(MAPS))
def test_control_and_zones_read_the_same_on_a_scenario_and_in_a_game(name):
    @given(positions(MAPS[name]))
    def agree(s):
        assert disagreements(s) == []
    agree()


def test_the_position_is_the_game_s():
    """The game holds the pieces drawn (else the comparison would compare nothing)."""
    s = MAPS["small"].copy()
    s.pieces = {"f": Piece("f", "fighters", "blue", s.grid.parse_label("0404")),
                "c": Piece("c", "control", "red", s.grid.parse_label("0503"))}
    s.options.update(start_from_position=True, rule_15_12_random_events=False)
    game = RULES.new_initial_state(s)
    assert [(u.kind, u.player, s.label(u.cell)) for u in game.units] == [("fighters", 1, "0404")]
    assert control.area_control(s, CAT) == {"a": "red", "b": "blue", "c": "red", "d": "blue", "e": None}
    assert disagreements(s) == []


def test_a_sea_zone_stops_at_a_portage():
    s = SMALL.copy()
    s.pieces = {"w": Piece("w", "war_canoe", "blue", s.grid.parse_label("0502"))}
    s.options.update(start_from_position=True, rule_15_12_random_events=False, miles_per_hex=4)
    game = RULES.new_initial_state(s)
    beyond = s.grid.parse_label("0503")  # across the portage from the canoe
    assert beyond not in enemy_sea_zone(game, 0)
    assert beyond not in zones.sea_zone(s, CAT, "red")
