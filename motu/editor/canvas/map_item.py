"""The map as one graphics item: layers, cached chunks, and the overlays tools draw on top.

View state that names cells (hover, selection, Problems marks, overlays, tool previews)
lives here and is reset whenever the document's scenario or its grid is replaced, and
paint() never raises: a fault while drawing is logged once and the frame goes on.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem

from motu.editor.document import Document
from motu.engine.scenario.counter_face import CounterFaces

from . import features as F
from . import render
from .areas import AreaLines, AreaNames, paint_area_lines
from .chunks import ChunkCache
from .counters import counter_rect, legible_width, paint_stack
from .geometry import SceneGeometry, neighbours_of
from .style import CellColours, Style

log = logging.getLogger("motu.editor")


@dataclass
class Overlay:
    """What a tool shows over the map: marked cells, a path, a line of sight, costs."""

    cells: dict[int, str] = field(default_factory=dict)  # cell → text (movement costs)
    path: list[int] = field(default_factory=list)
    line: tuple[int, int] | None = None
    line_visible: bool = True
    color: str = "#1e90ff"
    seen: set[int] = field(default_factory=set)  # cells in sight (drawn faintly, under the rest)
    attack: set[int] = field(default_factory=set)  # cells a move there would attack or fire at


@dataclass
class Preview:
    """What a tool will do before it does it: a footprint, a line or rectangle fill, a paste, an edge."""

    cells: set[int] = field(default_factory=set)
    edges: set[tuple[int, int]] = field(default_factory=set)
    color: str = "#ffffff"
    fill: bool = False


class MapItem(QGraphicsObject):
    selectionChanged = Signal()  # after set_selection: docks that show the selection follow it

    def __init__(self, document: Document):
        super().__init__()
        self.document = document
        self.layers_visible = {name: True for name in render.LAYERS}
        self.layers_locked = {name: False for name in render.LAYERS}
        self.fill_areas = False  # areas filled with their colour (while the area painter asks for it)
        self.dark = False
        self.cell_numbers = True  # a preview of a map still to be laid has no numbers worth reading
        self._paint_failed = False
        self.setFlag(QGraphicsObject.ItemUsesExtendedStyleOption, True)
        self.rebuild()
        document.changed.connect(self.on_changed)

    # --- view state -----------------------------------------------------------------------
    def reset_view_state(self) -> None:
        """Forget everything that names cells of the previous scenario."""
        self.selected_cells: set[int] = set()
        self.selected_pieces: set[str] = set()
        self.selected_edges: set[tuple[int, int]] = set()
        self.problem_cells: set[int] = set()
        self.overlay = Overlay()
        self.preview = Preview()
        self.hover_cell: int | None = None

    # --- model → view ---------------------------------------------------------------------
    def rebuild(self) -> None:
        """A different scenario or grid (new, open, revert, recover): geometry, styles, caches, view state."""
        self.prepareGeometryChange()
        s = self.document.scenario
        self.geo = SceneGeometry(s.grid)
        self.catalogue = self.document.rules.catalogue
        self.style = Style.build(s, self.catalogue, self.dark)
        self.cache = ChunkCache(self.geo)
        self._colours: CellColours | None = None
        self._area_lines: AreaLines | None = None
        self._names: AreaNames | None = None
        self._edge_lines = None
        self._faces: tuple[int, CounterFaces] | None = None
        self.reset_view_state()
        self.update()

    def colours(self) -> CellColours:
        if self._colours is None:
            self._colours = CellColours(self.document.scenario, self.style, self.fill_areas)
        return self._colours

    def faces(self) -> CounterFaces:
        s = self.document.scenario
        if self._faces is None or self._faces[0] != s.revision or self._faces[1].scenario is not s:
            self._faces = (s.revision, CounterFaces(s, self.catalogue))
        return self._faces[1]

    def opening(self, whole: bool = False) -> tuple[float, list[QPointF]] | None:
        """Where the map opens to be read: the zoom at which its counters' names read (and, when
        `whole`, every text on them) and the centres of the stacks worth showing; None: no counters."""
        s = self.document.scenario
        n = s.grid.size
        pieces = [pc for pc in s.pieces.values() if pc.cell is not None and 0 <= pc.cell < n]
        if not pieces:
            return None
        faces = self.faces()
        return self.legible_zoom([faces.face(pc) for pc in pieces], whole), \
            [self.geo.centre(c) for c in dict.fromkeys(pc.cell for pc in pieces)]

    def legible_zoom(self, faces, whole: bool) -> float:
        """The zoom at which counters of `faces` read (counters.legible_width) on this map's cells."""
        side = counter_rect(self.geo.cell_rect(0)).width()
        return legible_width(faces, whole) / max(side, 1e-6)

    def on_changed(self, scope: str, cells) -> None:
        s = self.document.scenario
        if s.grid is not self.geo.grid:
            self.rebuild()  # an edit gave the map another grid: nothing cell-named survives
            return
        if scope in ("terrain", "areas") and cells:
            grid = s.grid
            inside = [c for c in cells if 0 <= c < grid.size]
            if scope == "areas":
                self._area_lines = None
                self._names = None
            if self._colours is not None and self._colours.set_cells(s, inside):
                self.cache.mark(inside)
                self.update(self.geo.cells_rect(inside + [n for c in inside for n in neighbours_of(grid, c)]))
                return
            self._colours = None
            self.cache.clear()
            self.update()
            return
        if scope in ("terrain", "areas", "sides", "scenario", "records", "regions", "islands"):
            self.style = Style.build(s, self.catalogue, self.dark)
            self._colours = None
            self._area_lines = None
            self._names = None
            self.cache.clear()
        if scope in ("edges", "scenario"):
            self._edge_lines = None
        self.update()

    def set_fill_areas(self, on: bool) -> None:
        if on != self.fill_areas:
            self.fill_areas = on
            self._colours = None
            self.cache.clear()
            self.update()

    def set_dark(self, dark: bool) -> None:
        self.dark = dark
        self.style = Style.build(self.document.scenario, self.catalogue, dark)
        self.update()

    def edge_lines(self):
        if self._edge_lines is None:
            self._edge_lines = F.edge_lines(self.geo, self.document.scenario)
        return self._edge_lines

    def area_lines(self) -> AreaLines:
        if self._area_lines is None:
            self._area_lines = AreaLines(self.geo, self.document.scenario, self.colours())
        return self._area_lines

    def names(self) -> AreaNames:
        if self._names is None:
            self._names = AreaNames(self.geo, self.document.scenario, self.colours())
        return self._names

    def set_layer_visible(self, name: str, visible: bool) -> None:
        self.layers_visible[name] = visible
        self.cache.clear()
        self._colours = None
        self.update()

    # --- QGraphicsItem ---------------------------------------------------------------------
    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self.geo.bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        try:
            if self.document.scenario.grid is not self.geo.grid:
                return  # the grid changed under us; on_changed rebuilds before the next frame
            self._paint(p, option)
        except Exception:  # a paint method never raises: log the first fault, draw on
            if not self._paint_failed:
                self._paint_failed = True
                log.exception("painting the map failed")

    def _paint(self, p: QPainter, option: QStyleOptionGraphicsItem) -> None:
        s = self.document.scenario
        lod = option.levelOfDetailFromTransform(p.worldTransform())
        cell_px = lod * 2 * self.geo.half[0]
        exposed = option.exposedRect
        layers = self.layers_visible
        cells: list[int] = []
        if cell_px < render.VECTOR_FROM_PX and self.geo.rect_grid:
            level = self.cache.level_for(lod)
            colours = self.colours()
            for ch in self.geo.chunks_in(exposed):
                img = self.cache.image(level, ch, colours, layers)
                p.drawImage(img.rect, img.image)
        else:
            cells = self.geo.cells_in(exposed)
            grid_pen = self.style.grid_pen() if cell_px >= render.GRID_FROM_PX else None
            render.paint_cells(p, self.geo, self.colours(), cells, layers, grid_pen)
            if layers["areas"] and s.areas:
                paint_area_lines(p, self.area_lines(), self.colours(), exposed, band=not self.fill_areas)
        detail = cell_px >= render.DETAIL_FROM_PX
        if layers["zones"] and s.setup_zones and detail:
            F.paint_zones(p, self.geo, s, self.style, exposed, lod)
        if layers["edges"] and s.edges:
            F.paint_edges(p, self.edge_lines(), self.style, exposed, lod)
        if layers["features"] and s.features and detail:
            F.paint_features(p, self.geo, s, self.catalogue, self.style, exposed, lod)
        if layers["labels"] and cells and cell_px >= render.NUMBERS_FROM_PX and self.cell_numbers:
            render.paint_labels(p, self.geo, s, cells, lod, self.colours())
        if layers["pieces"] and s.pieces and cell_px >= 4:
            self._paint_pieces(p, exposed, lod)
        if layers["labels"] and s.areas and self._names_can_show(lod):
            if not self.names().paint(p, self.style, exposed, lod):
                QTimer.singleShot(30, self.update)  # names still to place: the next frame does more
        self._paint_marks(p)

    def _names_can_show(self, lod: float) -> bool:
        """Whether an average area is big enough on screen for its name (else no name is placed at all)."""
        b = self.geo.bounds
        return (b.width() * b.height() / max(1, len(self.document.scenario.areas))) ** 0.5 * lod >= 30

    def _paint_pieces(self, p: QPainter, exposed: QRectF, lod: float) -> None:
        s = self.document.scenario
        n = s.grid.size
        stacks: dict[int, list] = {}
        for piece in s.pieces.values():
            if piece.cell is not None and 0 <= piece.cell < n:
                stacks.setdefault(piece.cell, []).append(piece)
        faces = self.faces()
        grown = exposed.adjusted(-self.geo.half[0], -self.geo.half[1], self.geo.half[0], self.geo.half[1])
        for cell, stack in stacks.items():
            if grown.contains(self.geo.centre(cell)):
                paint_stack(p, self.geo.cell_rect(cell), [faces.face(pc) for pc in stack], self.selected_pieces, lod)

    def _paint_marks(self, p: QPainter) -> None:
        geo = self.geo
        if self.problem_cells:
            # An outline, with the lightest tint: the terrain under a problem must still read.
            render.paint_cell_marks(p, geo, self.problem_cells, _cosmetic("#d62728", 2), QBrush(QColor(214, 39, 40, 28)))
        ov = self.overlay
        if ov.seen:
            render.paint_cell_marks(p, geo, ov.seen, QPen(Qt.NoPen), QBrush(QColor(255, 240, 120, 70)))
        if ov.attack:
            render.paint_cell_marks(p, geo, ov.attack, _cosmetic("#d62728", 3), QBrush(QColor(214, 39, 40, 60)))
        if ov.cells:
            col = QColor(ov.color)
            col.setAlpha(80)
            render.paint_cell_marks(p, geo, ov.cells, _cosmetic(ov.color, 2), QBrush(col))
            p.setPen(QColor("#000000"))
            for c in render.valid_cells(geo, ov.cells):
                text = ov.cells[c]
                if text:
                    ctr = geo.centre(c)
                    p.drawText(QRectF(ctr.x() - 20, ctr.y() - 8, 40, 16), Qt.AlignCenter, text)
        path = render.valid_cells(geo, ov.path)
        if len(path) > 1:
            p.setPen(QPen(QColor("#ff8c00"), 5, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            pts = [geo.centre(c) for c in path]
            for a, b in zip(pts, pts[1:]):
                p.drawLine(a, b)
        if ov.line is not None and len(render.valid_cells(geo, ov.line)) == 2:
            a, b = ov.line
            p.setPen(QPen(QColor("#2ca02c" if ov.line_visible else "#d62728"), 4, Qt.DashLine))
            p.drawLine(geo.centre(a), geo.centre(b))
        if self.selected_cells:
            render.paint_cell_marks(p, geo, self.selected_cells, _cosmetic("#ffd700", 2.5))
        self._paint_edge_set(p, self.selected_edges, _cosmetic("#ffd700", 7))
        pv = self.preview
        if pv.cells:
            col = QColor(pv.color)
            fill = QColor(col.red(), col.green(), col.blue(), 70) if pv.fill else None
            render.paint_outline(p, geo, pv.cells, _cosmetic(pv.color, 2), QBrush(fill) if fill else None)
        self._paint_edge_set(p, pv.edges, _cosmetic(pv.color, 6), outline=True)
        if self.hover_cell is not None and 0 <= self.hover_cell < geo.grid.size and not pv.cells:
            render.paint_cell_marks(p, geo, [self.hover_cell], _cosmetic(QColor(255, 255, 255, 200), 1.5))

    def _paint_edge_set(self, p: QPainter, edges, pen: QPen, outline: bool = False) -> None:
        n = self.geo.grid.size
        for a, b in edges:
            if 0 <= a < n and 0 <= b < n:
                p1, p2 = self.geo.side(a, b)
                if p1 == p2:
                    continue
                if outline:
                    p.setPen(_cosmetic("#000000", pen.widthF() + 3))
                    p.drawLine(p1, p2)
                p.setPen(pen)
                p.drawLine(p1, p2)

    # --- helpers for tools and docks ----------------------------------------------------------
    def cell_at(self, pos: QPointF) -> int | None:
        return self.geo.cell_at(pos)

    def edge_at(self, pos: QPointF) -> tuple[int, int] | None:
        """The real side nearest to a point (squares: the four orthogonal sides, never a corner)."""
        return self.geo.edge_at(pos)

    def set_selection(self, cells=None, pieces=None, edges=None) -> None:
        if cells is not None:
            self.selected_cells = set(render.valid_cells(self.geo, cells))
        if pieces is not None:
            self.selected_pieces = set(pieces)
        if edges is not None:
            self.selected_edges = set(edges)
        self.update()
        self.selectionChanged.emit()

    def set_overlay(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self.update()

    def set_preview(self, preview: Preview | None = None) -> None:
        """Show what a tool will do; only the cells the old and new previews cover are repainted."""
        old = self.preview
        self.preview = preview or Preview()
        if old == self.preview:
            return
        cells = [c for c in old.cells | self.preview.cells] + [c for e in old.edges | self.preview.edges for c in e]
        cells = render.valid_cells(self.geo, cells)
        if cells:
            self.update(self.geo.cells_rect(cells).adjusted(-4, -4, 4, 4))

    def set_problem_cells(self, cells) -> None:
        self.problem_cells = set(render.valid_cells(self.geo, cells))
        self.update()

    def set_hover(self, cell: int | None) -> None:
        old = self.hover_cell
        self.hover_cell = cell if cell is not None and 0 <= cell < self.geo.grid.size else None
        for c in (old, self.hover_cell):
            if c is not None and 0 <= c < self.geo.grid.size:
                self.update(self.geo.cell_rect(c).adjusted(-3, -3, 3, 3))


def _cosmetic(colour, width: float) -> QPen:
    pen = QPen(QColor(colour), width, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin)
    pen.setCosmetic(True)
    return pen
