"""Expeditions over the high seas (FACTS; expedition.yaml's First Die Roll Table; 15.5's
Navigator), every row with a hand-fed die, on tahiti-moorea.yaml. Red's clan stands on its
coastal Home Village in Pare with its War Canoe: the canoe carries 6 (canoe_capacity) — the
Head Chieftain, both Clan Elders, the Fighters and both Militia."""
from __future__ import annotations

import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import EXPED, MOVED, PICK  # noqa: E402
from motu.engine.rules.tahiti.data.tables import load  # noqa: E402

from test_tahiti_game_support import BLUE, RED, feed, game, node_name  # noqa: E402

MOOREA = "tahiti-moorea.yaml"


def red_to_move(name=MOOREA, **opts):
    st = game(name, **opts)
    feed(st, PICK + RED)
    assert node_name(st) == "on_move" and st.current_player() == RED
    return st


def expeditions(st):
    n = st.b.size
    return [divmod(a - EXPED, n) for a in st.legal_actions() if EXPED <= a < EXPED + n * n]


def sail(st, *dice):
    """Red's stack sails from its home for the first Mo'orea destination; then these dice."""
    f, t = expeditions(st)[0]
    carried = [u.uid for u in st.units if u.cell == f and u.player == RED]
    feed(st, EXPED + f * st.b.size + t, *dice)
    return f, t, carried


def aboard(st, f):
    return sorted(u.kind for u in st.units if u.cell == f and u.player == RED and u.flags & MOVED)


def test_expedition_first_die_roll_is_one_fair_die_read_from_the_data(monkeypatch):
    st = red_to_move()
    f, t = expeditions(st)[0]
    feed(st, EXPED + f * st.b.size + t)
    assert st.chance_outcomes() == [(face, 1 / 6) for face in range(1, 7)]  # one die, each face 1/6
    # The table is data: a designer's row (4 turned back instead of landfall) is what the game plays.
    table = dict(load("expedition")["first_die_roll"])
    data = {**load("expedition"), "first_die_roll": {**table, 4: "turned_back"}}
    shipped = st.b.data.doc  # the rule set instance's documents, as the game reads them
    monkeypatch.setattr(st.b.data, "doc", lambda name: data if name == "expedition" else shipped(name))
    feed(st, 4)
    assert len(aboard(st, f)) == 7 and not any(u.cell == t for u in st.units)


def test_expedition_moorea_reachable_one_landing_a_moorea_area():
    st = red_to_move()
    dest = expeditions(st)
    assert {f for f, _ in dest} == {st.home[RED]}
    assert sorted(st.b.area_names[st.b.area[t]] for _, t in dest) == ["Afareaitu", "Haapiti", "Paopao",
                                                                       "Papetoai", "Teavaro"]
    assert all(t == st.b.area_coast[st.b.area[t]][0] for _, t in dest)  # the first free coastal hex


def test_expedition_first_die_roll_1_lost_at_sea_head_chieftain_player_out():
    st = red_to_move()
    sail(st, 1)
    assert st.out[RED] and not any(u.player == RED for u in st.units)  # with the Head Chieftain: out


def test_expedition_first_die_roll_1_lost_at_sea_the_other_clans_play_on():
    st = red_to_move()
    others = [u.copy() for u in st.units if u.player != RED]
    sail(st, 1)
    assert st.result is None and st.live() == [1, 2, 3]
    assert [u for u in st.units if u.player != RED] == others


def test_expedition_first_die_roll_2_turned_back():
    st = red_to_move()
    f, t, _ = sail(st, 2)
    assert aboard(st, f) == ["clan_elder", "clan_elder", "fighters", "head_chieftain", "militia", "militia",
                             "war_canoe"]  # back where it sailed from, its move spent
    assert not any(u.cell == t for u in st.units)


def test_expedition_first_die_roll_3_turned_back():
    st = red_to_move()
    f, t, _ = sail(st, 3)
    assert len(aboard(st, f)) == 7 and not any(u.cell == t for u in st.units)


def landfall(face):
    st = red_to_move()
    f, t, _ = sail(st, face)
    landed = sorted(u.kind for u in st.units if u.cell == t)
    assert landed == ["clan_elder", "clan_elder", "fighters", "head_chieftain", "militia", "militia", "war_canoe"]
    assert st.b.area_island[st.b.area[t]] == "moorea"
    assert sorted(u.kind for u in st.units if u.cell == f and u.player == RED) == ["population"] * 3 + ["shaman"]


def test_expedition_first_die_roll_4_landfall():
    landfall(4)


def test_expedition_first_die_roll_5_landfall():
    landfall(5)


def test_expedition_first_die_roll_6_landfall():
    landfall(6)


def test_rule_15_5_navigator_turns_a_1_into_roll_again():
    st = red_to_move()
    st.navigator[RED] = 1
    _, t, _ = sail(st, 1)
    assert node_name(st) == "_die_rolled" and not st.out[RED]  # rolled again
    feed(st, 1, 4)  # again 1: again; 4: landfall
    assert any(u.kind == "head_chieftain" and u.cell == t for u in st.units) and st.navigator[RED] == 1


def test_rule_15_5_navigator_does_not_change_a_2():
    st = red_to_move()
    st.navigator[RED] = 1
    f, _, _ = sail(st, 2)
    assert len(aboard(st, f)) == 7


def five_landings(st):
    """Red's home stack may sail for one coastal hex of each of Mo'orea's five areas."""
    return len(expeditions(st)) == 5 and {f for f, _ in expeditions(st)} == {st.home[RED]}


@pytest.mark.parametrize("with_head_chieftain", [True, False])
def test_expedition_needs_the_head_chieftain_in_the_stack(with_head_chieftain):
    st = game(MOOREA)
    if not with_head_chieftain:
        st.units = [u for u in st.units if not (u.player == RED and u.kind == "head_chieftain")]
    feed(st, PICK + RED)
    assert five_landings(st) if with_head_chieftain else expeditions(st) == []


def asked_again(st, **cond):
    st.cond.update(cond)
    st.node = None
    st.push(("move_decide", RED))
    st._advance()
    return st


@pytest.mark.parametrize("storm", [None, "coastal"])
def test_expedition_none_in_a_storm(storm):
    st = asked_again(red_to_move(), **({"storm": storm} if storm else {}))
    assert expeditions(st) == [] if storm else five_landings(st)


@pytest.mark.parametrize("rain", [0, 2])
def test_expedition_none_in_the_rain(rain):
    st = asked_again(red_to_move(), **({"rain": rain} if rain else {}))
    assert expeditions(st) == [] if rain else five_landings(st)


def test_expedition_none_on_a_map_of_one_island():
    assert expeditions(red_to_move("tahiti.yaml")) == []


def test_expedition_none_when_the_option_is_off():
    assert expeditions(red_to_move(expeditions=False)) == []


def test_expedition_none_to_moorea_without_rule_15_10():
    assert expeditions(red_to_move(rule_15_10_moorea=False)) == []


def test_expedition_back_from_moorea_to_tahiti():
    st = red_to_move()
    sail(st, 6)
    st.node = None
    for u in st.units:
        u.flags &= ~MOVED
    st.push(("move_decide", RED))
    st._advance()
    islands = {st.b.area_island[st.b.area[t]] for _, t in expeditions(st)}
    assert islands == {"tahiti"}


@pytest.mark.parametrize("truce", [False, True])
def test_rule_44_45_truce_no_expedition_into_an_area_another_player_controls(truce):
    """44-45: "movement into enemy controlled territory is prohibited for this turn", by sea too.
    Blue holds Haapiti, Red itself Paopao (control markers): under the truce Haapiti is closed,
    Red's own Paopao and the three neutral areas stay open."""
    st = red_to_move()
    b = st.b
    st.control_markers[b.area_names.index("Haapiti")] = BLUE
    st.control_markers[b.area_names.index("Paopao")] = RED
    st = asked_again(st, truce=truce)
    names = sorted(b.area_names[b.area[t]] for _, t in expeditions(st))
    if truce:
        assert names == ["Afareaitu", "Paopao", "Papetoai", "Teavaro"]
    else:
        assert names == ["Afareaitu", "Haapiti", "Paopao", "Papetoai", "Teavaro"]


# --- any island (15.10-15.11): what the map draws, not a name --------------------------------------

def two_islands(island_id="motu_iti"):
    """A designer's map: Nui (areas a, b: the Home Villages) and a new island of one area, c,
    across open sea; the islands are the areas' `island`, the new one named by the designer."""
    import dataclasses

    from tahiti_testmaps import build

    from motu.engine.scenario.model import Island
    s = build(["~ ~ ~ ~ ~ ~ ~ ~ ~",
               "~ c c ~ ~ ~ ~ c ~",
               "~ c c ~ ~ ~ ~ c ~",
               "~ ~ ~ ~ ~ ~ ~ ~ ~"],
              [". . . . . . . . .",
               ". a b . . . . c .",
               ". a b . . . . c .",
               ". . . . . . . . ."],
              features=[("home_village", "0202", "red"), ("home_village", "0302", "blue")])
    s.islands["nui"] = Island("nui", "Nui")
    s.islands[island_id] = Island(island_id, "Motu Iti")
    for a, isl in (("a", "nui"), ("b", "nui"), ("c", island_id)):
        s.areas[a] = dataclasses.replace(s.areas[a], island=isl)
    return s


def new_island_game(**opts):
    from test_tahiti_game_support import RULES
    st = RULES.new_initial_state(two_islands(), {"rule_3_1_random_homes": False, "rule_15_12_random_events": False,
                                                 **opts})
    feed(st, PICK + RED)
    return st


def test_rule_15_10_an_island_the_designer_draws_is_an_expedition_destination():
    # Red's Head Chieftain, Clan Elders and troops with their War Canoe on their Home Village
    # (0202, coastal): the new island's one area, c, is a destination; its first coastal hex 0802.
    st = new_island_game()
    assert node_name(st) == "on_move" and st.current_player() == RED
    assert [(st.b.labels[f], st.b.labels[t]) for f, t in expeditions(st)] == [("0202", "0802")]
    f, t, _ = sail(st, 5)  # landfall: the canoe and the six it carries
    landed = [u for u in st.units if u.flags & MOVED]
    assert {u.cell for u in landed} == {t} and len(landed) == 7 and st.b.area_island[st.b.area[t]] == "motu_iti"


def test_rule_15_10_off_no_island_but_the_home_villages_is_in_play():
    assert expeditions(new_island_game(rule_15_10_moorea=False)) == []


def test_rule_15_10_expedition_module_names_no_island():
    # The destinations are the map's islands: the code names none of them.
    import inspect

    from motu.engine.rules.tahiti.movement import expedition
    assert '"moorea"' not in inspect.getsource(expedition).lower()
