"""Questions about a Tahiti game in progress: who controls what, zones, stacks, strength.

Scope: read-only answers the rule modules share. Area control is control.py's reading applied
to a game's pieces (docs/rules/tahiti.md, "Area control"): a side's Village; else its Control
marker; else the one side with counting units; units in a Marae compound do not count (15.8).
An area where 15.5's E or F failed "remains neutral" while the counter stays on it: units
alone there do not make it theirs (for victory, events 54-55 and every other question).
Full Maraes count as one more area each to the side controlling their area, unless enemy
Combat Units stand in the Marae's hex (15.8). Zones of influence: zones.py's reading (7.5).
"""
from __future__ import annotations

from .unit import Unit
from .constants import COMBAT, CURSED, FLIPPED, IN_MARAE, LEADERS, SULLEN
from .data.tables import combat_values

_CV = combat_values()  # the shipped values, for the bots' outlook; a game reads its own (unit_value)


def area_control(st) -> list[int]:
    """Area index -> controlling player, or -1 (neutral)."""
    b = st.b
    area = b.area
    n = len(b.areas)
    # One pass over Villages and units; -1 nobody yet, -2 more than one side (the hot path
    # of every bot evaluation, hence no sets).
    vil = [-1] * n
    pres = [-1] * n
    for cell, v in st.villages.items():
        a = area[cell]
        if v[1] and v[0] >= 0 and a >= 0:
            vil[a] = v[0] if vil[a] in (-1, v[0]) else -2
    for u in st.units:
        a = area[u.cell]
        if a >= 0 and not (u.flags & IN_MARAE) and u.kind != "war_canoe":
            q = pres[a]
            if q != u.player:
                pres[a] = u.player if q == -1 else -2
    markers = st.control_markers
    letters = st.letters_left
    out = []
    for a in range(n):
        v = vil[a]
        if v != -1:
            out.append(v if v >= 0 else -1)
        elif a in markers:
            out.append(markers[a])
        elif a in letters:
            # 15.5 E/F: "area remains neutral unless you roll an 11": the failed counter stays
            # on it until a player meets the requirements and makes the roll.
            out.append(-1)
        else:
            q = pres[a]
            out.append(q if q >= 0 else -1)
    return out


def marae_control(st, held: list[int]) -> dict[int, int]:
    """Full Marae hex -> the player controlling it, or -1: its area's controller, unless enemy
    Combat Units stand in its hex (15.8). Only the Maraes a region (or island) may hold count
    (maraes.py: on a designer's map with more, the first in hex order)."""
    b = st.b
    built = sorted(c for c, full in st.maraes.items() if full)
    counted = b.marae_rule.counted([(c, b.areas[b.area[c]] if b.area[c] >= 0 else None) for c in built],
                                   st.opts["rule_15_11_moorea_marae"])
    out = {}
    for cell in counted:
        side = held[st.b.area[cell]] if st.b.area[cell] >= 0 else -1
        if side >= 0 and any(u.cell == cell and u.player != side and u.kind in COMBAT for u in st.units):
            side = -1
        out[cell] = side
    return out


def areas_held(st) -> list[int]:
    """Victory count per player: areas controlled plus full Maraes controlled (15.8)."""
    held = area_control(st)
    count = [0] * len(st.players)
    for p in held:
        if p >= 0:
            count[p] += 1
    if st.opts["rule_15_8_maraes"]:
        for p in marae_control(st, held).values():
            if p >= 0:
                count[p] += 1
    return count


def enemy_land_zone(st, player: int) -> set[int]:
    """The land hexes where the other players' zones of influence stop `player`'s units (7.5):
    each exerting piece's hex and the land hexes within one game hex of it (board.game_hex
    hexes of this map, over land)."""
    b = st.b
    src = {u.cell for u in st.units if u.player != player and u.kind != "war_canoe" and not (u.flags & IN_MARAE)}
    src.update(c for c, v in st.villages.items() if v[1] and v[0] >= 0 and v[0] != player)
    src = [c for c in src if b.land[c]]
    zone: set[int] = set(src)
    if b.game_hex == 1:
        for c in src:
            zone.update(x for x in b.nb[c] if b.land[x])
        return zone
    edge = set(zone)
    for _ in range(b.game_hex):
        edge = {x for c in edge for x in b.nb[c] if b.land[x] and x not in zone}
        zone |= edge
    return zone


def enemy_sea_zone(st, player: int) -> set[int]:
    """Where the other players' War Canoes stop `player`'s canoes (8.4): a canoe's hex and the
    hexes a canoe could paddle into within one game hex of it (not across a reef or a land
    hexside: a portage is crossed by carrying, not paddling, so a zone stops there too, as
    docs/rules/tahiti.md and `zones.sea_zone` have it)."""
    b = st.b
    src = {u.cell for u in st.units if u.kind == "war_canoe" and u.player != player}
    zone: set[int] = set(src)
    edge = set(src)
    for _ in range(b.game_hex):
        edge = {x for c in edge for x in b.nb[c] if x not in zone and (b.water[x] or b.coast[x])
                and b.edge(c, x) not in b.canoe_blocked and b.edge(c, x) not in b.portages}
        zone |= edge
    return zone


def unit_value(st, u: Unit, attacking: bool = False) -> int:
    """A unit's combat value this turn: events 22-23/24-25 (Shamans), 65 (curse), 41-42 (a
    sullen Clan Elder does not attack), panic (flipped: halved, Motu's reading of 9.2)."""
    kind, flags = u.kind, u.flags
    if flags & CURSED:
        return 0
    if kind == "shaman":
        v = st.cond.get("shaman_cv", {}).get(u.player, st.b.data.combat_value("shaman"))
    else:
        v = st.b.data.combat_values().get(kind, 0)
    if attacking and flags & SULLEN:
        return 0
    if flags & FLIPPED:
        v //= st.b.data.flipped_divisor()
    return v


def strength(st, units: list[Unit], attacking: bool = False) -> int:
    return sum(unit_value(st, u, attacking) for u in units if u.kind != "war_canoe")


def has_leader(units: list[Unit]) -> bool:
    return any(u.kind in LEADERS and not (u.flags & SULLEN) for u in units)


def home_cell(st, player: int) -> int:
    """The player's Home Village, if he still holds it; -1 otherwise."""
    c = st.home[player]
    v = st.villages.get(c)
    return c if v is not None and v[1] and v[0] == player else -1


def on_island(st, player: int) -> str | None:
    """The island the player's Head Chieftain is on."""
    for u in st.units:
        if u.kind == "head_chieftain" and u.player == player:
            a = st.b.area[u.cell]
            return st.b.area_island[a] if a >= 0 else None
    return None
