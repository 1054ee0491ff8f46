"""Expeditions over the high seas in a Tahiti game (FACTS; 15.5's Navigator), Motu's reconstruction.

Scope (docs/rules/tahiti.md "Expeditions"; expedition.yaml): a stack with its Head Chieftain and
War Canoes on a coastal hex may sail for another island of the map in its move, whatever the
distance, landing on the first coastal hex with no enemy unit of an area of that island; under
a truce (44-45) not in an area another player controls. An island is what the map says: the
`island` of its areas; any island a designer draws, areas with coastal hexes, is a destination
(Mo'orea on tahiti-moorea.yaml is one). With rule_15_10_moorea off only the main island (the
Home Villages', maraes.py) is in play: expeditions may sail home to it, nowhere else. One die on the First Die Roll Table: lost at sea (the stack and canoes are gone;
with them the Head Chieftain, and the player is out), turned back (the stack stays where it
was, its move spent) or landfall. With the Navigator (15.5
counter C) a "1" is rolled again. Storms (14-15) and rain keep expeditions in port. Option
`expeditions` turns the rule off.
"""
from __future__ import annotations

from ..unit import Unit
from ..clan_events import ExpeditionEnded
from ..constants import MOVED
from ..game_state import TahitiState
from ..machinery import handler
from ..queries import area_control
from ..victory import eliminate


def expedition_targets(st: TahitiState, player: int, cell: int, carried: list[Unit]) -> list[int]:
    b = st.b
    if not st.opts["expeditions"] or st.cond.get("storm") or st.cond.get("rain"):
        return []
    if not any(u.kind == "head_chieftain" for u in carried):
        return []
    here = b.area_island[b.area[cell]] if b.area[cell] >= 0 else None
    enemy = {u.cell for u in st.units if u.player != player}
    # 44-45: "movement into enemy controlled territory is prohibited", by sea as by land (moves._closed)
    held = area_control(st) if st.cond.get("truce") else [-1] * len(b.areas)
    out = []
    main = b.marae_rule.main_island
    for a, coast in enumerate(b.area_coast):
        isl = b.area_island[a]
        if isl == here or isl is None or not coast or held[a] not in (-1, player):
            continue
        if isl != main and not st.opts["rule_15_10_moorea"]:
            continue  # 15.10 off: no island but the Home Villages' is in play
        free = [c for c in coast if c not in enemy]
        if free:
            out.append(free[0])
    return out


def sail(st: TahitiState, player: int, f: int, t: int, uids: tuple) -> None:
    """The stack `uids` (a Head Chieftain's, with canoes) sails from f for t: one die."""
    for u in st.units:
        if u.uid in uids:
            u.flags |= MOVED
    st.roll("on_first_die", player, f, t, uids)


@handler
def on_first_die(st: TahitiState, face: int, player: int, f: int, t: int, uids: tuple) -> None:
    data = st.b.data.doc("expedition")
    if st.navigator[player] and face in data["navigator_rerolls"]:
        st.roll("on_first_die", player, f, t, uids)  # 15.5 C: "treated as a 'roll again'"
        return
    result = data["first_die_roll"][face]
    b = st.b
    st._emit(ExpeditionEnded(st.turn, player, f, b.labels[f], t, b.labels[t], b.area_names[b.area[t]], result))
    if result == "lost":
        hc = any(st.unit(x) is not None and st.unit(x).kind == "head_chieftain" for x in uids)
        st.remove(uids)
        if hc:
            eliminate(st, player, "the Head Chieftain is lost at sea")
    elif result == "landfall":
        for u in st.units:
            if u.uid in uids:
                u.cell = t
