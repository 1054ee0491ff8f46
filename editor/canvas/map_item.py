"""The map as one graphics item: layers, cached chunks, and the overlays tools draw on top."""
from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem

from editor.document import Document

from . import render
from .geometry import SceneGeometry


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


class MapItem(QGraphicsObject):
    selectionChanged = Signal()  # after set_selection: docks that show the selection follow it

    def __init__(self, document: Document):
        super().__init__()
        self.document = document
        self.layers_visible = {name: True for name in render.LAYERS}
        self.layers_locked = {name: False for name in render.LAYERS}
        self.selected_cells: set[int] = set()
        self.selected_pieces: set[str] = set()
        self.selected_edges: set[tuple[int, int]] = set()
        self.problem_cells: set[int] = set()
        self.overlay = Overlay()
        self.hover_cell: int | None = None
        self.setFlag(QGraphicsObject.ItemUsesExtendedStyleOption, True)
        self.rebuild()
        document.changed.connect(self.on_changed)

    # --- model → view ---------------------------------------------------------------------
    def rebuild(self) -> None:
        """A different scenario (new, open, revert): rebuild geometry, styles and caches."""
        self.prepareGeometryChange()
        s = self.document.scenario
        self.geo = SceneGeometry(s.grid)
        self.catalogue = self.document.rules.catalogue
        self.style = render.Style.build(s, self.catalogue)
        self.chunks: dict[tuple[int, int], render.ChunkImage] = {}
        self.dirty: dict[tuple[int, int], set[int]] = {}  # chunk → edited cells not yet redrawn
        self.rasters: dict[tuple[int, int], tuple] = {}  # chunk → (cell index per pixel, rect); kept across edits
        self._template = None
        self._colours: render.CellColours | None = None
        self._borders = None
        self._edge_lines = None
        self.update()

    def colours(self) -> render.CellColours:
        if self._colours is None:
            self._colours = render.CellColours(self.document.scenario, self.style)
        return self._colours

    def on_changed(self, scope: str, cells) -> None:
        if scope in ("areas", "sides", "scenario", "records"):
            self.style = render.Style.build(self.document.scenario, self.catalogue)
            self._colours = None
            self._borders = None
        if scope in ("areas", "scenario"):
            self._borders = None
        if scope in ("edges", "scenario"):
            self._edge_lines = None
        if scope in ("terrain", "areas", "scenario"):
            if cells and self._colours is not None:
                self._update_colours(cells)
            else:
                self._colours = None
            if cells:
                for c in cells:
                    self.dirty.setdefault(self.geo.chunk_of(c), set()).add(c)
                self.update(self.geo.cells_rect(set(cells) | {n for c in cells for n in self.document.scenario.grid.neighbours(c)}))
                return
            self.chunks.clear()
        self.update()

    def edge_lines(self):
        if self._edge_lines is None:
            self._edge_lines = render.edge_lines(self.geo, self.document.scenario)
        return self._edge_lines

    def borders(self):
        if self._borders is None:
            self._borders = render.area_border_lines(self.geo, self.document.scenario, self.colours())
        return self._borders

    def _update_colours(self, cells) -> None:
        """Keep the colour arrays in step with a few edited cells instead of rebuilding 100,000."""
        if not self._colours.set_cells(self.document.scenario, cells):
            self._colours = None

    def _redraw_cells(self, img: render.ChunkImage, raster, cells: set[int], layers) -> None:
        """Recolour only the window of the chunk image that the edited cells cover."""
        idx, rect = raster
        box = self.geo.cells_rect(cells)
        k = self.geo.chunk_px
        x0 = int((box.left() - rect.left()) * k) - 1
        x1 = int((box.right() - rect.left()) * k) + 2
        y0 = int((box.top() - rect.top()) * k) - 1
        y1 = int((box.bottom() - rect.top()) * k) + 2
        img.redraw(idx, self.colours(), layers, y0, y1, x0, x1)

    def set_layer_visible(self, name: str, visible: bool) -> None:
        self.layers_visible[name] = visible
        self.chunks.clear()
        self.dirty.clear()
        self._colours = None
        self.update()

    # --- QGraphicsItem ---------------------------------------------------------------------
    def boundingRect(self) -> QRectF:  # noqa: N802 - Qt's name
        return self.geo.bounds

    def paint(self, p: QPainter, option: QStyleOptionGraphicsItem, widget=None) -> None:
        s = self.document.scenario
        lod = option.levelOfDetailFromTransform(p.worldTransform())
        cell_px = lod * 2 * self.geo.half[0]
        exposed = option.exposedRect
        layers = self.layers_visible
        if cell_px < self.geo.vector_from_px and self.geo.rect_grid:
            for ch in self.geo.chunks_in(exposed):
                img = self.chunks.get(ch)
                raster = self.rasters.get(ch)
                if raster is None:
                    if self._template is None:
                        self._template = render.chunk_template(self.geo)
                    raster = render.chunk_raster(self.geo, self._template, ch)
                    self.rasters[ch] = raster
                if img is None:
                    img = render.ChunkImage(raster[0], self.colours(), layers)
                    self.chunks[ch] = img
                    self.dirty.pop(ch, None)
                elif ch in self.dirty:
                    self._redraw_cells(img, raster, self.dirty.pop(ch), layers)
                p.drawImage(raster[1], img.image)
            cells: list[int] = []
        else:
            cells = self.geo.cells_in(exposed)
            grid_pen = QPen(QColor(0, 0, 0, 90), 0) if cell_px > 14 else None
            render.paint_cells(p, self.geo, s, self.colours(), cells, layers, grid_pen, self.borders())
        detail = cell_px >= render.DETAIL_FROM_PX
        if layers["zones"] and s.setup_zones and detail:
            render.paint_zones(p, self.geo, s, self.style, exposed)
        if layers["edges"] and s.edges:
            render.paint_edges(p, self.edge_lines(), self.style, exposed)
        if layers["features"] and s.features and cell_px > 16:
            render.paint_features(p, self.geo, s, self.catalogue, self.style, exposed)
        if layers["pieces"] and s.pieces and cell_px > 16:
            render.paint_pieces(p, self.geo, s, self.catalogue, self.style, exposed, self.selected_pieces)
        if layers["labels"] and cell_px > 40 and cells:
            render.paint_labels(p, self.geo, s, cells)
        self._paint_marks(p, exposed)

    def _paint_marks(self, p: QPainter, exposed: QRectF) -> None:
        geo = self.geo
        if self.problem_cells:
            render.paint_cell_marks(p, geo, self.problem_cells, QPen(QColor("#d62728"), 4), QBrush(QColor(214, 39, 40, 60)))
        ov = self.overlay
        if ov.seen:
            render.paint_cell_marks(p, geo, ov.seen, QPen(Qt.NoPen), QBrush(QColor(255, 240, 120, 70)))
        if ov.attack:
            render.paint_cell_marks(p, geo, ov.attack, QPen(QColor("#d62728"), 3), QBrush(QColor(214, 39, 40, 60)))
        if ov.cells:
            col = QColor(ov.color)
            col.setAlpha(80)
            render.paint_cell_marks(p, geo, ov.cells, QPen(QColor(ov.color), 2), QBrush(col))
            p.setPen(QColor("#000000"))
            for c, text in ov.cells.items():
                if text:
                    ctr = geo.centre(c)
                    p.drawText(QRectF(ctr.x() - 20, ctr.y() - 8, 40, 16), Qt.AlignCenter, text)
        if len(ov.path) > 1:
            p.setPen(QPen(QColor("#ff8c00"), 5, Qt.SolidLine, Qt.RoundCap, Qt.RoundJoin))
            pts = [geo.centre(c) for c in ov.path]
            for a, b in zip(pts, pts[1:]):
                p.drawLine(a, b)
        if ov.line is not None:
            a, b = ov.line
            p.setPen(QPen(QColor("#2ca02c" if ov.line_visible else "#d62728"), 4, Qt.DashLine))
            p.drawLine(geo.centre(a), geo.centre(b))
        if self.selected_cells:
            render.paint_cell_marks(p, geo, self.selected_cells, QPen(QColor("#ffd700"), 3))
        if self.selected_edges:
            p.setPen(QPen(QColor("#ffd700"), 8, Qt.SolidLine, Qt.RoundCap))
            for a, b in self.selected_edges:
                p1, p2 = geo.side(a, b)
                p.drawLine(p1, p2)
        if self.hover_cell is not None:
            render.paint_cell_marks(p, geo, [self.hover_cell], QPen(QColor(255, 255, 255, 200), 2))

    # --- helpers for tools and docks ----------------------------------------------------------
    def cell_at(self, pos: QPointF) -> int | None:
        return self.geo.cell_at(pos)

    def edge_at(self, pos: QPointF) -> tuple[int, int] | None:
        """The hexside or square side nearest to a point, if the point is close to one."""
        c = self.cell_at(pos)
        if c is None:
            return None
        best, best_d = None, float("inf")
        for n in self.document.scenario.grid.neighbours(c):
            p1, p2 = self.geo.side(c, n)
            mid = (p1 + p2) / 2
            d = (mid.x() - pos.x()) ** 2 + (mid.y() - pos.y()) ** 2
            if d < best_d:
                best, best_d = (min(c, n), max(c, n)), d
        return best

    def set_selection(self, cells=None, pieces=None, edges=None) -> None:
        if cells is not None:
            self.selected_cells = set(cells)
        if pieces is not None:
            self.selected_pieces = set(pieces)
        if edges is not None:
            self.selected_edges = set(edges)
        self.update()
        self.selectionChanged.emit()

    def set_overlay(self, overlay: Overlay) -> None:
        self.overlay = overlay
        self.update()

    def set_problem_cells(self, cells) -> None:
        self.problem_cells = set(cells)
        self.update()
