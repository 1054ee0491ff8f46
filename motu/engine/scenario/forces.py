"""The order of battle: each side's pieces as a tree, and the Edits that reshape it.

Scope: the one place callers import the order of battle from. The tree is read in
force_tree.py; the Edits that put pieces under others and set their properties are
force_changes.py; formations, the pieces made in one step, are formations.py.
"""
from __future__ import annotations

from .force_changes import Refused, reassign, reassign_each, relink, set_props
from .force_tree import NO_SIDE, ForceNode, OrderOfBattle, order_of_battle, parents, piece_name, problems_by_piece
from .formations import PieceOrder, formation_cell, make_formation, nearest, slug, unique_id

__all__ = [
    "NO_SIDE", "ForceNode", "OrderOfBattle", "PieceOrder", "Refused", "formation_cell", "make_formation",
    "nearest", "order_of_battle", "parents", "piece_name", "problems_by_piece", "reassign", "reassign_each",
    "relink", "set_props", "slug", "unique_id",
]
