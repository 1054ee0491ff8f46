"""Checks every rule set runs: the map against its catalogue, areas, pieces, set-up.

Rule sets add their own validators on top (motu/engine/rules/<game>/validation.py).
Each check is vectorised where it walks every cell, so a 100,000-cell map
validates in a fraction of a second.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Iterable

import numpy as np

from motu.engine.board.graph import components

from .catalogue import Catalogue
from .model import Scenario
from .piece_props import check_piece_props
from .record_props import check_record_props
from .validation import Finding, describe_cells, finding, register_code

UNKNOWN_TERRAIN = register_code("UNKNOWN_TERRAIN", "error", "A cell has a terrain the rule set's catalogue does not list.")
UNKNOWN_EDGE_FEATURE = register_code("UNKNOWN_EDGE_FEATURE", "error", "An edge carries a feature the rule set's catalogue does not list.")
UNKNOWN_FEATURE = register_code("UNKNOWN_FEATURE", "error", "A cell feature is of a kind the rule set's catalogue does not list.")
UNKNOWN_PIECE = register_code("UNKNOWN_PIECE", "error", "A piece is of a kind the rule set's catalogue does not list.")
GRID_NOT_SUPPORTED = register_code("GRID_NOT_SUPPORTED", "error", "The rule set is not played on this shape of grid.")
UNKNOWN_OPTION = register_code("UNKNOWN_OPTION", "warning", "The scenario sets an option the rule set does not have.")
BAD_OPTION = register_code("BAD_OPTION", "error", "A rule-set option has a value of the wrong type or outside its choices.")
FEATURE_NEEDS_SIDE = register_code("FEATURE_NEEDS_SIDE", "error", "A cell feature that belongs to a side names none.")
FEATURE_BAD_TERRAIN = register_code("FEATURE_BAD_TERRAIN", "error", "A cell feature stands on a terrain where its kind cannot be.")
DUPLICATE_FEATURE = register_code("DUPLICATE_FEATURE", "warning", "The same feature is placed twice in one cell.")
PIECE_BAD_TERRAIN = register_code("PIECE_BAD_TERRAIN", "error", "A piece is set up where its kind cannot stand.")
PIECE_OUTSIDE_ZONE = register_code("PIECE_OUTSIDE_ZONE", "error", "A piece is set up outside its side's set-up zone.")
AREA_SPLIT = register_code("AREA_SPLIT", "error", "An area's cells fall into more than one connected piece.")
AREA_EMPTY = register_code("AREA_EMPTY", "warning", "An area has no cells on the map.")
DUPLICATE_AREA_NAME = register_code("DUPLICATE_AREA_NAME", "error", "Two areas have the same name.")
AREA_NO_REGION = register_code("AREA_NO_REGION", "warning", "The scenario has regions but an area belongs to none.")
REGION_EMPTY = register_code("REGION_EMPTY", "warning", "A region has no areas.")
EDGE_NOT_A_SIDE = register_code("EDGE_NOT_A_SIDE", "error",
                                "An edge joins two squares that only touch at a corner: squares have four sides.")



def _terrain_name(cat: Catalogue, terrain_id: str) -> str:
    """A terrain as the rulebook names it (`Coastal hex`), its id where the catalogue lacks it."""
    t = cat.terrain.get(terrain_id)
    return t.name if t is not None else terrain_id

def check_catalogue(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    if cat.grids and s.grid.shape not in cat.grids:
        yield finding(GRID_NOT_SUPPORTED, f"{cat.name} is played on {' or '.join(cat.grids)} grids, not {s.grid.shape}")
    unknown = set(s.terrain) - set(cat.terrain)
    for t in sorted(unknown):
        cells = [c for c, x in enumerate(s.terrain) if x == t]
        yield finding(UNKNOWN_TERRAIN, f"terrain {t!r} is not in the {cat.name} catalogue ({describe_cells(s, cells)})",
                      cells=cells)
    bad_edges: dict[str, list] = defaultdict(list)
    for key, feats in s.edges.items():
        for f in feats:
            if f not in cat.edges:
                bad_edges[f].append(key)
    for f, keys in sorted(bad_edges.items()):
        yield finding(UNKNOWN_EDGE_FEATURE, f"edge feature {f!r} is not in the {cat.name} catalogue", edges=keys)
    for f in s.features:
        kind = cat.features.get(f.kind)
        if kind is None:
            yield finding(UNKNOWN_FEATURE, f"feature {f.kind!r} at {s.label(f.cell)} is not in the {cat.name} catalogue",
                          cells=[f.cell])
            continue
        if kind.needs_side and f.side is None:
            yield finding(FEATURE_NEEDS_SIDE, f"{kind.name} at {s.label(f.cell)} names no side", cells=[f.cell])
        if kind.terrain and s.terrain[f.cell] not in kind.terrain:
            yield finding(FEATURE_BAD_TERRAIN, f"{kind.name} at {s.label(f.cell)} stands on "
                          f"{_terrain_name(cat, s.terrain[f.cell])}; it can only be on "
                          f"{', '.join(_terrain_name(cat, t) for t in kind.terrain)}", cells=[f.cell])
    seen = Counter((f.kind, f.cell, f.side) for f in s.features)
    for (kind_id, cell, _side), n in seen.items():
        if n > 1:
            kind = cat.features.get(kind_id)
            yield finding(DUPLICATE_FEATURE, f"{kind.name if kind else kind_id} is placed {n} times at {s.label(cell)}",
                          cells=[cell])
    for p in s.pieces.values():
        if p.kind not in cat.pieces:
            yield finding(UNKNOWN_PIECE, f"piece {p.id} is a {p.kind!r}, which is not in the {cat.name} catalogue",
                          cells=[] if p.cell is None else [p.cell])


def check_edges(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    """On squares an edge feature lies on one of a square's four sides; diagonal neighbours share none."""
    diagonal = [(a, b) for a, b in s.edges if not s.grid.shares_side(a, b)]
    if diagonal:
        labels = ", ".join(s.grid.edge_label(a, b) for a, b in diagonal[:6])
        more = f" and {len(diagonal) - 6} more" if len(diagonal) > 6 else ""
        what = "an edge feature joins" if len(diagonal) == 1 else f"{len(diagonal)} edge features join"
        yield finding(EDGE_NOT_A_SIDE, f"{what} squares that only touch at a corner ({labels}{more}); "
                      "squares have four sides: remove it or put it on a side", edges=diagonal,
                      cells=sorted({c for e in diagonal for c in e}))


def check_options(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    for key, value in s.options.items():
        spec = cat.options.get(key)
        if spec is None:
            yield finding(UNKNOWN_OPTION, f"option {key!r} is not an option of {cat.name}")
            continue
        ok = {
            "bool": isinstance(value, bool),
            "int": isinstance(value, int) and not isinstance(value, bool),
            "choice": value in spec.choices,
            "text": isinstance(value, str),
        }.get(spec.type, True)
        if not ok:
            want = f"one of {', '.join(map(str, spec.choices))}" if spec.type == "choice" else f"a {spec.type}"
            yield finding(BAD_OPTION, f"option {key!r} is {value!r}; it should be {want}", path=("options", key))


def piece_words(p, kind_name: str) -> str:
    """A piece as a finding names it: its own name with its kind's ("Hone the war chief (Senior officer)"),
    else its kind's name alone; never its id, which is only for the file."""
    if not p.name:
        return kind_name
    short = kind_name.split(" (")[0]  # "Leader (officer or chief)" reads "Leader" inside the brackets
    return p.name if short.lower() in p.name.lower() else f"{p.name} ({short})"


def check_pieces(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    for p in s.pieces.values():
        kind = cat.pieces.get(p.kind)
        if kind is None or p.cell is None:
            continue
        terrain_id = s.terrain[p.cell]
        terrain = cat.terrain.get(terrain_id)
        allowed = terrain_id in kind.terrain if kind.terrain else (
            terrain is None or kind.movement_class is None or terrain.enter_cost(kind.movement_class) != float("inf"))
        if not allowed:
            yield finding(PIECE_BAD_TERRAIN, f"{piece_words(p, kind.name)} at {s.label(p.cell)} stands on "
                          f"{_terrain_name(cat, terrain_id)}, where it cannot be", cells=[p.cell])
        zone = s.setup_zones.get(p.side) if p.side is not None else None
        if zone is not None and p.cell not in zone:
            yield finding(PIECE_OUTSIDE_ZONE, f"{piece_words(p, kind.name)} at {s.label(p.cell)} is outside the set-up zone of "
                          f"{s.sides[p.side].name if p.side in s.sides else p.side}", cells=[p.cell])


def check_areas(s: Scenario, cat: Catalogue) -> Iterable[Finding]:
    if not s.areas:
        return
    ids = list(s.areas)
    index = {a: i for i, a in enumerate(ids)}
    lookup = defaultdict(lambda: -1, index)  # a cell naming no known area counts as none
    codes = np.fromiter(map(lookup.__getitem__, s.cell_area), dtype=np.int32, count=s.grid.size)
    labels = components(s.grid, codes)
    has_area = codes >= 0
    # Distinct (area, component) pairs as one integer key each: a 1-D unique is far faster than rows.
    span = int(labels.max()) + 1 if len(labels) else 1
    keys = np.unique(codes[has_area].astype(np.int64) * span + labels[has_area])
    pieces_per_area = np.bincount(keys // span, minlength=len(ids)) if len(keys) else np.zeros(len(ids), int)
    cell_count = np.bincount(codes[has_area], minlength=len(ids))
    for i, a in enumerate(ids):
        area = s.areas[a]
        if cell_count[i] == 0:
            yield finding(AREA_EMPTY, f"area {area.name} has no cells", areas=[a])
        elif pieces_per_area[i] > 1:
            cells = np.flatnonzero(codes == i)
            comp = labels[cells]
            # Name one cell of each separate piece, so the designer sees where.
            firsts = [int(cells[np.flatnonzero(comp == c)[0]]) for c in np.unique(comp)]
            yield finding(AREA_SPLIT, f"area {area.name} is split into {pieces_per_area[i]} pieces "
                          f"(at {describe_cells(s, firsts)})", cells=firsts, areas=[a])
    names = Counter(a.name for a in s.areas.values())
    for name, n in names.items():
        if n > 1:
            dup = [a.id for a in s.areas.values() if a.name == name]
            yield finding(DUPLICATE_AREA_NAME, f"{n} areas are named {name!r}: {', '.join(dup)}", areas=dup)
    if s.regions:
        for a in s.areas.values():
            if a.region is None:
                yield finding(AREA_NO_REGION, f"area {a.name} belongs to no region", areas=[a.id])
        used = {a.region for a in s.areas.values()}
        for r in s.regions.values():
            if r.id not in used:
                yield finding(REGION_EMPTY, f"region {r.name} has no areas")


COMMON_VALIDATORS = (check_catalogue, check_edges, check_options, check_pieces, check_areas, check_piece_props,
                     check_record_props)
