"""The playtest's map: the scenario with the game's pieces drawn as counters, markers, and the one tool that clicks moves.

Pieces come from the rule set's presentation (`pieces(state)`: the catalogue's kinds where they
stand now), read from the observation of the seat on view, and are drawn with the editor's own
counter drawing (motu/editor/canvas/counters.py over motu/engine/scenario/counter_face.py): a stack is an
offset pile with a count badge at every zoom, and the stack under the pointer fans out in a row
of counters at a readable size, above its hex and whole on screen (shifted inward at the view's
edge, below the hex at its top, in rows when the view is narrow). Marks a piece carries (flipped,
pinned, hidden…) are small chips on its counter; other markers (Villages, Maraes, the Arioi, a
truce…) are round tokens, beside the stack in a hex that holds one, and the turn's conditions
(a storm, rain) hatch the hexes they bite, all named in the legend and drawn as the rule set's
legend data says (marker_paint.py). A rule set whose presentation has no `pieces` shows the game's
`markers()` as counters of its sides' colours. Held areas are washed in their holders' colours
(the presentation's `area_of_cells` and `area_holders`); nothing of a game's state is read here.
"""
from __future__ import annotations

import time
from dataclasses import replace

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import QBrush, QColor, QCursor, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from motu.engine.scenario.counter_face import CounterFace, CounterFaces, ink_for

from ..canvas.counters import paint_badge, paint_counter, paint_stack, pile_box, pile_counters, pile_front
from ..canvas.map_item import MapItem
from ..document import Document
from .fan import FAN_GAP, FAN_PX, fan_layout
from .map_tiles import TILE, StillTiles
from .marker_paint import HATCH, VEIL, colour, draw_kind, paint_hatch, paint_veil, token_rects

class GameMapItem(MapItem):
    """The scenario's map with the game's pieces and markers drawn over it."""

    def __init__(self, document: Document, window):
        self.window = window
        super().__init__(document)
        self.hover_cell: int | None = None
        self.area_overlay = True
        self._faces_by_cell: dict[int, list[CounterFace]] = {}
        self._sides_at: dict[int, set] = {}  # cell -> the sides of the pieces there
        self._markers: list[tuple[int, str, str, str | None]] = []  # every marker, as the presentation gave them
        self._tokens: list[tuple[int, str, str, str | None]] = []   # those drawn as tokens
        self._token_places: list[tuple[QPointF, QRectF, str, str, str | None]] = []  # (hex centre, place, key, text, side)
        self.hatched: dict[str, tuple[int, ...]] = {}               # condition -> the hexes it hatches
        self._hatch_paths: dict[str, tuple[tuple[int, ...], QPainterPath]] = {}  # key -> (its cells, their outline)
        self.styles: dict[str, dict] = {}                           # legend key -> how it is drawn
        self.marks: dict[str, tuple[str, ...]] = {}  # piece id -> marks it carries (flipped, pinned…)
        self._area_tint: dict[int, QColor] = {}
        self._area_cells = None  # each cell's area (the presentation's area_of_cells), for the tint
        self._counter_faces: CounterFaces | None = None
        self._face_cache: dict[tuple, CounterFace] = {}
        self._layout: list[tuple[QPointF, QRectF, list[CounterFace]]] = []
        self._layout_of: dict | None = None   # the stacks `_layout` was worked out for
        self._tint_paths: tuple[tuple[int, ...], dict[int, QPainterPath]] | None = None  # (cell -> area, area -> outline)
        self._still_tiles = StillTiles()
        self._still_look = 0       # bumped whenever the map's own look changes: its tiles are drawn afresh
        self._drawing_still = False

    # --- the still map, in tiles (map_tiles.py): whatever changes its look draws them afresh ----------
    def rebuild(self) -> None:
        super().rebuild()
        self._forget_still()

    def on_changed(self, scope: str, cells) -> None:
        super().on_changed(scope, cells)
        self._forget_still()

    def set_fill_areas(self, on: bool) -> None:
        super().set_fill_areas(on)
        self._forget_still()

    def set_dark(self, dark: bool) -> None:
        super().set_dark(dark)
        self._forget_still()

    def set_layer_visible(self, name: str, visible: bool) -> None:
        super().set_layer_visible(name, visible)
        self._forget_still()

    def _forget_still(self) -> None:
        if hasattr(self, "_still_tiles"):  # MapItem's constructor rebuilds before ours has run
            self._still_look += 1
            self._still_tiles.clear()

    # --- what to draw, rebuilt once per change of the game (not per frame) -------------------
    def counter_faces(self) -> CounterFaces:
        if self._counter_faces is None:
            self._counter_faces = CounterFaces(self.window.scenario, self.catalogue)
        return self._counter_faces

    def _face(self, piece) -> CounterFace:
        """A piece's face; pieces alike (kind, side, figures, name) share one, so a frame of many
        counters fills in each template once."""
        key = (piece.kind, piece.side, piece.count, piece.name)
        face = self._face_cache.get(key)
        if face is None:
            face = self._face_cache[key] = self.counter_faces().face(replace(piece, props={}))
        return replace(face, piece=piece.id)

    def set_view(self, state, presentation) -> None:
        """Read the pieces and markers of `state` (the seat's observation) for the next frames, all
        through the rule set's presentation (motu/engine/rules/presentation.py) and the game API."""
        by_cell: dict[int, list[CounterFace]] = {}
        marks: dict[str, tuple[str, ...]] = {}
        sides_at: dict[int, set] = {}
        n = self.document.scenario.grid.size
        pieces = presentation.pieces(state) if presentation is not None else None
        if pieces is not None:
            for piece in pieces:
                if piece.cell is not None and 0 <= piece.cell < n:
                    by_cell.setdefault(piece.cell, []).append(self._face(piece))
                    sides_at.setdefault(piece.cell, set()).add(piece.side)
                    marks[piece.id] = tuple(m for m in str(piece.props.get("marks", "")).split(",") if m)
        else:
            sides = self.window.scenario.sides
            for i, (cell, text, side) in enumerate(state.markers()):
                if 0 <= cell < n:
                    fill = sides[side].color if side in sides and sides[side].color else "#6b6b6b"
                    by_cell.setdefault(cell, []).append(CounterFace(f"m{i}", fill, ink_for(fill), text))
                    sides_at.setdefault(cell, set()).add(side)
        for faces in by_cell.values():  # round markers (casualties on the table) lie under the counters, never over
            faces.sort(key=lambda f: f.shape != "round")  # their names: the unit stays the pile's front
        self._faces_by_cell = by_cell
        self._sides_at = sides_at
        self.marks = marks
        self._markers = presentation.map_markers(state) if presentation is not None else []
        self.styles = presentation.legend_style() if presentation is not None else {}
        hatched: dict[str, list[int]] = {}
        self._tokens = []
        for marker in self._markers:
            if draw_kind(self.styles.get(marker[1])) == HATCH:
                hatched.setdefault(marker[1], []).append(marker[0])
            else:
                self._tokens.append(marker)
        self.hatched = {k: tuple(v) for k, v in hatched.items()}
        self._token_places = self._place_tokens()
        self._area_tint = {}
        self._area_cells = None
        if presentation is not None and self.area_overlay:
            self._area_cells = presentation.area_of_cells(state)
            sides = self.window.scenario.sides
            for a, side in (presentation.area_holders(state) if self._area_cells is not None else {}).items():
                if side in sides and sides[side].color:
                    c = QColor(sides[side].color)
                    c.setAlpha(60)
                    self._area_tint[a] = c
        self.update()

    def _place_tokens(self) -> list[tuple[QPointF, QRectF, str, str, str | None]]:
        """Each token's place, once per change of the game: in its slot along the hex's foot, or
        beside the stack when the hex holds one (never under it); two tokens never on one spot."""
        by_cell: dict[int, list[tuple[str, str, str | None]]] = {}
        for cell, key, text, side in self._tokens:
            by_cell.setdefault(cell, []).append((key, text, side))
        geo = self.geo
        out = []
        for cell, tokens in by_cell.items():
            box = geo.cell_rect(cell)
            faces = self._faces_by_cell.get(cell)
            pile = pile_box(box, len(faces)) if faces else None
            rects = token_rects(box, [self.styles.get(key) for key, _, _ in tokens], pile)
            out += [(geo.centre(cell), rect, key, text, side) for rect, (key, text, side) in zip(rects, tokens)]
        return out

    def opening(self, whole: bool = True) -> tuple[float, list[QPointF]] | None:
        """The table opens where every text of the game's counters reads (MapItem.opening), over the
        stacks of the seat on view (all of them when it has none on the map, or no seat is on view)."""
        faces = [f for fs in self._faces_by_cell.values() for f in fs]
        if not faces:
            return None
        side = self.window.side_on_view()
        own = [c for c, sides in self._sides_at.items() if side is not None and side in sides]
        return self.legible_zoom(faces, whole), [self.geo.centre(c) for c in (own or self._faces_by_cell)]

    def stack_faces(self, cell: int) -> list[CounterFace]:
        return list(self._faces_by_cell.get(cell, []))

    def _fans(self, cell: int | None) -> bool:
        return cell is not None and len(self._faces_by_cell.get(cell, ())) > 1

    def set_hover(self, cell: int | None) -> None:
        """The pointer's hex; a fan reaches well beyond its hex, so a fan shown or gone repaints the map."""
        old = self.hover_cell
        super().set_hover(cell)
        if self.hover_cell != old and (self._fans(old) or self._fans(self.hover_cell)):
            self.update()

    # --- drawing --------------------------------------------------------------------------------
    def paint(self, p: QPainter, option, widget=None) -> None:
        if widget is None or not self._paint_still(p, option):
            super().paint(p, option, widget)  # a render into an image, a zoom under way: drawn directly
        if self.window.session is None:
            return
        lod = option.levelOfDetailFromTransform(p.worldTransform())
        exposed = option.exposedRect
        geo = self.geo
        grown = exposed.adjusted(-geo.half[0], -geo.half[1], geo.half[0], geo.half[1])
        if self._area_tint:
            self._paint_area_tint(p, grown)
        if self.hatched:
            self._paint_hatches(p, grown)
        for centre, rect, key, text, side in self._token_places:
            if grown.contains(centre):
                self._paint_marker(p, rect, key, text, side, lod)
        selected = {f.piece for f in self.window.picked_faces()}
        marks, styles = self.marks, self.styles
        for centre, rect, faces in self._stack_layout():
            if grown.contains(centre):
                paint_stack(p, rect, faces, selected, lod)
                _paint_marks(p, rect, faces, marks, styles, lod)
        if self._fans(self.hover_cell):
            self._paint_fan(p, self.hover_cell, lod, selected, self._on_screen(p, widget))

    def _stack_layout(self) -> list[tuple[QPointF, QRectF, list[CounterFace]]]:
        """Each stack with its hex's centre and box, worked out once per set of stacks (not per frame)."""
        by_cell = self._faces_by_cell
        if self._layout_of is not by_cell:
            geo = self.geo
            self._layout = [(geo.centre(c), geo.cell_rect(c), faces) for c, faces in by_cell.items()]
            self._layout_of = by_cell
        return self._layout

    def _paint_still(self, p: QPainter, option) -> bool:
        """The map under the game from tiles, then the marks tools and clicks put over it (hover,
        destinations, selection), as MapItem.paint draws them; False: draw the frame directly."""
        if self.document.scenario.grid is not self.geo.grid or not self._names_placed(option.exposedRect, p.worldTransform().m11()):
            return False
        look = (self._still_look, tuple(self.layers_visible.values()), self.fill_areas, self.dark, self.cell_numbers)
        try:
            if not self._still_tiles.paint(p, option.exposedRect, look, self._draw_still):
                return False
            MapItem._paint_marks(self, p)
        except Exception:  # as MapItem.paint: a frame never raises; this one is drawn directly
            self._still_tiles.clear()
            return False
        return True

    def _draw_still(self, q: QPainter, rect: QRectF) -> None:
        opt = QStyleOptionGraphicsItem()
        hx, hy = self.geo.half
        opt.exposedRect = rect.adjusted(-2 * hx, -2 * hy, 2 * hx, 2 * hy)  # what overhangs the tile's edge too
        self._drawing_still = True
        try:
            self._paint(q, opt)
        finally:
            self._drawing_still = False

    def _paint_marks(self, p: QPainter) -> None:
        if not self._drawing_still:  # the marks change with the pointer: drawn over the tiles, every frame
            super()._paint_marks(p)

    def _names_placed(self, rect: QRectF, scale: float) -> bool:
        """Whether the areas' names near `rect` have their places (found once each, a few ms apiece):
        a tile is drawn whole or not at all, never with names still to come."""
        if not (self.layers_visible.get("labels") and self.document.scenario.areas):
            return True
        names = self.names()
        hx, hy = self.geo.half
        reach = TILE / max(abs(scale), 1e-6)  # the tiles drawn reach up to a tile past the exposed part
        near = rect.adjusted(-4 * hx - reach, -4 * hy - reach, 4 * hx + reach, 4 * hy + reach)
        t0 = time.perf_counter()
        for aid, box in names.boxes.items():
            if aid not in names.points and near.intersects(box):
                if time.perf_counter() - t0 > 0.015:
                    QTimer.singleShot(30, self.update)  # the rest on the next frames
                    return False
                names.point(aid)
        return True

    def _paint_area_tint(self, p: QPainter, grown: QRectF) -> None:
        """Each held area washed in its holder's colour: one fill of the area's hexes (a path built
        once per board), not a polygon per hex on every frame."""
        area_of = self._area_cells
        if area_of is None:
            return
        p.setPen(Qt.NoPen)
        for a, path in self._area_paths(area_of).items():
            tint = self._area_tint.get(a)
            if tint is not None and grown.intersects(path.controlPointRect()):
                p.setBrush(QBrush(tint))
                p.drawPath(path)

    def _area_paths(self, area_of) -> dict[int, QPainterPath]:
        cells = tuple(area_of)
        if self._tint_paths is None or self._tint_paths[0] != cells:
            paths: dict[int, QPainterPath] = {}
            for cell, a in enumerate(cells[:self.geo.grid.size]):
                path = paths.get(a)
                if path is None:
                    path = paths[a] = QPainterPath()
                    path.setFillRule(Qt.WindingFill)  # the hexes' shared sides cancel: the area's whole shape
                path.addPolygon(self.geo.polygon(cell))
                path.closeSubpath()
            self._tint_paths = (cells, paths)
        return self._tint_paths[1]

    def _paint_hatches(self, p: QPainter, grown: QRectF) -> None:
        """The hexes a storm shuts or rain closes, hatched as the legend says (under the counters):
        a pattern over all of a condition's hexes is one path, built once per change of the
        game; drops of rain are drawn hex by hex, in the hexes in view."""
        geo = self.geo
        for key, cells in self.hatched.items():
            style = self.styles.get(key, {})
            if style.get("pattern") == "drops":
                for cell in cells:
                    if grown.contains(geo.centre(cell)):
                        paint_hatch(p, geo.polygon(cell), geo.cell_rect(cell), style)
            else:
                paint_hatch(p, self._hatch_path(key, cells), geo.cell_rect(cells[0]), style)

    def _hatch_path(self, key: str, cells: tuple[int, ...]) -> QPainterPath:
        cached = self._hatch_paths.get(key)
        if cached is None or cached[0] != cells:
            path = QPainterPath()
            path.setFillRule(Qt.WindingFill)
            for cell in cells:
                path.addPolygon(self.geo.polygon(cell))
                path.closeSubpath()
            # One outline for the whole of it (the hexes' shared sides gone): far fewer edges to
            # fill on every frame than a thousand hexagons, with the whole map in view.
            cached = self._hatch_paths[key] = (cells, path.simplified())
        return cached[1]

    def _paint_marker(self, p: QPainter, rect: QRectF, key: str, text: str, side: str | None, lod: float) -> None:
        style = self.styles.get(key)
        fill = colour(style)
        sides = self.window.scenario.sides
        if (style or {}).get("side_colour") and side in sides and sides[side].color:
            fill = sides[side].color
        paint_counter(p, rect, CounterFace(key, fill, ink_for(fill), text, shape="round"), False, lod)

    def _on_screen(self, p: QPainter, widget) -> QRectF:
        """The part of the map the painter's device shows (the view's viewport, or the whole image):
        a fan is drawn there, and within the map's own bounds, which is all a frame repaints."""
        device = QRectF(widget.rect()) if widget is not None else QRectF(p.viewport())
        inverse, ok = p.worldTransform().inverted()
        shown = inverse.mapRect(device) if ok else self.boundingRect()
        return shown.intersected(self.boundingRect())

    def _paint_fan(self, p: QPainter, cell: int, lod: float, selected: set[str], visible: QRectF) -> None:
        """The stack under the pointer, spread out above its hex at a readable size, all of it on screen."""
        faces = self._faces_by_cell[cell]
        side = FAN_PX / max(lod, 1e-6)
        frame, rects = fan_layout(self.geo.cell_rect(cell), len(faces), side, visible)
        gap = side * FAN_GAP
        pen = QPen(QColor("#202020"), 1)
        pen.setCosmetic(True)
        p.setPen(pen)
        p.setBrush(QColor(255, 255, 255, 225))
        p.drawRoundedRect(frame, gap, gap)
        for rect, face in zip(rects, faces):
            paint_counter(p, rect, face, face.piece in selected, lod)
            _paint_marks(p, rect, [face], self.marks, self.styles, lod, whole=True)


def _paint_marks(p: QPainter, rect: QRectF, faces, marks_of: dict, styles: dict, lod: float, whole: bool = False) -> None:
    """The front counter's marks (or a fanned counter's own, `whole`): a veil over the pile (the
    front counter's: a hidden group hides together), and small chips along its top, one per mark."""
    marks: list[str] = []
    for f in (faces if whole else faces[-1:]):
        marks += list(marks_of.get(f.piece, ()))
    if not marks:
        return
    front = rect if whole else pile_front(rect, len(faces))
    chips = []
    for m in dict.fromkeys(marks):
        if draw_kind(styles.get(m)) == VEIL:
            paint_veil(p, front if whole else pile_counters(rect, len(faces)), styles.get(m))
            if not whole:
                paint_badge(p, rect, len(faces), lod)  # the count stays clear over the veil
        else:
            chips.append(m)
    d = max(front.width() * 0.22, 4.0 / max(lod, 1e-6))
    pen = QPen(QColor("#ffffff"), 1)
    pen.setCosmetic(True)
    for i, m in enumerate(chips):
        p.setPen(pen)
        p.setBrush(QColor(colour(styles.get(m), "#444444")))
        p.drawEllipse(QRectF(front.left() + i * d * 1.05 - d * 0.3, front.top() - d * 0.3, d, d))


class ClickTool:
    """The playtest map's only tool: clicks (or a drag from a stack to where it goes) choose pieces and
    moves; the pointer fans stacks out."""

    cursor = QCursor(Qt.PointingHandCursor)

    def __init__(self, window):
        self.window = window
        self.pressed: int | None = None  # the hex a left press picked, until the button is let go

    def activate(self) -> None:
        pass

    def deactivate(self) -> None:
        pass

    def press(self, pos: QPointF, e) -> None:
        if e.button() == Qt.LeftButton:
            self.pressed = self.window.map_item.cell_at(pos)
            self.window.click_cell(self.pressed)

    def move(self, pos, e) -> None:
        item = self.window.map_item
        cell = item.cell_at(pos)
        if cell != item.hover_cell:
            item.set_hover(cell)

    def release(self, pos, e) -> None:
        """A stack dragged from its hex and let go over another goes there (clicks.py: `drop_cell`)."""
        if e.button() == Qt.LeftButton:
            pressed, self.pressed = self.pressed, None
            self.window.drop_cell(pressed, self.window.map_item.cell_at(pos))

    def double(self, pos, e) -> None:
        pass

    def key(self, e) -> bool:
        return False


