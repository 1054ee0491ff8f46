"""The three kinds of board, and building one from a scenario file's `map.grid`."""
from __future__ import annotations

from typing import Any

from .grid import EDGE_SEPARATOR, Grid, GridError
from .hexgrid import HexGrid
from .spaces import Space, SpacesGrid
from .squaregrid import SquareGrid, square_distance

__all__ = ["EDGE_SEPARATOR", "Grid", "GridError", "HexGrid", "SquareGrid", "SpacesGrid", "Space",
           "square_distance", "grid_from_dict"]


def grid_from_dict(d: dict[str, Any]) -> Grid:
    """Build a grid from its scenario-file description (the `map.grid` mapping)."""
    shape = d.get("shape")
    if shape == "hex":
        return HexGrid(d["columns"], d["rows"], d.get("orientation", "flat"), d.get("offset"))
    if shape == "square":
        return SquareGrid(d["columns"], d["rows"])
    if shape == "spaces":
        spaces = [Space(str(s["id"]), float(s["at"][0]), float(s["at"][1]), str(s.get("name", "")))
                  for s in d["spaces"]]
        links = []
        for text in d.get("links", []):
            parts = str(text).split(EDGE_SEPARATOR)
            if len(parts) != 2:
                raise GridError(f"link {text!r} should be two space ids joined by '{EDGE_SEPARATOR}'")
            links.append((parts[0].strip(), parts[1].strip()))
        return SpacesGrid(spaces, links)
    raise GridError(f"grid shape must be hex, square or spaces, not {shape!r}")
