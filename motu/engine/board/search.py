"""Costed movement on a board: how far a unit can go and by which way.

Scope: movement ranges (`reach`) and cheapest paths (`find_path`) over a
`MovementProfile`, the per-cell and per-edge costs of one kind of mover already
flattened into plain Python lists. Rules about *which* costs apply (terrain
tables, roads, weather) belong to the rules package; this module only searches.

The hot loop deliberately works on lists, a dict and `heapq` rather than
networkx or numpy: a 4 MP range touches a few dozen cells, where per-call
overheads of those libraries dominate (see bench/board_bench.py).
"""
from __future__ import annotations

import copy
import math
from collections import defaultdict
from heapq import heappop, heappush
from typing import Collection, Mapping, Sequence

from .grids import Grid

INF = math.inf
# Costs are sums of floats such as 0.5 or 1/3; a hair of tolerance keeps
# "exactly all my MP" reachable despite rounding.
TOLERANCE = 1e-9


class MovementProfile:
    """The costs one kind of mover pays on one map, in the form the search loop wants.

    - `enter_cost[cell]`: cost to enter the cell (math.inf: impassable);
    - `edge_cost[(u, v)]`: extra cost of crossing from u to v (math.inf: blocked),
      stored in both directions; only cells flagged in `has_edge_cost` look it up;
    - `stop[cell]`: entering the cell ends movement (zones of influence).

    Treat instances as immutable; `with_stop` makes a copy sharing the costs.
    """

    __slots__ = ("grid", "neighbours", "enter_cost", "edge_cost", "has_edge_cost", "stop",
                 "whole_enter", "whole_edge", "whole_step", "whole_edges_at")

    def __init__(self, grid: Grid, neighbours: Sequence[Sequence[int]], enter_cost: list[float],
                 edge_cost: dict[tuple[int, int], float], has_edge_cost: list[bool], stop: list[bool]):
        self.grid = grid
        self.neighbours = neighbours
        self.enter_cost = enter_cost
        self.edge_cost = edge_cost
        self.has_edge_cost = has_edge_cost
        self.stop = stop
        # Integer copies of the costs when every finite cost is a whole number (the
        # usual case): `reach` then uses a bucket queue instead of a heap, ~25% faster.
        whole = _whole_costs(enter_cost, edge_cost)
        self.whole_enter, self.whole_edge = whole if whole else (None, None)
        # The cheapest step there is (an edge only adds to the cost of entering): cells reached
        # with less than this left cannot lead anywhere, so `reach` does not look around them.
        self.whole_step = min(self.whole_enter, default=0) if whole else 0
        # Per cell, None or {neighbour: extra cost}: the search looks an edge up without
        # building a (u, v) key for every neighbour it tries.
        self.whole_edges_at: list[dict[int, int] | None] | None = None
        if whole:
            at: list[dict[int, int] | None] = [None] * len(enter_cost)
            for (u, v), c in self.whole_edge.items():
                d = at[u]
                if d is None:
                    d = at[u] = {}
                d[v] = c
            self.whole_edges_at = at

    @classmethod
    def build(cls, grid: Grid, enter_cost: Sequence[float],
              edge_cost: Mapping[tuple[int, int], float] | None = None,
              stop: Collection[int] = ()) -> "MovementProfile":
        """Flatten costs for `grid`. `edge_cost` keys may be given in either order;
        each is applied in both directions (a stream costs the same both ways)."""
        n = grid.size
        if hasattr(enter_cost, "tolist"):  # numpy: float64 scalars would slow the loop down
            enter_cost = enter_cost.tolist()  # type: ignore[union-attr]
        costs = [float(c) for c in enter_cost]
        if len(costs) != n:
            raise ValueError(f"enter_cost has {len(costs)} entries for a board of {n} cells")
        if any(c < 0 for c in costs):
            raise ValueError("enter costs must not be negative")
        edges: dict[tuple[int, int], float] = {}
        has_edge = [False] * n
        for (u, v), c in (edge_cost or {}).items():
            c = float(c)
            if c < 0:
                raise ValueError(f"edge {grid.edge_label(u, v)} has a negative cost")
            if not grid.are_neighbours(u, v):
                raise ValueError(f"edge cost given for cells {u} and {v}, which are not neighbours")
            edges[(u, v)] = c
            edges[(v, u)] = c
            has_edge[u] = has_edge[v] = True
        return cls(grid, grid.neighbour_lists, costs, edges, has_edge, _stop_list(n, stop))

    def with_stop(self, stop: Collection[int]) -> "MovementProfile":
        """The same costs with other stop cells: zones of control move every turn,
        terrain does not, so this avoids re-flattening the costs."""
        other = copy.copy(self)
        other.stop = _stop_list(self.grid.size, stop)
        return other

    def step_cost(self, u: int, v: int) -> float:
        """Cost of moving from u into its neighbour v (slow path, for display and tests)."""
        return self.enter_cost[v] + self.edge_cost.get((u, v), 0.0)


# Stands for math.inf among integer costs: larger than any movement allowance.
_BLOCKED = 1 << 62


def _whole_costs(enter_cost: list[float], edge_cost: dict[tuple[int, int], float]
                 ) -> tuple[list[int], dict[tuple[int, int], int]] | tuple[()]:
    if not all(c == INF or c.is_integer() for c in enter_cost):
        return ()
    if not all(c == INF or c.is_integer() for c in edge_cost.values()):
        return ()
    enter = [_BLOCKED if c == INF else int(c) for c in enter_cost]
    edges = {k: (_BLOCKED if c == INF else int(c)) for k, c in edge_cost.items()}
    return enter, edges


def _stop_list(n: int, stop: Collection[int]) -> list[bool]:
    flags = [False] * n
    for c in stop:
        flags[c] = True
    return flags


def reach(profile: MovementProfile, start: int, mp: float) -> dict[int, float]:
    """Every cell reachable from `start` spending at most `mp`, with its cheapest cost.

    The start costs 0. A stop cell may be entered but not left, except the start
    itself (a unit beginning its move in a zone of control may walk out).
    On a profile whose costs are all whole numbers the costs come back as ints."""
    if profile.whole_enter is not None and 0 <= mp < _BLOCKED:
        return _reach_whole(profile, start, math.floor(mp + TOLERANCE))
    nbrs = profile.neighbours
    enter = profile.enter_cost
    edged = profile.has_edge_cost
    edge_cost = profile.edge_cost.get
    stop = profile.stop
    limit = mp + TOLERANCE
    best = {start: 0.0}
    seen = best.get
    heap = [(0.0, start)]
    while heap:
        d, u = heappop(heap)
        if d > best[u] or (stop[u] and u != start):
            continue
        left = limit - d
        if edged[u]:
            for v in nbrs[u]:
                c = enter[v] + edge_cost((u, v), 0.0)
                if c <= left:
                    c += d
                    if c < seen(v, INF):
                        best[v] = c
                        heappush(heap, (c, v))
        else:
            for v in nbrs[u]:
                c = enter[v]
                if c <= left:
                    c += d
                    if c < seen(v, INF):
                        best[v] = c
                        heappush(heap, (c, v))
    return best


def _reach_whole(profile: MovementProfile, start: int, top: int) -> dict[int, float]:
    """`reach` with integer costs: Dial's bucket queue, a list per cost reached (a dict of them),
    so memory follows the cells reached, never `top`: costs are walked up from 0 only while some
    bucket is left, and the dearest cost a bucket holds is at most the cells reached times the
    dearest step."""
    nbrs = profile.neighbours
    enter = profile.whole_enter
    edges_at = profile.whole_edges_at
    stop = profile.stop
    buckets: defaultdict[int, list[int]] = defaultdict(list)
    buckets[0].append(start)
    best = {start: 0}
    seen = best.get
    # Buckets past top - cheapest step hold cells with too little left to enter any neighbour.
    last = top - profile.whole_step
    d = -1
    while buckets and d < last:
        d += 1
        bucket = buckets.get(d)
        if bucket is None:
            continue
        left = top - d
        # A zero-cost step appends to the bucket being walked; list iteration picks it up.
        for u in bucket:
            if best[u] != d or (stop[u] and u != start):
                continue
            extra = edges_at[u]  # type: ignore[index]
            if extra is not None:
                for v in nbrs[u]:
                    c = enter[v] + extra.get(v, 0)
                    if c <= left:
                        c += d
                        if c < seen(v, _BLOCKED):
                            best[v] = c
                            buckets[c].append(v)
            else:
                for v in nbrs[u]:
                    c = enter[v]
                    if c <= left:
                        c += d
                        if c < seen(v, _BLOCKED):
                            best[v] = c
                            buckets[c].append(v)
        del buckets[d]
    return best  # type: ignore[return-value]


def dearest_move(profile: MovementProfile) -> float:
    """The most a cheapest move on this board can cost: the passable cells but one (a cheapest
    path enters each at most once) times the dearest step (entering a cell and crossing an edge).
    More movement points than this reach nothing more, so callers may cap an allowance here."""
    enter = [c for c in profile.enter_cost if c != INF]
    if not enter:
        return 0.0
    edge = max((c for c in profile.edge_cost.values() if c != INF), default=0.0)
    return (len(enter) - 1) * (max(enter) + edge)


def find_path(profile: MovementProfile, start: int, goal: int,
              mp: float = INF) -> tuple[list[int], float] | None:
    """The cheapest path from `start` to `goal` (both included) and its cost, or
    None if the goal cannot be reached within `mp`.

    Ties are broken deterministically: cells are expanded in (cost, cell number)
    order and a cell's predecessor changes only for a strictly cheaper route, so
    the same board always gives the same path."""
    if start == goal:
        return [start], 0.0
    nbrs = profile.neighbours
    enter = profile.enter_cost
    edged = profile.has_edge_cost
    edge_cost = profile.edge_cost
    stop = profile.stop
    limit = mp + TOLERANCE
    best = {start: 0.0}
    came_from: dict[int, int] = {}
    heap = [(0.0, start)]
    while heap:
        d, u = heappop(heap)
        if u == goal:
            path = [goal]
            while u != start:
                u = came_from[u]
                path.append(u)
            path.reverse()
            return path, d
        if d > best[u] or (stop[u] and u != start):
            continue
        has_edge = edged[u]
        for v in nbrs[u]:
            nd = d + enter[v]
            if has_edge:
                nd += edge_cost.get((u, v), 0.0)
            if nd <= limit and nd < best.get(v, INF):
                best[v] = nd
                came_from[v] = u
                heappush(heap, (nd, v))
    return None


def path_cost(profile: MovementProfile, path: Sequence[int]) -> float:
    """What walking `path` costs (math.inf if a step is not between neighbours);
    ignores stop cells, which limit where a path may go rather than its price."""
    total = 0.0
    for u, v in zip(path, path[1:]):
        if v not in profile.neighbours[u]:
            return INF
        total += profile.step_cost(u, v)
    return total
