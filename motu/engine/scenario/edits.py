"""Reversible edits: the only way a scenario changes.

Each Edit is a small frozen value. `edit.apply(scenario)` changes the scenario
in place and returns the Edit that undoes it, so undo/redo, scripting and the
editor's QUndoCommands all share one mechanism. `scope` tells views what kind
of data changed and `cells` which cells, so they redraw only that.

Scope: the one place callers import edits from. What an Edit is, with Compound and the checks,
is edit_base.py; edits of the map's layers and features are map_edits.py; edits of named
records and whole fields are record_edits.py.
"""
from __future__ import annotations

from .edit_base import Compound, Edit, EditError, PieceEdits, apply
from .map_edits import (
    InsertFeature, PaintArea, PaintTerrain, RemoveFeature, ReplaceFeature, SetCellProps, SetEdgeFeatures, SetSetupZone,
    rename_feature,
)
from .model import Island, Region, Side
from .record_edits import (
    PutRecord, SetField, merge_areas, move_piece, remove_area, remove_areas, rename_area, rename_island, rename_region,
)

__all__ = [
    "Edit", "EditError", "apply", "PaintTerrain", "PaintArea", "SetEdgeFeatures", "InsertFeature",
    "RemoveFeature", "PutRecord", "SetField", "SetCellProps", "SetSetupZone", "Compound", "PieceEdits",
    "rename_area", "move_piece", "remove_area", "remove_areas", "merge_areas", "ReplaceFeature", "rename_region", "rename_island",
    "rename_feature", "Region", "Island", "Side",
]
