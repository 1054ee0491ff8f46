"""Counters as print draws them: what each piece's counter shows, and its shapes at any size.

Scope: the face of a counter (`face`: the shared counter face's texts — motu/engine/scenario/
counter_face.py, the same the playtest table draws — with the starting cell, the piece's own
name when the face reads by its kind's, and its side's colour) and its drawing
(`counter_layout`, `counter_shapes`), which the counter sheet (print_sheets.py), the VASSAL
module's piece images (vassal.py) and the Tiled export's counter tiles (tiled_art.py) all use,
so a piece looks the same in every output.

On paper no counter text is smaller than 6 pt (MIN_TEXT_MM) and none is cut: a long name wraps
at its spaces and hyphens, a person's name too long even so reads by its own word ("Carey"), and
a counter whose texts still do not fit says so (`counter_layout` gives None) so that the sheet
prints every counter larger (print_sheets.counter_size). Widths are the print font's own.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from motu.engine.scenario.catalogue import Catalogue
from motu.engine.scenario.counter_face import CounterFaces
from motu.engine.scenario.model import Piece, Scenario

from .print_map import catalogue_of
from .print_shapes import Poly, Shape, Text, fit_text, ink_on, text_width

NEUTRAL = "#d8d2c0"  # a counter of no side
MIN_PT = 6.0
MIN_TEXT_MM = MIN_PT * 25.4 / 72  # the smallest counter text printed: 6 pt
LINE = 1.18  # a line's height, in text sizes
ONE_LINE = 0.7  # a label takes no more lines than it needs to read at this much of its largest size


@dataclass(frozen=True)
class Counter:
    piece_id: str
    side: str | None
    symbol: str
    name: str  # the piece's own name, else its kind's
    count: int
    start: str  # starting cell label, "" when off the map
    fill: str = NEUTRAL
    label: str = ""  # the big text: the shared face's (a kind's name, a person's name); "" → name
    top: str = ""  # a small line over it (a leader's rank)
    bottom: str = ""  # a small line at the foot (figures, factors)
    short: str = ""  # the label where it does not fit whole ("Carey" of "Lt Carey")
    sub: str = ""  # the piece's own name when the label is its kind's ("Company of the 40th")
    counted: bool = False  # top or bottom shows the count already


def face(scenario: Scenario, piece: Piece, cat: Catalogue | None, faces: CounterFaces | None = None) -> Counter:
    """What the counter of `piece` shows: the shared face's label, top and bottom lines, its own
    name under a kind's name, its starting cell and count, its side's colour."""
    kind = cat.pieces.get(piece.kind) if cat else None
    side = scenario.sides.get(piece.side) if piece.side is not None else None
    name = piece.name or (kind.name if kind else piece.kind)
    start = scenario.label(piece.cell) if piece.cell is not None else ""
    fill = side.color if side is not None and side.color else NEUTRAL
    symbol = kind.symbol if kind else "?"
    if cat is None:
        return Counter(piece.id, piece.side, symbol, name, piece.count, start, fill, label=name)
    f = (faces or CounterFaces(scenario, cat)).face(piece)
    # Its own name under its kind's, unless it is only the kind's name again ("Naval Brigade").
    sub = piece.name if piece.name and piece.name not in (f.label, f.top, f.bottom, name_of_kind(kind)) else ""
    return Counter(piece.id, piece.side, symbol, name, piece.count, start, fill, f.label, f.top, f.bottom,
                   f.short, sub, f.shows_count)


def name_of_kind(kind) -> str:
    return kind.name if kind is not None else ""


def counters(scenario: Scenario) -> list[Counter]:
    """One counter per piece; a scenario without pieces gets one of each kind its rule set knows."""
    cat = catalogue_of(scenario)
    faces = CounterFaces(scenario, cat) if cat else None
    out = [face(scenario, p, cat, faces) for p in scenario.pieces.values()]
    if not out and cat:
        out = [face(scenario, Piece(k.id, k.id, None, None, 1), cat, faces) for k in cat.pieces.values()]
        out = [Counter(c.piece_id, None, c.symbol, c.name, 1, "", NEUTRAL, c.label, c.top, c.bottom, c.short)
               for c in out]
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


_BREAK = re.compile(r"(?<=-)|\s+")  # a line may end at a space or after a hyphen


def wrap(text: str, width: float, size: float, bold: bool = False, lines: int = 2) -> list[str] | None:
    """`text` in at most `lines` lines no wider than `width` at `size`, broken at spaces and after
    hyphens, never inside a word; None when it cannot be."""
    words = [w for w in _BREAK.split(text.strip()) if w]
    out: list[str] = []
    for w in words:
        if out and text_width(_join(out[-1], w), size, bold) <= width:
            out[-1] = _join(out[-1], w)
        elif text_width(w, size, bold) <= width:
            out.append(w)
        else:
            return None
    return out if 0 < len(out) <= lines else None


def _join(line: str, word: str) -> str:
    return line + word if line.endswith("-") else f"{line} {word}"


def counter_layout(c: Counter, size: float, smallest: float = MIN_TEXT_MM) -> list[Text] | None:
    """The texts of a counter `size` wide, every one at least `smallest` high and whole, laid out
    top to bottom: the starting cell (and the count when no line shows it), the top line, the
    label as large as it fits (wrapped to three lines, else its short form), the piece's own name
    under a kind's (up to three lines), the bottom line. None when they do not all fit."""
    s = size
    pad = max(0.06 * s, 0.5)
    room = s - 2 * pad
    small = max(smallest, min(0.12 * s, 1.25 * smallest))  # small lines stop growing past 7.5 pt on paper
    ink = ink_on(c.fill)
    head_left = c.start
    head_right = f"x{c.count}" if c.count > 1 and not c.counted else ""
    if head_left or head_right:
        gap = small * 0.6 if head_left and head_right else 0.0
        if text_width(head_left, small) + gap + text_width(head_right, small) > room:
            return None
    top = [c.top] if c.top else []
    if top and text_width(c.top, small) > room:
        return None
    sub = wrap(c.sub, room, small, lines=3) if c.sub else []
    if sub is None:
        return None
    bottom = c.bottom
    if bottom and text_width(bottom, small, bold=True) > room:
        return None
    fixed = (small * LINE if (head_left or head_right) else 0.0) + len(top) * small * LINE \
        + len(sub) * small * LINE + (small * LINE if bottom else 0.0)
    left = room - fixed
    label = c.label or c.name
    best = None
    for text in dict.fromkeys(t for t in (label, c.short) if t):  # the whole label, else its short form
        best = _largest(text, room, left, 0.22 * s, smallest)
        if best is not None:
            break
    if best is None:
        return None
    lines, label_size, bold = best
    out: list[Text] = []
    y = pad
    if head_left or head_right:
        base = y + small * 0.8
        if head_left:
            out.append(Text(pad, base, head_left, small, ink, "start", cls="counter-start"))
        if head_right:
            out.append(Text(s - pad, base, head_right, small, ink, "end", cls="counter-count"))
        y += small * LINE
    foot = s - pad - (small * LINE if bottom else 0.0)
    middle = len(top) * small * LINE + len(lines) * label_size * LINE + len(sub) * small * LINE
    y += max(0.0, (foot - y - middle) / 2)
    for t in top:
        out.append(Text(s / 2, y + small * 0.8, t, small, ink, cls="counter-top"))
        y += small * LINE
    for line in lines:
        out.append(Text(s / 2, y + label_size * 0.8, line, label_size, ink, bold=bold, cls="counter-label"))
        y += label_size * LINE
    for line in sub:
        out.append(Text(s / 2, y + small * 0.8, line, small, ink, cls="counter-name"))
        y += small * LINE
    if bottom:
        out.append(Text(s / 2, s - pad - small * 0.2, bottom, small, ink, bold=True, cls="counter-bottom"))
    return out


def _largest(text: str, width: float, height: float, biggest: float,
             smallest: float) -> tuple[list[str], float, bool] | None:
    """The label's lines (three at most), size and weight: the largest size from `biggest` down to
    `smallest` that fits width x height, bold if it can be."""
    for bold in (True, False):  # the regular weight is a little narrower: "Constabulary" before a larger counter
        fits = {}
        for most in (1, 2, 3):
            size = biggest
            while size >= smallest - 1e-9:
                lines = wrap(text, width, size, bold=bold, lines=most)
                if lines is not None and len(lines) * size * LINE <= height + 1e-9:
                    fits[most] = (lines, size, bold)
                    break
                size = round(size - 0.05, 4)
        if fits:
            # The fewest lines that read nearly as large as the most would: "Lt Grey", but "Major / Nixon".
            largest = max(f[1] for f in fits.values())
            return next(fits[n] for n in sorted(fits) if fits[n][1] >= ONE_LINE * largest)
    return None


def counter_shapes(c: Counter, x: float, y: float, size: float, smallest: float | None = None) -> list[Shape]:
    """One counter, `size` wide at (x, y): a square in its colour and its texts (counter_layout),
    each at least `smallest` high (a tenth of the counter when not given: images for screens).
    Where they do not fit, the piece's own name under its kind's is left out; where even that
    does not fit, the label alone, fitted and if need be cut: the one case a
    text is cut, which the counter sheet never meets (it prints its counters larger first)."""
    out: list[Shape] = [Poly(((x, y), (x + size, y), (x + size, y + size), (x, y + size)), c.fill, "#1a1a1a",
                             max(0.1, size * 0.017), cls="counter", data=(("data-piece", c.piece_id),))]
    least = size * 0.1 if smallest is None else smallest
    texts = counter_layout(c, size, least)
    if texts is None and c.sub:  # its own name is the first thing a counter too small does without
        texts = counter_layout(replace(c, sub=""), size, least)
    if texts is None:
        text, fitted = fit_text(c.short or c.label or c.name, size * 0.88, size * 0.26, bold=True)
        texts = [Text(size / 2, size * 0.58, text, fitted, ink_on(c.fill), bold=True, cls="counter-label")]
    return out + [Text(round(t.x + x, 3), round(t.y + y, 3), t.text, t.size, t.fill, t.anchor, t.bold, cls=t.cls)
                  for t in texts]


__all__ = ["MIN_PT", "MIN_TEXT_MM", "NEUTRAL", "Counter", "face", "counters", "side_groups", "counter_layout",
           "counter_shapes", "wrap"]
