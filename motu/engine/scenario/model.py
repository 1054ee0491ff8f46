"""The scenario document: one map on one grid, and everything a game needs on it.

Per-cell data (terrain, area) is kept as flat lists indexed by cell, so a
100,000-cell map costs a few hundred kilobytes and loads in milliseconds. Named
things (areas, regions, islands, sides, pieces) are insertion-ordered dicts of
frozen records. A Scenario is only changed through Edits (`edits.py`); every
applied edit bumps `revision`, which derived caches key on.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, TypeVar

from motu.engine.board.grids import Grid

Props = Mapping[str, Any]
R = TypeVar("R")
EdgeKey = tuple[int, int]

FORMAT_VERSION = 1

# What an id may look like: the same pattern as the file format's schema.
IDENT_RE = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.:'-]{0,63}$")


def is_ident(value: object) -> bool:
    return isinstance(value, str) and IDENT_RE.match(value) is not None


@dataclass(frozen=True)
class Island:
    id: str
    name: str
    props: Props = field(default_factory=dict)


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    props: Props = field(default_factory=dict)


@dataclass(frozen=True)
class Area:
    id: str
    name: str
    region: str | None = None
    island: str | None = None
    color: str | None = None
    props: Props = field(default_factory=dict)


@dataclass(frozen=True)
class Side:
    id: str
    name: str
    color: str | None = None
    props: Props = field(default_factory=dict)


@dataclass(frozen=True)
class Piece:
    """A counter, figure group or token; pieces sharing a cell form a stack."""

    id: str
    kind: str
    side: str | None = None
    cell: int | None = None  # None: off the map (reserve, pool)
    count: int = 1
    name: str = ""
    props: Props = field(default_factory=dict)


@dataclass(frozen=True)
class CellFeature:
    """Something standing in a cell: a village site, a Marae site, a rifle pit…"""

    kind: str
    cell: int
    side: str | None = None
    name: str = ""
    props: Props = field(default_factory=dict)


def record_from_fields(cls: type[R], values: dict[str, Any]) -> R:
    """The frozen record `cls(**values)`, made without its __init__'s one setattr per field:
    for readers that build tens of thousands. `values` must name every field of `cls` (a
    dataclass without __post_init__) and nothing else, and becomes the record's own."""
    record = object.__new__(cls)
    object.__setattr__(record, "__dict__", values)
    return record


# Collections of named records that Edits address by id.
RECORD_COLLECTIONS = ("islands", "regions", "areas", "sides", "pieces")
# Free-form scenario fields that Edits replace whole.
SCALAR_FIELDS = ("title", "briefing", "options", "victory", "tables", "ruleset")


@dataclass(eq=False)
class Scenario:
    ruleset: str
    grid: Grid
    terrain: list[str]
    cell_area: list[str | None] = field(default_factory=list)
    title: str = ""
    briefing: str = ""
    options: dict[str, Any] = field(default_factory=dict)
    islands: dict[str, Island] = field(default_factory=dict)
    regions: dict[str, Region] = field(default_factory=dict)
    areas: dict[str, Area] = field(default_factory=dict)
    edges: dict[EdgeKey, tuple[str, ...]] = field(default_factory=dict)
    features: list[CellFeature] = field(default_factory=list)
    cell_props: dict[int, Props] = field(default_factory=dict)
    sides: dict[str, Side] = field(default_factory=dict)
    pieces: dict[str, Piece] = field(default_factory=dict)
    setup_zones: dict[str, frozenset[int]] = field(default_factory=dict)
    victory: dict[str, Any] = field(default_factory=dict)
    tables: dict[str, Any] = field(default_factory=dict)
    # Presentation only: which token stands for a terrain or an area in the file.
    terrain_tokens: dict[str, str] = field(default_factory=dict)
    area_tokens: dict[str, str] = field(default_factory=dict)
    revision: int = 0
    # Derived data (movement profiles, sight tables…) for the current revision only.
    cache: dict[Any, Any] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        if not self.cell_area:
            self.cell_area = [None] * self.grid.size
        if len(self.terrain) != self.grid.size or len(self.cell_area) != self.grid.size:
            raise ValueError("terrain and area layers must have one entry per cell")

    # Equality ignores presentation (tokens) and the revision counter.
    def content(self) -> tuple:
        return (self.ruleset, self.grid, self.terrain, self.cell_area, self.title, self.briefing,
                self.options, self.islands, self.regions, self.areas, self.edges, self.features,
                self.cell_props, self.sides, self.pieces, self.setup_zones, self.victory, self.tables)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Scenario) and self.content() == other.content()

    __hash__ = None  # type: ignore[assignment]

    def cached(self, key: Any, build: Callable[[], Any]) -> Any:
        """Derived data for the current revision: built once, dropped by the next edit."""
        value = self.cache.get(key)
        if value is None:
            value = build()
            self.cache[key] = value
        return value

    # --- queries used everywhere ------------------------------------------------
    def label(self, cell: int) -> str:
        return self.grid.label(cell)

    def area_cells(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {a: [] for a in self.areas}
        for cell, a in enumerate(self.cell_area):
            if a is not None:
                out.setdefault(a, []).append(cell)
        return out

    def features_at(self, cell: int) -> list[CellFeature]:
        return [f for f in self.features if f.cell == cell]

    def pieces_at(self, cell: int) -> list[Piece]:
        return [p for p in self.pieces.values() if p.cell == cell]

    def edge_features(self, a: int, b: int) -> tuple[str, ...]:
        return self.edges.get((a, b) if a < b else (b, a), ())

    def copy(self) -> "Scenario":
        """A copy that shares the immutable records and copies the containers."""
        return Scenario(
            ruleset=self.ruleset, grid=self.grid, terrain=list(self.terrain), cell_area=list(self.cell_area),
            title=self.title, briefing=self.briefing, options=_deep(self.options),
            islands=dict(self.islands), regions=dict(self.regions), areas=dict(self.areas),
            edges=dict(self.edges), features=list(self.features), cell_props=dict(self.cell_props),
            sides=dict(self.sides), pieces=dict(self.pieces), setup_zones=dict(self.setup_zones),
            victory=_deep(self.victory), tables=_deep(self.tables),
            terrain_tokens=dict(self.terrain_tokens), area_tokens=dict(self.area_tokens),
        )


def _deep(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value


def blank_scenario(ruleset: str, grid: Grid, terrain: str, title: str = "") -> Scenario:
    """A map of one terrain and nothing else."""
    return Scenario(ruleset=ruleset, grid=grid, terrain=[terrain] * grid.size, title=title)
