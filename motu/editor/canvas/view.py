"""The map view: Ctrl+wheel zoom at the cursor, middle button or Space to pan, tools on the left button,
and the zoom bar's buttons (zoom_bar.py) in its corner.

A map opens fitted, or, when its counters would not read so (Tahiti's whole island in a window
draws them a few pixels wide), at the zoom where they do, centred on as many stacks as the view
holds (`open_map()`; the map item says which zoom and which stacks). Either is kept pending until
the user zooms or pans, so while the window settles to its real size (first show, docks sizing,
a window manager's resize) the map stays as it opened."""
from __future__ import annotations

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QKeyEvent, QMouseEvent, QPainter, QWheelEvent
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView

from .map_item import MapItem
from .zoom_bar import ZoomBar

MIN_ZOOM, MAX_ZOOM = 0.002, 8.0


class MapView(QGraphicsView):
    # The view's own mouse gestures, whatever the tool (Help → Keyboard and Mouse lists them).
    gestures = (("Pan the map", "Middle-drag, Space+Drag"), ("Zoom at the cursor", "Ctrl+Wheel"),
                ("Scroll the map", "Wheel"))
    hovered = Signal(object)  # cell or None
    zoomChanged = Signal(float)
    viewportMoved = Signal()

    def __init__(self, map_item: MapItem, parent=None):
        self.scene_ = QGraphicsScene()
        super().__init__(self.scene_, parent)
        self.setObjectName("mapView")
        self.map_item = map_item
        self.scene_.addItem(map_item)
        self.scene_.setSceneRect(map_item.boundingRect())
        self.setRenderHint(QPainter.Antialiasing, False)
        self.setViewportUpdateMode(QGraphicsView.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.DontSavePainterState, True)
        self.setTransformationAnchor(QGraphicsView.NoAnchor)
        self.setMouseTracking(True)
        self.setDragMode(QGraphicsView.NoDrag)
        self.tool = None
        self._panning: QPointF | None = None
        self._space = False
        self.fit_pending = True
        self._fitted = None
        self._opening: bool | None = None  # pending open_map(): whether every text of a counter must read
        self.setFocusPolicy(Qt.StrongFocus)
        self.zoom_bar = ZoomBar(self)
        self.horizontalScrollBar().valueChanged.connect(lambda _: self.viewportMoved.emit())
        self.verticalScrollBar().valueChanged.connect(lambda _: self.viewportMoved.emit())

    def sizeHint(self):  # noqa: N802 - Qt's name
        from PySide6.QtCore import QSize
        return QSize(900, 650)  # the map is what the window is for

    # --- zoom ------------------------------------------------------------------------------
    def zoom(self) -> float:
        return self.transform().m11()

    def zoom_at(self, factor: float, pos: QPointF) -> None:
        self.fit_pending = False
        scene_pos = self.mapToScene(pos.toPoint())
        z = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom() * factor))
        self.resetTransform()
        self.scale(z, z)
        # Put the scene point that was under the cursor back under it.
        view_centre = QPointF(self.viewport().rect().center())
        offset = (view_centre - pos) / z
        self.centerOn(scene_pos + offset)
        self.zoomChanged.emit(self.zoom())

    def reset_zoom(self) -> None:
        """100 %, keeping the middle of the view where it is."""
        self.fit_pending = False
        centre = self.mapToScene(self.viewport().rect().center())
        self.resetTransform()
        self.centerOn(centre)
        self.zoomChanged.emit(1.0)

    def zoom_by(self, factor: float) -> None:
        """Zoom in (factor > 1) or out about the middle of the view: the zoom bar's and the keys' step."""
        self.zoom_at(factor, QPointF(self.viewport().rect().center()))

    def fit(self) -> None:
        """The whole map in the view; it stays fitted through resizes until the user zooms or pans."""
        self.fit_pending = True
        self._opening = None
        self._fitted = None
        self._fit_now()

    def open_map(self, whole: bool = False) -> None:
        """The map as it opens: fitted, unless its counters would not read fitted; then at the zoom
        where their names (`whole`: all their texts) read, centred on as many stacks as the view
        holds. Kept through resizes, as a fit is, until the user zooms or pans."""
        self.fit_pending = True
        self._opening = whole
        self._fitted = None
        self._fit_now()

    def _fit_now(self) -> None:
        rect = self.map_item.boundingRect()
        if rect.isEmpty() or self.viewport().width() < 2 or self.viewport().height() < 2:
            return
        # A small margin, so rounding never brings up a scroll bar that would push the map off centre.
        m = 0.015 * max(rect.width(), rect.height())
        self.fitInView(rect.adjusted(-m, -m, m, m), Qt.KeepAspectRatio)
        self.centerOn(rect.center())
        z = self.zoom()
        if z < MIN_ZOOM or z > MAX_ZOOM:  # keep inside the zoom range, centred
            z = max(MIN_ZOOM, min(MAX_ZOOM, z))
            self.resetTransform()
            self.scale(z, z)
            self.centerOn(rect.center())
        if self._opening is not None:
            self._open_legible()
        self._fitted = self.transform()
        self.zoomChanged.emit(self.zoom())

    def opening_pending(self) -> bool:
        """Whether the view is still as open_map() left it (the user has not zoomed, panned or fitted)."""
        return self._opening is not None and self._still_fitted()

    def _open_legible(self) -> None:
        """From the fit: closer in, to the zoom where counters read, over the stacks (open_map)."""
        opening = self.map_item.opening(self._opening)
        if opening is None or opening[0] <= self.zoom() or not opening[1]:
            return
        z = min(MAX_ZOOM, opening[0])
        self.resetTransform()
        self.scale(z, z)
        self.centerOn(_best_centre(opening[1], self.viewport().width() / z, self.viewport().height() / z))

    def _still_fitted(self) -> bool:
        """Pending and not zoomed since by anything (a transform set from code counts as a zoom)."""
        return self.fit_pending and (self._fitted is None or self.transform() == self._fitted)

    def resizeEvent(self, e) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(e)
        self.zoom_bar.place()
        if self._still_fitted():
            self._fit_now()

    def showEvent(self, e) -> None:  # noqa: N802 - Qt's name
        super().showEvent(e)
        if self._still_fitted():
            self._fit_now()

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802 - Qt's name
        """Every scroll (pan, wheel, scroll bars, centring) redraws the whole view, not only the
        strips it uncovers: in a real X window those strips did not meet the pixels the scroll had
        moved, and cell numbers came out cut or doubled along their edges. A full frame is what a
        zoom costs anyway."""
        super().scrollContentsBy(dx, dy)
        self.viewport().update()

    def leaveEvent(self, e) -> None:  # noqa: N802 - Qt's name
        if self.map_item.hover_cell is not None:
            self.map_item.set_hover(None)
            self.hovered.emit(None)
        if self.tool is not None and hasattr(self.tool, "leave"):
            self.tool.leave()
        super().leaveEvent(e)

    def wheelEvent(self, e: QWheelEvent) -> None:  # noqa: N802 - Qt's name
        self.fit_pending = False
        if e.modifiers() & Qt.ControlModifier:
            steps = e.angleDelta().y() / 120.0
            self.zoom_at(1.25 ** steps, e.position())
            e.accept()
            return
        super().wheelEvent(e)

    # --- pan and tools -----------------------------------------------------------------------
    def mousePressEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        self.setFocus(Qt.MouseFocusReason)
        if e.button() == Qt.MiddleButton or (e.button() == Qt.LeftButton and self._space):
            self.fit_pending = False
            self._panning = e.position()
            self.viewport().setCursor(Qt.ClosedHandCursor)
            e.accept()
            return
        if self.tool is not None and e.button() in (Qt.LeftButton, Qt.RightButton):
            self.tool.press(self.mapToScene(e.position().toPoint()), e)
            e.accept()
            return
        super().mousePressEvent(e)

    def mouseDoubleClickEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        if self.tool is not None and e.button() == Qt.LeftButton:
            self.tool.double(self.mapToScene(e.position().toPoint()), e)
            e.accept()
            return
        super().mouseDoubleClickEvent(e)

    def mouseMoveEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        pos = self.mapToScene(e.position().toPoint())
        cell = self.map_item.cell_at(pos)
        if cell != self.map_item.hover_cell:
            self.map_item.set_hover(cell)
            self.hovered.emit(self.map_item.hover_cell)
        if self._panning is not None:
            d = e.position() - self._panning
            self._panning = e.position()
            self.horizontalScrollBar().setValue(self.horizontalScrollBar().value() - int(d.x()))
            self.verticalScrollBar().setValue(self.verticalScrollBar().value() - int(d.y()))
            e.accept()
            return
        if self.tool is not None:
            self.tool.move(pos, e)
        super().mouseMoveEvent(e)

    def mouseReleaseEvent(self, e: QMouseEvent) -> None:  # noqa: N802
        if self._panning is not None and e.button() in (Qt.MiddleButton, Qt.LeftButton):
            self._panning = None
            self.viewport().setCursor(self.tool.cursor if self.tool is not None else Qt.ArrowCursor)
            e.accept()
            return
        if self.tool is not None and e.button() in (Qt.LeftButton, Qt.RightButton):
            self.tool.release(self.mapToScene(e.position().toPoint()), e)
            e.accept()
            return
        super().mouseReleaseEvent(e)

    def keyPressEvent(self, e: QKeyEvent) -> None:  # noqa: N802
        if e.key() == Qt.Key_Space and not e.isAutoRepeat():
            self._space = True
            self.viewport().setCursor(Qt.OpenHandCursor)
            return
        if self.tool is not None and self.tool.key(e):
            return
        super().keyPressEvent(e)

    def keyReleaseEvent(self, e: QKeyEvent) -> None:  # noqa: N802
        if e.key() == Qt.Key_Space and not e.isAutoRepeat():
            self._space = False
            self.viewport().setCursor(self.tool.cursor if self.tool is not None else Qt.ArrowCursor)
            return
        super().keyReleaseEvent(e)

    def set_tool(self, tool) -> None:
        if self.tool is not None:
            self.tool.deactivate()
        self.tool = tool
        if tool is not None:
            tool.activate()
            self.viewport().setCursor(tool.cursor)

    def centre_on_cells(self, cells) -> None:
        rect = self.map_item.geo.cells_rect(cells)
        if not rect.isEmpty():
            self.centerOn(rect.center())


def _best_centre(points: list[QPointF], width: float, height: float) -> QPointF:
    """The middle of the largest group of `points` a view `width` x `height` (scene units) holds at
    once: each point is tried as the group's middle, and the one covering most wins (of equals,
    the one nearest the middle of all the points: a few stacks far apart show the map's heart)."""
    w, h = width * 0.4, height * 0.4  # a margin, so the stacks at the group's rim are whole on screen
    mx = sum(q.x() for q in points) / len(points)
    my = sum(q.y() for q in points) / len(points)
    best, best_key = points[:1], None
    for c in points:
        near = [q for q in points if abs(q.x() - c.x()) <= w and abs(q.y() - c.y()) <= h]
        key = (len(near), -((c.x() - mx) ** 2 + (c.y() - my) ** 2))
        if best_key is None or key > best_key:
            best, best_key = near, key
    xs, ys = [q.x() for q in best], [q.y() for q in best]
    return QPointF((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
