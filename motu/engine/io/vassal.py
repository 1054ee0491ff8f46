"""VASSAL module (.vmod) export: board image, grid, area zones, pieces.

Scope: one scenario as one VASSAL module. The board image is the printed map
(print_map.py, the whole map) drawn at CELL_PX pixels per cell by the image renderer the
caller gives (the `vmod` format, FORMATS, is given Qt's, painter.py, by motu/editor/export/vassal_qt.py);
a hex or square grid is laid over it with the spacing and origin of that picture and numbered
as Motu numbers cells (CCRR, or C,R), so VASSAL's locations are Motu's labels.
Each area is a zone (its outline in image pixels) using the board's grid. Boards
of spaces get a region per space. Every piece gets a counter image and a slot in
the piece palette, grouped by side, and is called by its name (piece_titles: its own, else
its kind's with its side's, never its id); pieces on the map also start there. The module names one
VASSAL version throughout (VASSAL_VERSION). The files themselves (buildFile.xml, moduledata,
the zip) are written by vassal_xml.py with the standard library.
"""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import Callable

from motu.engine.board.geometry import cells_outline
from motu.engine.board.grids import Grid
from motu.engine.scenario.force_tree import piece_name
from motu.engine.scenario.model import Scenario

from . import vassal_xml as vx
from .atomic import atomic_path
from .formats import ExportOptions, Format, Written, needs_drawing
from .print_counters import counter_shapes, side_groups
from .print_map import MapScene, catalogue_of, map_scene
from .print_shapes import Shape

CELL_PX = 80  # a hex across its flats, or a square's side, in board-image pixels
COUNTER_PX = 64
BOARD_IMAGE = "board.png"
# The VASSAL release the module is written for, in buildFile.xml and moduledata alike: the one
# Motu's modules have always named; VASSAL 3.7, whose element classes vassal_xml.py follows, opens it.
VASSAL_VERSION = "3.6.7"
# (shapes, width, height, pixels per unit) -> PNG bytes: Qt's in the editor and the `motu` command.
RenderPng = Callable[[list[Shape], float, float, float], bytes]


@dataclass(frozen=True)
class VmodSummary:
    path: str
    board: str
    image_size: tuple[int, int]
    grid: str  # HexGrid | SquareGrid | RegionGrid
    zones: list[str]
    pieces: list[str]


@dataclass(frozen=True)
class Picture:
    """How the board image's pixels relate to the grid's layout units."""

    px_per_unit: float
    origin: tuple[float, float]  # pixel of layout point (0, 0)
    width: int
    height: int

    def px(self, x: float, y: float) -> tuple[float, float]:
        return self.origin[0] + x * self.px_per_unit, self.origin[1] + y * self.px_per_unit


def board_picture(scenario: Scenario, render_png: RenderPng, cell_mm: float = 19.0) -> tuple[bytes, Picture]:
    scene: MapScene = map_scene(scenario, cell_mm, whole_map=True)  # VASSAL's grid spans the whole map
    ppm = CELL_PX / cell_mm
    png = render_png(scene.shapes, scene.width, scene.height, ppm)
    pic = Picture(scene.unit_mm * ppm, (scene.origin[0] * ppm, scene.origin[1] * ppm),
                  max(1, round(scene.width * ppm)), max(1, round(scene.height * ppm)))
    return png, pic


_VASSAL_GRID = {"hex": "HexGrid", "square": "SquareGrid"}  # VASSAL's grid for each kind of lattice


def grid_attributes(grid: Grid, pic: Picture) -> tuple[dict, dict]:
    """(grid attributes, numbering attributes) for VASSAL, matching the picture and Motu's labels.

    A VASSAL hex grid has columns dx apart, hexes dy apart down a column, odd columns
    half a hex lower, origin (x0, y0) at the first hex's centre; `sideways` turns it
    a quarter (pointy hexes), x and y swapping roles. Numbering `stagger` raises odd
    columns' numbers, which is Motu's even-q/even-r.
    """
    x0, y0 = (round(v) for v in pic.px(*grid.center(0)))
    if grid.shape == "square":
        side = pic.px_per_unit
        attrs = dict(dx=side, dy=side, x0=x0, y0=y0)
        numbering = dict(hType="N", vType="N", hOff=1, vOff=1, hLeading=0, vLeading=0, sep=",", first="H")
        return attrs, numbering
    r = pic.px_per_unit
    across, step = math.sqrt(3) * r, 1.5 * r
    sideways = grid.orientation == "pointy"
    attrs = dict(dx=round(step, 4), dy=round(across, 4), x0=y0 if sideways else x0, y0=x0 if sideways else y0,
                 sideways=sideways)
    # Sideways, VASSAL's columns are Motu's rows: its row-first numbering reads as Motu's column-first label.
    # Leading zeros pad the column's and the row's part of the label (0304) to their widths.
    cols, rows = grid.label_parts()
    numbering = dict(hType="N", vType="N", hOff=1, vOff=1, hLeading=len(cols[0]) - 1, vLeading=len(rows[0]) - 1, sep="",
                     first="V" if sideways else "H", stagger=grid.offset.startswith("even"))
    return attrs, numbering


def write_vmod(scenario: Scenario, path: str, render_png: RenderPng, cell_mm: float = 19.0) -> VmodSummary:
    """Build the module, its images drawn by `render_png`, and write it atomically to `path`."""
    png, pic = board_picture(scenario, render_png, cell_mm)
    title = scenario.title or "Motu map"
    board_name = _safe_name(title)
    gpids = _Gpids()
    game = vx.add(None, vx.GAME_MODULE, name=title, version="1.0", VassalVersion=VASSAL_VERSION,
                  description=f"Made by Motu from the {scenario.ruleset} scenario {title}")
    vx.add(game, vx.COMMAND_ENCODER)
    vx.add(game, vx.GLOBAL_OPTIONS)
    roster = vx.add(game, vx.PLAYER_ROSTER)
    for side in scenario.sides.values():
        ET.SubElement(roster, "entry").text = side.name or side.id
    vx.add(game, vx.CHATTER)
    images, slots = _pieces(game, scenario, render_png, gpids)
    gmap = vx.add(game, vx.MAP, mapName="Main map")
    vx.add(gmap, vx.COUNTER_DETAIL_VIEWER)
    vx.add(gmap, vx.STACK_METRICS)
    for part in vx.MAP_PLAIN_PARTS:
        vx.add(gmap, part)
    vx.add(gmap, vx.HIGHLIGHT_LAST_MOVED)
    vx.add(gmap, vx.ZOOMER)
    board = vx.add(vx.add(gmap, vx.BOARD_PICKER), vx.BOARD, image=BOARD_IMAGE, name=board_name,
                   width=pic.width, height=pic.height)
    grid_kind, zones = _grid(board, scenario, pic)
    titles = piece_titles(scenario)
    for piece in scenario.pieces.values():
        if piece.cell is not None and piece.id in slots:
            name = vassal_text(titles[piece.id])
            at = vx.add(gmap, vx.SETUP_STACK, name=name, location=scenario.label(piece.cell),
                        owningBoard=board_name, useGridLocation=True)
            # A piece set up on the map is a copy of its palette slot with an id of its own.
            entry, image = slots[piece.id]
            gpid = gpids.next()
            vx.add(at, vx.PIECE_SLOT, vx.piece_definition(image, name, gpid), entryName=entry, gpid=gpid)
    game.set("nextPieceSlotId", str(gpids.following))
    data = vx.module_data(title, f"Motu scenario: {title}", "1.0", VASSAL_VERSION)
    with atomic_path(path) as tmp:  # written beside `path` and renamed over it: a failed export leaves the old file
        vx.write_module(tmp, game, data, {f"images/{BOARD_IMAGE}": png, **images})
    return VmodSummary(path, board_name, (pic.width, pic.height), grid_kind, zones, list(slots))


class _Gpids:
    """A module's piece-slot ids, handed out in order; the module records the next one (nextPieceSlotId).
    They start at 20, where modules Motu wrote before started them, so those ids keep their meaning."""

    def __init__(self) -> None:
        self.following = 20

    def next(self) -> int:
        self.following += 1
        return self.following - 1


def _grid(board: ET.Element, scenario: Scenario, pic: Picture) -> tuple[str, list[str]]:
    grid = scenario.grid
    if not grid.lattice:  # named spaces: a region for each
        regions = vx.add(board, vx.REGION_GRID, snapto=True, visible=False)
        for c in range(grid.size):
            x, y = pic.px(*grid.center(c))
            vx.add(regions, vx.REGION, name=grid.label(c), originx=round(x), originy=round(y))
        return "RegionGrid", []
    attrs, numbering = grid_attributes(grid, pic)
    kind = _VASSAL_GRID[grid.shape]
    # The picture already shows the grid and the numbers: VASSAL's own drawing of them stays off.
    holder = vx.add(board, vx.ZONED_GRID) if scenario.areas else board
    g = vx.add(holder, vx.HEX_GRID if kind == "HexGrid" else vx.SQUARE_GRID, color="#000000", visible=False,
               snapTo=True, **attrs)
    vx.add(g, vx.HEX_NUMBERING if kind == "HexGrid" else vx.SQUARE_NUMBERING, visible=False, color="#000000",
           **numbering)
    names: list[str] = []
    if scenario.areas:
        # Smaller zones first: VASSAL takes the first zone holding a point, so an enclosed area wins over its surround.
        shapes = []
        for area_id, cells in scenario.area_cells().items():
            if not cells:
                continue
            outline = cells_outline(grid, cells)
            parts = list(getattr(outline, "geoms", [outline]))
            name = scenario.areas[area_id].name or area_id
            for i, part in enumerate(parts):
                shapes.append((part.area, name if len(parts) == 1 else f"{name} ({i + 1})", part))
        for _, name, part in sorted(shapes, key=lambda t: t[0]):
            path = ";".join(f"{round(px)},{round(py)}" for px, py in (pic.px(x, y) for x, y in part.exterior.coords[:-1]))
            vx.add(holder, vx.ZONE, name=name, path=path, useParentGrid=True, locationFormat="$gridLocation$")
            names.append(name)
    return kind, names


def _pieces(game: ET.Element, scenario: Scenario, render_png: RenderPng,
            gpids: _Gpids) -> tuple[dict[str, bytes], dict[str, tuple[str, str]]]:
    """Counter images and palette slots, one tab per side; returns (files, piece id -> (entry name, image))."""
    files: dict[str, bytes] = {}
    slots: dict[str, tuple[str, str]] = {}
    groups = side_groups(scenario)
    if not groups:
        return files, slots
    titles = piece_titles(scenario)
    window = vx.add(game, vx.PIECE_WINDOW, name="Pieces")
    tabs = vx.add(window, vx.TAB_WIDGET, entryName="Pieces")
    size_mm = 15.0
    ppm = COUNTER_PX / size_mm
    for sid, heading, group in groups:
        panel = vx.add(tabs, vx.PANEL_WIDGET, entryName=heading, fixed=False)
        plist = vx.add(panel, vx.LIST_WIDGET, entryName=f"{heading} pieces")
        for c in group:
            image = f"piece-{_safe_name(c.piece_id)}.png"
            files[f"images/{image}"] = render_png(counter_shapes(c, 0.0, 0.0, size_mm), size_mm, size_mm, ppm)
            gpid = gpids.next()
            # The palette's tab is the side: its entry is what the counter shows; the piece itself, in
            # VASSAL's reports and set-up, carries its whole name.
            entry = vassal_text(c.name)
            vx.add(plist, vx.PIECE_SLOT, vx.piece_definition(image, vassal_text(titles.get(c.piece_id, c.name)), gpid),
                   entryName=entry, gpid=gpid, width=COUNTER_PX, height=COUNTER_PX)
            slots[c.piece_id] = (entry, image)
    return files, slots


def piece_titles(scenario: Scenario) -> dict[str, str]:
    """What the module calls each piece (traits, set-up): its own name, else the catalogue's
    name of its kind with its side's, as the editor's Forces dock says it ("War Canoe (Red
    clan)"; motu.engine.scenario.force_tree.piece_name)."""
    cat = catalogue_of(scenario)
    return {p.id: piece_name(p, scenario, cat) for p in scenario.pieces.values()}


def vassal_text(text: str) -> str:
    """A name safe inside VASSAL's piece encoding, where '/' and ';' separate fields (vassal_xml.piece_definition)."""
    return text.replace("/", "\u2215").replace(";", ",").replace("\\", "\u2216")


def _safe_name(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "board"


def _save(s: Scenario, path: str, options: ExportOptions) -> Written:
    if options.draw is None:
        raise ValueError(needs_drawing(FORMATS[0]))
    write_vmod(s, path, options.draw)
    return Written((path,))


# Its board and counter images are drawn by the renderer motu/editor/export/vassal_qt.py gives.
FORMATS = (Format("vmod", "VASSAL module (board, grid, area zones, pieces)", (".vmod",), save=_save, needs_qt=True),)

__all__ = ["CELL_PX", "FORMATS", "VASSAL_VERSION", "RenderPng", "Picture", "VmodSummary", "board_picture", "grid_attributes",
           "piece_titles", "vassal_text", "write_vmod"]
