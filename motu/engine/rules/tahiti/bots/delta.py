"""The heuristic bot's evaluation of a plain move, read from the position before it.

Scope: most of what the heuristic bot weighs are Movement Phase moves of one stack by land or
by sea (`on_move`, `on_group_move`). Such a move only relocates its units (stacks.relocate:
their hex, MOVED, out of a Marae compound), and on a look-ahead copy nothing else happens
before the next decision, so the position after it differs from the one before in two hexes
and their areas. `Before` groups the position once a decision (per area who is present, with
what acting strength and whether with a Leader; per Village hex who stands there; the hexes
where the player meets another player's fighting units) and `after_move` patches the two hexes
and areas a move touches, then finishes bots.evaluate's sum exactly as it does (the same
numbers: tests/engine/rules/tahiti/test_tahiti_bots_delta.py plays it against the copy-and-
apply path). Moves it cannot read so (15.13's two steps, 15.8's compound on the way, Maraes
that count, expeditions) return None: the caller plays them on a copy.
"""
from __future__ import annotations

from ..unit import Unit
from .outlook import _INFO, values
from .weights import AREA, BATTLE_WEIGHT, CHIEFTAIN_RISK, FIRM, LEAD, MARGIN_CAP
from ..constants import EXPED, IN_MARAE, LAND, SEA
from ..queries import marae_control
from ..movement.stacks import _alive, movers, sea_movers

MOVE_NODES = ("on_move", "on_group_move")


class Before:
    """One position, grouped for scoring its plain moves for `player`."""

    def __init__(self, st, player: int):
        self.st = st
        self.player = player
        self.history = len(st._history)
        b = st.b
        area = b.area
        n = len(b.areas)
        villages = st.villages
        info = _INFO
        # (player, acting strength, a Leader not sullen, a Combat Unit, uid, combat value, kind)
        # of each counting unit
        # (not a War Canoe, not in a Marae compound), by area and by hex; keyed by uid.
        self.entry: dict[int, tuple] = {}
        self.by_area: list[list] = [[] for _ in range(n)]
        self.by_cell: dict[int, list] = {}
        strength = count = 0
        for u in st.units:
            kind, p, c, flags, uid = u.kind, u.player, u.cell, u.flags, u.uid
            if p == player:
                count += 1
            k = info.get(kind)
            if k is None:
                continue
            v, acting = values(st, u, k)
            combat, leader = k[1], k[2]
            if p == player:
                strength += v
            e = (p, acting, leader and not flags & 4, combat, uid, v, kind)  # 4: SULLEN
            self.entry[uid] = e
            if flags & IN_MARAE:
                continue
            self.by_cell.setdefault(c, []).append(e)
            if area[c] >= 0:
                self.by_area[area[c]].append(e)
        self.strength, self.count = strength, count
        self.here = {c: _village_stat(self.by_cell.get(c, ())) for c in villages}
        self.area_villages: dict[int, list[int]] = {}
        for c in villages:
            if area[c] >= 0:
                self.area_villages.setdefault(area[c], []).append(c)
        self.control, self.secure = [], []
        for a, es in enumerate(self.by_area):
            p, sure = _area_control(st, a, _area_stat(es), self.here, self.area_villages.get(a, ()))
            self.control.append(p)
            self.secure.append(sure)
        self.held, self.firm = _held(st, player, self.control, self.secure)
        self.live = st.live()
        self.contested = {c for c, es in self.by_cell.items() if area[c] >= 0 and _meet(es, player)}
        self.moves: dict[tuple, list] = {}
        self.value: float | None = None  # bots.evaluate of this position, once asked for
        self.no_battle = bool(st.cond.get("rain") or st.cond.get("truce"))
        self.plain = not (st.opts["rule_15_13_variable_movement"] or st.opts["rule_15_8_maraes"])

    def same(self, s) -> bool:
        """Whether the copy `s`, at a decision, holds the position the evaluation reads as it
        stands here (units, Villages, Maraes, Control markers, 15.5's counters left on areas,
        conditions, who is out)."""
        st = self.st
        return (s.result is None and s.node is not None and s.node[0] == "decide" and s.units == st.units
                and s.villages == st.villages and s.control_markers == st.control_markers
                and s.letters_left == st.letters_left and s.maraes == st.maraes and s.cond == st.cond
                and s.out == st.out)

    def fresh(self, st) -> bool:
        return self.st is st and self.history == len(st._history)

    def movers(self, node: tuple, action: int) -> tuple[list[Unit], int, int] | None:
        """(units, from, to) of a plain move, or None."""
        if not self.plain or node[0] != "decide" or node[3] not in MOVE_NODES or not LAND <= action < EXPED:
            return None
        st = self.st
        kind = 0 if action < SEA else 1
        f, t = divmod(action - (LAND, SEA)[kind], st.b.size)
        if f == t:
            return None
        if node[3] == "on_group_move":
            key = ("group", node[4][3])
            units = self.moves.get(key)
            if units is None:
                units = self.moves[key] = _alive(st, node[4][3])
        else:
            key = (kind, f)
            units = self.moves.get(key)
            if units is None:
                units = self.moves[key] = movers(st, node[4][0], f)[0] if kind == 0 else sea_movers(st, node[4][0], f)
        return units, f, t


def _area_stat(es) -> tuple[int, int, bool]:
    """(the one player present or -1 nobody, -2 more than one; his acting strength; a Leader)."""
    q, power, leads = -1, 0, False
    for e in es:
        p = e[0]
        if q != p:
            if q != -1:
                return -2, 0, False
            q = p
        power += e[1]
        if e[2]:
            leads = True
    return q, power, leads


def _village_stat(es) -> tuple[int, int]:
    """(the one player with units on a Village hex, his Combat Units'): -1 nobody, -2 several."""
    here = takers = -1
    for e in es:
        p = e[0]
        here = p if here in (-1, p) else -2
        if e[3]:
            takers = p if takers in (-1, p) else -2
    return here, takers


def _meet(es, player: int) -> bool:
    mine = theirs = False
    for e in es:
        if e[0] == player:
            mine = True
        else:
            theirs = True
    return mine and theirs


def after_move(before: Before, units: list[Unit], f: int, t: int) -> float:
    """bots.evaluate of the position after `units` (all on hex f) move to hex t."""
    st = before.st
    player = before.player
    area = st.b.area
    moved = {u.uid for u in units}
    entry = before.entry
    arriving = [entry[u.uid] for u in units if u.uid in entry]  # they leave any compound: all count
    by_cell = before.by_cell
    left = [e for e in by_cell.get(f, ()) if e[4] not in moved]
    there = by_cell.get(t, []) + arriving
    here = before.here
    if f in here or t in here:
        here = dict(here)
        if f in here:
            here[f] = _village_stat(left)
        if t in here:
            here[t] = _village_stat(there)
    control, secure, held, firm = before.control, before.secure, before.held, before.firm
    af, at = area[f], area[t]
    if af >= 0 or at >= 0:
        control, secure, held = control[:], secure[:], held[:]
        for a in {af, at}:
            if a < 0:
                continue
            es = [e for e in before.by_area[a] if e[4] not in moved]
            if a == at:
                es += arriving
            p, sure = _area_control(st, a, _area_stat(es), here, before.area_villages.get(a, ()))
            q = control[a]
            if q >= 0:
                held[q] -= 1
                if q == player and secure[a]:
                    firm -= 1
            if p >= 0:
                held[p] += 1
                if p == player and sure:
                    firm += 1
            control[a], secure[a] = p, sure
    contested = before.contested
    now_f = af >= 0 and _meet(left, player)
    now_t = at >= 0 and _meet(there, player)
    if now_f != (f in contested) or now_t != (t in contested):
        contested = set(contested)
        for c, now in ((f, now_f), (t, now_t)):
            if now:
                contested.add(c)
            else:
                contested.discard(c)
    return _finish(before, held, firm, contested, {f: left, t: there})


def value_here(before: Before) -> float:
    """bots.evaluate of the position itself (at a decision: no result yet)."""
    if before.st.out[before.player]:
        return -1000.0
    return _finish(before, before.held, before.firm, before.contested, {})


def _finish(before: Before, held: list[int], firm: int, contested: set[int], changed: dict) -> float:
    """bots.evaluate's sum from the grouped position; `changed`: hex -> its counting units
    where they differ from the position's."""
    st = before.st
    player = before.player
    best_other = max((held[p] for p in before.live if p != player), default=0)
    prospects = 0.0
    if contested and not before.no_battle:
        prospects = _prospects(before, contested, changed)
    lead = LEAD if held[player] > best_other else 0.0
    return (AREA * held[player] + FIRM * firm - 5.0 * best_other + lead
            + before.strength + 0.5 * before.count + prospects)


def _area_control(st, a: int, stat: tuple, here: dict, villages) -> tuple[int, bool]:
    """outlook.survey's (controller or -1, held firmly) of area `a` after the next Area
    Control Phase, from its grouped units `stat` and the units on its Village hexes `here`."""
    v = -1
    for c in villages:
        vv = st.villages[c]
        owner = vv[0]
        h, takers = here[c]
        if h >= 0 and h != owner and takers == h:
            owner = h  # captured: his Combat Units alone on the hex
        if vv[1] and owner >= 0:
            v = owner if v in (-1, owner) else -2
    q, power, leads = stat
    if v != -1:
        return (v, True) if v >= 0 else (-1, False)
    markers = st.control_markers
    need = int(st.opts["conquest_strength"])
    if a in markers:
        p = markers[a]
        if q >= 0 and q != p and leads and power >= need:
            p = q  # the marker passes to him
        return p, True
    if q >= 0 and (a not in st.letters_left or leads and power >= need):
        return q, leads and power >= need  # converted, else held by presence alone (outlook.survey)
    return -1, False


def _held(st, player: int, control: list[int], secure: list[bool]) -> tuple[list[int], int]:
    count = [0] * len(st.players)
    firm = 0
    for p, sure in zip(control, secure):
        if p >= 0:
            count[p] += 1
            if sure and p == player:
                firm += 1
    if st.opts["rule_15_8_maraes"]:  # only for the position itself: moves with it are not plain
        for p in marae_control(st, control).values():
            if p >= 0:
                count[p] += 1
    return count, firm


def _prospects(before: Before, contested: set[int], changed: dict) -> float:
    """bots._prospects over the contested hexes, those in `changed` with the units it gives."""
    player = before.player
    by_cell = before.by_cell
    score = 0.0
    for cell in contested:
        es = changed[cell] if cell in changed else by_cell[cell]
        margin = 0
        chieftain = False
        for e in es:
            if e[0] == player:
                margin += e[5]
                chieftain = chieftain or e[6] == "head_chieftain"
            else:
                margin -= e[5]
        score += BATTLE_WEIGHT * max(-MARGIN_CAP, min(MARGIN_CAP, margin))
        if margin < MARGIN_CAP and chieftain:
            score -= CHIEFTAIN_RISK
    return score
