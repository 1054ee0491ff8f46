"""What the heuristic bot counts as held: the areas as the next Area Control Phase leaves them.

Scope: `projected_held(state, player)` is the victory count (areas, full Maraes, 15.8) after the
Village captures, Control marker hand-overs and conversions the Area Control Phase would make
with the pieces where they stand (neutral_areas.py's rules, read here in one pass over the
units). A game ends by areas only at the start of a turn (events 11-13, the turn limit), after
that phase, so this is the count a move is judged by: a stack with a Leader and
`conquest_strength` alone in a neutral area, or in an area held by an absent enemy's Control
marker, wins it; Combat Units alone on an enemy Village's hex take it. Hexes where two players
meet count as both present (no capture, no conversion): the battle is the evaluation's other
term. A 15.5 counter that may keep an area neutral (E, F) is read as if it did not.
"""
from __future__ import annotations

from ..constants import COMBAT, CURSED, FLIPPED, IN_MARAE, LEADERS, SULLEN
from ..queries import _CV, marae_control, unit_value


# Combat values that no event changes (a Shaman's may: 22-25), read without unit_value's checks.
PLAIN = {k: v for k, v in _CV.items() if k != "shaman"}
_ODD = CURSED | FLIPPED | SULLEN
# kind -> (its plain combat value or None, a Combat Unit, a Leader); War Canoes are not here.
_INFO = {k: (PLAIN.get(k), k in COMBAT, k in LEADERS) for k in _CV}


def values(st, u, k) -> tuple[int, int]:
    """A unit's combat value and the value it acts with this turn (`unit_value`'s two
    readings); `k` is its `_INFO` entry, whose plain value holds when no event touches it."""
    v = k[0]
    if u.flags & _ODD or v is None:
        return unit_value(st, u), unit_value(st, u, True)
    return v, v


def survey(st, player: int) -> tuple[list[int], list[bool], set[int], int, int]:
    """One pass over the units for the evaluation: `projected_control`'s two lists, the hexes
    where the player's fighting units meet another player's (a battle in the Combat Phase),
    and the player's combat value and number of units on the map."""
    b = st.b
    area = b.area
    n = len(b.areas)
    villages = st.villages
    # Per area the one player present (-1 nobody, -2 more than one), his acting strength and
    # whether he has a Leader; per Village hex the same for units and for Combat Units. Lists
    # and ints, not sets: this runs for every action the bot weighs.
    who, power, leads = [-1] * n, [0] * n, [False] * n
    here: dict[int, int] = {}
    takers: dict[int, int] = {}
    strength = count = 0
    info = _INFO
    for u in st.units:
        kind, p, c, flags = u.kind, u.player, u.cell, u.flags
        if p == player:
            count += 1
        k = info.get(kind)
        if k is None:
            continue  # a War Canoe: no combat value, no control
        v, acting = values(st, u, k)
        combat, leader = k[1], k[2]
        if p == player:
            strength += v
        if flags & IN_MARAE:
            continue
        if c in villages:
            here[c] = p if here.get(c, p) == p else -2
            if combat:
                takers[c] = p if takers.get(c, p) == p else -2
        a = area[c]
        if a < 0:
            continue
        q = who[a]
        if q == -2:
            continue
        if q != p:
            if q != -1:
                who[a] = -2
                continue
            who[a] = p
        power[a] += acting
        if leader and not flags & SULLEN:
            leads[a] = True
    # Battles: only where two players share an area can they share a hex (units stand on land).
    contested: set[int] = set()
    if -2 in who:
        mine, theirs = set(), set()
        for u in st.units:
            a = area[u.cell]
            if a >= 0 and who[a] == -2 and u.kind != "war_canoe" and not u.flags & IN_MARAE:
                (mine if u.player == player else theirs).add(u.cell)
        contested = mine & theirs
    need = int(st.opts["conquest_strength"])
    vil = [-1] * n       # -1 nobody, -2 more than one player
    for c, v in villages.items():
        owner = v[0]
        h = here.get(c, -1)
        if h >= 0 and h != owner and takers.get(c, -1) == h:
            owner = h  # captured: his Combat Units alone on the hex
        a = area[c]
        if v[1] and owner >= 0 and a >= 0:
            vil[a] = owner if vil[a] in (-1, owner) else -2
    markers = st.control_markers
    letters = st.letters_left
    control, secure = [], []
    for a in range(n):
        v = vil[a]
        q = who[a]
        if v != -1:
            control.append(v if v >= 0 else -1)
            secure.append(v >= 0)
        elif a in markers:
            p = markers[a]
            if q >= 0 and q != p and leads[a] and power[a] >= need:
                p = q  # the marker passes to him
            control.append(p)
            secure.append(True)
        elif q >= 0 and (a not in letters or leads[a] and power[a] >= need):
            # converted (a failed 15.5 E or F: rolled for again), else held by presence alone --
            # but not where E or F failed: that area "remains neutral" until someone rolls
            control.append(q)
            secure.append(leads[a] and power[a] >= need)
        else:
            control.append(-1)
            secure.append(False)
    return control, secure, contested, strength, count


def projected_control(st) -> tuple[list[int], list[bool]]:
    """Area index -> the player who will control it after the Area Control Phase (or -1), and
    whether he will hold it by a Village or a Control marker (else by presence alone, which
    his units' leaving ends)."""
    return survey(st, -1)[:2]


def projected_held(st, player: int, control: list[int], secure: list[bool]) -> tuple[list[int], int]:
    """The victory count per player after the next Area Control Phase (areas, full Maraes),
    and how many of `player`'s areas he will hold by a Village or a Control marker, from
    `projected_control`'s lists."""
    count = [0] * len(st.players)
    firm = 0
    for p, sure in zip(control, secure):
        if p >= 0:
            count[p] += 1
            if sure and p == player:
                firm += 1
    if st.opts["rule_15_8_maraes"]:
        for p in marae_control(st, control).values():
            if p >= 0:
                count[p] += 1
    return count, firm
