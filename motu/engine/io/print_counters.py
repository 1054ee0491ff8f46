"""Counters as print draws them: what each piece's counter shows, and its shapes at any size.

Scope: the face of a counter (`face`: symbol, name, strength count, starting cell, colour)
and its drawing (`counter_shapes`), which the counter sheet (print_sheets.py), the VASSAL
module's piece images (vassal.py) and the Tiled export's counter tiles (tiled_art.py) all
use, so a piece looks the same in every output. Every text is fitted to the counter at
every size offered (print_shapes.fit_text), with the print font's real widths.

`face` is the one place that decides what a counter shows; when the catalogue's shared
counter description (motu/engine/scenario/counter_face.py) exists, it is read there.
"""
from __future__ import annotations

from dataclasses import dataclass

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.model import Piece, Scenario

from .print_map import catalogue_of
from .print_shapes import Poly, Shape, Text, fit_text, ink_on, text_width

NEUTRAL = "#d8d2c0"  # a counter of no side


@dataclass(frozen=True)
class Counter:
    piece_id: str
    side: str | None
    symbol: str
    name: str
    count: int
    start: str  # starting cell label, "" when off the map
    fill: str = NEUTRAL


def face(scenario: Scenario, piece: Piece, cat: Catalogue | None) -> Counter:
    """What the counter of `piece` shows: its kind's symbol, its name (or its kind's), the
    strength count, its starting cell, its side's colour."""
    kind = cat.pieces.get(piece.kind) if cat else None
    side = scenario.sides.get(piece.side) if piece.side is not None else None
    return Counter(piece.id, piece.side, kind.symbol if kind else "?", piece.name or (kind.name if kind else piece.kind),
                   piece.count, scenario.label(piece.cell) if piece.cell is not None else "",
                   side.color if side is not None and side.color else NEUTRAL)


def counters(scenario: Scenario) -> list[Counter]:
    """One counter per piece; a scenario without pieces gets one of each kind its rule set knows."""
    cat = catalogue_of(scenario)
    out = [face(scenario, p, cat) for p in scenario.pieces.values()]
    if not out and cat:
        out = [Counter(k.id, None, k.symbol, k.name, 1, "") for k in cat.pieces.values()]
    return out


def side_groups(scenario: Scenario) -> list[tuple[str, str, list[Counter]]]:
    """(side id, heading, counters) in the scenario's side order; pieces of no side last."""
    groups: dict[str | None, list[Counter]] = {}
    for c in counters(scenario):
        groups.setdefault(c.side if c.side in scenario.sides else None, []).append(c)
    out = []
    for sid, side in scenario.sides.items():
        if sid in groups:
            out.append((sid, side.name or sid, groups[sid]))
    if None in groups:
        heading = "Markers and neutral pieces" if scenario.pieces else "One of each piece kind (the scenario has none)"
        out.append(("", heading, groups[None]))
    return out


def counter_shapes(c: Counter, x: float, y: float, size: float) -> list[Shape]:
    """One counter, `size` wide: a square in its colour, the symbol large, the name below, the
    count and starting cell small along the top; every text inside the square."""
    ink = ink_on(c.fill)
    s = size
    pad = s * 0.06
    out: list[Shape] = [Poly(((x, y), (x + s, y), (x + s, y + s), (x, y + s)), c.fill, "#1a1a1a", max(0.1, s * 0.017),
                             cls="counter", data=(("data-piece", c.piece_id),))]
    symbol, size_symbol = fit_text(c.symbol, s - 2 * pad, s * 0.3, bold=True)
    out.append(Text(x + s / 2, y + s * 0.56, symbol, size_symbol, ink, bold=True, cls="counter-symbol"))
    small = s * 0.13
    name, size_name = fit_text(c.name, s - 2 * pad, small)
    out.append(Text(x + s / 2, y + s * 0.88, name, size_name, ink, cls="counter-name"))
    top = y + pad + small * 0.8
    room = s - 2 * pad
    if c.count > 1:
        count, size_count = fit_text(f"x{c.count}", room / 2 - pad / 2, small)
        out.append(Text(x + s - pad, top, count, size_count, ink, anchor="end", cls="counter-count"))
        room -= text_width(count, size_count) + pad
    if c.start:
        start, size_start = fit_text(c.start, room, small)
        out.append(Text(x + pad, top, start, size_start, ink, anchor="start", cls="counter-start"))
    return out


__all__ = ["NEUTRAL", "Counter", "face", "counters", "side_groups", "counter_shapes"]
