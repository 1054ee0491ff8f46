"""Boards of named spaces joined by explicit links: Tiki's village tiles, the pearl game's track."""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Iterable

import numpy as np

from .grid import EDGE_SEPARATOR, Grid, GridError


@dataclass(frozen=True)
class Space:
    """A named space of a board such as Tiki's village tiles or the pearl game's track."""

    id: str
    x: float
    y: float
    name: str = ""


class SpacesGrid(Grid):
    """A board of named spaces joined by explicit links; each space is drawn as a unit square."""

    shape = "spaces"
    numbering = "Space name"

    def __init__(self, spaces: Iterable[Space], links: Iterable[tuple[str, str]]):
        self.spaces: tuple[Space, ...] = tuple(spaces)
        if not self.spaces:
            raise GridError("a board of spaces needs at least one space")
        self._index: dict[str, int] = {}
        for i, sp in enumerate(self.spaces):
            if not sp.id or any(ch in sp.id for ch in f" ,{EDGE_SEPARATOR}"):
                raise GridError(f"space id {sp.id!r} must be a word without spaces, commas or '{EDGE_SEPARATOR}'")
            if sp.id in self._index:
                raise GridError(f"space {sp.id!r} is listed twice")
            self._index[sp.id] = i
        pairs = []
        for a, b in links:
            if a not in self._index or b not in self._index:
                raise GridError(f"link {a}{EDGE_SEPARATOR}{b} names a space that does not exist")
            if a == b:
                raise GridError(f"link {a}{EDGE_SEPARATOR}{b} joins a space to itself")
            pairs.append((a, b))
        self.links: tuple[tuple[str, str], ...] = tuple(pairs)
        xs = [s.x for s in self.spaces]
        ys = [s.y for s in self.spaces]
        self.columns = int(math.floor(max(xs) - min(xs))) + 1
        self.rows = int(math.floor(max(ys) - min(ys))) + 1

    @property
    def size(self) -> int:
        return len(self.spaces)

    def to_dict(self) -> dict[str, Any]:
        spaces = []
        for s in self.spaces:
            d: dict[str, Any] = {"id": s.id, "at": [_num(s.x), _num(s.y)]}
            if s.name:
                d["name"] = s.name
            spaces.append(d)
        return {"shape": "spaces", "spaces": spaces, "links": [f"{a}{EDGE_SEPARATOR}{b}" for a, b in self.links]}

    def label(self, cell: int) -> str:
        return self.spaces[cell].id

    def parse_label(self, text: str) -> int:
        try:
            return self._index[text.strip()]
        except KeyError:
            raise GridError(f"there is no space {text!r} on this board") from None

    def name(self, cell: int) -> str:
        return self.spaces[cell].name

    def label_anchor(self) -> tuple[float, float, float, float, str]:
        return 0.0, 0.0, 0.78, 0.0, "middle"  # low in the square, under the space's name

    def link_pairs(self) -> list[tuple[int, int]]:
        return [(self._index[a], self._index[b]) for a, b in self.links]

    @cached_property
    def _hops(self) -> np.ndarray:
        from scipy.sparse import csr_matrix
        from scipy.sparse.csgraph import shortest_path
        e = self.edge_array()
        m = csr_matrix((np.ones(len(e)), (e[:, 0], e[:, 1])), shape=(self.size, self.size))
        return shortest_path(m, directed=False, unweighted=True)

    def distance(self, a: int, b: int) -> int:
        d = self._hops[a, b]
        return int(d) if math.isfinite(d) else -1

    def center(self, cell: int) -> tuple[float, float]:
        s = self.spaces[cell]
        return s.x + 0.5, s.y + 0.5

    def polygon(self, cell: int) -> list[tuple[float, float]]:
        s = self.spaces[cell]
        m = 0.05
        return [(s.x + m, s.y + m), (s.x + 1 - m, s.y + m), (s.x + 1 - m, s.y + 1 - m), (s.x + m, s.y + 1 - m)]

    def cell_at(self, x: float, y: float) -> int | None:
        for i, s in enumerate(self.spaces):
            if s.x <= x < s.x + 1 and s.y <= y < s.y + 1:
                return i
        return None

    def _neighbour_array(self) -> np.ndarray:
        nbrs: list[list[int]] = [[] for _ in self.spaces]
        for a, b in self.links:
            ia, ib = self._index[a], self._index[b]
            if ib not in nbrs[ia]:
                nbrs[ia].append(ib)
                nbrs[ib].append(ia)
        width = max((len(n) for n in nbrs), default=0) or 1
        out = np.full((self.size, width), -1, dtype=np.int32)
        for i, n in enumerate(nbrs):
            out[i, : len(n)] = n
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SpacesGrid) and self.spaces == other.spaces and self.links == other.links

    def __hash__(self) -> int:
        return hash((self.spaces, self.links))


def _num(v: float) -> int | float:
    return int(v) if float(v).is_integer() else v
