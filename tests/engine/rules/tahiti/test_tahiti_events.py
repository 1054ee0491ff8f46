"""What a game of Tahiti tells as it is played: its battles, retreats, losses and dice, as typed
events (motu/engine/rules/events.py); hand-worked dice on the battles of the retreat tests."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from test_tahiti_game_combat import panics  # noqa: E402
from test_tahiti_game_combat_retreat import blocked, red_attacks  # noqa: E402
from test_tahiti_game_support import BLUE, RED, feed, game, run_only  # noqa: E402

from motu.engine.rules.events import Battle, ControlChanged, Roll, UnitLost  # noqa: E402
from motu.engine.rules.tahiti.game_state import PICK  # noqa: E402
from motu.engine.rules.tahiti.retreat_event import Retreat  # noqa: E402


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def test_rule_9_2_a_battle_is_told_with_its_sides_dice_totals_losses_and_the_retreat():
    st = red_attacks(["militia", "militia"])
    st.drain_events()
    feed(st, 4, 5)  # 6 + 4 = 10 against 2 + 5 = 7: margin 3, Blue loses a Militia and retreats
    events = st.drain_events()
    [battle] = of(events, Battle)
    attacker, defender = battle.sides
    assert attacker.players == (RED,) and defender.players == (BLUE,)
    assert (attacker.strength, attacker.dice, attacker.total) == (6, (4,), 10)
    assert (defender.strength, defender.dice, defender.total) == (2, (5,), 7)
    assert battle.winner == 0 and defender.losses == ("Militia",) and attacker.losses == ()
    assert battle.result == "by 3"  # the margin; the words name the winner (no id in the event's text)
    assert [r.cause for r in of(events, Roll)] == ["attacker's combat die (9.2)", "defender's combat die (9.2)"]
    assert events.index(battle) < events.index(of(events, UnitLost)[0])  # the battle, then what it cost
    [retreat] = of(events, Retreat)
    assert retreat.player == BLUE and retreat.units == ("Militia",) and retreat.to == 855
    panics(st, ("militia", 808, 2), ("militia", 855, 4))
    assert [r.cause for r in of(st.drain_events(), Roll)] == ["Panic in a retreat (9.2)"] * 2


def test_rule_12_1_a_clan_elder_lost_with_nowhere_to_retreat_is_told_captured():
    st = red_attacks(["clan_elder", "militia"], setup=blocked)
    st.drain_events()
    feed(st, 4, 6)  # 6 + 4 = 10 against 2 + 6 = 8: margin 2, Blue loses the Militia; no free hex
    events = st.drain_events()
    lost = [(e.player, e.unit, e.cause, e.captured_by) for e in of(events, UnitLost)]
    assert lost == [(BLUE, "Militia", "battle", None), (BLUE, "Clan Elder", "retreat", RED)]
    assert of(events, Retreat) == []


def test_rule_area_control_a_village_captured_is_told_as_changing_hands():
    st = game()
    feed(st, PICK + RED)
    home = st.home[BLUE]
    st.units = [u for u in st.units if u.cell != home]
    st.add_unit("fighters", RED, home)
    st.drain_events()
    run_only(st, ("area_control",))
    label = st.b.labels[home]
    assert of(st.drain_events(), ControlChanged) == [
        ControlChanged("village", label, f"the Village at {label}", BLUE, RED)]
