"""Records built by readers in bulk (model.record_from_fields) are the records their constructor makes."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

from motu.engine.scenario.model import Piece, record_from_fields


def test_a_piece_built_from_its_fields_is_the_piece_its_constructor_makes():
    values = {"id": "p1", "kind": "canoe", "side": "red", "cell": 7, "count": 2, "name": "Canoe", "props": {"a": 1}}
    made = record_from_fields(Piece, dict(values))
    assert made == Piece(**values) and repr(made) == repr(Piece(**values))
    assert dataclasses.replace(made, cell=8) == Piece(**{**values, "cell": 8})
    assert pickle.loads(pickle.dumps(made)) == made
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.cell = 3  # type: ignore[misc]
