"""The effects of the Random Events Table (15.12), events 14-36: storms, floods, Shamans,
Head Chieftains, free builds, defection, canoes and famine. One function per entry.

Scope: what each of these entries of events.yaml does to a Tahiti game, given its third-die
result; events 41-66 are in effects_41_66.py, the season endings (11-13) in table.py.
Helpers (area selection, picks, the rolling player's choices) are in picks.py.
docs/rules/tahiti.md "Random Events" gives Motu's reading of each.
"""
from __future__ import annotations

from . import picks as ev
from ..constants import COMBAT, SULLEN
from ..game_state import TahitiState
from ..combat.losses import shaman_lost, shaman_replaced_in
from ..machinery import step
from ..queries import home_cell
from ..effect_event import did


def storm(st, entry, result, roller):
    st.cond["storm"] = result["storm"]
    if result.get("wreck"):
        ev.pick_units(st, ev.kind_uids(st, "war_canoe"), int(result["wreck"]), "wreck_canoe")


@step
def wreck_canoe(st: TahitiState, uid: int) -> None:
    u = st.unit(uid)
    st.remove([uid])
    v = st.villages.get(u.cell)
    did(st, "canoe_wrecked_home" if v is not None else "canoe_wrecked", u.player, cell=u.cell)
    if v is not None:  # "Replace it with a Part-built Canoe" (in a Village; at sea it is lost)
        v[3] += 1


def flood(st, entry, result, roller):
    ev.rast(st, "flood_area", "coastal", result["spread"])


@step
def flood_area(st: TahitiState, a: int, how: str) -> None:
    for x in ev.spread(st, a, how):
        for cell, v in sorted(st.villages.items()):
            if v[1] and st.b.area[cell] == x and st.b.coast[cell]:
                ev.reduce_village(st, cell, population=True, why="village_flooded")


def shaman_dies(st, entry, result, roller):
    ev.whom(st, result, roller, "kill_shaman", has="shaman")


@step
def kill_shaman(st: TahitiState, p: int) -> None:
    gone = [u for u in st.units if u.player == p and u.kind == "shaman"]
    if gone:
        did(st, "shaman_dies", p, cell=gone[0].cell, n=shaman_replaced_in(st))
        st.remove([u.uid for u in gone])
        shaman_lost(st, gone[0])


def eclipse(st, entry, result, roller):
    ev.whom(st, result, roller, "shaman_value", 0, has="shaman")


@step
def shaman_value(st: TahitiState, p: int, value: int) -> None:
    st.cond.setdefault("shaman_cv", {})[p] = value
    did(st, "shaman_value", p, n=value)


def shaman_cure(st, entry, result, roller):
    st.push(("shaman_value", roller, int(result["combat_value"])))


def recall(st, entry, result, roller):
    ev.whom(st, result, roller, "recall_piece", entry["piece"], has=entry["piece"])


@step
def recall_piece(st: TahitiState, p: int, kind: str) -> None:
    st.recalled.add((p, kind))
    did(st, "recalled", p, kind)


def free_build(st, entry, result, roller):
    """32: one free build for the rolling player's Home Village; 5-6, "plus all adjacent areas
    with a Village": every Village in an area adjacent to his Home Village's, whoever owns it
    (option rule_15_12_free_build_villages: only his own)."""
    home = home_cell(st, roller)
    if home < 0:
        return
    free = st.cond.setdefault("free", {})
    cells = [home]
    if result["spread"] == "adjacent":
        near = st.b.area_adj[st.b.area[home]]
        own = st.opts.get("rule_15_12_free_build_villages", "every_village") == "own_villages"
        cells += sorted(c for c, v in st.villages.items()
                        if v[1] and st.b.area[c] in near and (v[0] == roller or not own))
    for c in cells:
        free[c] = free.get(c, 0) + 1
        did(st, "free_build", st.villages[c][0] if st.villages[c][0] >= 0 else None, cell=c, place=st.village_name(c))


def defection(st, entry, result, roller):
    eligible = [u.uid for u in st.units if u.kind == "clan_elder" and not any(
        x.cell == u.cell and x.player == u.player and x.kind in ("head_chieftain", "shaman") for x in st.units)]
    ev.pick_units(st, eligible, 1, "defect")


@step
def defect(st: TahitiState, uid: int) -> None:
    owner = st.unit(uid).player
    enemies = [p for p in st.live() if p != owner]
    if not enemies:
        return
    count = {p: sum(1 for u in st.units if u.player == p and u.kind == "clan_elder") for p in enemies}
    low = min(count.values())
    tied = [p for p in enemies if count[p] == low]
    if len(tied) == 1:
        st.push(("defect_to", tied[0], uid))
    else:  # "The rolling player picks when there is a tie."
        ev.choose_opponent(st, st.initiative, "defect_to", uid, among=tied)


@step
def defect_to(st: TahitiState, p: int, uid: int) -> None:
    """"He is replaced by a randomly selected enemy Clan Elder and all Units in his stack are
    exchanged one-for-one with enemy Units": Motu's counters are not named or limited, so the
    exchange is a change of owner of the Clan Elder and of his stack's Units (Population and
    Combat Units); other Leaders and War Canoes on the hex stay with their owner."""
    elder = st.unit(uid)
    owner, cell = elder.player, elder.cell
    did(st, "defects", owner, cell=cell, other=p)
    for u in st.units:
        if u.uid == uid or (u.cell == cell and u.player == owner and (u.kind in COMBAT or u.kind == "population")):
            u.player = p
            u.flags &= ~SULLEN


def chief_dies(st, entry, result, roller):
    """34: "The rolling player picks any Head Chieftain" (his own too)."""
    cands = [p for p in st.live() if any(u.player == p and u.kind == "head_chieftain" for u in st.units)]
    ev.choose_opponent(st, roller, "heir", among=cands)


@step
def heir(st: TahitiState, p: int) -> None:
    """His heir takes over in the Home Village and "may function normally this turn" (no
    recall, nothing carried over from the dead man). Without a Home Village held, Motu lets
    the Head Chieftain stand where he is (there is nowhere to place the heir)."""
    home = home_cell(st, p)
    if home >= 0:
        did(st, "heir", p, cell=home)
    for u in st.units:
        if u.player == p and u.kind == "head_chieftain" and home >= 0:
            u.cell = home
            u.flags = 0
            st.recalled.discard((p, "head_chieftain"))


def canoe_sinks(st, entry, result, roller):
    ev.pick_units(st, ev.kind_uids(st, "war_canoe"), 1, "sink", bool(result["drown"]))


@step
def sink(st: TahitiState, uid: int, drown: bool) -> None:
    """35: the canoe sinks, its passengers survive; 5-6, one Combat Unit on the hex is lost too,
    a Heavy Troops Unit if there is one (a random one of them, as of all Combat Units else)."""
    cell = st.unit(uid).cell
    did(st, "canoe_sunk", st.unit(uid).player, cell=cell)
    st.remove([uid])
    if drown:
        heavy = [u.uid for u in st.units if u.cell == cell and u.kind == "heavy_troops"]
        pool = heavy or [u.uid for u in st.units if u.cell == cell and u.kind in COMBAT]
        ev.pick_units(st, pool, 1, "drown_unit")


@step
def drown_unit(st: TahitiState, uid: int) -> None:
    u = st.unit(uid)
    did(st, "unit_drowned", u.player, u.kind, u.cell)
    st.remove([uid])


def famine(st, entry, result, roller):
    ev.rast(st, "blight_area", "any", result["spread"])


@step
def blight_area(st: TahitiState, a: int, how: str) -> None:
    hit = ev.spread(st, a, how)
    st.cond.setdefault("blight", set()).update(hit)
    for x in hit:
        did(st, "famine", place=st.b.area_names[x])


EFFECTS = {f.__name__: f for f in (storm, flood, shaman_dies, eclipse, shaman_cure, recall, free_build,
                                   defection, chief_dies, canoe_sinks, famine)}
