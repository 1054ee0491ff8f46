"""§10 unit morale.

Scope: at the start of its side's turn a unit tests if half its figures have
been lost or a third of them lie on the table as casualties (kupapa: a third
lost, or a sixth as casualties) — fractions of the figures it started with,
and "lost" is every figure no longer on the table. D6, 4-6 the unit stands,
less one for every leader in its chain of command who has been killed;
otherwise every figure of the unit, and its leader, leave the table and the
unit is broken.
"""
from __future__ import annotations

from motu.engine.rules.events import Roll as Roll_

from .model import KUPAPA
from .steps import Auto, Roll, verdict


def must_test(s, unit: int) -> bool:
    b = s.b
    info = b.units[unit]
    t = b.t["morale"]
    lost = info.start - s.unit_figures(unit)
    on_table = sum(n for (cell, owner), n in s.cas.items() if owner == unit)
    kupapa = info.nation == KUPAPA
    ln, ld = t["kupapa_lost" if kupapa else "lost"]
    cn, cd = t["kupapa_on_table" if kupapa else "on_table"]
    return lost * ld >= info.start * ln or on_table * cd >= info.start * cn


def dead_leaders(s, unit: int) -> int:
    return sum(1 for l in s.b.commanders[unit] if s.leaders[l].dead)


def check(s, task) -> None:
    _, unit = task
    if s.unit_gone(unit) or not must_test(s, unit):
        return
    s.stack.append(("r_morale", unit, -dead_leaders(s, unit)))


def stands(s, face: int, mod: int) -> bool:
    return face + mod >= s.b.t["morale"]["stands_on"]


def break_unit(s, unit: int) -> None:
    for gid in [g for g, grp in s.groups.items() if grp.unit == unit]:
        del s.groups[gid]
    leader = s.b.units[unit].leader
    if leader is not None and s.leaders[leader].cell is not None:
        s.leaders[leader] = s.leaders[leader]._replace(cell=None)
    s.broken = s.broken | {unit}


def morale_apply(s, task, face) -> None:
    _, unit, mod = task
    ok = stands(s, face, mod)
    s._emit(Roll_((face,), "morale (§10)", s.b.units[unit].player, "stands" if ok else "breaks"))
    if not ok:
        break_unit(s, unit)


def morale_text(s, task, face) -> str:
    _, unit, mod = task
    need = s.b.t["morale"]["stands_on"]
    why = f", {mod} for leaders killed" if mod else ""
    return (f"morale of {s.b.units[unit].name} (§10): needed {need}{why}, rolled {face} — "
            f"{verdict(stands(s, face, mod), 'stands', 'broken: leaves the table')}")


STEPS = {"morale": Auto(check), "r_morale": Roll(morale_apply, morale_text)}
