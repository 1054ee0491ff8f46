"""Micro-benchmarks of the board engine's hot paths.

Each function builds a seeded board, times many single queries with
`time.perf_counter_ns` and returns {"name", "median_us", "n"} (plus context
keys). Budgets (see motu/engine/board/search.py and sight.py): reach 4 MP on a
100k-hex map < 50 µs; square line of sight on 60x40 < 3 µs; component
labelling on 100k cells < 40 ms.
"""
from __future__ import annotations

import heapq
import math
import random
import statistics
import time
from typing import Callable

import numpy as np

from motu.engine.board.graph import components
from motu.engine.board.grids import HexGrid, SquareGrid
from motu.engine.board.search import MovementProfile, reach
from motu.engine.board.sight import SquareSight


def _median_us(samples_ns: list[int]) -> float:
    return statistics.median(samples_ns) / 1000.0


def _time_each(calls: list[Callable[[], object]]) -> list[int]:
    clock = time.perf_counter_ns
    out = []
    for call in calls:
        t0 = clock()
        call()
        out.append(clock() - t0)
    return out


def hex_movement_map(columns: int = 316, rows: int = 316, seed: int = 1) -> MovementProfile:
    """A mixed-terrain hex map: 70% clear (1), 20% rough (2), 10% impassable,
    and streams (+1) on 3% of edges."""
    grid = HexGrid(columns, rows)
    rng = np.random.default_rng(seed)
    roll = rng.random(grid.size)
    enter = np.where(roll < 0.7, 1.0, np.where(roll < 0.9, 2.0, math.inf))
    edges = grid.edge_array()
    streams = edges[rng.random(len(edges)) < 0.03].tolist()
    return MovementProfile.build(grid, enter, {(int(a), int(b)): 1.0 for a, b in streams})


def bench_reach(n: int = 2000, mp: float = 4.0, seed: int = 2) -> dict:
    profile = hex_movement_map()
    rng = random.Random(seed)
    land = [c for c, cost in enumerate(profile.enter_cost) if cost < math.inf]
    starts = [rng.choice(land) for _ in range(n)]
    for s in starts[:200]:  # warm up
        reach(profile, s, mp)
    samples = _time_each([lambda s=s: reach(profile, s, mp) for s in starts])
    # The same search written as plainly as possible, to tell a slow machine from slow code.
    baseline = _time_each([lambda s=s: _plain_dijkstra(profile, s, mp) for s in starts])
    return {"name": "reach_hex_316x316_4mp", "median_us": _median_us(samples), "n": n,
            "plain_heapq_median_us": _median_us(baseline)}


def _plain_dijkstra(profile: MovementProfile, start: int, mp: float) -> dict[int, float]:
    nbrs, enter, edge = profile.neighbours, profile.enter_cost, profile.edge_cost
    best = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > best[u]:
            continue
        for v in nbrs[u]:
            nd = d + enter[v] + edge.get((u, v), 0.0)
            if nd <= mp and nd < best.get(v, math.inf):
                best[v] = nd
                heapq.heappush(heap, (nd, v))
    return best


def bench_square_los(n: int = 20000, seed: int = 3) -> dict:
    grid = SquareGrid(60, 40)
    rng = random.Random(seed)
    closed = [rng.random() < 0.3 for _ in range(grid.size)]
    sight = SquareSight(grid, closed)
    pairs = [(rng.randrange(grid.size), rng.randrange(grid.size)) for _ in range(n)]
    for a, b in pairs:  # fill the per-offset cache, as a long editing session would
        sight.visible(a, b)
    samples = _time_each([lambda a=a, b=b: sight.visible(a, b) for a, b in pairs])
    return {"name": "los_square_60x40", "median_us": _median_us(samples), "n": n}


def bench_components(n: int = 20, seed: int = 4) -> dict:
    grid = HexGrid(316, 316)
    rng = np.random.default_rng(seed)
    terrain = rng.integers(-1, 4, grid.size)
    grid.neighbour_array  # built once per grid and cached; not part of the query
    components(grid, terrain)
    samples = _time_each([lambda: components(grid, terrain) for _ in range(n)])
    return {"name": "components_hex_100k", "median_us": _median_us(samples), "n": n}


ALL = (bench_reach, bench_square_los, bench_components)


if __name__ == "__main__":
    for fn in ALL:
        print(fn())
