"""The board as networkx and scipy graphs; connected components."""
import networkx as nx
import numpy as np
import pytest

from motu.engine.board.graph import adjacency_graph, adjacency_matrix, components
from motu.engine.board.grids import HexGrid, SquareGrid


def test_adjacency_graph_nodes_edges_features():
    g = SquareGrid(2, 2)
    graph = adjacency_graph(g, {(1, 0): ("wall",), (0, 3): ("stream", "ford")})
    assert sorted(graph.nodes) == [0, 1, 2, 3]
    assert graph.nodes[3]["label"] == "2,2"
    assert graph.number_of_edges() == 6
    assert graph.edges[0, 1]["features"] == ("wall",)
    assert graph.edges[3, 0]["features"] == ("stream", "ford")
    assert graph.edges[1, 2]["features"] == ()
    with pytest.raises(ValueError):
        adjacency_graph(HexGrid(3, 3), {(0, 8): ("road",)})


def test_adjacency_matrix_with_predicate():
    g = SquareGrid(3, 1)
    terrain = np.array([1, 1, 2])
    full = adjacency_matrix(g)
    assert full.nnz == 4 and (full != full.T).nnz == 0
    same = adjacency_matrix(g, lambda u, v: terrain[u] == terrain[v])
    assert same.nnz == 2 and same[0, 1] == 1 and same[1, 2] == 0


def test_components_by_value():
    g = SquareGrid(3, 1)
    assert components(g, np.array([1, 1, 2])).tolist() == [0, 0, 1]
    assert components(g, np.array([5, 5, 5])).tolist() == [0, 0, 0]
    labels = components(g, np.array([-1, -1, 1]))
    assert len(set(labels.tolist())) == 3  # negatives are singletons even when equal
    # Squares touch on the diagonal too.
    assert components(SquareGrid(2, 2), np.array([1, 0, 0, 1])).tolist() == [0, 1, 1, 0]
    with pytest.raises(ValueError):
        components(g, np.array([1, 2]))


@pytest.mark.parametrize("grid", [HexGrid(13, 11), HexGrid(9, 7, "pointy", "even-r"), SquareGrid(12, 10)])
def test_components_match_networkx(grid):
    rng = np.random.default_rng(7)
    same = rng.integers(-1, 3, grid.size)
    labels = components(grid, same)
    graph = nx.Graph()
    graph.add_nodes_from(range(grid.size))
    graph.add_edges_from((a, b) for a, b in grid.edge_array().tolist() if same[a] == same[b] >= 0)
    expected = {frozenset(c) for c in nx.connected_components(graph)}
    ours: dict[int, set] = {}
    for cell, lab in enumerate(labels.tolist()):
        ours.setdefault(lab, set()).add(cell)
    assert {frozenset(c) for c in ours.values()} == expected
    firsts = [min(c) for c in sorted(ours.values(), key=min)]
    assert [labels[f] for f in firsts] == list(range(len(firsts)))
