"""What a Tahiti game tells beyond its battles, as typed events in the rulebook's words: a Forced
March's and a Leader's movement points, an area that stays neutral, the Navigator handed over, a
clan out of the game, an expedition's result, the Arioi placed, a recall with no land route home,
and each Panic die by its cause. Hand-worked positions and dice of the rule tests beside."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from test_tahiti_game_combat_retreat import red_attacks  # noqa: E402
from test_tahiti_game_events import rolled  # noqa: E402
from test_tahiti_game_expedition import red_to_move, sail  # noqa: E402
from test_tahiti_game_movement_forced_march import marched  # noqa: E402
from test_tahiti_game_movement_recall import recalled  # noqa: E402
from test_tahiti_game_movement_support import land, position  # noqa: E402
from test_tahiti_game_neutral_areas import navigator_game, take  # noqa: E402
from test_tahiti_game_support import BLUE, RED, RULES, feed, game, node_name, pending, run_only  # noqa: E402
from tahiti_positions import PAEA_AREA  # noqa: E402

from motu.engine.rules.events import ControlChanged, Roll  # noqa: E402
from motu.engine.rules.tahiti.clan_events import (ArioiMoved, ClanOut, ExpeditionEnded, NavigatorPassed,  # noqa: E402
                                             RecallEnded)
from motu.engine.rules.tahiti.game_state import CELL, DONE, PICK  # noqa: E402

WORDS = RULES.presentation()


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def said(st, event, seat=None):
    return WORDS.event_words(event, seat, st)


def test_rule_15_14_the_forced_march_die_is_told_with_its_movement_points():
    st = marched(("fighters", RED, "0708"))
    st.drain_events()
    st.apply_action(4)  # the Forced March column: 4 gives 2 MP
    [roll] = of(st.drain_events(), Roll)
    assert (roll.faces, roll.cause, roll.player, roll.outcome) == ((4,), "Forced March (15.14)", RED, "2 MP from 0708")
    assert said(st, roll) == "Forced March (15.14), Red clan: 4 — 2 MP from 0708"


def test_rule_15_13_a_leaders_variable_movement_die_is_told_with_the_points_it_gave():
    st = position(("head_chieftain", RED, "0708"), ("fighters", RED, "0708"), rule_15_13_variable_movement=True)
    st.apply_action(land(st, "0708", "0710"))
    st.apply_action(DONE)
    st.drain_events()
    st.apply_action(5)  # column 4, die 5: +3 MP
    [roll] = of(st.drain_events(), Roll)
    assert (roll.cause, roll.player) == ("Variable Movement Table (15.13)", RED)
    assert roll.outcome == "the Leader at 0710: +3 MP"
    assert said(st, roll) == "Variable Movement Table (15.13), Red clan: 5 — the Leader at 0710: +3 MP"


def test_rule_15_5_counter_e_failed_the_area_is_told_staying_neutral():
    st = take("E", 1, 2)  # 1 + 2 + 4 = 7 < 11: Paea stays neutral, counter E left on it
    [stays] = [e for e in of(st.drain_events(), ControlChanged) if e.before is None and e.after is None]
    assert stays.place == str(st.b.areas[PAEA_AREA]) and stays.rule == "15.5, counter E"
    assert said(st, stays) == f"{st.b.area_names[PAEA_AREA]} stays neutral (15.5, counter E)"


def test_rule_15_5_counter_e_won_the_area_is_told_taken_not_staying_neutral():
    st = take("E", 6, 5, 5)
    [taken] = of(st.drain_events(), ControlChanged)
    assert (taken.before, taken.after) == (None, RED)


def test_rule_15_5_the_navigator_handed_over_is_told_with_both_clans():
    st = navigator_game()
    st.drain_events()
    feed(st, PICK + BLUE)
    [passed] = of(st.drain_events(), NavigatorPassed)
    assert (passed.player, passed.to) == (RED, BLUE)
    assert said(st, passed) == "Red clan hands the Navigator to Blue clan (15.5, counter C)"


def test_expedition_lost_at_sea_is_told_and_the_clan_out_of_the_game():
    st = red_to_move()
    st.drain_events()
    f, t, _ = sail(st, 1)
    events = st.drain_events()
    [voyage] = of(events, ExpeditionEnded)
    assert (voyage.player, voyage.cell, voyage.to, voyage.result) == (RED, f, t, "lost")
    assert said(st, voyage) == (f"Red clan's expedition from {st.b.labels[f]} to {st.b.area_names[st.b.area[t]]}: "
                                "lost at sea (15.5)")
    [out] = of(events, ClanOut)
    assert out.player == RED and said(st, out) == "Red clan is out of the game: the Head Chieftain is lost at sea"
    assert events.index(voyage) < events.index(out)
    assert "red" not in " ".join(said(st, e) for e in (voyage, out))  # the clan's name, never its id


def test_expedition_landfall_is_told_with_the_hex_it_landed_on():
    st = red_to_move()
    st.drain_events()
    f, t, _ = sail(st, 4)
    [voyage] = of(st.drain_events(), ExpeditionEnded)
    assert voyage.result == "landfall" and said(st, voyage).endswith(f": landfall at {st.b.labels[t]} (15.5)")


def test_a_head_chieftain_killed_puts_his_clan_out_and_says_so():
    st = red_attacks(["head_chieftain"])
    st.drain_events()
    feed(st, 6, 1)  # a rout: Blue's lone Head Chieftain is lost in the battle
    [out] = of(st.drain_events(), ClanOut)
    assert out.player == BLUE and st.out[BLUE]
    assert said(st, out) == "Blue clan is out of the game: the Head Chieftain is killed"
    assert WORDS.event_kind(out) == "combat"


def test_rule_15_6_the_arioi_placed_the_first_time_is_told_with_its_area_and_hex():
    st = game(rule_15_6_arioi=True)
    feed(st, PICK + RED)
    st.arioi, st.initiative = -1, RED
    st.drain_events()
    run_only(st, ("arioi",))
    assert node_name(st) == "on_arioi"
    a = st.legal_actions()[0]
    feed(st, a)
    [placed] = of(st.drain_events(), ArioiMoved)
    cell = a - CELL
    assert (placed.player, placed.cell, placed.placed) == (RED, cell, True)
    assert said(st, placed) == (f"Red clan places the Arioi in {st.b.area_names[st.b.area[cell]]} at "
                                f"{st.b.labels[cell]} (15.6)")


def test_rule_15_12_event_31_a_recall_with_no_land_route_home_is_told_ended():
    st = recalled("head_chieftain", ("head_chieftain", RED, "1409"), ("war_canoe", RED, "1409"))
    [ended] = of(st.drain_events(), RecallEnded)
    assert (ended.player, ended.unit, ended.rule) == (RED, "Head Chieftain", "event 31")
    assert said(st, ended) == "Red clan's Head Chieftain has no land route home: the recall ends (event 31)"


def test_rule_15_12_event_26_the_shamans_recall_is_told_as_event_26():
    st = recalled("shaman", ("shaman", RED, "1208"))
    [ended] = of(st.drain_events(), RecallEnded)
    assert ended.rule == "event 26" and ended.unit == "Shaman"


# --- each Panic die by its cause ------------------------------------------------------------------

def test_rule_15_14_panic_after_a_forced_march_is_named_so_in_the_tray_and_the_roll():
    st = marched(("fighters", RED, "0708"))
    feed(st, 1, 5)  # 0 MP; the Panic check 5 (odd): the Fighters roll
    assert pending(st) == "on_panic"
    assert st.action_to_string(1) == "Panic after a Forced March (15.14): 1"  # the tray's words
    st.drain_events()
    feed(st, 1)
    [roll] = of(st.drain_events(), Roll)
    assert roll.cause == "Panic after a Forced March (15.14)"
    assert roll.outcome.startswith("the Fighters at ") and roll.outcome.endswith(": flipped")  # the unit named


def test_rule_15_12_event_62_panic_in_a_fire_a_clan_elder_by_15_9():
    st = rolled(6, 2, 4)  # 62-1..4: one Village burns; Pare picked below
    st.drain_events()
    feed(st, PICK + 0, 5, 3, 5, 1, 2, 4, 5, 6, 3)  # CE 1, CE 2, Sh 3, P 4, P 5, P 6, Mi 7, Mi 8, F 9
    rolls = [r for r in of(st.drain_events(), Roll) if "anic" in r.cause]
    assert [r.cause for r in rolls] == ["Clan Elder panic (15.9) in a Village on fire (event 62)"] * 2 + \
        ["Panic in a Village on fire (event 62)"] * 7
    pare = st.b.labels[245]
    assert [r.outcome for r in rolls][:3] == [f"the Clan Elder at {pare}: no panic", f"the Clan Elder at {pare}: flipped",
                                              f"the Shaman at {pare}: flipped"]  # CE with HC: 1, 3 only


def test_rule_15_9_a_clan_elder_retreating_rolls_clan_elder_panic():
    st = red_attacks(["clan_elder", "militia", "militia"], rule_15_9_elder_panic=True)
    feed(st, 4, 5)  # Blue loses a Militia and retreats two hexes: both roll in each
    st.drain_events()
    assert st.action_to_string(2) == "Clan Elder panic (15.9) in a retreat (9.2): 2"
    feed(st, 2, 2)
    rolls = of(st.drain_events(), Roll)
    assert [r.cause for r in rolls] == ["Clan Elder panic (15.9) in a retreat (9.2)", "Panic in a retreat (9.2)"]
    assert all(r.player == BLUE and r.outcome.endswith(": no panic") for r in rolls)


def test_rule_15_14_the_panic_check_after_a_forced_march_is_told_with_what_it_means():
    st = marched(("fighters", RED, "0708"))
    feed(st, 1)  # 0 MP: the Panic check is next
    st.drain_events()
    feed(st, 4)
    [check] = of(st.drain_events(), Roll)
    assert (check.cause, check.outcome) == ("Panic check after a Forced March (15.14)", "no effect")  # even
    st = marched(("fighters", RED, "0708"))
    feed(st, 1)
    st.drain_events()
    feed(st, 5)
    [check] = of(st.drain_events(), Roll)
    assert check.outcome == "each Unit of the stack rolls for Panic" and pending(st) == "on_panic"  # odd
    assert said(st, check) == ("Panic check after a Forced March (15.14), Red clan: 5 — "
                               "each Unit of the stack rolls for Panic")
