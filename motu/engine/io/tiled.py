"""Export to Tiled (mapeditor.org): saving a scenario as a Tiled map, in TMX or Tiled's JSON, with its tile images.

Scope: saving — the map (tiled_map.py builds it; tiled_tmx.py and tiled_json.py write it)
and, when given a renderer, its tilesets' atlas images beside it (tiled_art.py says what
they show) — and the two formats the registry lists (`FORMATS`). Reading Tiled files back is
tiled_import.py; docs/exports.md documents the layout. The names other modules import from
here (tiled_map, to_tmx, to_json, map_metrics, pixel_transform…) stay importable from here.
"""
from __future__ import annotations

import os
from typing import Any, Callable

from motu.engine.scenario.model import Scenario

from .atomic import write_atomic, write_atomic_bytes
from .formats import ExportOptions, Format, Written
from .tiled_art import TileSheet
from .tiled_json import to_json
from .tiled_map import TILED_VERSION, Images, tiled_layout, tiled_map
from .tiled_pixels import HEX_SIDE, SPACE, SQUARE, map_metrics, num, pixel_transform
from .tiled_props import color_prop, prop, record_props
from .tiled_tmx import to_tmx

__all__ = ["HEX_SIDE", "SPACE", "SQUARE", "TILED_VERSION", "Images", "NO_IMAGES", "TileRenderer", "color_prop",
           "FORMATS", "image_names", "map_metrics", "num", "pixel_transform", "prop", "record_props", "save_tiled",
           "save_tiled_json", "save_tmx", "tiled_layout", "tiled_map", "tiled_paths", "to_json", "to_tmx"]


# (shapes, width, height, pixels per unit, background or None) -> PNG bytes. Tile images need a
# font engine for their symbols and counters, so Qt draws them: the formats' drawing half,
# motu/editor/export/tiled_qt.py's, reaches the save as ExportOptions.draw (the `motu` command and
# the editor give it); without one the map is written with image-less tilesets, which Tiled
# shows as placeholders.
TileRenderer = Callable[..., bytes]
NO_IMAGES = "tile images need Qt's drawing (motu/editor/export): the map was written without them"


def image_names(path: str, art: list[TileSheet]) -> dict[str, str]:
    """Each tileset's atlas image beside the map: MAP-terrain.png, MAP-areas.png, MAP-counters.png, MAP-features.png."""
    stem = os.path.splitext(os.path.basename(path))[0]
    return {sheet.name: f"{stem}-{sheet.name}.png" for sheet in art}


def tiled_paths(s: Scenario, path: str, render: TileRenderer | None = None) -> list[str]:
    """The files save_tiled writes, in the order it lists them: the map, then its tile images
    (when given a renderer), beside it."""
    if render is None:
        return [path]
    names = image_names(path, tiled_layout(s)[4])
    return [path] + [os.path.join(os.path.dirname(path), name) for name in names.values()]


def save_tiled(s: Scenario, path: str, to_text: Callable[[dict[str, Any]], str],
               render: TileRenderer | None = None) -> Written:
    """The map and its tile images (when given a renderer), each written atomically."""
    if render is None:
        write_atomic(path, to_text(tiled_map(s, compact=True)))
        return Written((path,), (NO_IMAGES,))
    art = tiled_layout(s)[4]
    names = image_names(path, art)
    written = []
    for sheet in art:
        image = os.path.join(os.path.dirname(path), names[sheet.name])
        write_atomic_bytes(image, render(sheet.atlas(), *sheet.size, 1.0, None))
        written.append(image)
    write_atomic(path, to_text(tiled_map(s, names, compact=True)))
    return Written((path, *written))


def save_tiled_json(s: Scenario, path: str, render: TileRenderer | None = None) -> Written:
    return save_tiled(s, path, to_json, render)


def save_tmx(s: Scenario, path: str, render: TileRenderer | None = None) -> Written:
    return save_tiled(s, path, to_tmx, render)


def _load(path: str) -> Scenario:
    from .tiled_import import load_tiled  # the reader imports much the export does not: imported when used
    return load_tiled(path)


def _files(s: Scenario, path: str, options: ExportOptions) -> list[str]:
    return tiled_paths(s, path, options.draw)


# Both draw their tile images with Qt when given its renderer, and are written without them otherwise.
FORMATS = (
    Format("tmx", "Tiled map (TMX)", (".tmx",), load=_load, files=_files, needs_qt=True,
           save=lambda s, path, options: save_tmx(s, path, options.draw)),
    Format("tiled-json", "Tiled map (JSON)", (".tmj",), also=(".json",), load=_load, files=_files, needs_qt=True,
           save=lambda s, path, options: save_tiled_json(s, path, options.draw)),
)
