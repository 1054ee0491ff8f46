"""The board as a graph: networkx for analysis, scipy sparse for speed.

Scope: turning a grid's adjacency (plus the features on its edges) into a
`networkx.Graph` for the editor's checks and exports, and into compact CSR
matrices for vectorised work such as connected components over 100k cells,
which validation runs on every edit. Movement costs live in search.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping

import numpy as np

from .grids import Grid

if TYPE_CHECKING:  # networkx and scipy.sparse take a second to import: only when first needed
    import networkx as nx
    from scipy.sparse import csr_matrix

EdgePredicate = Callable[[np.ndarray, np.ndarray], np.ndarray]


def adjacency_graph(grid: Grid,
                    edge_features: Mapping[tuple[int, int], tuple[str, ...]] | None = None) -> nx.Graph:
    """Nodes are cells (attribute `label`); every pair of neighbours is an edge whose
    `features` attribute is the tuple of feature ids on it (empty when none).
    `edge_features` keys may name the two cells in either order."""
    features: dict[tuple[int, int], tuple[str, ...]] = {}
    for (a, b), ids in (edge_features or {}).items():
        if not grid.are_neighbours(a, b):
            raise ValueError(f"features {ids} given for cells {a} and {b}, which are not neighbours")
        key = (a, b) if a < b else (b, a)
        features[key] = features.get(key, ()) + tuple(ids)
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from((cell, {"label": grid.label(cell)}) for cell in range(grid.size))
    g.add_edges_from((a, b, {"features": features.get((a, b), ())})
                     for a, b in grid.edge_array().tolist())
    return g


def adjacency_matrix(grid: Grid, keep: EdgePredicate | None = None) -> csr_matrix:
    """Symmetric (size x size) CSR matrix with a 1 for each pair of neighbours.

    `keep(u, v)` gets the two endpoint arrays of every edge (u < v) and returns a
    boolean array saying which edges to keep, e.g. `lambda u, v: terrain[u] == terrain[v]`."""
    edges = grid.edge_array()
    u, v = edges[:, 0], edges[:, 1]
    if keep is not None:
        mask = np.asarray(keep(u, v), dtype=bool)
        u, v = u[mask], v[mask]
    n = grid.size
    rows = np.concatenate([u, v])
    cols = np.concatenate([v, u])
    from scipy.sparse import csr_matrix

    return csr_matrix((np.ones(len(rows), dtype=np.int8), (rows, cols)), shape=(n, n))


def components(grid: Grid, same: np.ndarray) -> np.ndarray:
    """Connected component label of every cell, where two neighbours are joined
    when they have the same non-negative `same` value (a terrain code, an area
    index...). Cells with a negative value are singletons. Labels are 0..k-1,
    numbered in order of each component's lowest cell."""
    same = np.asarray(same)
    if same.shape != (grid.size,):
        raise ValueError(f"`same` has shape {same.shape}, expected ({grid.size},)")
    nb = grid.neighbour_array
    # Only look forward (v > u) so each edge is tested once, straight off the
    # cached neighbour array instead of building the edge list.
    u = np.broadcast_to(np.arange(grid.size, dtype=np.int32)[:, None], nb.shape)
    sv = same[np.where(nb >= 0, nb, 0)]
    join = (nb > u) & (sv == same[:, None]) & (same[:, None] >= 0)
    rows, cols = u[join], nb[join]
    n = grid.size
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components

    m = csr_matrix((np.ones(len(rows), dtype=np.int8), (rows, cols)), shape=(n, n))
    _, labels = connected_components(m, directed=False)
    return labels
