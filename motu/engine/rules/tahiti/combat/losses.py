"""Losing units in a Tahiti game, and Panic outside a retreat: what battles, retreats, events and
Forced Marches share.

Scope: a unit lost to an enemy (removed; a Clan Elder captured, 12.1; a Head Chieftain killed,
his player out; a Shaman replaced at his Home Village two turns later, event 21's "normal
rules"), and a single Panic roll per unit (events, 15.14 Forced March): 9.2's faces flip a unit,
a second panic loses it where the caller says so. `panics` is Motu's one reading of which
pieces are "Units" that roll (docs/rules/tahiti.md "Panic"). Retreats (retreat.py) roll Panic
hex by hex with these same pieces.
"""
from __future__ import annotations

from motu.engine.rules.events import Roll, UnitLost

from ..unit import Unit
from ..constants import FLIPPED
from ..game_state import TahitiState
from ..machinery import handler, step
from ..queries import home_cell
from ..roll_causes import panic_cause, panic_outcome
from ..victory import eliminate


def shaman_replaced_in(st: TahitiState) -> int:
    """21: a dead Shaman "is replaced (in two turns) per the normal rules" (events.yaml)."""
    return int(st.b.data.events_by_number()[21]["replaced_in_turns"])


def shaman_lost(st: TahitiState, u: Unit) -> None:
    """A Shaman lost, whatever the cause: his clan's new one is due in two turns."""
    st.shaman_due[u.player] = st.turn + shaman_replaced_in(st)


def lose_unit(st: TahitiState, u: Unit, enemy: int, cause: str = "") -> None:
    """A unit lost to `enemy` (in battle, retreat or Panic): removed; a Clan Elder captured
    (12.1); a Head Chieftain killed; a Shaman replaced in two turns (21: "per the normal rules")."""
    b = st.b
    st._emit(UnitLost(u.player, b.names.get(u.kind, u.kind), u.cell, b.labels[u.cell] if u.cell is not None and u.cell >= 0 else "",
                      cause, enemy if u.kind == "clan_elder" and enemy >= 0 else None))
    if u.kind == "head_chieftain":
        eliminate(st, u.player, "the Head Chieftain is killed")
        return
    st.remove([u.uid])
    if u.kind == "clan_elder":
        capture_elder(st, enemy)
    elif u.kind == "shaman":
        shaman_lost(st, u)


def capture_elder(st: TahitiState, captor: int) -> None:
    """12.1 (Motu's reading, option rule_12_1_capture): the captured Clan Elder is adopted by his
    captor and appears at the captor's Home Village; with `remove` he is simply out of play."""
    home = home_cell(st, captor)
    if st.opts["rule_12_1_capture"] == "adopt" and captor >= 0 and home >= 0 and not st.out[captor]:
        st.add_unit("clan_elder", captor, home)


def panics(u: Unit) -> bool:
    """Whether a piece rolls for Panic. A "Unit" is every piece of a clan on the map unless the
    text excludes some (15.14's "each Unit (but not Clan Elders)" shows Clan Elders would
    otherwise count): Population, Combat Units, the Shaman, Clan Elders (where 15.9 or the event
    lets them roll); Head Chieftains never panic (15.9); War Canoes are not in a land stack."""
    return u.kind not in ("head_chieftain", "war_canoe")


def push_panic(st: TahitiState, uids: list[int], with_chieftain: bool, second_kills: bool, why: str,
               enemy: int = -1) -> None:
    """One Panic roll for each of these units, next (events, 15.14); `why` what made them roll,
    in roll_causes' words (the die's cause, `panic_cause`)."""
    st.push(*[("panic_roll", uid, with_chieftain, second_kills, enemy, why) for uid in uids])


@step
def panic_roll(st: TahitiState, uid: int, with_chieftain: bool, second_kills: bool, enemy: int, why: str) -> None:
    if st.unit(uid) is not None:
        st.roll("on_panic", uid, with_chieftain, second_kills, enemy, why)


@handler
def on_panic(st: TahitiState, face: int, uid: int, with_chieftain: bool, second_kills: bool, enemy: int,
             why: str) -> None:
    u = st.unit(uid)
    data = st.b.data.doc("combat")
    faces = data["panic_on_with_chieftain"] if (u.kind == "clan_elder" and with_chieftain) else data["panic_on"]
    flipped = face in faces
    outcome = ("lost" if u.flags & FLIPPED and second_kills else "flipped") if flipped else "no panic"
    st._emit(Roll((face,), panic_cause(u.kind == "clan_elder", why), u.player, panic_outcome(st, u, outcome)))
    if not flipped:
        return
    if u.flags & FLIPPED and second_kills:
        lose_unit(st, u, enemy, "Panic")
    else:
        u.flags |= FLIPPED
