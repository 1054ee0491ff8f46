"""Splitting a stack in the Movement Phase (15.13: "independently moving Population units",
"completing the movement of one piece before beginning another's"): the player picks the units
that move together one at a time, then moves them or keeps them where they are; garrisons, a
detached Clan Elder, who boards which canoe; what the game tells a stack panel; the heuristic
bot's splits. On the shipped map read at the game's scale (test_tahiti_game_support.GAME_SCALE);
column 7 from 0708 down is a line of 1-MP hexes, 0608 a coastal hex with the coast running south.
"""
from __future__ import annotations

import os
import random
import sys

sys.path.insert(0, os.path.dirname(__file__))
from motu.engine.rules.tahiti.game_state import DONE, SEA, STAYED  # noqa: E402

from test_tahiti_game_movement_support import cell, land, position, sea, split, take, targets, where  # noqa: E402
from test_tahiti_game_support import RED, RULES, pending  # noqa: E402

STACK = (("head_chieftain", RED, "0708"), ("clan_elder", RED, "0708"), ("militia", RED, "0708"),
         ("militia", RED, "0708"), ("population", RED, "0708"))


def test_splitting_detach_a_clan_elder_while_the_rest_go_another_way():
    st = position(*STACK)
    st.apply_action(split(st, "0708"))
    assert pending(st) == "on_choose_units" and DONE not in st.legal_actions()  # pick one at least
    st.apply_action(take("clan_elder"))
    st.apply_action(take("militia"))
    st.apply_action(DONE)
    assert pending(st) == "on_group_move"
    st.apply_action(land(st, "0708", "0711"))  # the Clan Elder's allowance, 3 MP
    assert where(st, "clan_elder") == ["0711"] and sorted(where(st, "militia")) == ["0708", "0711"]
    # The rest (Head Chieftain, a Militia, the Population) is still a stack that may move.
    assert "0712" in targets(st, "0708")  # the Head Chieftain's 4 MP
    st.apply_action(land(st, "0708", "0712"))
    assert where(st, "head_chieftain") == ["0712"] and where(st, "population") == ["0712", "1106"]


def test_splitting_leave_a_garrison():
    # The player keeps the Population on 0708 ("they stay"): they make no move this phase, and
    # the whole-stack move takes only the others.
    st = position(*STACK)
    st.apply_action(split(st, "0708"))
    st.apply_action(take("population"))
    st.apply_action(DONE)
    st.apply_action(DONE)  # on_group_move: these stay
    garrison = [u for u in st.units if u.kind == "population" and st.b.labels[u.cell] == "0708"]
    assert len(garrison) == 1 and garrison[0].flags & STAYED
    st.apply_action(land(st, "0708", "0710"))
    assert where(st, "population") == ["0708", "1106"] and where(st, "head_chieftain") == ["0710"]
    assert sorted(where(st, "militia")) == ["0710", "0710"]


def test_splitting_combat_units_need_a_leader():
    # Militia picked without a Leader may not move: the only answer is that they stay.
    st = position(*STACK)
    st.apply_action(split(st, "0708"))
    st.apply_action(take("militia"))
    st.apply_action(take("militia"))
    st.apply_action(DONE)
    assert pending(st) != "on_group_move"  # "stay" was the only choice: taken at once
    assert sorted(where(st, "militia")) == ["0708", "0708"]
    assert all(u.flags & STAYED for u in st.units if u.kind == "militia")


def test_splitting_choose_who_boards_which_canoe():
    # Two War Canoes on 0608: the Head Chieftain takes one with a Militia, the Clan Elder the
    # other with the Population; each group paddles its own way.
    st = position(("head_chieftain", RED, "0608"), ("clan_elder", RED, "0608"), ("militia", RED, "0608"),
                  ("population", RED, "0608"), ("war_canoe", RED, "0608"), ("war_canoe", RED, "0608"))
    st.apply_action(split(st, "0608"))
    for k in ("head_chieftain", "militia", "war_canoe"):
        st.apply_action(take(k))
    st.apply_action(DONE)
    st.apply_action(sea(st, "0608", "0612"))
    assert where(st, "head_chieftain") == where(st, "militia") == ["0612"]
    assert sorted(where(st, "war_canoe")) == ["0608", "0612"]
    st.apply_action(sea(st, "0608", "0610"))  # the rest: the whole stack left on 0608
    assert where(st, "clan_elder") == ["0610"] and where(st, "population") == ["0610", "1106"]
    assert sorted(where(st, "war_canoe")) == ["0610", "0612"]


def test_splitting_a_canoe_carries_six():
    # canoe_capacity 6: a group of one War Canoe and seven units may not paddle.
    units = [("population", RED, "0608")] * 7
    st = position(("war_canoe", RED, "0608"), *units)
    st.apply_action(split(st, "0608"))
    st.apply_action(take("war_canoe"))
    for _ in range(6):
        st.apply_action(take("population"))
    st.apply_action(DONE)
    assert any(SEA <= a < SEA + st.b.size ** 2 for a in st.legal_actions())  # six: it paddles
    st = position(("war_canoe", RED, "0608"), *units)
    st.apply_action(split(st, "0608"))
    st.apply_action(take("war_canoe"))
    for _ in range(7):
        st.apply_action(take("population"))
    # seven: no sea move, and no land move for a group with a canoe: they stay
    assert pending(st) != "on_group_move" and where(st, "war_canoe") == ["0608"]


def test_splitting_whole_stack_by_sea_takes_combat_units_only_with_a_leader():
    # "Combat Units never move without a Leader", by sea too: a canoe with Population and Militia
    # and no Leader takes the Population; the Militia stays ashore.
    st = position(("war_canoe", RED, "0608"), ("population", RED, "0608"), ("militia", RED, "0608"))
    st.apply_action(sea(st, "0608", "0610"))
    assert where(st, "war_canoe") == ["0610"] and where(st, "militia") == ["0608"]


def test_splitting_words_and_the_stack_panels_view():
    st = position(*STACK)
    assert st.action_to_string(split(st, "0708")) == "choose which units on 0708 move together"
    st.apply_action(split(st, "0708"))
    assert st.action_to_string(take("clan_elder")) == "take a Clan Elder"
    choice = st.stack_choice()
    here = st.stack_units(cell(st, "0708"))
    assert choice["cell"] == cell(st, "0708") and choice["picked"] == [] and choice["for"] == "group_move"
    assert sorted(u["name"] for u in here) == ["Clan Elder", "Head Chieftain", "Militia", "Militia", "Population"]
    # each pick action names the unit it takes: the first Militia of the two
    militia = sorted(u["uid"] for u in here if u["kind"] == "militia")
    assert choice["take"][take("militia")] == militia[0] and set(choice["pool"]) == {u["uid"] for u in here}
    st.apply_action(take("militia"))
    st.apply_action(take("clan_elder"))
    assert st.action_to_string(DONE) == "these units move together: Clan Elder, Militia"
    assert [u["picked"] for u in st.stack_units(cell(st, "0708")) if u["kind"] == "militia"] == [True, False]
    st.apply_action(DONE)
    assert st.stack_choice() is None
    assert st.action_to_string(land(st, "0708", "0711")) == "move Clan Elder, Militia from 0708 to 0711"
    assert st.action_to_string(DONE) == "Clan Elder, Militia stay on 0708 this phase"


def test_splitting_the_heuristic_bot_detaches_a_leader_to_take_an_area():
    # Red's stack at his Home Village, far from every enemy: the bot sends a Leader with the
    # escort that takes an area, and the rest another way -- units of Red end the phase in more
    # areas than the one the whole stack would reach.
    st = position(("head_chieftain", RED, "1106"), ("clan_elder", RED, "1106"), ("clan_elder", RED, "1106"),
                  ("militia", RED, "1106"), ("militia", RED, "1106"), ("fighters", RED, "1106"), spare=False)
    bot = RULES.bot_factories()["heuristic"](random.Random(1))
    first = bot.choose(st)
    assert st.action_to_string(first).startswith("choose which units on 1106")
    while st.current_player() == RED and not st.is_terminal():
        st.apply_action(bot.choose(st))
    areas = {st.b.area[u.cell] for u in st.units if u.player == RED}
    assert len(areas) >= 2
