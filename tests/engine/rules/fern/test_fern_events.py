"""What a game of Fire in the Fern! tells as it is played (typed events), with hand-worked dice:
a volley with its dice, hits, saves and casualties (§5), each figure lost, the dice of motivation
and pinning with their causes, and a hidden party's roll told to its own side alone (§12)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fern_helpers import Driver, start, table, unit
from test_fern_observation import BUSH_COLUMN

from motu.engine.rules.events import Roll, UnitLost
from motu.engine.rules.fern.model import BRITISH_PLAYER, MAORI_PLAYER
from motu.engine.rules.fern.volley_event import Volley

OPEN6 = [". . . . . ."] * 6


def of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def test_rule_5_a_volley_is_told_once_with_its_dice_hits_saves_and_casualties():
    pieces = (unit("a", "regulars", "british", "3,6", 6) + [("w", "warriors", "maori", "3,3", 6, {"unit": "w"}),
                                                           ("l-w", "leader", "maori", "6,1", 1, {"unit": "w"})])
    d = Driver(start(table(OPEN6, pieces)))
    d.motivate("l-a", "a")
    d.roll(6, 5)
    d.s.drain_events()
    d.fire("3,3")
    d.roll(6, 6, 6, 2, 3, 5)  # three hits
    assert of(d.s.drain_events(), Volley) == []  # not over yet: the saves are still to roll
    d.roll(4, 3, 1)  # one saved, two casualties (warriors only in the square: no random allocation)
    events = d.s.drain_events()
    [v] = of(events, Volley)
    assert (v.player, v.label, v.target_label) == (BRITISH_PLAYER, "3,6", "3,3")
    assert v.dice == (6, 6, 6, 2, 3, 5) and v.hits == 3 and v.saved == 1 and len(v.casualties) == 2
    assert not v.ambush and not v.reaction
    lost = of(events, UnitLost)
    assert [(e.player, e.cause) for e in lost] == [(MAORI_PLAYER, "fire")] * 2
    pins = [r for r in of(events, Roll) if r.cause == "pinning (§9)"]
    assert len(pins) <= 1 and all(r.player == MAORI_PLAYER for r in pins)


def test_rule_12_a_hidden_partys_motivation_roll_is_told_to_its_own_side_alone():
    pieces = unit("a", "regulars", "british", "6,6", 6) + unit("w", "warriors", "maori", "2,2", 6)
    d = Driver(start(table(BUSH_COLUMN, pieces, options={"first_side": "maori"})))
    d.s.drain_events()
    d.do(d.motivate_action("l-w", "w"))
    d.roll(6)
    [roll] = of(d.s.drain_events(), Roll)
    assert roll.cause == "motivation (§2)" and roll.outcome == "motivates"
    assert roll.visible_to(MAORI_PLAYER) and not roll.visible_to(BRITISH_PLAYER)
