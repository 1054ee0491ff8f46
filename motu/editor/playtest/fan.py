"""Where the fan of a stack goes on the playtest map: a row of readable counters above its hex,
whole on screen (shifted inward at the view's edge, below the hex at its top, in rows when the
view is narrow). Pure geometry in scene coordinates; game_map.py paints it.
"""
from __future__ import annotations

import math

from PySide6.QtCore import QRectF

FAN_PX = 44  # a fanned-out counter's size on screen
FAN_GAP = 0.12  # the space between fanned-out counters, as a share of their size


def fan_layout(cell: QRectF, n: int, side: float, visible: QRectF) -> tuple[QRectF, list[QRectF]]:
    """Where the fan of a stack of `n` goes (its frame, and each counter's square of `side`): a row
    above the hex, centred on it, shifted inward to stay whole inside `visible` (the part of the map
    on screen); in as few rows as fit across the view when one row is too wide; below the hex when
    there is no room above it."""
    gap = side * FAN_GAP
    margin = gap
    across = max(1, int((visible.width() - 2 * margin - gap) // (side + gap)))
    rows = math.ceil(n / across)
    cols = math.ceil(n / rows)  # rows as even as they go: 11 in two rows are 6 and 5, not 10 and 1
    width, height = cols * side + (cols + 1) * gap, rows * side + (rows + 1) * gap
    x = cell.center().x() - width / 2
    x = max(visible.left() + margin, min(x, visible.right() - margin - width))
    y = cell.top() - height  # the frame's foot on the hex's top
    if y < visible.top() + margin and cell.bottom() + height <= visible.bottom() - margin:
        y = cell.bottom()
    y = max(visible.top() + margin, min(y, visible.bottom() - margin - height))
    frame = QRectF(x, y, width, height)
    rects = []
    for i in range(n):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        left = x + gap + (cols - in_row) * (side + gap) / 2  # a short last row is centred
        rects.append(QRectF(left + c * (side + gap), y + gap + r * (side + gap), side, side))
    return frame, rects
