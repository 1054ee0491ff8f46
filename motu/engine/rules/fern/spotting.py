"""§12 hidden set-up and spotting by observation.

Scope: who starts hidden (Maori not in an open square, and Maori in a rifle pit
dug in the open, unless the designer sets them up revealed: `hidden: false` on a
piece reveals its whole square, since "if any figures in a square are revealed,
all are revealed"), and observation: a group spends 1 point to observe an open
square, 2 for a bush square, any square it can see; D6, 4-6 reveals any Maori
there. Only the British force observes (the Maori need not: British figures are
never hidden). Spotting by firing, by blundering into a square and by moving
into the open are in firing.py and movement.py; "if any figures in a square are
revealed, all are revealed" is FernCore.reveal.
"""
from __future__ import annotations

from .model import BRITISH_PLAYER, MAORI
from .steps import Roll, verdict


def hides_by_terrain(nation: str, bush: bool, rifle_pit: bool) -> bool:
    """§12: Maori not in an open square set up hidden, and so do Maori in a rifle pit dug in the open."""
    return nation == MAORI and (bush or rifle_pit)


def revealed_squares(scenario) -> frozenset[int]:
    """Squares a designer sets up revealed: those of a piece marked `hidden: false`."""
    return scenario.cached(("fern", "revealed-at-start"), lambda: frozenset(
        p.cell for p in scenario.pieces.values() if p.cell is not None and p.props.get("hidden") is False))


def set_up_hidden(b, nation: str, cell: int) -> bool:
    return hides_by_terrain(nation, b.bush[cell], cell in b.rifle_pit) and cell not in revealed_squares(b.scenario)


def observe_cost(s, cell: int) -> int:
    t = s.b.t["observe"]
    return t["bush"] if s.b.bush[cell] else t["open"]


def observable(s, player: int, cell: int, points: int) -> list[int]:
    if player != BRITISH_PLAYER or points < 1:
        return []
    b = s.b
    busy = {g.cell for g in s.groups.values() if b.units[g.unit].player == player or not g.hidden}
    busy.update(l.cell for i, l in enumerate(s.leaders) if l.cell is not None
                and (b.leaders[i].player == player or not l.hidden))
    cheap = b.t["observe"]["open"]
    dear = b.t["observe"]["bush"]
    out = []
    bush = b.bush
    for t in b.seen_from(cell):
        if t not in busy and (dear if bush[t] else cheap) <= points:
            out.append(t)
    return out


def observe_apply(s, task, face) -> None:
    _, player, cell = task
    if face >= s.b.t["observe"]["reveal_on"]:
        s.reveal(cell, 1 - player)


def observe_text(s, task, face) -> str:
    _, player, cell = task
    need = s.b.t["observe"]["reveal_on"]
    ok = face >= need
    found = ok and s.occupied(cell, 1 - player)
    return (f"observation of {s.b.label(cell)}: needed {need}, rolled {face} — "
            f"{verdict(ok, 'Maori revealed' if found else 'nobody there', 'nothing seen')}")


STEPS = {"r_observe": Roll(observe_apply, observe_text)}
