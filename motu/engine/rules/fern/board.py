"""What does not change during a game of Fire in the Fern!: the table and the order of battle.

Scope: reading a scenario into flat lookups (bush squares, stream and palisade
edges, rifle pits, the British base edge and §12's rows), the units and
leaders with their chain of command (§1), and the options in force. Shared by
every state of a game and never copied. docs/rules/fern.md gives the scenario
shape this reads.
"""
from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from motu.engine.scenario.model import Scenario

from .data import option, tables
from .model import (
    BRITISH,
    BRITISH_PLAYER,
    C_IN_C,
    KUPAPA,
    LEADER,
    MAORI,
    MAORI_PLAYER,
    SENIOR,
)

FIGURE_ROLES = ("figures",)
LEADER_ROLES = {"leader": LEADER, "senior": SENIOR, "c_in_c": C_IN_C}


@dataclass(frozen=True)
class UnitInfo:
    id: str
    name: str
    side: str
    player: int
    nation: str
    weapon: str
    colonial: bool
    start: int                 # figures at the start (§10 counts losses against it)
    leader: int | None         # index of its leader


@dataclass(frozen=True)
class LeaderInfo:
    id: str
    name: str
    side: str
    player: int
    nation: str
    role: str
    unit: int | None
    superior: int | None
    max_attempts: int


def piece_role(catalogue, kind: str) -> str:
    p = catalogue.pieces.get(kind)
    return str(p.props.get("role", "")) if p is not None else ""


def nation_of(catalogue, side: str | None, kind: str, props=None) -> str:
    """British, kupapa or Maori (§1): the piece's own `nation` prop, else a kupapa or Maori side,
    else its kind's (so kupapa figures attached to a British side stay kupapa)."""
    if props and props.get("nation") in (BRITISH, KUPAPA, MAORI):
        return props["nation"]
    if side in (KUPAPA, MAORI):
        return side
    p = catalogue.pieces.get(kind)
    return str(p.props.get("nation", BRITISH)) if p is not None else BRITISH


def side_player(scenario: Scenario, side: str | None) -> int | None:
    """The player a side's `player` prop names (0 the British force, 1 the Maori), if it names one."""
    s = scenario.sides.get(side) if side else None
    value = s.props.get("player") if s is not None else None
    return value if value in (BRITISH_PLAYER, MAORI_PLAYER) and not isinstance(value, bool) else None


def player_of(scenario: Scenario, side: str | None, nation: str) -> int:
    """The player of a side: its `player` prop, else the Maori for Maori, the British force for the rest
    (a `player` prop naming no player is a validation error, FERN_BAD_PLAYER)."""
    named = side_player(scenario, side)
    if named is not None:
        return named
    return MAORI_PLAYER if nation == MAORI else BRITISH_PLAYER


def unit_id_of(piece) -> str:
    return str(piece.props.get("unit", piece.id))


def base_edge_depth(scenario: Scenario) -> list[int] | None:
    """§12 "rows one and two": each square's row counted from the British base edge
    (0 = row one), or None when the scenario marks no base edge."""
    grid = scenario.grid
    cells = [f.cell for f in scenario.features if f.kind == "base_edge"]
    if not cells:
        return None
    c, r = grid.columns, grid.rows
    votes = {"bottom": 0, "top": 0, "left": 0, "right": 0}
    for cell in cells:
        col, row = cell % c, cell // c
        votes["bottom"] += row == r - 1
        votes["top"] += row == 0
        votes["left"] += col == 0
        votes["right"] += col == c - 1
    edge = max(votes, key=lambda k: votes[k])  # ties: the order above
    depth = []
    for cell in range(grid.size):
        col, row = cell % c, cell // c
        depth.append({"bottom": r - 1 - row, "top": row, "left": col, "right": c - 1 - col}[edge])
    return depth


def _key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def step_crosses(columns: int, edges, a: int, v: int, both: bool = False) -> bool:
    """Does a step from square `a` to its neighbour `v` cross one of `edges` (pairs, lower first)?
    Orthogonally, the edge between them. Diagonally (docs/rules/fern.md, §4) the step goes round
    the corner one of two ways, each across two edges: it crosses if either way does, or with
    `both` (option `diagonal_edges: both`) only if both ways do."""
    c = columns
    if a % c == v % c or a // c == v // c:
        return _key(a, v) in edges
    side1, side2 = (a // c) * c + v % c, (v // c) * c + a % c
    way1 = _key(a, side1) in edges or _key(side1, v) in edges
    way2 = _key(a, side2) in edges or _key(side2, v) in edges
    return (way1 and way2) if both else (way1 or way2)


class FernBoard:
    def __init__(self, scenario: Scenario, catalogue, sight, options: Mapping[str, Any] | None = None):
        self.scenario = scenario
        self.catalogue = catalogue
        self.sight = sight
        self.t = tables(catalogue.ruleset)
        opts = dict(scenario.options)
        opts.update(options or {})
        self.options = opts
        grid = scenario.grid
        self.grid = grid
        self.size = grid.size
        self.columns = grid.columns
        self.neighbours = grid.neighbour_lists
        self.bush = [t == "bush" for t in scenario.terrain]
        self.stream: set[tuple[int, int]] = set()
        self.palisade: set[tuple[int, int]] = set()
        for (a, b), feats in scenario.edges.items():
            key = (a, b) if a < b else (b, a)
            if "stream" in feats:
                self.stream.add(key)
            if "palisade" in feats:
                self.palisade.add(key)
        self.rifle_pit = frozenset(f.cell for f in scenario.features if f.kind == "rifle_pit")
        self.base_edge = frozenset(f.cell for f in scenario.features if f.kind == "base_edge")
        self.depth = base_edge_depth(scenario)
        self.activation_dice = 2 if option(opts, catalogue, "activation_die") == "2d6" else 1
        self.long_from = (self.t["range"]["close"] + 1 if option(opts, catalogue, "long_range") == "beyond_close"
                          else self.t["range"]["long"])
        self.first_player = MAORI_PLAYER if option(opts, catalogue, "first_side") == "maori" else BRITISH_PLAYER
        self.history_books = bool(option(opts, catalogue, "history_books"))
        self.diagonal_both = option(opts, catalogue, "diagonal_edges") == "both"
        self.kupapa_tupara = bool(option(opts, catalogue, "kupapa_tupara"))
        self.pit_bush_hiding = bool(option(opts, catalogue, "rifle_pit_bush_hiding"))
        v = scenario.victory or {}
        self.turns = int(v.get("turns", self.t["victory"]["default_turns"]))  # FERN_BAD_VICTORY if not whole
        held = v.get("field_at_time_limit", "none")
        self.field_at_time_limit = {"british": BRITISH_PLAYER, "maori": MAORI_PLAYER}.get(held)
        self._seen_from: dict[int, list[int]] = {}
        self._read_forces(scenario, catalogue)

    # --- order of battle (§1) ----------------------------------------------------------
    def _read_forces(self, s: Scenario, cat) -> None:
        figure_pieces = [p for p in s.pieces.values() if piece_role(cat, p.kind) in FIGURE_ROLES]
        leader_pieces = [p for p in s.pieces.values() if piece_role(cat, p.kind) in LEADER_ROLES]
        unit_ids: list[str] = []
        for p in figure_pieces:
            if unit_id_of(p) not in unit_ids:
                unit_ids.append(unit_id_of(p))
        self.leader_index = {p.id: i for i, p in enumerate(leader_pieces)}
        unit_index = {u: i for i, u in enumerate(unit_ids)}
        self.unit_index = unit_index
        # A unit's leader: the leader piece naming it, or the leader its figures name.
        lead: dict[str, int] = {}
        for p in leader_pieces:
            u = p.props.get("unit")
            if LEADER_ROLES[piece_role(cat, p.kind)] == LEADER and u in unit_index:
                lead.setdefault(u, self.leader_index[p.id])
        for p in figure_pieces:
            lid = p.props.get("leader")
            if lid in self.leader_index:
                lead.setdefault(unit_id_of(p), self.leader_index[lid])
        units = []
        for u in unit_ids:
            ps = [p for p in figure_pieces if unit_id_of(p) == u]
            first = ps[0]
            kind = cat.pieces[first.kind]
            nation = nation_of(cat, first.side, first.kind, first.props)
            weapon = str(first.props.get("weapon", kind.props.get("weapon", "muzzle_loader")))
            units.append(UnitInfo(u, first.name or u, first.side or "", player_of(s, first.side, nation), nation,
                                  weapon, bool(first.props.get("colonial", kind.props.get("colonial", False))),
                                  sum(p.count for p in ps), lead.get(u)))
        self.units = units
        t1 = self.t["attempts"]
        leaders = []
        for p in leader_pieces:
            role = LEADER_ROLES[piece_role(cat, p.kind)]
            nation = nation_of(cat, p.side, p.kind, p.props)
            cap = t1["leader_max"] if role == LEADER else t1["senior_max"]
            attempts = min(cap, int(p.props.get("attempts", cap)))
            sup = p.props.get("superior")
            u = p.props.get("unit") if role == LEADER else None
            leaders.append(LeaderInfo(p.id, p.name or p.id, p.side or "", player_of(s, p.side, nation), nation, role,
                                      unit_index.get(u) if u is not None else None,
                                      self.leader_index.get(sup) if sup is not None else None, attempts))
        self.leaders = leaders
        for i, u in enumerate(units):
            if u.leader is not None and leaders[u.leader].unit is None:
                li = leaders[u.leader]
                leaders[u.leader] = LeaderInfo(li.id, li.name, li.side, li.player, li.nation, li.role, i,
                                               li.superior, li.max_attempts)
        # §2: "any leader within the chain of command for a figure or group may attempt to motivate it".
        self.commanders: list[tuple[int, ...]] = []
        for u in units:
            chain: list[int] = []
            at = u.leader
            while at is not None and at not in chain:
                chain.append(at)
                at = leaders[at].superior
            self.commanders.append(tuple(chain))
        self.commands: list[frozenset[int]] = [
            frozenset(i for i, chain in enumerate(self.commanders) if li in chain) for li in range(len(leaders))]
        self.figure_pieces = figure_pieces
        self.leader_pieces = leader_pieces
        self.casualty_pieces = [p for p in s.pieces.values() if piece_role(cat, p.kind) == "casualty"]

    # --- geometry ------------------------------------------------------------------------
    def dist(self, a: int, b: int) -> int:
        c = self.columns
        dx, dy = abs(a % c - b % c), abs(a // c - b // c)
        return dx + dy - 1 if dx and dy else dx + dy

    def step_crosses(self, edges: set[tuple[int, int]], a: int, v: int) -> bool:
        return step_crosses(self.columns, edges, a, v, self.diagonal_both)

    def crosses_stream(self, a: int, b: int) -> bool:
        return self.step_crosses(self.stream, a, b)

    def behind_palisade(self, cell: int, other: int) -> bool:
        """§5: `cell` is behind a palisade against `other` when the line between them leaves
        `cell` across a palisade: its first step crosses one (through a corner, by the same
        rule as a diagonal move). Next to each other across a palisade, both are behind it."""
        if cell == other:
            return False
        line = self.sight.line_cells(cell, other)
        return self.step_crosses(self.palisade, cell, line[1])

    def seen_from(self, cell: int) -> list[int]:
        """Every other square in line of sight of `cell` (the table never changes, so this is kept)."""
        out = self._seen_from.get(cell)
        if out is None:
            visible = self.sight.visible
            out = self._seen_from[cell] = [t for t in range(self.size) if t != cell and visible(cell, t)]
        return out

    def line_bush(self, a: int, b: int) -> int:
        """§2 "+1 for every square of bush": bush squares on the straight line from a to b, ends included."""
        if a == b:
            return int(self.bush[a])
        return sum(1 for x in self.sight.line_cells(a, b) if self.bush[x])

    def attempts_allowed(self, leader: int, figures: int) -> int:
        """§1: at most three (senior officers two), and never more than one per three figures, rounding up."""
        li = self.leaders[leader]
        if li.role != LEADER:
            return li.max_attempts
        return min(li.max_attempts, math.ceil(figures / self.t["attempts"]["figures_per_attempt"]))

    def label(self, cell: int | None) -> str:
        return "off table" if cell is None else self.grid.label(cell)
