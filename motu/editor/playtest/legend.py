"""The map's legend and the victory track, beside the playtest map.

The legend names, in the rule set's words (its presentation's `legend()`), every mark and marker the
map can show, with the chip, token or hatch it is drawn as (marker_paint.py), and the sides'
colours; the markers now on the map come first, and this turn's conditions (the presentation's
`conditions`: a storm, rain, a truce) among them.
Long words wrap; each line's full text is its tooltip. The victory track (Tahiti) draws each player's areas held as a bar against
the areas there are, with the victory levels by lead over the next player.
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QListWidget, QListWidgetItem, QSizePolicy, QWidget

from .marker_paint import paint_chip

CHIP_PX = 18


def _chip(style: dict | None, fill: str | None = None, square: bool = False) -> QIcon:
    pix = QPixmap(CHIP_PX, CHIP_PX)
    pix.fill(Qt.transparent)
    p = QPainter(pix)
    paint_chip(p, QRectF(2, 2, CHIP_PX - 4, CHIP_PX - 4), style, fill, square)
    p.end()
    return QIcon(pix)


class Legend(QListWidget):
    def __init__(self, presenter, scenario, parent=None):
        super().__init__(parent)
        self.scenario = scenario
        self.setObjectName("playtestLegend")
        self.setIconSize(QSize(CHIP_PX, CHIP_PX))
        self.setWordWrap(True)
        self.setResizeMode(QListWidget.Adjust)
        self.presenter = presenter
        self._shown: tuple | None = None

    def set_state(self, state, markers, marks) -> None:
        """`markers` and `marks` as the map drew them: (cell, key, text, side) and piece -> marks."""
        words = self.presenter.legend()
        styles = self.presenter.legend_style()
        present = {key for _, key, _, _ in markers}
        for m in marks.values():
            present.update(m)
        present.update(self.presenter.conditions(state))
        key = (tuple(sorted(present)), tuple(words))
        if key == self._shown:
            return
        self._shown = key
        self.clear()
        order = sorted(words, key=lambda k: (k not in present, list(words).index(k)))
        for k in order:
            text = words[k] + ("" if k in present else " (none now)")
            item = QListWidgetItem(_chip(styles.get(k)), text)
            item.setToolTip(text)
            if k not in present:
                item.setForeground(QColor("#888888"))
            self.addItem(item)
        for side in self.scenario.sides.values():
            if side.color:
                self.addItem(QListWidgetItem(_chip(None, side.color, square=True), side.name))

    def texts(self) -> list[str]:
        return [self.item(i).text() for i in range(self.count())]


class VictoryTrack(QWidget):
    """Areas held per player against the areas there are; levels by lead (victory.yaml)."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("playtestVictory")
        self.track: dict | None = None
        self.colours: dict[str, str] = {}
        self.setSizePolicy(QSizePolicy.Preferred, QSizePolicy.Fixed)
        self.hide()

    def set_track(self, track: dict | None, colours: dict[str, str] | None = None) -> None:
        self.track = track
        if colours is not None:
            self.colours = colours
        self.setVisible(track is not None)
        if track is not None:
            self.setFixedHeight(22 * len(track["players"]) + 40)
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt's name
        return QSize(240, 22 * len(self.track["players"]) + 40 if self.track else 0)

    def text(self) -> str:
        if not self.track:
            return ""
        rows = [f"{name}: {held} of {self.track['areas']} areas" + (" (out)" if out else "")
                for name, _, held, out in self.track["players"]]
        levels = ", ".join(f"{level} at a lead of {lead}" for level, lead in self.track["levels"])
        return "\n".join(rows + [f"Victory by lead over the next player: {levels}"])

    def paintEvent(self, e) -> None:  # noqa: N802 - Qt's name
        if not self.track:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.Antialiasing)
        t = self.track
        total = max(1, t["areas"])
        w = self.width() - 120
        p.setPen(QColor("#222222"))
        p.drawText(QRectF(4, 0, self.width() - 8, 16), Qt.AlignLeft | Qt.AlignVCenter, "Victory track: areas held")
        best = sorted((held for _, _, held, out in t["players"] if not out), reverse=True)
        lead = best[0] - best[1] if len(best) > 1 else (best[0] if best else 0)
        level = "draw"
        for name, at in t["levels"]:
            if lead >= at:
                level = name
        for i, (name, side, held, out) in enumerate(t["players"]):
            y = 18 + i * 22
            p.setPen(QColor("#222222"))
            p.drawText(QRectF(4, y, 70, 18), Qt.AlignLeft | Qt.AlignVCenter, name)
            p.setPen(QColor("#999999"))
            p.setBrush(QColor("#eeeeee"))
            p.drawRect(QRectF(78, y + 3, w, 12))
            p.setBrush(QColor(self.colours.get(side, "#777777")) if not out else QColor("#bbbbbb"))
            p.drawRect(QRectF(78, y + 3, w * held / total, 12))
            p.setPen(QColor("#222222"))
            p.drawText(QRectF(82 + w, y, 40, 18), Qt.AlignLeft | Qt.AlignVCenter, str(held))
        p.drawText(QRectF(4, 18 + len(t["players"]) * 22, self.width() - 8, 18), Qt.AlignLeft | Qt.AlignVCenter,
                   f"Lead {lead}: {level}")
        p.end()
