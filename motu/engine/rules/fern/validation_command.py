"""The chain of command and its set-up, as a Fire in the Fern! designer is told of them (§1, §2, §12).

Scope: every unit has a single leader and every leader a single unit (§1); a leader's
attempts within §1's limit; units of 6-12 figures (a warning); a leader who answers to
nobody though his side has senior officers, or whose chain does not reach the C-in-C, and a
senior officer or C-in-C who commands nobody (§2: only leaders in a unit's chain of command
may motivate it; warnings); set-up zones drawn where §12's typical set-up does not put a
force (a warning: §12 says "typically"). References between pieces (a leader, a superior,
a unit led) are checked against the catalogue's declarations by piece_props.py, under this
module's codes (`FERN_NO_COMMAND`, `FERN_CROSS_FORCE`, `FERN_BAD_WEAPON`). Every finding
names its pieces, so the Forces dock marks them.
"""
from __future__ import annotations

from collections.abc import Iterable

from motu.engine.scenario.model import Scenario
from motu.engine.scenario.piece_props import group_of
from motu.engine.scenario.validation import Finding, finding, register_code

from .board import LEADER_ROLES, base_edge_depth, nation_of, piece_role, player_of
from .forces import attempts_allowed
from .model import BRITISH_PLAYER, C_IN_C, LEADER, SENIOR

UNIT_NO_LEADER = register_code("FERN_UNIT_NO_LEADER", "error", "A unit of figures has no leader (§1).")
NO_COMMAND = register_code("FERN_NO_COMMAND", "error",
                           "A piece names a unit, leader or superior that is not there, leaving it outside any chain of command (§1).")
NOT_UNDER_C_IN_C = register_code("FERN_NOT_UNDER_C_IN_C", "warning",
                                 "A unit's chain of command does not reach its side's C-in-C (§1).")
TOO_MANY_ATTEMPTS = register_code("FERN_TOO_MANY_ATTEMPTS", "error",
                                  "A leader has more activation attempts than §1 allows.")
UNIT_SIZE = register_code("FERN_UNIT_SIZE", "warning", "A unit has fewer than 6 or more than 12 figures (§1).")
BAD_WEAPON = register_code("FERN_BAD_WEAPON", "error", "A unit carries a weapon the rules do not know (§5).")
CROSS_FORCE = register_code("FERN_CROSS_FORCE", "error",
                            "A leader and the unit he leads belong to different forces (§1: a chain of command is one force's).")
TWO_UNITS = register_code("FERN_LEADER_TWO_UNITS", "error", "A leader leads more than one unit (§1: a unit has a single leader).")
TWO_LEADERS = register_code("FERN_UNIT_TWO_LEADERS", "error", "A unit is led by more than one leader (§1: a unit has a single leader).")
NO_UNIT = register_code("FERN_LEADER_NO_UNIT", "warning", "A leader leads no unit, so he has no activation attempts (§1).")
NO_SUPERIOR = register_code("FERN_LEADER_NO_SUPERIOR", "warning",
                            "A leader answers to no senior officer though his side has one, who then cannot motivate his unit (§2).")
IDLE = register_code("FERN_IDLE_COMMANDER", "warning",
                     "A senior officer or C-in-C commands nobody, so he can motivate no unit (§2).")
ZONE_NOT_12 = register_code("FERN_ZONE_NOT_12", "warning",
                            "A set-up zone takes in squares where §12's typical set-up puts none of that force.")


def _cells(*ps) -> list[int]:
    return [p.cell for p in ps if p.cell is not None]


def _name(p) -> str:
    return p.name or p.id


def check_command(s: Scenario, cat) -> Iterable[Finding]:
    role = {p.id: piece_role(cat, p.kind) for p in s.pieces.values()}
    figures = [p for p in s.pieces.values() if role[p.id] == "figures"]
    leaders = {p.id: p for p in s.pieces.values() if LEADER_ROLES.get(role[p.id]) == LEADER}
    commanders = {p.id: p for p in s.pieces.values() if LEADER_ROLES.get(role[p.id]) in (SENIOR, C_IN_C)}
    units: dict[str, list] = {}
    for p in figures:
        units.setdefault(group_of(cat, p), []).append(p)
    # Who leads each unit: leaders naming it, and leaders its figures name (§1: a single leader).
    led_by: dict[str, set[str]] = {u: set() for u in units}
    leads: dict[str, set[str]] = {lid: set() for lid in leaders}
    for lid, ld in leaders.items():
        u = ld.props.get("unit")
        if isinstance(u, str) and u in units:
            led_by[u].add(lid)
            leads[lid].add(u)
    for u, ps in units.items():
        for p in ps:
            lid = p.props.get("leader")
            if isinstance(lid, str) and lid in leaders:
                led_by[u].add(lid)
                leads[lid].add(u)
    for u, ps in units.items():
        first = ps[0]
        if not led_by[u]:
            yield finding(UNIT_NO_LEADER, f"unit {_name(first)} has no leader: give it one (drag it onto a leader "
                          "in the Forces dock, or set the leader of its figures)", cells=_cells(*ps),
                          pieces=[p.id for p in ps])
        elif len(led_by[u]) > 1:
            names = ", ".join(_name(leaders[x]) for x in sorted(led_by[u]))
            yield finding(TWO_LEADERS, f"unit {_name(first)} is led by {names}; a unit has a single leader",
                          cells=_cells(*ps, *(leaders[x] for x in led_by[u])),
                          pieces=[p.id for p in ps] + sorted(led_by[u]))
        n = sum(p.count for p in ps)
        if not 6 <= n <= 12:
            yield finding(UNIT_SIZE, f"unit {_name(first)} has {n} figures (the rules suggest 6-12)",
                          cells=_cells(*ps), pieces=[p.id for p in ps])
    for lid, ld in leaders.items():
        if not leads[lid] and not (isinstance(ld.props.get("unit"), str) and ld.props["unit"] not in units):
            # (a leader naming a unit with no figures is FERN_NO_COMMAND, from the declarations)
            yield finding(NO_UNIT, f"leader {_name(ld)} leads no unit: drag a unit onto him in the Forces dock",
                          cells=_cells(ld), pieces=[lid])
        elif len(leads[lid]) > 1:
            names = ", ".join(_name(units[u][0]) for u in sorted(leads[lid]))
            yield finding(TWO_UNITS, f"leader {_name(ld)} leads {names}; a leader leads a single unit",
                          cells=_cells(ld), pieces=[lid] + [p.id for u in sorted(leads[lid]) for p in units[u]])
    yield from _attempts(s, cat, {**leaders, **commanders})
    yield from _chains(s, cat, leaders, commanders)


def _attempts(s: Scenario, cat, pieces) -> Iterable[Finding]:
    for p in pieces.values():
        if "attempts" not in p.props:
            continue
        v = p.props["attempts"]
        if not isinstance(v, int) or isinstance(v, bool):
            continue  # a type error: PIECE_PROP_TYPE from the declarations
        allowed, why = attempts_allowed(s, cat, p)
        if v > allowed:
            yield finding(TOO_MANY_ATTEMPTS, f"{_name(p)} has {v} activation attempts; {why}: {allowed}",
                          cells=_cells(p), pieces=[p.id])


def _chains(s: Scenario, cat, leaders, commanders) -> Iterable[Finding]:
    everyone = {**leaders, **commanders}
    c_in_c = {p.side: p.id for p in commanders.values() if LEADER_ROLES[piece_role(cat, p.kind)] == C_IN_C}
    seniors = {p.side for p in commanders.values() if LEADER_ROLES[piece_role(cat, p.kind)] == SENIOR}
    commands: dict[str, list[str]] = {pid: [] for pid in commanders}
    def superior(p) -> str | None:  # a value of the wrong type is PIECE_PROP_TYPE's, and names nobody here
        sup = p.props.get("superior")
        return sup if isinstance(sup, str) else None
    up: dict[str, str | None] = {}
    for p in everyone.values():
        sup = up[p.id] = superior(p)
        if sup in commands and sup != p.id:
            commands[sup].append(p.id)
    above = _tops_above({pid: (sup if sup in everyone else None) for pid, sup in up.items()}, set(c_in_c.values()))
    for lid, ld in leaders.items():
        if ld.side in c_in_c and c_in_c[ld.side] not in above[lid]:
            yield finding(NOT_UNDER_C_IN_C, f"{_name(ld)}'s chain of command does not reach the C-in-C",
                          cells=_cells(ld), pieces=[lid])
        elif ld.side in seniors and up[lid] not in commanders:
            yield finding(NO_SUPERIOR, f"{_name(ld)} answers to no senior officer: none but he can motivate his unit "
                          "(drag him onto an officer in the Forces dock)", cells=_cells(ld), pieces=[lid])
    for pid, p in commanders.items():
        if not commands[pid]:
            yield finding(IDLE, f"{_name(p)} commands nobody: drag leaders onto him in the Forces dock",
                          cells=_cells(p), pieces=[pid])


def _tops_above(up: dict[str, str | None], tops: set[str]) -> dict[str, frozenset[str]]:
    """Per piece, the `tops` (C-in-Cs) met walking up its chain of superiors, itself included,
    round a loop at most once. Each piece's superior is followed once, whatever the length of
    the chains: a walk stops at a piece already answered, and the answer flows back down the
    walk (a walk per piece would cost the square of a long chain's length)."""
    out: dict[str, frozenset[str]] = {}
    for pid in up:
        walk: list[str] = []
        on_walk: dict[str, int] = {}
        at = pid
        while at is not None and at not in out and at not in on_walk:
            on_walk[at] = len(walk)
            walk.append(at)
            at = up[at]
        if at is None:
            met: frozenset[str] = frozenset()
        elif at in out:
            met = out[at]
        else:  # the walk closed a loop: everyone on it meets the same tops
            loop = walk[on_walk[at]:]
            met = frozenset(x for x in loop if x in tops)
            for x in loop:
                out[x] = met
            del walk[on_walk[at]:]
        for x in reversed(walk):
            if x in tops:
                met = met | {x}
            out[x] = met
    return out


def check_zones(s: Scenario, cat) -> Iterable[Finding]:
    """§12 "typically": British in clear squares of the base edge, Maori outwith rows one and two."""
    depth = base_edge_depth(s)
    if depth is None or not s.setup_zones:
        return
    base = {f.cell for f in s.features if f.kind == "base_edge"}
    for side, zone in s.setup_zones.items():
        player = player_of(s, side, nation_of(cat, side, "", {}))
        if player == BRITISH_PLAYER:
            bad = sorted(c for c in zone if c not in base or s.terrain[c] == "bush")
            rule = "§12 sets the British force up in clear squares of the base edge"
        else:
            bad = sorted(c for c in zone if depth[c] < 2)
            rule = "§12 sets the Maori up outwith rows one and two"
        if bad:
            name = s.sides[side].name if side in s.sides else side
            yield finding(ZONE_NOT_12, f"the set-up zone of {name} takes in {len(bad)} square(s) such as "
                          f"{s.label(bad[0])}; {rule}", cells=bad)


COMMAND_VALIDATORS = (check_command, check_zones)
