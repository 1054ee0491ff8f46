"""Movement ranges and paths, by hand on a 3x3 board and against networkx at random."""
import math

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from motu.engine.board.grids import HexGrid, Space, SpacesGrid, SquareGrid
from motu.engine.board.search import MovementProfile, dearest_move, find_path, path_cost, reach

INF = math.inf


def board():
    """0 1 2 / 3 4 5 / 6 7 8, orthogonal links only (a Tiki-like board)."""
    spaces = [Space(str(i), i % 3, i // 3) for i in range(9)]
    links = [(str(i), str(i + 1)) for i in range(9) if i % 3 < 2]
    links += [(str(i), str(i + 3)) for i in range(6)]
    return SpacesGrid(spaces, links)


def costs(**special):
    out = [1.0] * 9
    for cell, c in special.items():
        out[int(cell[1:])] = c
    return out


JUNGLE_AND_SEA = costs(c4=2.0, c2=INF)  # jungle in the middle, sea in a corner


def test_reach_terrain():
    p = MovementProfile.build(board(), JUNGLE_AND_SEA)
    assert reach(p, 0, 3) == {0: 0, 1: 1, 3: 1, 4: 3, 6: 2, 7: 3}
    assert reach(p, 0, 0) == {0: 0}
    assert 2 not in reach(p, 0, 100)


def test_reach_fractional_costs_use_the_heap():
    p = MovementProfile.build(board(), costs(c1=0.5, c4=1.5))
    assert p.whole_enter is None
    assert reach(p, 0, 2) == {0: 0, 1: 0.5, 2: 1.5, 3: 1, 4: 2, 6: 2}
    assert reach(p, 0, 1.999999999999) == reach(p, 0, 2)  # rounding tolerance


def test_zero_costs_and_odd_allowances():
    p = MovementProfile.build(board(), costs(c1=0))
    assert p.whole_enter is not None
    assert reach(p, 0, 1) == {0: 0, 1: 0, 2: 1, 3: 1, 4: 1}
    assert reach(p, 0, 1.5) == reach(p, 0, 1)
    assert reach(p, 0, -1) == {0: 0}
    assert reach(p, 0, math.inf).keys() == set(range(9))


def test_stream_edge_costs_extra_both_ways():
    p = MovementProfile.build(board(), JUNGLE_AND_SEA, {(1, 0): 1})
    assert reach(p, 0, 3) == {0: 0, 1: 2, 3: 1, 4: 3, 6: 2, 7: 3}
    assert reach(p, 1, 1) == {1: 0}
    assert reach(p, 1, 2) == {1: 0, 0: 2, 4: 2}
    assert p.step_cost(0, 1) == p.step_cost(1, 0) == 2


def test_blocked_edge():
    p = MovementProfile.build(board(), JUNGLE_AND_SEA, {(3, 6): INF})
    assert reach(p, 0, 3) == {0: 0, 1: 1, 3: 1, 4: 3}
    assert find_path(p, 3, 6) == ([3, 4, 7, 6], 4)


def test_stop_cells_are_entered_not_left():
    p = MovementProfile.build(board(), costs(), stop={1})
    assert reach(p, 0, 2) == {0: 0, 1: 1, 3: 1, 4: 2, 6: 2}
    assert find_path(p, 0, 2) == ([0, 3, 4, 5, 2], 4)
    assert find_path(p, 0, 1) == ([0, 1], 1)


def test_start_in_a_stop_cell_may_leave():
    p = MovementProfile.build(board(), costs(), stop={0, 3})
    assert reach(p, 0, 1) == {0: 0, 1: 1, 3: 1}
    assert reach(p, 0, 2) == {0: 0, 1: 1, 3: 1, 2: 2, 4: 2}


def test_with_stop_shares_costs():
    p = MovementProfile.build(board(), JUNGLE_AND_SEA)
    q = p.with_stop({3})
    assert q.enter_cost is p.enter_cost and q.whole_enter is p.whole_enter
    assert reach(q, 0, 3) == {0: 0, 1: 1, 3: 1, 4: 3}
    assert reach(p, 0, 3) == {0: 0, 1: 1, 3: 1, 4: 3, 6: 2, 7: 3}


def test_path_ties_are_deterministic():
    p = MovementProfile.build(board(), costs())
    first = find_path(p, 0, 4)
    assert first == ([0, 1, 4], 2)
    assert all(find_path(p, 0, 4) == first for _ in range(5))
    assert find_path(p, 4, 4) == ([4], 0.0)


def test_unreachable_and_too_far():
    p = MovementProfile.build(board(), JUNGLE_AND_SEA)
    assert find_path(p, 0, 2) is None
    assert find_path(p, 0, 8, mp=3) is None
    path, cost = find_path(p, 0, 8, mp=4)
    assert cost == 4 and path_cost(p, path) == 4 and 4 not in path


def test_bad_input():
    g = board()
    with pytest.raises(ValueError):
        MovementProfile.build(g, [1.0] * 8)
    with pytest.raises(ValueError):
        MovementProfile.build(g, costs(c1=-1))
    with pytest.raises(ValueError):
        MovementProfile.build(g, costs(), {(0, 8): 1})


def test_big_hex_map_reach_shape():
    g = HexGrid(30, 30)
    p = MovementProfile.build(g, [1.0] * g.size)
    centre = g.parse_label("1515")
    r = reach(p, centre, 4)
    assert len(r) == 1 + 6 * (1 + 2 + 3 + 4)
    assert all(cost == g.distance(centre, c) for c, cost in r.items())


# --- against networkx ---------------------------------------------------------------

COSTS = st.sampled_from([1.0, 1.0, 1.0, 2.0, 3.0, 0.0, 0.5, INF])
EDGE_COSTS = st.sampled_from([1.0, 0.5, 2.0, INF])


@st.composite
def maps(draw):
    kind = draw(st.sampled_from(["hex", "pointy", "square"]))
    cols, rows = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    grid = {"hex": lambda: HexGrid(cols, rows), "pointy": lambda: HexGrid(cols, rows, "pointy"),
            "square": lambda: SquareGrid(cols, rows)}[kind]()
    enter = draw(st.lists(COSTS, min_size=grid.size, max_size=grid.size))
    edges = grid.edge_array().tolist()
    chosen = draw(st.lists(st.sampled_from(edges), max_size=6)) if edges else []
    edge_cost = {(a, b): draw(EDGE_COSTS) for a, b in chosen}
    start = draw(st.integers(0, grid.size - 1))
    mp = draw(st.sampled_from([0, 1, 2, 3.5, 5, 8, INF]))
    return grid, enter, edge_cost, start, mp


def reference_graph(grid, enter, edge_cost):
    g = nx.DiGraph()
    g.add_nodes_from(range(grid.size))
    for u in range(grid.size):
        for v in grid.neighbours(u):
            w = enter[v] + edge_cost.get((u, v), edge_cost.get((v, u), 0.0))
            if w < INF:
                g.add_edge(u, v, weight=w)
    return g


@settings(max_examples=200, deadline=None)
@given(maps())
def test_reach_matches_networkx(case):
    grid, enter, edge_cost, start, mp = case
    p = MovementProfile.build(grid, enter, edge_cost)
    ours = reach(p, start, mp)
    theirs = nx.single_source_dijkstra_path_length(reference_graph(grid, enter, edge_cost), start, cutoff=mp)
    assert ours.keys() == theirs.keys()
    assert all(ours[c] == pytest.approx(theirs[c]) for c in ours)


@settings(max_examples=100, deadline=None)
@given(maps(), st.integers(0, 35))
def test_find_path_matches_networkx(case, goal):
    grid, enter, edge_cost, start, _ = case
    goal %= grid.size
    p = MovementProfile.build(grid, enter, edge_cost)
    g = reference_graph(grid, enter, edge_cost)
    found = find_path(p, start, goal)
    if not nx.has_path(g, start, goal):
        assert found is None
        return
    path, cost = found
    assert path[0] == start and path[-1] == goal
    assert cost == pytest.approx(nx.dijkstra_path_length(g, start, goal))
    assert path_cost(p, path) == pytest.approx(cost)


def _peak_bytes(call) -> int:
    import tracemalloc
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_reach_memory_does_not_grow_with_the_allowance():
    # Whole costs take the bucket queue: a list per cost reached, not one per movement point.
    p = MovementProfile.build(board(), JUNGLE_AND_SEA)
    small = _peak_bytes(lambda: reach(p, 0, 10))
    for mp in (10 ** 6, 10 ** 15, 1e300):
        assert _peak_bytes(lambda: reach(p, 0, mp)) < small + 4096
        assert reach(p, 0, mp) == reach(p, 0, 10)


def test_dearest_move_is_the_passable_cells_but_one_times_the_dearest_step():
    p = MovementProfile.build(board(), JUNGLE_AND_SEA)
    assert dearest_move(p) == 7 * 2.0  # eight passable cells, jungle costs 2
    streams = MovementProfile.build(board(), costs(), {(0, 1): 1.5, (1, 2): INF})
    assert dearest_move(streams) == 8 * 2.5
    assert dearest_move(MovementProfile.build(board(), [INF] * 9)) == 0.0
    # Nothing lies further than that: a snake of dear cells, walked end to end.
    snake = MovementProfile.build(board(), [3.0] * 9, {(1, 4): INF, (4, 7): INF, (3, 4): INF, (4, 5): INF})
    assert max(reach(snake, 0, 1e12).values()) <= dearest_move(snake)
    assert reach(snake, 0, dearest_move(snake)) == reach(snake, 0, 1e12)
